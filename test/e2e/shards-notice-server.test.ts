/**
 * A DM notice names its table's server (README `/notify`: "#ux066ac9 · server Hội Quán") whichever
 * shard sends it. With one shared database any shard delivers a user's notices (notifier.ts `flush`,
 * under a per-user lease); the server was named from the sending process's discord.js cache, which
 * holds only its own shard's servers, so a notice about a shard-1 server sent by shard 0 named none.
 * Now each shard keeps its servers' names in the database (migration 42, store/guild-names.ts): written
 * at READY, renamed on GUILD_UPDATE, forgotten when the bot is removed.
 *
 * Two bots in this process, as the ShardingManager runs them (each Client reads `SHARDS` and
 * `SHARD_COUNT` from the environment when it is made), on one database file.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { DiscordSim } from '../discord-sim/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { createRenderer } from '../../src/bot/renderer.js';
import type { Bot } from '../../src/bot/app.js';
import { simBot } from './harness.js';
import { removeTempDir, tempDb } from '../support/temp-dir.js';

describe('a DM notice sent by shard 0 about a shard-1 server names that server', { timeout: 60_000 }, () => {
  let sim: DiscordSim;
  let store: Store;
  let dbPath: string;
  const bots: Bot[] = [];
  const now = { t: Date.UTC(2026, 11, 7, 12, 0, 0) };
  let stopRender: () => Promise<void> = async () => undefined;
  let guildId = '';
  let leftId = '';
  let user = '';

  before(async () => {
    sim = await DiscordSim.start({ shards: 2 });
    guildId = sim.createGuild({ name: 'Quán Bên Kia', locale: 'en-US', shard: 1 }).id;
    leftId = sim.createGuild({ name: 'Quán Cũ', locale: 'en-US', shard: 1 }).id;
    user = sim.createUser({ username: 'an', locale: 'en-US' }).id;
    sim.addMember(guildId, user);
    dbPath = tempDb('hq-shards-notice-');
    store = openStore(dbPath, engineOf, () => now.t);
    const render = await createRenderer(0);
    stopRender = () => render.close();
    const saved = { SHARDS: process.env.SHARDS, SHARD_COUNT: process.env.SHARD_COUNT };
    try {
      for (const shard of [0, 1]) {
        process.env.SHARDS = JSON.stringify([shard]);
        process.env.SHARD_COUNT = '2';
        bots.push(await simBot(sim, store, render.renderer, now));
      }
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    await Promise.all(bots.map((b) => b.start()));
    assert.equal(bots[0]!.client.guilds.cache.has(guildId), false, "shard 0 does not hold shard 1's server");
    assert.equal(bots[1]!.client.guilds.cache.has(guildId), true);
  });

  after(async () => {
    for (const b of bots) await b.stop();
    store.close();
    await sim.stop();
    await stopRender();
    removeTempDir(dirname(dbPath));
  });

  /** A "your lobby started" notice about a table of `guildId`, delivered by shard 0's notifier; its DM's text. */
  const noticeFromShard0 = async (version: number): Promise<string> => {
    const g = store.games.create({ game: 'phom', guildId, options: {}, optionsHash: 'x', seed: `s${version}`, seats: 2 });
    store.prefs.setNotify(user, 'start', true);
    assert.ok(store.notices.add({ userId: user, gameId: g.id, kind: 'start', version, hand: 0, dueAt: now.t }));
    await bots[0]!.ctx.notifier!.due(now.t);
    const ch = sim.dmChannel(user);
    assert.ok(ch, 'the notice was sent');
    const last = sim.visibleMessages(ch.id, user).at(-1)!;
    assert.match(last.content, new RegExp(`#${g.id}`));
    return last.content;
  };

  it('names the server as shard 1 saw it at READY, and after a rename (GUILD_UPDATE)', async () => {
    assert.match(await noticeFromShard0(1), /#\w+ · server Quán Bên Kia$/m);
    sim.renameGuild(guildId, 'Quán Mới');
    await sim.waitFor(() => store.guildNames.get(guildId) === 'Quán Mới', { message: 'shard 1 records the new name' });
    assert.match(await noticeFromShard0(2), /#\w+ · server Quán Mới$/m);
  });

  it('forgets the name of a server the bot is removed from (as the cache forgets it)', async () => {
    assert.equal(store.guildNames.get(leftId), 'Quán Cũ');
    sim.removeBot(leftId);
    await sim.waitFor(() => store.guildNames.get(leftId) === undefined, { message: 'the name is forgotten' });
    assert.equal(store.guildNames.get(guildId), 'Quán Mới', "the other server's name stays");
  });
});
