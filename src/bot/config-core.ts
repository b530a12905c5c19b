/**
 * House-rule settings logic shared by /config and its components: validation against the engine's
 * option schema, with errors that list what is allowed. Running games keep their own resolved options.
 */
import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import { allowedText, optionPreset, optionSpec, parseOptionValue, resolveOptions, type OptionSpec } from '../games/core/options.js';
import { engineOf } from '../table/manifests.js';
import type { GameId } from '../games/core/types.js';
import type { Store } from '../store/index.js';
import type { T } from '../table/i18n.js';
import { AI_LEVELS, isAiLevel } from '../games/core/ai.js';
import { DEFAULT_TABLE_SETTINGS, type TableSettings } from '../store/settings.js';
import { optionErrorText, optionValueText, serverSettings, staleText } from './options-in-force.js';

/**
 * /config keys of the table itself, next to the engine's house rules: the level "Add AI player"
 * adds, the level of the AI that takes over an absent player's seat, and the seat view's hint button.
 */
export const TABLE_KEYS = ['ai-level', 'takeover-level', 'hints', 'vote-after', 'lobby-days', 'idle-days'] as const;
type TableKey = (typeof TABLE_KEYS)[number];
const isTableKey = (k: string | null): k is TableKey => (TABLE_KEYS as readonly string[]).includes(k ?? '');
const FIELD: Record<TableKey, keyof TableSettings> = {
  'ai-level': 'aiLevel',
  'takeover-level': 'takeoverLevel',
  hints: 'hints',
  'vote-after': 'voteAfter',
  'lobby-days': 'lobbyDays',
  'idle-days': 'idleDays',
};
/** Every key /config set and reset take for a game: its house rules, then the table keys (for "unknown option"). */
const knownKeys = (fields: Record<string, OptionSpec>): string => [...Object.keys(fields), ...TABLE_KEYS].join(', ');
const RANGE: Partial<Record<TableKey, [number, number]>> = { 'vote-after': [1, 30], 'lobby-days': [0, 90], 'idle-days': [0, 90] };
const allowedTable = (k: TableKey) => {
  const r = RANGE[k];
  return k === 'hints' ? 'on, off' : r ? `${r[0]}–${r[1]}` : AI_LEVELS.join(', ');
};

function parseTable(k: TableKey, raw: string): TableSettings[keyof TableSettings] | null {
  const v = raw.trim().toLowerCase();
  if (k === 'hints') return ['on', 'true', 'yes', '1'].includes(v) ? true : ['off', 'false', 'no', '0'].includes(v) ? false : null;
  const r = RANGE[k];
  if (r) return /^\d{1,2}$/.test(v) && Number(v) >= r[0] && Number(v) <= r[1] ? Number(v) : null;
  return isAiLevel(v) ? v : null;
}

/**
 * Stores a table setting, and the house rules as this release reads them: a stale stored setting
 * (options-in-force.ts `serverSettings`) goes with any /config write of the game, as README says
 * ("the next /config set, reset, … of that game drops it"); a table key's write kept it.
 */
function putTable(store: Store, guildId: string, game: GameId, table: TableSettings, by: string): void {
  const { stale: _, ...cur } = serverSettings(store, guildId, game);
  store.db.transaction(() => {
    store.settings.put(guildId, game, cur, by);
    store.settings.putTable(guildId, game, table, by);
  })();
}

function setTable(store: Store, guildId: string, game: GameId, k: TableKey, raw: string, by: string, t: T): ConfigOutcome {
  const v = parseTable(k, raw);
  if (v === null) return { ok: false, message: t('errors:bad-option-value', { key: k, value: raw, allowed: allowedTable(k) }) };
  putTable(store, guildId, game, { ...store.settings.table(guildId, game), [FIELD[k]]: v }, by);
  const shown =
    typeof v === 'boolean'
      ? t(v ? 'common:config.value-on' : 'common:config.value-off')
      : isAiLevel(v)
        ? t(`common:ai-level.${v}`)
        : String(v);
  return { ok: true, message: t('common:config.set', { key: k, value: shown }) };
}

export function canConfigure(perms: Readonly<PermissionsBitField> | null): boolean {
  return !!perms?.has(PermissionFlagsBits.ManageGuild);
}

export type ConfigOutcome = { ok: true; message: string } | { ok: false; message: string };

export function setOption(store: Store, guildId: string, game: GameId, key: string, raw: string, by: string, t: T): ConfigOutcome {
  if (isTableKey(key)) return setTable(store, guildId, game, key, raw, by, t);
  const engine = engineOf(game);
  const fields = engine.options.fields as Record<string, OptionSpec>;
  // Own keys only: a typed "constructor" or "__proto__" is not an option (Object.prototype's).
  const spec = Object.hasOwn(fields, key) ? fields[key] : undefined;
  if (!spec) return { ok: false, message: t('errors:unknown-option', { key, list: knownKeys(fields) }) };
  const v = parseOptionValue(spec, raw);
  if (!v.ok) return { ok: false, message: t('errors:bad-option-value', { key, value: raw, allowed: allowedText(spec) }) };
  const { stale: _, ...cur } = serverSettings(store, guildId, game);
  const options = { ...cur.options, [key]: v.value };
  const check = resolveOptions(engine.options, options, cur.preset ?? undefined);
  if (!check.ok) return { ok: false, message: check.errors.map((e) => optionErrorText(e, t)).join('\n') };
  store.settings.put(guildId, game, { ...cur, options }, by);
  return { ok: true, message: t('common:config.set', { key, value: optionValueText(v.value) }) };
}

/**
 * What a change means for games already running: they keep their rules and table settings, except
 * `vote-after`, which the reminder reads from the server's settings when it goes out (act.ts), and
 * `lobby-days`, which the expiry reads for lobbies already open (lobby-expiry.ts), and `idle-days`,
 * which the idle expiry reads for running and paused games (idle-expiry.ts).
 */
export function runningNote(key: string | null, t: T): string {
  if (key === 'vote-after') return t('common:config.vote-after-running');
  if (key === 'lobby-days') return t('common:config.lobby-days-running');
  if (key === 'idle-days') return t('common:config.idle-days-running');
  // A reset of everything resets vote-after too.
  if (key === null) return t('common:config.reset-all-running');
  return t('common:config.running-unaffected');
}

export function resetOption(store: Store, guildId: string, game: GameId, key: string | null, by: string, t: T): ConfigOutcome {
  const engine = engineOf(game);
  const fields = engine.options.fields as Record<string, OptionSpec>;
  if (isTableKey(key)) {
    const k = FIELD[key];
    putTable(store, guildId, game, { ...store.settings.table(guildId, game), [k]: DEFAULT_TABLE_SETTINGS[k] }, by);
    return { ok: true, message: t('common:config.reset', { key }) };
  }
  const { stale, ...cur } = serverSettings(store, guildId, game);
  if (key === null) {
    store.settings.put(guildId, game, { preset: null, options: {}, playOverridable: cur.playOverridable }, by);
    store.settings.putTable(guildId, game, { ...DEFAULT_TABLE_SETTINGS }, by);
    return { ok: true, message: t('common:config.reset-all') };
  }
  // A stale setting (an option this release no longer has) is reset like any other.
  if (!Object.hasOwn(fields, key) && !stale.some((e) => e.key === key))
    return { ok: false, message: t('errors:unknown-option', { key, list: knownKeys(fields) }) };
  // Set on its own as stored (a stale value too, which `cur` already leaves out).
  const had = Object.hasOwn(store.settings.get(guildId, game).options, key);
  const options = { ...cur.options };
  delete options[key];
  store.settings.put(guildId, game, { ...cur, options }, by);
  return { ok: true, message: resetMessage(engine.options, cur.preset, options, key, had, t) };
}

/**
 * What a reset of the house rule `key` leaves in force, in words: its default, or the value a preset
 * gives it (the server's `/config preset`, or a bundle option the server sets, such as classic
 * `preset = millington`), and whether the server had set it on its own at all. "Back to its default"
 * while millington's limit 1000 stayed in force (and /rules kept it in bold) told the admin wrong.
 */
function resetMessage(
  schema: ReturnType<typeof engineOf>['options'],
  preset: string | null,
  options: Record<string, unknown>,
  key: string,
  had: boolean,
  t: T,
): string {
  const spec = optionSpec(schema, key);
  const inForce = resolveOptions(schema, options, preset ?? undefined);
  // A stale option this release no longer has: dropped, nothing else is in force for it.
  if (!spec || !inForce.ok) return t('common:config.reset', { key });
  const value = (inForce.value as Record<string, unknown>)[key];
  if (value === spec.default) return t(had ? 'common:config.reset' : 'common:config.reset-nothing', { key, value: optionValueText(value) });
  // Whose value: a bundle the server's options choose that sets the key, else the server's preset.
  const bundle = (schema.bundles ?? []).find(
    (b) => Object.hasOwn(options, b) && Object.hasOwn(optionPreset(schema, String(options[b])) ?? {}, key),
  );
  const from = bundle !== undefined ? String(options[bundle]) : (preset ?? 'default');
  return t(had ? 'common:config.reset-preset' : 'common:config.reset-nothing-preset', { key, value: optionValueText(value), preset: from });
}

export function applyPreset(store: Store, guildId: string, game: GameId, preset: string, by: string, t: T): ConfigOutcome {
  const engine = engineOf(game);
  const presets = Object.keys(engine.options.presets);
  if (preset !== 'default' && !presets.includes(preset))
    return { ok: false, message: t('errors:unknown-preset', { preset, list: ['default', ...presets].join(', ') }) };
  const cur = serverSettings(store, guildId, game);
  store.settings.put(
    guildId,
    game,
    { preset: preset === 'default' ? null : preset, options: {}, playOverridable: cur.playOverridable },
    by,
  );
  return { ok: true, message: preset === 'default' ? t('common:config.preset-reset') : t('common:config.preset', { preset }) };
}

export function toggleOverridable(store: Store, guildId: string, game: GameId, key: string, by: string, t: T): ConfigOutcome {
  const fields = engineOf(game).options.fields as Record<string, OptionSpec>;
  const list = Object.keys(fields).join(', ');
  // The table settings (/config show lists them beside the house rules) are the server's, never /play's.
  if (isTableKey(key)) return { ok: false, message: t('errors:table-setting-not-play', { key, list }) };
  if (!Object.hasOwn(fields, key)) return { ok: false, message: t('errors:unknown-option', { key, list }) };
  const { stale: _, ...cur } = serverSettings(store, guildId, game);
  const on = !cur.playOverridable.includes(key);
  const playOverridable = on ? [...cur.playOverridable, key] : cur.playOverridable.filter((k) => k !== key);
  store.settings.put(guildId, game, { ...cur, playOverridable }, by);
  return { ok: true, message: t(on ? 'common:config.overridable-on' : 'common:config.overridable-off', { key }) };
}

/** Lines describing every option: key, value in force, default, allowed values, description (user's language). */
export function describeOptions(store: Store, guildId: string | null, game: GameId, t: T): string[] {
  const engine = engineOf(game);
  const cur = serverSettings(store, guildId, game);
  const inForce = resolveOptions(engine.options, cur.options, cur.preset ?? undefined);
  const values = (inForce.ok ? inForce.value : {}) as Record<string, unknown>;
  const lines = [
    ...cur.stale.map((e) => `⚠️ ${staleText(e, t)}`),
    t('common:config.preset-line', {
      preset: cur.preset ?? 'default',
      list: ['default', ...Object.keys(engine.options.presets)].join(', '),
    }),
  ];
  const table = store.settings.table(guildId, game);
  for (const k of TABLE_KEYS) {
    const v = table[FIELD[k]];
    const d = DEFAULT_TABLE_SETTINGS[FIELD[k]];
    const show = (x: unknown) => (typeof x === 'boolean' ? (x ? 'on' : 'off') : String(x));
    const changed = v !== d;
    lines.push(
      `${changed ? '**' : ''}\`${k}\` = ${show(v)}${changed ? '**' : ''} · ${t('common:config.default')} ${show(d)} · ${allowedTable(k)}\n  ${t(`common:config.table-key.${k}`)}`,
    );
  }
  for (const [key, spec] of Object.entries(engine.options.fields as Record<string, OptionSpec>)) {
    const changed = values[key] !== spec.default;
    const descr = t(`${game}:option.${key}`, { defaultValue: spec.description });
    lines.push(
      `${changed ? '**' : ''}\`${key}\` = ${optionValueText(values[key])}${changed ? '**' : ''} · ${t('common:config.default')} ${optionValueText(spec.default)} · ${allowedText(spec)}${cur.playOverridable.includes(key) ? ` · /${t('commands:play.name')} ✓` : ''}\n  ${descr}`,
    );
  }
  return lines;
}

/** Splits lines into chunks of at most `max` characters (for embeds/messages). */
export function chunk(lines: string[], max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const l of lines) {
    const line = l.length > max ? `${l.slice(0, max - 1)}…` : l;
    if (cur.length + line.length + 1 > max) {
      out.push(cur);
      cur = '';
    }
    cur += (cur ? '\n' : '') + line;
  }
  if (cur) out.push(cur);
  return out;
}
