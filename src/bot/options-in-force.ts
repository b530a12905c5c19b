/** The house rules in force for a new table: engine defaults ← server preset ← server options ← /play overrides allowed by the server. */
import { resolveOptions, optionsHash, type OptionError } from '../games/core/options.js';
import { engineOf } from '../table/manifests.js';
import type { GameId } from '../games/core/types.js';
import type { Store } from '../store/index.js';

export function optionsForTable(
  store: Store,
  guildId: string | null,
  game: GameId,
  playOverrides: Record<string, unknown>,
): { ok: true; options: Record<string, unknown>; hash: string } | { ok: false; errors: OptionError[] } {
  const engine = engineOf(game);
  const s = guildId ? store.settings.get(guildId, game) : { preset: null, options: {}, playOverridable: [] as string[] };
  const notAllowed = Object.keys(playOverrides).filter((k) => !s.playOverridable.includes(k));
  if (notAllowed.length)
    return {
      ok: false,
      errors: notAllowed.map((k) => ({
        key: k,
        message: `this server does not allow /play to change "${k}"`,
        allowed: s.playOverridable.join(', ') || '—',
      })),
    };
  const r = resolveOptions(engine.options, { ...s.options, ...playOverrides }, s.preset ?? undefined);
  if (!r.ok) return r;
  const options = r.value as Record<string, unknown>;
  return { ok: true, options, hash: optionsHash(options) };
}

/** Parse "key=value, key2=value2" (the /play `rules` option). */
export function parseRuleOverrides(text: string | null): { ok: true; value: Record<string, string> } | { ok: false; bad: string } {
  const out: Record<string, string> = {};
  if (!text) return { ok: true, value: out };
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([\w-]+)\s*[=:]\s*(.+)$/.exec(part);
    if (!m) return { ok: false, bad: part };
    out[m[1]!] = m[2]!.trim();
  }
  return { ok: true, value: out };
}
