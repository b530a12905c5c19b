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

export function parseCli(argv: string[], options: Options) {
  return parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals: true, strict: true });
}
