/**
 * The names of the servers the bot is in (migration 42), for what names a server outside it: a DM
 * notice says which server its table is on (src/notify/notifier.ts `where`). Under shards the process
 * sending a notice may not hold the table's server in its discord.js cache (one shared file: any shard
 * delivers a user's notices), so the shard that holds the server writes its name here whenever it sees
 * the server (READY, GUILD_CREATE, GUILD_UPDATE) and deletes it when the bot is removed (src/bot/app.ts).
 */
import type { DB } from './db.js';

export class GuildNameStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  /** A server's last known name, or undefined (not seen, or the bot left it). */
  get(guildId: string): string | undefined {
    const r = this.db.prepare('SELECT name FROM guild_names WHERE guild_id = ?').get(guildId) as { name: string } | undefined;
    return r?.name;
  }

  /** Records these servers' names (one transaction; an unchanged name is not written again). */
  put(guilds: readonly { id: string; name: string }[]): void {
    if (!guilds.length) return;
    const up = this.db.prepare(
      `INSERT INTO guild_names (guild_id, name, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(guild_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at WHERE name IS NOT excluded.name`,
    );
    const now = this.now();
    this.db.transaction(() => {
      for (const g of guilds) up.run(g.id, g.name, now);
    })();
  }

  /** Forgets a server's name (the bot was removed from it). */
  forget(guildId: string): void {
    this.db.prepare('DELETE FROM guild_names WHERE guild_id = ?').run(guildId);
  }

  /** The servers whose name is kept. */
  ids(): string[] {
    return (this.db.prepare('SELECT guild_id FROM guild_names ORDER BY guild_id').all() as { guild_id: string }[]).map((r) => r.guild_id);
  }
}
