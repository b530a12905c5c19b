/**
 * Seat changes at a running Phỏm table through Discord (src/table/seating.ts; phom.md §3, §11.3):
 * the real discord.js client against the simulator.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, playHandToEnd, tableMessage, click, buttonByLabel, slash, openHand } from './harness.js';
import type { World } from './harness.js';

const resultMessage = (w: World, threadId: string, hand: number) => {
  const m = w.sim
    .visibleMessages(threadId, w.users[0]!.id)
    .filter((x) => x.content.includes(`Hand ${hand} is over`))
    .at(-1);
  assert.ok(m, `the result of hand ${hand}`);
  return m;
};

test('between hands a player leaves (after confirming), a newcomer takes the seat, and plays the next hand', async () => {
  await withWorld(
    async (w) => {
      const [host, leaver, , newcomer] = w.users;
      const { gameId, threadId } = await openTable(w, 'phom', 3, 1, { timer: 'live' });
      await playHandToEnd(w, gameId);
      const result = resultMessage(w, threadId, 1);
      // Leave: an ephemeral question first; nothing changes until it is confirmed.
      const ask = await click(w, leaver!.id, result.id, buttonByLabel(w.sim, result, 'Leave the table').custom_id as string);
      assert.equal(ask.failed, false);
      const question = ask.followUps[0]!;
      assert.equal(question.ephemeralTo, leaver!.id);
      assert.match(w.sim.text(question), /Leave the table\?/);
      assert.equal(w.store.games.seats(gameId)[1]!.userId, leaver!.id);
      const yes = buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, leave').custom_id as string;
      const conf = await click(w, leaver!.id, question.id, yes);
      assert.equal(conf.failed, false);
      assert.match(w.sim.text(question.id), /You left the table/);
      assert.equal(w.store.games.seats(gameId)[1]!.isAi, true);
      assert.equal(w.store.games.seats(gameId)[1]!.userId, null);
      assert.match(w.sim.text(tableMessage(w, gameId)), /left the table/);
      // Someone else cannot confirm for a player, and the leaver is no longer seated.
      const again = await click(w, leaver!.id, result.id, buttonByLabel(w.sim, result, 'Leave the table').custom_id as string);
      assert.match(again.followUps[0]!.content, /not at this table/);
      // The newcomer takes the seat from the table message (the result was drawn before the seat opened).
      const table = tableMessage(w, gameId);
      // Between hands the table offers no Pause (#13 §4): the result has Next hand / End match.
      assert.ok(!w.sim.components(table).some((c) => c.label === 'Pause'), 'no Pause between hands');
      const take = await click(w, newcomer!.id, table.id, buttonByLabel(w.sim, table, 'Take a seat').custom_id as string);
      assert.equal(take.failed, false);
      assert.match(take.followUps[0]!.content, /seat 2/);
      assert.equal(w.store.games.seats(gameId)[1]!.userId, newcomer!.id);
      // Next hand from the original result message still deals; the newcomer's seat is theirs.
      await click(w, host!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
      const row = w.store.games.get(gameId)!;
      assert.equal(row.handIndex, 1);
      const log = w.store.games.logWithMeta(gameId);
      assert.deepEqual(
        log.filter((e) => e.action.type === '@seat-change').map((e) => e.userId),
        [leaver!.id, newcomer!.id],
      );
      assert.equal((w.store.games.state(row) as { starter: number }).starter, 0, 'a seating change: the host starts (§3)');
      await playHandToEnd(w, gameId);
      const hand2 = w.store.results.handsOf(gameId).filter((h) => h.hand === 1);
      assert.equal(hand2.find((h) => h.seat === 1)!.displayName, newcomer!.name);
    },
    { users: 4 },
  );
});

test('during a hand a player leaves: the rest of the hand is played for them, then the AI sits there', async () => {
  await withWorld(async (w) => {
    const leaver = w.users[1]!;
    const { gameId, threadId } = await openTable(w, 'phom', 2, 2, { timer: 'live' });
    const table = tableMessage(w, gameId);
    const ask = await click(w, leaver.id, table.id, buttonByLabel(w.sim, table, 'Leave the table').custom_id as string);
    const question = ask.followUps[0]!;
    assert.match(w.sim.text(question), /rest of this hand/);
    await click(w, leaver.id, question.id, buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, leave').custom_id as string);
    const leave = w.store.games.logWithMeta(gameId).find((e) => e.action.type === 'leave');
    assert.ok(leave);
    assert.equal(leave.userId, leaver.id);
    // Their hand, opened again before the hand ends, says they left (not "Waiting for the others").
    const mine = await openHand(w, leaver.id, gameId);
    assert.match(w.sim.text(mine), /You left this table: the rest of this hand is played out for you/);
    assert.doesNotMatch(w.sim.text(mine), /Waiting for the others/);
    await playHandToEnd(w, gameId);
    const result = resultMessage(w, threadId, 1);
    assert.equal(w.store.games.seats(gameId)[1]!.isAi, true);
    assert.equal(w.store.results.handsOf(gameId).find((h) => h.seat === 1)!.displayName, leaver.name);
    // The result, posted once the AI holds the seat, names the leaver, who settled with the hand.
    const aiName = w.store.games.seats(gameId)[1]!.displayName;
    assert.match(w.sim.text(result), new RegExp(`^${leaver.name}: -\\d`, 'm'));
    assert.ok(!w.sim.text(result).includes(aiName), w.sim.text(result));
    // /history lists them as someone who left.
    const hist = await slash(w, w.users[0]!.id, 'history');
    assert.match(hist.response!.content, new RegExp(`${leaver.name} \\(left\\)`));
  });
});
