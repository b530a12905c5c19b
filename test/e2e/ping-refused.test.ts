/**
 * A moderator takes Send Messages in Threads away from the bot under a running game. The ping of the
 * turn that begins meanwhile is refused (50013): it stays in the game's outbox, and once the
 * permission is back the next housekeeping round posts it, once (it was lost before, and the player
 * was next mentioned by a reminder 18 h later). The reminders Discord refused are logged with its
 * error code (they were dropped silently).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openHand, openTable, playAsAi, withWorld, type World } from './harness.js';
import { captureLogs } from './log-capture.js';
import { Permissions as P } from '../discord-sim/model.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const onTurn = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  const seat = (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[])[0]!.seat;
  return w.store.games.seats(gameId)[seat]!.userId!;
};
const outboxKinds = (w: World, gameId: string) => w.store.games.get(gameId)!.outbox.map((e) => (e as { kind: string }).kind);

test('a ping refused for a lost permission is posted by the first housekeeping round after the permission is back, once', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const logs = captureLogs(w);
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
    // The first player's deadline: the default move is played for them, the other player's turn begins.
    const first = onTurn(w, gameId);
    // Their reminder (3/4 of the turn's 24 h), then their deadline.
    await later(w, 19 * 3600_000);
    await later(w, 5 * 3600_000 + 1000);
    const user = onTurn(w, gameId);
    assert.notEqual(user, first, 'the turn passed');
    const mentions = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && w.sim.text(m).includes(`<@${user}>`));
    assert.equal(mentions().length, 0, 'the ping was refused');
    assert.deepEqual(outboxKinds(w, gameId), ['ping'], 'and kept to post again');
    // The first player's reminder (at 3/4 of the turn) was refused too: the operator is told why.
    assert.ok(
      logs.warnings(/cannot post a reminder/).some((l) => l.code === 50013),
      `a reminder refused with 50013 is logged: ${JSON.stringify(logs.lines().map((l) => l.msg))}`,
    );
    // Three hours of rounds while the permission is still missing: refused again, still kept; the
    // retries back off (10 min, 20, 40, 80: a handful of requests, not one a round).
    const from = w.sim.restLog().length;
    for (let k = 0; k < 18; k++) await later(w, 10 * 60_000);
    assert.equal(mentions().length, 0);
    assert.deepEqual(outboxKinds(w, gameId), ['ping']);
    const tries = w.sim
      .restLog()
      .slice(from)
      .filter((e) => e.summary.startsWith(`POST /channels/${threadId}/messages `)).length;
    assert.ok(tries >= 3 && tries <= 5, `backing off: ${tries} tries in 3 h`);
    // Given back (Discord sends CHANNEL_UPDATE): the back-off is over, the next round posts it.
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
    const retriedAt = () =>
      (w.store.db.prepare('SELECT retried_at FROM games WHERE id = ?').get(gameId) as { retried_at: number | null }).retried_at;
    await w.sim.waitFor(() => retriedAt() === null);
    await later(w, 10 * 60_000);
    assert.equal(mentions().length, 1, 'the player is mentioned by the next round');
    assert.equal(w.store.games.get(gameId)!.pingMessageId, mentions()[0]!.id, 'as the ping of record');
    assert.deepEqual(outboxKinds(w, gameId), [], 'nothing left to post');
    for (let k = 0; k < 3; k++) await later(w, 10 * 60_000);
    assert.equal(mentions().length, 1, 'once');
  });
});

test('a kept ping names nobody who has moved since: the next step pings who is on turn then, once', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
    await later(w, 24 * 3600_000 + 1000);
    const user = onTurn(w, gameId);
    assert.deepEqual(outboxKinds(w, gameId), ['ping']);
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
    // Before any round, the player on turn plays their whole turn from their hand view.
    for (let k = 0; k < 6 && onTurn(w, gameId) === user; k++) await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    assert.notEqual(onTurn(w, gameId), user, 'the turn passed');
    const pingsOf = (u: string) => w.sim.allMessages(threadId).filter((m) => !m.deleted && w.sim.text(m).includes(`<@${u}>`));
    assert.equal(pingsOf(user).length, 0, 'the kept ping is not posted for a turn already played');
    await later(w, 10 * 60_000);
    assert.equal(pingsOf(user).length, 0);
    assert.deepEqual(outboxKinds(w, gameId), []);
  });
});

test('a kept ping whose player ended the hand since is not posted by the next round', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const engine = engineOf('phom');
    const state = () => w.store.games.state(w.store.games.get(gameId)!);
    const first = (s: unknown) => (engine.pending(s) as Decision<BaseAction>[])[0]!;
    const step = (s: unknown, a: (s: unknown, seat: number) => unknown) => {
      const r = engine.apply(s, first(s).seat, a(s, first(s).seat) as BaseAction);
      assert.ok(r.ok);
      return r.value;
    };
    // Whether the hand ends in the next player's turn, when this turn runs out (the default moves)
    // and the next player then plays as the harness does (the AI's choices).
    const endsNextTurn = () => {
      let s = state();
      const now = first(s).seat;
      while (!engine.result(s) && first(s).seat === now) s = step(s, (x) => first(x).timeoutDefault);
      if (engine.result(s)) return false;
      const next = first(s).seat;
      while (!engine.result(s) && first(s).seat === next) s = step(s, (x, seat) => engine.ai(x, seat));
      return engine.result(s) !== null;
    };
    while (!endsNextTurn()) {
      assert.equal(engine.result(state()), null, 'the deal has a last turn that ends it');
      const u = onTurn(w, gameId);
      await playAsAi(w, u, gameId, await openHand(w, u, gameId));
    }
    const other = onTurn(w, gameId);
    // The turn runs out (a deadline, no click): the ping of the ender's turn is refused and kept. (A
    // step made by a click posts its ping as the click's follow-up, which needs no permission; and
    // the ender's hand view has expired, so their view cannot be pushed instead.)
    w.sim.clock.advance(16 * 60_000);
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
    while (onTurn(w, gameId) === other) await later(w, 24 * 3600_000 + 1000);
    const ender = onTurn(w, gameId);
    assert.deepEqual(outboxKinds(w, gameId), ['ping'], 'the ping of the last turn is kept');
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
    // Before any round, the ender plays the last turn from their hand view: the hand is over.
    while (!engine.result(state())) await playAsAi(w, ender, gameId, await openHand(w, ender, gameId));
    const mentions = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && w.sim.text(m).includes(`<@${ender}>`)).length;
    const before = mentions();
    // Their hand view expires first (for Discord and for the bot): a live view would take a ping's
    // place anyway.
    w.sim.clock.advance(16 * 60_000);
    for (let k = 0; k < 3; k++) await later(w, 8 * 60_000);
    assert.equal(mentions(), before, 'nobody is mentioned for a turn of a hand that is over');
    assert.deepEqual(outboxKinds(w, gameId), [], 'nothing left to post');
  });
});
