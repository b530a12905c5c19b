/**
 * A kicked member whose seat the AI plays for them (they are /away, or the AI took the seat over when
 * their deadline ran out) has no deadline that runs out, so the deadline's membership question
 * (scheduler.ts `askIfMember`) never came: they kept their seats, and a host kept End match for good.
 * The housekeeping round now asks about them (scheduler.ts `askAbsent`, store/guilds.ts `absentSeated`):
 * through the real bot and the simulator, their seat passes to the AI and the host role to the
 * person left, as for any member gone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  later,
  openHand,
  openTable,
  playAsAi,
  playHandToEnd,
  slash,
  tableMessage,
  withWorld,
  type World,
  pendingNow,
  endMatch,
} from './harness.js';
import { HOUSEKEEPING_MS } from '../../src/bot/housekeeping.js';

const seatOf = (w: World, gameId: string, userId: string) => w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;
/** Get Guild Member requests the bot made for this user. */
const memberGets = (w: World, userId: string) =>
  w.sim.restLog().filter((e) => e.summary.startsWith(`GET /guilds/${w.guildId}/members/${userId} `)).length;

/** Housekeeping rounds (one each `HOUSEKEEPING_MS`) until `userId` no longer holds a seat, at most `max`. */
async function roundsUntilGone(w: World, gameId: string, userId: string, max = 3): Promise<number> {
  for (let k = 1; k <= max; k++) {
    await later(w, HOUSEKEEPING_MS + 1000);
    if (!w.store.games.seats(gameId).some((s) => s.userId === userId)) return k;
  }
  return -1;
}

/** The gone host's seat is the AI's, B hosts, the table says so, and B ends the match once the hand is over. */
async function hostPassedOn(w: World, gameId: string, seatA: number, b: string): Promise<void> {
  const seat = w.store.games.seats(gameId)[seatA]!;
  assert.equal(seat.userId, null, 'the seat is no longer theirs');
  assert.equal(seat.isAi, true);
  assert.equal(w.store.games.get(gameId)!.hostUserId, b, 'the host passed to the person left');
  assert.match(w.sim.text(tableMessage(w, gameId)), /an is no longer a member of this server; AI 1 takes their seat/);
  await playHandToEnd(w, gameId);
  const tm = tableMessage(w, gameId);
  await endMatch(w, b, tm);
  assert.equal(w.store.games.get(gameId)!.status, 'finished', 'B, the host now, ended the match');
}

test('a kicked host who is /away (no deadline of theirs runs out): a housekeeping round asks, their seat and the host role pass on', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    const seatA = seatOf(w, gameId, a);
    assert.equal(w.store.games.get(gameId)!.hostUserId, a);
    await slash(w, a, 'away', { for: '7d' });
    await w.bot.whenIdle();
    assert.notEqual(pendingNow(w, gameId)[0]!.seat, seatA, 'the away seat was played at once: no deadline of theirs');
    w.sim.kick(w.guildId, a);
    const gets = memberGets(w, a);
    const rounds = await roundsUntilGone(w, gameId, a);
    assert.ok(rounds > 0, 'their seat passed to the AI within a few housekeeping rounds');
    assert.equal(memberGets(w, a), gets + 1, 'Discord was asked once');
    await hostPassedOn(w, gameId, seatA, b);
  });
});

test('a kicked host whose seat the AI took over at a deadline (on-timeout ai): a housekeeping round asks, the seat passes on', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async', 'on-timeout': 'ai' });
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    const seatA = seatOf(w, gameId, a);
    // B plays until A must act; A's deadline runs out and the AI takes the seat over for them.
    for (let k = 0; k < 10 && pendingNow(w, gameId)[0]!.seat !== seatA; k++) await playAsAi(w, b, gameId, await openHand(w, b, gameId));
    for (let k = 0; k < 4 && !w.store.games.seats(gameId)[seatA]!.isAi; k++) await later(w, 8 * 3600_000);
    const held = w.store.games.seats(gameId)[seatA]!;
    assert.deepEqual([held.isAi, held.userId], [true, a], 'the AI holds the seat for A');
    // Kicked now: A has no deadline any more, so no deadline asks about them.
    w.sim.kick(w.guildId, a);
    const rounds = await roundsUntilGone(w, gameId, a);
    assert.ok(rounds > 0, 'their seat passed to the AI within a few housekeeping rounds');
    await hostPassedOn(w, gameId, seatA, b);
  });
});

test('a member the AI plays for keeps the seat; the cache answers first (no request while a fresh yes is kept)', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const a = w.users[0]!.id;
    await slash(w, a, 'away', { for: '7d' });
    await w.bot.whenIdle();
    const gets = memberGets(w, a);
    await later(w, HOUSEKEEPING_MS + 1000);
    assert.equal(memberGets(w, a), gets + 1, 'asked at the round');
    // A fresh yes is kept for minutes (`MEMBER_OK_MS`, less than a round apart): a round forced sooner asks nothing.
    w.bot.scheduler['housekeepingAt'] = 0;
    await later(w, 1000);
    assert.equal(memberGets(w, a), gets + 1, 'the cache answered');
    await later(w, HOUSEKEEPING_MS + 1000);
    assert.equal(memberGets(w, a), gets + 2, 'asked again once the answer is old');
    const seat = w.store.games.seats(gameId)[seatOf(w, gameId, a)]!;
    assert.equal(seat.userId, a, 'still their seat');
    assert.equal(w.store.games.get(gameId)!.hostUserId, a, 'still the host');
  });
});
