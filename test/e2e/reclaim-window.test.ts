/**
 * Chắn's reclaim window in Discord (`reclaim-window-s`, chan.md §6; src/table/reclaim.ts): with
 * /config set to 5 s, a claimant's Pass is held for 5 s, during which their hand view says so and
 * still offers the other answers; then it is committed. Two tables get the same deal: at one the
 * claimant passes, at the other they have not answered yet, and their threads read the same (as in
 * claim-privacy.test.ts, a claim answer leaves no trace in public). A restart keeps a held pass.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openHand, playAsAiUntil, openTable, click, slash, later, pendingNow, type World } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { SimMessage } from '../discord-sim/model.js';

const SECONDS = 5;
/** A deal whose first move opens a claim with a choice (ăn or pass) for one seat (found by playing the AI). */
const SEED = 'reclaim-0';

/** /play chan, everyone joins, the deal is fixed, Start; then people play as the AI up to a claim with a choice. */
async function tableAtClaim(w: World): Promise<{ gameId: string; threadId: string; seat: number; user: string }> {
  const { gameId } = await openTable(w, 'chan', 4, 0, {}, { seed: SEED });
  assert.equal(w.store.games.get(gameId)!.options['reclaim-window-s'], SECONDS, 'the server’s house rule');
  const claim = () => pendingNow(w, gameId).find((d) => d.kind === 'claim' && d.options.length > 1);
  await playAsAiUntil(w, gameId, () => !!claim(), 50);
  const d = claim();
  assert.ok(d, 'a claim with a choice');
  return { gameId, threadId: w.store.games.get(gameId)!.threadId!, seat: d.seat, user: w.store.games.seats(gameId)[d.seat]!.userId! };
}

/** The hand view's button for the option of type `type` of the seat's decision. */
function optionButton(w: World, gameId: string, seat: number, view: SimMessage, type: string) {
  const d = pendingNow(w, gameId).find((x) => x.seat === seat)!;
  const i = d.options.findIndex((a) => a.type === type);
  const b = w.sim.components(view).find((c) => {
    const g = decodeGameId(String(c.custom_id));
    return g?.verb === 'act' && g.arg === String(i);
  });
  assert.ok(b, `a ${type} button`);
  return b;
}

/** What anyone sees in a thread: every public message's text and components (deleted ones too), the table's id taken out. */
const publicThread = (w: World, t: { gameId: string; threadId: string }) =>
  w.sim
    .allMessages(t.threadId, { deleted: true })
    .filter((m) => !m.ephemeralTo)
    .map((m) => JSON.stringify([m.content, m.components, m.edits, m.deleted ?? false]).replaceAll(t.gameId, 'G'));

/** The seat's log entries of the current hand's claim answers after version `v`. */
const answers = (w: World, gameId: string, seat: number, v: number) =>
  w.store.games
    .logWithMeta(gameId)
    .slice(v)
    .filter((e) => e.seat === seat)
    .map((e) => [e.action.type, e.source]);

test('a held pass: the view says so, the thread reads as if unanswered, then it is committed after the window', async () => {
  await withWorld(async (w) => {
    await slash(w, w.admin.id, 'config', { set: { game: 'chan', key: 'reclaim-window-s', value: String(SECONDS) } });
    const a = await tableAtClaim(w);
    const b = await tableAtClaim(w);
    assert.equal(a.seat, b.seat);
    const before = publicThread(w, a);
    assert.deepEqual(before, publicThread(w, b), 'the same deal, the same thread');
    const v = w.store.games.get(a.gameId)!.version;

    // An older view of the same hand stays as it was drawn (only the latest one is kept up to date).
    const older = await openHand(w, a.user, a.gameId);
    const view = await openHand(w, a.user, a.gameId);
    await click(w, a.user, view.id, String(optionButton(w, a.gameId, a.seat, view, 'pass').custom_id));
    // Only the claimant's own view tells: held, until when, Pass greyed out, the other answer open.
    const mine = w.sim.message(view.id)!;
    assert.match(w.sim.text(mine), /You passed: it becomes final <t:\d+:R>/);
    const eat = optionButton(w, a.gameId, a.seat, mine, 'eat');
    assert.equal(optionButton(w, a.gameId, a.seat, mine, 'pass').disabled, true, 'Pass is chosen');
    assert.notEqual(eat.disabled, true, 'eating is still open');
    assert.equal(w.store.games.get(a.gameId)!.version, v, 'nothing logged');
    assert.ok(pendingNow(w, a.gameId).some((d) => d.seat === a.seat));
    // In public, nothing happened: the same as the table where the claimant has not answered.
    assert.deepEqual(publicThread(w, a), before);
    assert.deepEqual(publicThread(w, a), publicThread(w, b));

    await later(w, SECONDS * 1000 - 1);
    assert.deepEqual(answers(w, a.gameId, a.seat, v), [], 'not final before the window ends');
    await later(w, 1);
    assert.deepEqual(answers(w, a.gameId, a.seat, v), [['pass', 'player']], 'committed once, as the player’s answer');
    // The claim is gone from the view; a click on an older one is out of date now, and says so.
    assert.ok(!w.sim.components(view.id).some((c) => c.custom_id === eat.custom_id));
    await click(w, a.user, older.id, String(eat.custom_id));
    assert.match(w.sim.text(w.sim.message(older.id)!), /That was out of date/);
    assert.deepEqual(answers(w, a.gameId, a.seat, v), [['pass', 'player']]);

    // The other table's claimant passes too: once both windows are over, the threads read alike again.
    const vb = w.store.games.get(b.gameId)!.version;
    const viewB = await openHand(w, b.user, b.gameId);
    await click(w, b.user, viewB.id, String(optionButton(w, b.gameId, b.seat, viewB, 'pass').custom_id));
    await later(w, SECONDS * 1000);
    assert.deepEqual(answers(w, b.gameId, b.seat, vb), [['pass', 'player']]);
    assert.deepEqual(publicThread(w, a), publicThread(w, b));
  });
});

test('within the window the other answer is taken instead; a held pass survives a restart', async () => {
  await withWorld(async (w) => {
    await slash(w, w.admin.id, 'config', { set: { game: 'chan', key: 'reclaim-window-s', value: String(SECONDS) } });
    // Reclaim: pass, then eat 2 s later from the same view.
    const a = await tableAtClaim(w);
    const v = w.store.games.get(a.gameId)!.version;
    const view = await openHand(w, a.user, a.gameId);
    await click(w, a.user, view.id, String(optionButton(w, a.gameId, a.seat, view, 'pass').custom_id));
    await later(w, 2000);
    await click(w, a.user, view.id, String(optionButton(w, a.gameId, a.seat, w.sim.message(view.id)!, 'eat').custom_id));
    assert.deepEqual(answers(w, a.gameId, a.seat, v)[0], ['eat', 'player']);
    await later(w, SECONDS * 1000);
    assert.ok(!answers(w, a.gameId, a.seat, v).some(([type]) => type === 'pass'), 'the pass never became final');

    // Restart during the window: the hold is kept and committed at its time, once.
    const b = await tableAtClaim(w);
    const vb = w.store.games.get(b.gameId)!.version;
    const viewB = await openHand(w, b.user, b.gameId);
    await click(w, b.user, viewB.id, String(optionButton(w, b.gameId, b.seat, viewB, 'pass').custom_id));
    const held = w.store.timers.forGame(b.gameId).find((x) => x.seat === b.seat)?.heldUntil;
    assert.equal(held, w.now.t + SECONDS * 1000);
    await w.restartBot();
    assert.equal(w.store.timers.forGame(b.gameId).find((x) => x.seat === b.seat)?.heldUntil, held, 'still held after the restart');
    assert.deepEqual(answers(w, b.gameId, b.seat, vb), []);
    await later(w, SECONDS * 1000);
    assert.deepEqual(answers(w, b.gameId, b.seat, vb), [['pass', 'player']]);

    // The bot down past the end of the window: committed once it is back.
    const c = await tableAtClaim(w);
    const vc = w.store.games.get(c.gameId)!.version;
    const viewC = await openHand(w, c.user, c.gameId);
    await click(w, c.user, viewC.id, String(optionButton(w, c.gameId, c.seat, viewC, 'pass').custom_id));
    w.now.t += 60_000;
    await w.restartBot();
    await later(w, 0);
    await later(w, 1000);
    assert.deepEqual(answers(w, c.gameId, c.seat, vc), [['pass', 'player']]);
  });
});
