/**
 * A restart redraws only what is behind (issue #18 §1): a table whose message shows its current
 * state (games.shown_version) is neither loaded nor edited; one whose last edit is not known to
 * have landed is redrawn once; the timers of both resume.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, tableMessage, openHand, playAsAi } from './harness.js';

test('after a restart only the table whose message is behind is redrawn', async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 2, 1, { timer: 'live' });
    const b = await openTable(w, 'phom', 2, 1, { timer: 'live' });
    for (const g of [a, b]) {
      const row = w.store.games.get(g.gameId)!;
      const shown = w.store.db.prepare('SELECT shown_version AS v FROM games WHERE id = ?').get(g.gameId) as { v: number };
      assert.equal(shown.v, row.version, 'shown');
    }
    const editsA = tableMessage(w, a.gameId).edits;
    const editsB = tableMessage(w, b.gameId).edits;
    const timersBefore = [a, b].map((g) => w.store.timers.forGame(g.gameId).map((t) => t.deadline));
    // B's last edit is not known to have landed (e.g. the process died between commit and edit).
    w.store.db.prepare('UPDATE games SET shown_version = NULL WHERE id = ?').run(b.gameId);
    await w.restartBot();
    await w.bot.whenIdle();
    assert.equal(tableMessage(w, a.gameId).edits, editsA, 'the up-to-date table is not touched');
    assert.equal(tableMessage(w, b.gameId).edits, editsB + 1, 'the table that was behind is redrawn once');
    assert.deepEqual(
      [a, b].map((g) => w.store.timers.forGame(g.gameId).map((t) => t.deadline)),
      timersBefore,
      'deadlines keep their time',
    );
    // A is loaded on its first click and plays on.
    const row = w.store.games.get(a.gameId)!;
    const turn = (w.store.games.state(row) as { turn: number }).turn;
    const user = w.store.games.seats(a.gameId)[turn]!.userId!;
    const hand = await openHand(w, user, a.gameId);
    await playAsAi(w, user, a.gameId, hand);
    assert.ok(w.store.games.get(a.gameId)!.version > row.version);
  });
});

test('a reminder posted just before a crash is not posted again by the restart sweep (Discord nonce)', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    const reminders = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /time is running out/.test(w.sim.text(m)));
    // The crash: the reminder reached Discord, the process died before the outbox was cleared.
    const games = w.store.games as unknown as { clearOutbox: (...a: unknown[]) => void };
    const clear = games.clearOutbox;
    games.clearOutbox = () => undefined;
    w.now.t += 46_000; // reminder at 3/4 of 60 s
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
    games.clearOutbox = clear;
    assert.equal(reminders().length, 1, 'the next step ran the outbox again: the same nonce returned the first message');
    assert.ok(
      w.store.games.get(gameId)!.outbox.some((e) => (e as { kind: string }).kind === 'remind'),
      'the reminder is still in the outbox',
    );
    await w.restartBot(); // the start-up sweep executes the outbox again
    await w.bot.whenIdle();
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [], 'executed again, then cleared');
    assert.equal(reminders().length, 1, 'the second create with the same nonce returned the first message');
  });
});
