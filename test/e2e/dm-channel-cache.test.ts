/**
 * DM channels stay in discord.js's cache between housekeeping rounds (up to `DM_CACHE_MAX`). The
 * round used to sweep every DM channel, so each DM notice after a round opened its channel again
 * with `POST /users/@me/channels`, a globally limited request (found by the 60-day soak).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Collection } from 'discord.js';
import { click, later, openHand, openTable, playAsAi, slash, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { HOUSEKEEPING_MS, sweepDmChannels } from '../../src/bot/housekeeping.js';

/** The others play (as the AI would) until it is `userId`'s move, then `userId` plays once. */
async function roundTo(w: World, gameId: string, userId: string): Promise<void> {
  for (let k = 0; k < 200; k++) {
    const row = w.store.games.get(gameId)!;
    const seats = w.store.games.seats(gameId);
    const d = (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[])[0]!;
    const u = seats[d.seat]!.userId!;
    if (u === userId) return;
    await playAsAi(w, u, gameId, await openHand(w, u, gameId));
  }
}

test('a DM notice after a housekeeping round reuses the cached DM channel (no second POST /users/@me/channels)', async () => {
  await withWorld(async (w) => {
    const binh = w.users[1]!;
    await click(w, binh.id, (await (await slash(w, binh.id, 'notify')).reply()).id, 'x:notify:t:turn');
    const opens = () => w.sim.restLog().filter((e) => /POST \/users\/@me\/channels/.test(e.summary)).length;
    // Two tables: a notice at each, a housekeeping round between them.
    const first = await openTable(w, 'phom', 2, 0);
    await roundTo(w, first.gameId, binh.id);
    const dm = w.sim.dmChannel(binh.id);
    assert.ok(dm, 'the first notice opened the DM channel');
    const before = opens();
    assert.ok(before >= 1);
    await later(w, HOUSEKEEPING_MS + 60_000);
    assert.ok(w.bot.client.channels.cache.has(dm.id), 'still cached after the round');
    const second = await openTable(w, 'phom', 2, 0);
    const inbox = () => w.sim.visibleMessages(dm.id, binh.id).filter((m) => !m.ephemeralTo).length;
    const sent = inbox();
    await roundTo(w, second.gameId, binh.id);
    assert.ok(inbox() > sent, 'a second notice was sent');
    assert.equal(opens(), before, 'through the cached channel');
  });
});

test('past the cap, the DM channels cached longest leave first; other channels stay', () => {
  const cache = new Collection<string, { id: string; isDMBased(): boolean }>();
  for (let k = 0; k < 5; k++) cache.set(`dm${k}`, { id: `dm${k}`, isDMBased: () => true });
  cache.set('thread', { id: 'thread', isDMBased: () => false });
  const client = { channels: { cache } } as unknown as Parameters<typeof sweepDmChannels>[0];
  assert.equal(sweepDmChannels(client, 10), 0);
  assert.equal(sweepDmChannels(client, 3), 2);
  assert.deepEqual([...cache.keys()], ['dm2', 'dm3', 'dm4', 'thread']);
});
