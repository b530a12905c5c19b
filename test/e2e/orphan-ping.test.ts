/**
 * A ping orphaned by a crash is removed (at most one ping is live). The result of a hand deletes the
 * ping (bot/effects.ts `deletePing`): it forgets the ping's id, then deletes the message. A process
 * that dies in between leaves the ping up with no id on record, and an outbox that holds the result,
 * not a ping. The crash is reproduced here: Discord refuses that delete and the outbox is not cleared.
 * Whichever step next executes that outbox removes the orphan: the restart sweep, or a click that
 * reaches the bot before it (here Next hand).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, buttonByLabel, click, type World } from './harness.js';
import type { FaultRule } from '../discord-sim/faults.js';

/** Plays a hand of one person (who never answers: the timer plays the default for them) and three AI seats to its end, cutting the result's ping delete off as a crash would. */
async function endHandWithOrphan(w: World) {
  const { gameId, threadId } = await openTable(w, 'phom', 1, 3, { timer: 'live' });
  const pings = () => w.sim.visibleMessages(threadId, w.users[0]!.id).filter((m) => /your turn\./.test(w.sim.text(m)));
  const over = () => w.store.games.get(gameId)!.outbox.some((e) => (e as { kind: string }).kind === 'result');
  // The crash: the ping's delete never reaches Discord, and the outbox is not cleared.
  const faults = w.sim.faults as unknown as { take: (kind: FaultRule['kind'], method: string, path: string) => FaultRule | undefined };
  const take = faults.take.bind(faults);
  faults.take = (kind, method, path) =>
    kind === 'serverError' && method === 'DELETE' && /\/messages\/\d+$/.test(path) && over()
      ? { kind: 'serverError', status: 500, times: 1 }
      : take(kind, method, path);
  const games = w.store.games as unknown as { clearOutbox: (id: string, executed: { kind: string }[]) => void };
  const clear = games.clearOutbox.bind(games);
  games.clearOutbox = (id, executed) => (executed.some((e) => e.kind === 'result') ? undefined : clear(id, executed));
  const restore = () => {
    faults.take = take;
    games.clearOutbox = clear;
  };
  for (let k = 0; k < 200 && !w.store.games.get(gameId)!.lastNotice?.startsWith('result:'); k++) {
    assert.ok(pings().length <= 1, 'one ping while the hand runs');
    w.now.t += 61_000;
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
  }
  const row = w.store.games.get(gameId)!;
  assert.equal(row.lastNotice, `result:${row.handIndex}`, 'the hand is over and its result posted');
  assert.equal(pings().length, 1, 'the crash left the last turn ping up');
  assert.equal(row.pingMessageId, null, 'with no id on record');
  assert.ok(over(), 'and the result still in the outbox');
  return { gameId, threadId, pings, restore, orphan: pings()[0]!.id };
}

test('a ping orphaned by a crash while a result was posted is removed by the restart sweep', async () => {
  await withWorld(async (w) => {
    const { gameId, pings, restore, orphan } = await endHandWithOrphan(w);
    restore();
    await w.restartBot();
    await w.bot.whenIdle();
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [], 'the outbox is executed and cleared');
    assert.equal(w.sim.message(orphan)?.deleted, true, 'the orphan is deleted');
    assert.equal(pings().length, 0, 'no turn ping: the hand is over');
  });
});

test('a ping orphaned by a crash is removed by the next click on the table, before the restart sweep', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, pings, restore, orphan } = await endHandWithOrphan(w);
    restore();
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await click(w, w.users[0]!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gameId)!.handIndex, 1, 'the next hand is dealt');
    assert.equal(w.sim.message(orphan)?.deleted, true, 'the orphan is deleted');
    assert.ok(pings().length <= 1, `at most one ping: ${pings().length}`);
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [], 'the outbox is executed and cleared');
  });
});
