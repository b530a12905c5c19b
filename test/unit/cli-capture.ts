/** Runs a CLI command line in this process (src/cli/run.ts) and captures what it prints. */
import { format } from 'node:util';
import { runCli } from '../../src/cli/run.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const { log, error } = console;
  console.log = (...a: unknown[]) => void out.push(`${format(...a)}\n`);
  console.error = (...a: unknown[]) => void err.push(`${format(...a)}\n`);
  try {
    const code = await runCli(argv);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** One error line on stderr, nothing on stdout, exit `code` (the CLI's contract for bad input). */
export function oneErrorLine(r: CliRun, code = 2): string {
  if (r.code !== code || r.stdout !== '' || !/^error: [^\n]+\n$/.test(r.stderr))
    throw new Error(
      `expected one error line and exit ${code}, got exit ${r.code}, stdout ${JSON.stringify(r.stdout)}, stderr ${JSON.stringify(r.stderr)}`,
    );
  return r.stderr.trim();
}
