/** The house rules in force for a new table: engine defaults ← server preset ← server options ← /play overrides allowed by the server. */
import { cut } from '../table/cut.js';
import { resolveOptions, optionsHash, type OptionError } from '../games/core/options.js';
import { engineOf } from '../table/manifests.js';
import type { GameId } from '../games/core/types.js';
import type { GuildGameSettings, Store } from '../store/index.js';
import type { T } from '../table/i18n.js';

/**
 * A server's stored house rules for a game as this release reads them. A setting stored under an
 * older release may no longer be valid (an option removed, a value range narrowed, a preset
 * renamed): it is left out, so the default holds, and named in `stale` (/config show warns, /play
 * tells the host). Left in, it refused every /play of the game, made /config show print every value
 * as "undefined" and every other /config set fail. The next /config write of the game drops it.
 */
export function serverSettings(store: Store, guildId: string | null, game: GameId): GuildGameSettings & { stale: OptionError[] } {
  const s = guildId ? store.settings.get(guildId, game) : { preset: null, options: {}, playOverridable: [] as string[] };
  const schema = engineOf(game).options;
  const stale: OptionError[] = [];
  let preset = s.preset;
  if (preset !== null) {
    const alone = resolveOptions(schema, {}, preset);
    if (!alone.ok) {
      stale.push(...alone.errors);
      preset = null;
    }
  }
  const options: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.options)) {
    const one = resolveOptions(schema, { [k]: v });
    if (one.ok) options[k] = v;
    else stale.push(...one.errors.map((e) => ({ ...e, key: k, value: v })));
  }
  const playOverridable = s.playOverridable.filter((k) => Object.hasOwn(schema.fields, k));
  return { preset, options, playOverridable, stale };
}

export function optionsForTable(
  store: Store,
  guildId: string | null,
  game: GameId,
  playOverrides: Record<string, unknown>,
): { ok: true; options: Record<string, unknown>; hash: string; stale: OptionError[] } | { ok: false; errors: OptionError[] } {
  const engine = engineOf(game);
  const s = serverSettings(store, guildId, game);
  const notAllowed = Object.keys(playOverrides).filter((k) => !s.playOverridable.includes(k));
  if (notAllowed.length)
    return {
      ok: false,
      errors: notAllowed.map((k) => ({
        code: 'not-allowed' as const,
        key: k,
        message: `this server does not allow /play to change "${k}"`,
        allowed: s.playOverridable.join(', ') || '—',
      })),
    };
  const r = resolveOptions(engine.options, { ...s.options, ...playOverrides }, s.preset ?? undefined);
  if (!r.ok) return r;
  const options = r.value as Record<string, unknown>;
  return { ok: true, options, hash: optionsHash(options), stale: s.stale };
}

export type RuleOverrides = { ok: true; value: Record<string, string> } | { ok: false; bad: string; twice?: string };

/**
 * Parse "key=value, key2=value2" (the /play `rules` option, the lobby's House rules modal). A key
 * given twice is refused (which one was meant?). The result has no prototype, so a typed
 * "__proto__" or "constructor" is a key like any other (and then not an option: refused).
 */
export function parseRuleOverrides(text: string | null): RuleOverrides {
  const out = Object.create(null) as Record<string, string>;
  if (!text) return { ok: true, value: out };
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([\w-]+)\s*[=:]\s*(.+)$/.exec(part);
    if (!m) return { ok: false, bad: part };
    if (Object.hasOwn(out, m[1]!)) return { ok: false, bad: part, twice: m[1]! };
    out[m[1]!] = m[2]!.trim();
  }
  return { ok: true, value: out };
}

/**
 * The refusal of rules text that does not parse, in the user's language. The part quoted is cut to
 * 100 characters, and the whole to a message's 2,000: the lobby's House rules form takes 4,000, and a
 * refusal quoting a longer part whole was rejected by Discord, so the host was told nothing.
 */
export function rulesRefusal(r: { bad: string; twice?: string }, t: T): string {
  const quoted = (s: string) => cut(s, 100, '…');
  return cut(
    r.twice !== undefined ? t('errors:rules-twice', { key: quoted(r.twice) }) : t('errors:bad-rules-syntax', { part: quoted(r.bad) }),
    2000,
  );
}

/**
 * A house-rule value as players type it in /play `rules`, the lobby form and /config set
 * (`scoring=sum`, not `"sum"`): the one format of /rules, /config show, the lobby and refusals.
 */
export function optionValueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A stored setting this release no longer takes, in the reader's words: what it was, what is allowed, that the default holds. */
export function staleText(e: OptionError, t: T): string {
  const value = optionValueText(e.value);
  if (e.code === 'unknown-preset') return t('errors:stale-preset', { preset: value });
  if (e.code === 'unknown-option') return t('errors:stale-option', { key: e.key, value });
  return t('errors:stale-setting', { key: e.key, value, allowed: e.allowed });
}

/**
 * One house-rule error in the user's language (the engine's `message` is English, for the CLI). What
 * the user typed is quoted up to 100 characters (the lobby form takes 4,000): the allowed values after
 * it stay within the message.
 */
export function optionErrorText(e: OptionError, t: T): string {
  // Not every error has a value (JSON.stringify(undefined) is no string).
  const value = e.value === undefined ? '' : cut(optionValueText(e.value), 100, '…');
  const key = cut(e.key, 100, '…');
  switch (e.code) {
    case 'unknown-option':
      return t('errors:unknown-option', { key, list: e.allowed });
    case 'bad-value':
      return t('errors:bad-option-value', { key, value, allowed: e.allowed });
    case 'unknown-preset':
      return t('errors:unknown-preset', { preset: value, list: e.allowed });
    case 'not-allowed':
      return t('errors:play-not-allowed', { key, list: e.allowed });
    case 'not-an-object':
      return t('errors:bad-options');
  }
}

/** The refusal of house rules that do not resolve: a heading and one line per error. */
export function optionErrorsRefusal(errors: readonly OptionError[], t: T): string {
  return cut([t('errors:bad-options'), ...errors.map((e) => `• ${optionErrorText(e, t)}`)].join('\n'), 2000);
}
