/** Per-server house rules for each game (/config). Changes never touch a game already running: games store resolved options. */
import type { DB } from './db.js';
import type { GameId } from '../games/core/types.js';
import { isAiLevel, type AiLevel } from '../games/core/ai.js';

/**
 * A server's settings of the table itself (not the engine's house rules), per game (/config keys
 * `ai-level`, `takeover-level`, `hints`). Stored in guild_settings.table_settings (migration 6).
 */
export interface TableSettings {
  /** The level "Add AI" offers first (the lobby's default AI). */
  aiLevel: AiLevel;
  /** The level of the AI that takes over an absent player's seat. */
  takeoverLevel: AiLevel;
  /** Whether seat views offer a hint button. */
  hints: boolean;
  /**
   * Reminders of a decision without a deadline (Chắn `decision-timeout-s` = 0) before the other
   * seated players may vote to hand the seat to the AI or end the match (issue #14 §3).
   */
  voteAfter: number;
  /**
   * Days a lobby nobody starts stays open after its last change (a join, a leave, a setting); then
   * it closes as if the host cancelled it (src/bot/lobby-expiry.ts). 0: lobbies stay open.
   */
  lobbyDays: number;
  /**
   * Days a running or paused table may go without a public change before the match ends by itself
   * (src/bot/idle-expiry.ts). 0: it never does.
   */
  idleDays: number;
}
export const DEFAULT_TABLE_SETTINGS: TableSettings = {
  aiLevel: 'normal',
  takeoverLevel: 'normal',
  hints: true,
  voteAfter: 3,
  lobbyDays: 7,
  idleDays: 30,
};
const whole = (v: unknown, d: number): number => (typeof v === 'number' && Number.isInteger(v) ? v : d);

export interface GuildGameSettings {
  preset: string | null;
  options: Record<string, unknown>;
  /** Option keys that /play may override for one table. */
  playOverridable: string[];
}

export class SettingsStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  get(guildId: string, game: GameId): GuildGameSettings {
    const r = this.db
      .prepare('SELECT preset, options, play_overridable FROM guild_settings WHERE guild_id = ? AND game = ?')
      .get(guildId, game) as { preset: string | null; options: string; play_overridable: string } | undefined;
    if (!r) return { preset: null, options: {}, playOverridable: [] };
    return {
      preset: r.preset,
      options: JSON.parse(r.options) as Record<string, unknown>,
      playOverridable: JSON.parse(r.play_overridable) as string[],
    };
  }

  put(guildId: string, game: GameId, s: GuildGameSettings, by: string | null): void {
    this.db
      .prepare(
        `INSERT INTO guild_settings (guild_id, game, preset, options, play_overridable, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(guild_id, game) DO UPDATE SET preset = excluded.preset, options = excluded.options,
           play_overridable = excluded.play_overridable, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      )
      .run(guildId, game, s.preset, JSON.stringify(s.options), JSON.stringify(s.playOverridable), this.now(), by);
  }

  table(guildId: string | null, game: GameId): TableSettings {
    if (!guildId) return { ...DEFAULT_TABLE_SETTINGS };
    const r = this.db.prepare('SELECT table_settings FROM guild_settings WHERE guild_id = ? AND game = ?').get(guildId, game) as
      { table_settings: string } | undefined;
    const raw = (r ? JSON.parse(r.table_settings) : {}) as Record<string, unknown>;
    return {
      aiLevel: isAiLevel(raw['ai-level']) ? raw['ai-level'] : DEFAULT_TABLE_SETTINGS.aiLevel,
      takeoverLevel: isAiLevel(raw['takeover-level']) ? raw['takeover-level'] : DEFAULT_TABLE_SETTINGS.takeoverLevel,
      hints: typeof raw.hints === 'boolean' ? raw.hints : DEFAULT_TABLE_SETTINGS.hints,
      voteAfter: whole(raw['vote-after'], DEFAULT_TABLE_SETTINGS.voteAfter),
      lobbyDays: whole(raw['lobby-days'], DEFAULT_TABLE_SETTINGS.lobbyDays),
      idleDays: whole(raw['idle-days'], DEFAULT_TABLE_SETTINGS.idleDays),
    };
  }

  putTable(guildId: string, game: GameId, t: TableSettings, by: string | null): void {
    const json = JSON.stringify({
      'ai-level': t.aiLevel,
      'takeover-level': t.takeoverLevel,
      hints: t.hints,
      'vote-after': t.voteAfter,
      'lobby-days': t.lobbyDays,
      'idle-days': t.idleDays,
    });
    this.db
      .prepare(
        `INSERT INTO guild_settings (guild_id, game, preset, options, play_overridable, updated_at, updated_by, table_settings)
         VALUES (?, ?, NULL, '{}', '[]', ?, ?, ?)
         ON CONFLICT(guild_id, game) DO UPDATE SET table_settings = excluded.table_settings, updated_at = excluded.updated_at,
           updated_by = excluded.updated_by`,
      )
      .run(guildId, game, this.now(), by, json);
  }
}
