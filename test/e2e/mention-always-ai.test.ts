/**
 * "Mention me always" at a table of AIs (found by a screen-reader walkthrough): the player's next
 * turn comes in the step of their own move, and the ping naming them was edited in place, which
 * notifies nobody: one notification in a whole hand. For such a player each new decision's ping is
 * a new message, in the thread and in a seat channel (DM); without the setting it is edited as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openHand, openTable, playAsAi, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

/** A two-seat Phỏm table, the host against an AI; `pingIds` lists, turn by turn, the id of the message mentioning the host. */
async function aiTable(w: World, where: (w: World) => string | undefined) {
  const { gameId } = await openTable(w, 'phom', 1, 1);
  const host = w.users[0]!.id;
  const seat = w.store.games.seats(gameId).find((s) => s.userId === host)!.seat;
  const pending = () => (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0];
  const pingIds: string[] = [];
  for (let turns = 0; turns < 3 && pending();) {
    if (pending()!.seat !== seat) break;
    const ch = where(w);
    const ping = ch
      ? w.sim
          .visibleMessages(ch, host)
          .filter((m) => m.content.includes(`<@${host}>`) && !m.ephemeralTo)
          .at(-1)
      : undefined;
    if (ping && pingIds.at(-1) !== ping.id) turns++;
    if (ping) pingIds.push(ping.id);
    await playAsAi(w, host, gameId, await openHand(w, host, gameId));
  }
  return { gameId, pingIds: [...new Set(pingIds)] };
}

test('Mention me always at a table of AIs: every turn of the player is a new ping in the thread (without it, one ping edited)', async () => {
  await withWorld(async (w) => {
    w.store.prefs.setSwitch(w.users[0]!.id, 'mention', true);
    const { pingIds } = await aiTable(w, threadOf);
    assert.ok(pingIds.length >= 2, `new pings: ${pingIds.length}`);
  });
  await withWorld(async (w) => {
    const { pingIds } = await aiTable(w, threadOf);
    assert.ok(pingIds.length <= 1, `without the setting the ping is edited: ${pingIds.length}`);
  });
});

test('Mention me always with the hand view in DMs at a table of AIs: every turn is a new ping there', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    w.store.prefs.setSwitch(host, 'mention', true);
    w.store.seatChannels.setPlace(host, 'dm', 'en');
    const { pingIds } = await aiTable(w, (x) => x.sim.dmChannel(host)?.id);
    assert.ok(pingIds.length >= 2, `new pings in the DM: ${pingIds.length}`);
  });
});

/** The thread of the only running game. */
function threadOf(w: World): string | undefined {
  const row = w.store.db.prepare("SELECT thread_id FROM games WHERE status = 'running' LIMIT 1").get() as { thread_id: string } | undefined;
  return row?.thread_id;
}
