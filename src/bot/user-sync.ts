/**
 * A user's own settings across shards (docs/scaling.md). /notify, /prefs and /away write the user's
 * row (store/prefs.ts `UserChoices`) in the database of the shard that got the command, and Discord
 * sends every command given in DMs to shard 0. With one file per shard the other files never learned
 * them: a player away on shard 0 was not played for at shard 1's tables, and their time zone, quiet
 * hours and notices held on one shard only. With one shared file the row is shared, but going away
 * plays the user's waiting seats at once, which only a table's own shard may do (it holds the game's
 * lock and its server's channels: another shard's table edit and ping fail).
 *
 * So after such a command changed the user's choices: with one file per shard, the other files get the
 * same choices (written directly, as /privacy erases from every file: ops/privacy.ts); and when the user
 * just went away, every other shard is asked to play their waiting seats at its own tables
 * (bot/shard-peers.ts). This shard plays its own.
 */
import type { BotContext } from './context.js';
import { run } from './effects.js';
import { ownsGuild } from '../ops/shard.js';
import { shardDatabases } from '../ops/privacy.js';
import { answerPeers, askPeers, sharded } from './shard-peers.js';
import { openDatabase, PrefsStore, type UserChoices } from '../store/index.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The commands that change a user's own choices (slash commands and their `x:<command>:` components). */
export const USER_COMMANDS: ReadonlySet<string> = new Set(['notify', 'prefs', 'away']);

/** The answer through which a shard plays a user's waiting seats at its tables. */
const PLAY_AWAY = 'hoiQuanPlayAway';

export interface UserSync {
  /** After a command of USER_COMMANDS: `before`, the user's choices when it started. */
  changed(userId: string, before: UserChoices | null): Promise<void>;
}

/** Going away: every table of this shard waiting on the user plays their seat at once (a table step each). */
export async function playWaitingSeats(ctx: BotContext, userId: string): Promise<void> {
  for (const g of ctx.store.listing.userTablesAnywhere(userId)) {
    // Another shard's table is played by that shard (asked by `changed`).
    if (g.status !== 'running' || !ownsGuild(ctx.client, g.guildId)) continue;
    const sync = () => run(ctx, { kind: 'sync', gameId: g.id }).then(() => undefined);
    await (ctx.locks ? ctx.locks.run(g.id, sync) : sync()).catch((e: unknown) =>
      ctx.log.error({ err: e, gameId: g.id }, 'away: sync failed'),
    );
  }
}

/** The choices that differ between two snapshots (only those are copied: a change made meanwhile through another shard holds). */
function changedOf(before: UserChoices | null, after: UserChoices): Partial<UserChoices> {
  const out: Partial<UserChoices> = {};
  for (const [k, v] of Object.entries(after) as [keyof UserChoices, UserChoices[keyof UserChoices]][])
    if (before?.[k] !== v && !(before === null && (v === null || v === ''))) out[k] = v;
  return out;
}

/** `files`: the other shards' database files (one file per shard), default from the launcher's environment. */
export function userSync(ctx: BotContext, files: readonly string[] = shardDatabases()): UserSync {
  const own = resolve(ctx.store.db.name);
  const others = [...new Set(files.map((p) => resolve(p)))].filter((p) => p !== own);
  answerPeers(ctx.client, PLAY_AWAY, (x: { userId: string }): boolean => {
    // Answered at once; the steps run after (the asking shard does not wait for them).
    if (!ctx.client.isReady()) return false; // starting: this shard plays them at its tables' next step
    setImmediate(() =>
      playWaitingSeats(ctx, String(x.userId)).catch((err: unknown) =>
        ctx.log.error({ err, userId: x.userId }, 'away: playing the seats failed'),
      ),
    );
    return true;
  });
  return {
    async changed(userId, before) {
      const after = ctx.store.prefs.choices(userId);
      if (!after) return;
      const changed = changedOf(before, after);
      if (!Object.keys(changed).length) return;
      for (const path of others) {
        if (!existsSync(path)) continue;
        try {
          const db = openDatabase(path);
          try {
            new PrefsStore(db).adoptChoices(userId, changed);
          } finally {
            db.close();
          }
        } catch (err) {
          ctx.log.error({ err, path, userId }, "cannot copy the user's settings to another shard's database");
        }
      }
      const until = Number(after.away_until ?? 0);
      const wentAway = until > ctx.clock.now() && until !== Number(before?.away_until ?? 0);
      if (!wentAway || !sharded(ctx.client)) return;
      for (const a of await askPeers(ctx.client, PLAY_AWAY, { userId }))
        if (a.status === 'rejected')
          ctx.log.warn({ err: a.reason, userId }, "away: a shard did not answer; it plays the user's seats at its tables' next step");
    },
  };
}
