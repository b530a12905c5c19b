/** Per-server house rules for each game (/config). Changes never touch a game already running: games store resolved options. */
import type { DB } from './db.js';
import type { GameId } from '../games/core/types.js';

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
}
