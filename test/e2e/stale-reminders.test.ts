/**
 * Chắn tables without deadlines (the default). A reminder's decision ends and, in the same step, the
 * same seat gets a new turn (its turn came back after the AI seats played theirs) or a new claim
 * window opens. README: "A reminder is deleted once its decision is over". Before, the old reminder
 * stayed (bot/effects.ts sweepReminders: without a deadline nothing told the two decisions apart): its
 * count, its claim line naming a piece no longer on offer, its vote buttons answering that there is
 * nothing to vote on. A claim window's reminder goes with the window, never with one claimant's
 * pass (#13 §2).
 *
 * The Discord simulator's duplicate-message guard (the nonce) runs on its own clock: both clocks move.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  click,
  later,
  openHand,
  openTable,
  pendingNow,
  playAsAi,
  playAsAiUntil,
  tableMessage,
  withWorld,
  type World,
} from './harness.js';
import { windowKind } from '../../src/table/timers.js';
import { chanTwoClaimantSeed, claimPass, claimSeats } from './seeded.js';

const H = 3600_000;

/** Both clocks on by `ms`, then the scheduler's round. */
async function wait(w: World, ms: number): Promise<void> {
  w.sim.clock.advance(ms);
  await later(w, ms);
}

/**
 * Plays a table of `people` and `ais` for days: each time people must decide, 12 h pass (the
 * decision's, or the window's, first reminder), then they play as the AI would. Returns the
 * reminders still shown once their decision was over and the seat (or a new window) has another,
 * and the kinds of such cases the deal came to (so that a deal that never does is seen).
 */
async function staleReminders(w: World, people: number, ais: number): Promise<{ stale: string[]; cases: Set<string> }> {
  const { gameId, threadId } = await openTable(w, 'chan', people, ais);
  const shown = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /Reminder|reminder \d/.test(w.sim.text(m)));
  const line = (s: string) => s.split('\n').find((l) => l.startsWith('⏳')) ?? '';
  const stale: string[] = [];
  const seen = new Set<string>();
  const cases = new Set<string>();
  for (let i = 0; i < 150 && w.store.games.get(gameId)!.status === 'running'; i++) {
    const seats = w.store.games.seats(gameId);
    const pend = pendingNow(w, gameId).filter((d) => !seats[d.seat]!.isAi);
    if (!pend.length) {
      const res = w.sim.message(w.store.games.get(gameId)!.resultMessageId!)!;
      await click(w, w.users[0]!.id, res.id, buttonByLabel(w.sim, res, 'Next hand').custom_id as string);
      continue;
    }
    const d = pend[0]!;
    const kind = windowKind(d);
    await wait(w, 12 * H + 1000);
    const rem = shown().at(-1);
    assert.ok(rem, 'reminded');
    const remText = w.sim.text(rem);
    for (const x of pend) {
      if (!pendingNow(w, gameId).some((p) => p.seat === x.seat)) continue;
      const u = w.store.games.seats(gameId)[x.seat]!.userId!;
      await playAsAi(w, u, gameId, await openHand(w, u, gameId));
    }
    const now = pendingNow(w, gameId);
    const sameTurn = kind === 'turn' && now.some((p) => p.seat === d.seat && windowKind(p) === 'turn');
    const newWindow = kind === 'claim' && now.some((p) => windowKind(p) === 'claim' && !w.store.games.seats(gameId)[p.seat]!.isAi);
    if (sameTurn) cases.add('turn');
    if (newWindow) cases.add('claim');
    if ((sameTurn || newWindow) && !w.sim.message(rem.id)!.deleted) {
      const table = w.sim.text(tableMessage(w, gameId));
      const key = `${kind}:${line(remText) === line(table) ? 'same piece' : 'other piece'}`;
      if (!seen.has(key)) stale.push(`${key}: still shown "${remText}"\n   while the table says: "${line(table) || table.split('\n')[1]}"`);
      seen.add(key);
    }
  }
  return { stale, cases };
}

test("two people, two AIs: a claim window's reminder goes once a new window opens in the same step", async () => {
  await withWorld(
    async (w) => {
      const { stale, cases } = await staleReminders(w, 2, 2);
      assert.ok(cases.has('claim'), 'the deal comes to a new claim window');
      assert.deepEqual(stale, [], 'reminders of decisions that are over');
    },
    { users: 2 },
  );
});

test("one person, three AIs: the reminder of a turn that came back in the same step goes, and a window's once a new one opens", async () => {
  await withWorld(
    async (w) => {
      const { stale, cases } = await staleReminders(w, 1, 3);
      assert.deepEqual([...cases].sort(), ['claim', 'turn'], 'the deal comes to both cases');
      assert.deepEqual(stale, [], 'reminders of decisions that are over');
    },
    { users: 1 },
  );
});

test("a claim window's reminder stays when one claimant passes (hidden), whichever it was; it goes with the window", async () => {
  await withWorld(async (w) => {
    const seed = chanTwoClaimantSeed();
    const tables: { gameId: string; threadId: string }[] = [];
    for (let k = 0; k < 2; k++) {
      const { gameId } = await openTable(w, 'chan', 4, 0, {}, { seed });
      await playAsAiUntil(w, gameId, () => claimSeats(w, gameId).length >= 2, 300);
      tables.push({ gameId, threadId: w.store.games.get(gameId)!.threadId! });
    }
    const [c1, c2] = claimSeats(w, tables[0]!.gameId) as [number, number];
    assert.deepEqual(claimSeats(w, tables[1]!.gameId), [c1, c2], 'the same window at both tables');
    const reminders = (threadId: string) =>
      w.sim.allMessages(threadId).filter((m) => !m.deleted && /the table is still waiting for claims/.test(w.sim.text(m)));
    await wait(w, 12 * H + 1000);
    const first = tables.map((t) => reminders(t.threadId));
    for (const r of first) assert.equal(r.length, 1, 'the window is reminded');
    // One claimant passes at each table, not the same one: the window stays open, and so does its reminder.
    await claimPass(w, tables[0]!.gameId, c1);
    await claimPass(w, tables[1]!.gameId, c2);
    tables.forEach((t, k) => assert.deepEqual(reminders(t.threadId), first[k], 'the reminder stays after a pass'));
    // The other claimant passes: the window is over (the piece goes on, or a new window opens).
    await claimPass(w, tables[0]!.gameId, c2);
    await claimPass(w, tables[1]!.gameId, c1);
    tables.forEach((t, k) => assert.ok(w.sim.message(first[k]![0]!.id)!.deleted, 'the reminder went with its window'));
  });
});
