/** `--flag value` parsing for the CLI (node:util parseArgs, strict: unknown flags are errors). */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A negative number after a string option is its value, not a flag (`--hands -3` reads as
 * `--hands=-3`), so the command's own range check answers instead of Node's "argument is ambiguous".
 */
function joinNegativeValues(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : null;
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** A parse error worded for the user (main.ts prints it as one `error:` line, exit 2). */
class CliArgsError extends Error {
  readonly code = 'ERR_PARSE_ARGS_HQ';
}

/**
 * Parses a command's flags. Strict: an unknown flag, a flag given twice (`--hands 2 --hands 3`
 * would otherwise take the last silently) and more arguments than the command takes (`positionals`,
 * e.g. replay's one file) are errors, never ignored.
 */
export function parseCli(argv: string[], options: Options, positionals = 0) {
  const r = parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals: true, strict: true, tokens: true });
  const seen = new Set<string>();
  for (const t of r.tokens) {
    if (t.kind !== 'option') continue;
    if (seen.has(t.name)) throw new CliArgsError(`--${t.name} is given twice`);
    seen.add(t.name);
  }
  if (r.positionals.length > positionals)
    throw new CliArgsError(
      `unexpected argument${r.positionals.length - positionals > 1 ? 's' : ''}: ${r.positionals.slice(positionals).join(' ')}`,
    );
  return { values: r.values, positionals: r.positionals };
}
