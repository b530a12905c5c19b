/**
 * House-rule options as auditable data (style.md §2 "Options are a schema with defaults").
 *
 * Each option is a typed descriptor with a default and the spec section it implements; a preset
 * is a named partial override. `resolveOptions` validates user input (from /config, /play or a
 * scenario) against the schema and returns the full, typed options or a list of clear errors.
 */
/**
 * `int` / `number`: `min`–`max`, plus the values of `also` outside that range (e.g. Chắn
 * `decision-timeout-s`: `also: [0]` with 10–300 = "0 (off), 10…300").
 */
export type OptionSpec =
  | { type: 'bool'; default: boolean; spec?: string; description: string }
  | { type: 'int'; default: number; min: number; max: number; also?: readonly number[]; spec?: string; description: string }
  | { type: 'number'; default: number; min: number; max: number; also?: readonly number[]; spec?: string; description: string }
  | { type: 'enum'; default: string; values: readonly string[]; spec?: string; description: string };

/** `description` is the English text; translations live in locales under `<game>:option.<key>`. */
export interface OptionsSchema<O> {
  fields: { [K in keyof O]: OptionSpec };
  /** Named presets: partial overrides of the defaults (e.g. 'seed-table', 'dmjl'). */
  presets: Record<string, Partial<O>>;
  /**
   * Options whose value names a bundle: set to V, they bring preset V's values along, under the
   * other options given (vn-mahjong `scoring-preset = B`, classic `preset = millington`: a spec
   * option that "is" a preset). The bundles of such an option are the presets named by its values;
   * choosing one first puts back the default of every key any of them sets, so a value without a
   * preset of its name (classic `bmja`), or one whose preset sets nothing (`dmjl`), means the
   * defaults for those keys, whatever preset they were chosen over (`resolveOptions`).
   */
  bundles?: readonly (keyof O & string)[];
}

export interface OptionError {
  /** What is wrong; with `key`, `value` and `allowed` a caller can say it in the user's language. */
  code: 'unknown-preset' | 'not-an-object' | 'unknown-option' | 'bad-value' | 'not-allowed';
  key: string;
  /** The value given (the preset's name for `unknown-preset`). */
  value?: unknown;
  /** The same in English (the CLI and logs). */
  message: string;
  /** What is allowed, human-readable, e.g. "true | false" or "1–10". */
  allowed: string;
}

export function allowedText(spec: OptionSpec): string {
  switch (spec.type) {
    case 'bool':
      return 'true | false';
    case 'int':
    case 'number': {
      const also = [...(spec.also ?? [])].sort((a, b) => a - b);
      const range = spec.min === spec.max ? `${spec.min}` : `${spec.min}–${spec.max}`;
      return [...also.filter((v) => v < spec.min), range, ...also.filter((v) => v > spec.max)].join(', ');
    }
    case 'enum':
      return spec.values.join(' | ');
    default:
      return '';
  }
}

/**
 * Parse one raw value (string from Discord/CLI or a JSON value) against its spec. Anything that is
 * not one of the four spec kinds (e.g. an inherited `Object.prototype` member looked up by a typed
 * key) is a failure, never an exception.
 */
export function parseOptionValue(spec: OptionSpec, raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (!spec || typeof spec !== 'object') return { ok: false };
  switch (spec.type) {
    case 'bool': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (typeof raw === 'string') {
        const s = raw.trim().toLowerCase();
        if (['true', 'on', 'yes', '1', 'có', 'bật'].includes(s)) return { ok: true, value: true };
        if (['false', 'off', 'no', '0', 'không', 'tắt'].includes(s)) return { ok: true, value: false };
      }
      return { ok: false };
    }
    case 'int':
    case 'number': {
      // Text as people write numbers: decimal digits, a sign, a decimal point ("0x2", "1e1" are not).
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isFinite(n) || ((n < spec.min || n > spec.max) && !spec.also?.includes(n))) return { ok: false };
      if (spec.type === 'int' && !Number.isInteger(n)) return { ok: false };
      return { ok: true, value: n };
    }
    case 'enum': {
      if (typeof raw === 'string' && spec.values.includes(raw.trim())) return { ok: true, value: raw.trim() };
      return { ok: false };
    }
    default:
      return { ok: false };
  }
}

/** The option `key`'s spec: own keys of the schema only (a typed `constructor` or `__proto__` is unknown). */
export function optionSpec<O>(schema: OptionsSchema<O>, key: string): OptionSpec | undefined {
  const fields = schema.fields as Record<string, OptionSpec>;
  return Object.hasOwn(fields, key) ? fields[key] : undefined;
}

/** The preset `name`'s overrides: own keys of the schema only (a typed `constructor` or `__proto__` is unknown). */
export function optionPreset<O>(schema: OptionsSchema<O>, name: string): Partial<O> | undefined {
  return Object.hasOwn(schema.presets, name) ? schema.presets[name] : undefined;
}

export function defaultOptions<O>(schema: OptionsSchema<O>): O {
  const out: Record<string, unknown> = {};
  for (const [k, spec] of Object.entries(schema.fields) as [string, OptionSpec][]) out[k] = spec.default;
  return out as O;
}

/**
 * The keys a bundle option's bundles set (`OptionsSchema.bundles`): those of every preset named by
 * one of its values (classic `preset`: dmjl, millington, bradfield; vn `scoring-preset`: A, B).
 */
export function bundleKeys<O>(schema: OptionsSchema<O>, option: string): string[] {
  const spec = optionSpec(schema, option);
  const names = spec?.type === 'enum' ? spec.values : [];
  return [...new Set(names.flatMap((n) => Object.keys(optionPreset(schema, n) ?? {})))];
}

/**
 * Resolve options, later steps winning: (1) defaults; (2) the preset, if named (a server's
 * `/config preset`); (3) for each bundle option among the overrides (`OptionsSchema.bundles`), every
 * key any of its bundles sets back to its default, then the chosen bundle's values (unless it is the
 * bundle in force already), so `preset =
 * dmjl` over a server on `millington` plays dmjl's 20 points and limit 500 (classic-mahjong.md §9.6),
 * not millington's values under dmjl's name; (4) the overrides themselves, each key given (by the
 * server's `/config set` or by `/play`) winning over any bundle. Unknown keys and invalid values are
 * errors (never silently ignored).
 */
export function resolveOptions<O>(
  schema: OptionsSchema<O>,
  overrides: Record<string, unknown> = {},
  preset?: string,
): { ok: true; value: O } | { ok: false; errors: OptionError[] } {
  const errors: OptionError[] = [];
  const out = defaultOptions(schema) as Record<string, unknown>;
  if (preset !== undefined) {
    const p = typeof preset === 'string' ? optionPreset(schema, preset) : undefined;
    if (!p) {
      errors.push({
        code: 'unknown-preset',
        key: 'preset',
        value: preset,
        message: `unknown preset ${JSON.stringify(preset)}`,
        allowed: Object.keys(schema.presets).join(' | '),
      });
    } else Object.assign(out, p);
  }
  const fields = schema.fields as Record<string, OptionSpec>;
  if (!overrides || typeof overrides !== 'object' || Array.isArray(overrides)) {
    errors.push({
      code: 'not-an-object',
      key: 'options',
      message: 'the options must be an object of "key": value',
      allowed: Object.keys(fields).join(', '),
    });
    overrides = {};
  }
  const given: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(overrides)) {
    const spec = optionSpec(schema, k);
    if (!spec) {
      errors.push({ code: 'unknown-option', key: k, message: `unknown option "${k}"`, allowed: Object.keys(fields).join(', ') });
      continue;
    }
    const parsed = parseOptionValue(spec, raw);
    if (!parsed.ok) {
      errors.push({
        code: 'bad-value',
        key: k,
        value: raw,
        message: `invalid value ${JSON.stringify(raw)} for "${k}"`,
        allowed: allowedText(spec),
      });
      continue;
    }
    given[k] = parsed.value;
  }
  for (const k of schema.bundles ?? []) {
    // The bundle in force already (the server's preset plays it): naming it changes nothing, as in
    // the lobby's form (classical `seed` plays dmjl without East's 9-streak limit, seed 004).
    if (!Object.hasOwn(given, k) || given[k] === out[k]) continue;
    for (const key of bundleKeys(schema, k)) {
      const spec = optionSpec(schema, key);
      if (spec) out[key] = spec.default;
    }
    const bundle = optionPreset(schema, String(given[k]));
    if (bundle) Object.assign(out, bundle);
  }
  Object.assign(out, given);
  return errors.length ? { ok: false, errors } : { ok: true, value: out as O };
}

/** A stable hash of resolved options (Kajongg identifies a ruleset by the hash of its rules). */
export function optionsHash(opts: Record<string, unknown>): string {
  const keys = Object.keys(opts).sort();
  const text = keys.map((k) => `${k}=${JSON.stringify(opts[k])}`).join(';');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
