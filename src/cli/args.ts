/** `--flag value` parsing for the CLI (node:util parseArgs, strict: unknown flags are errors). */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function parseCli(argv: string[], options: NonNullable<ParseArgsConfig['options']>) {
  return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
}
