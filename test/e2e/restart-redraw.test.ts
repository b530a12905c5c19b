/**
 * A restart redraws only what is behind (issue #18 §1): a table whose message shows its current
 * state (games.shown_version) is neither loaded nor edited; one whose last edit is not known to
 * have landed is redrawn once; the timers of both resume.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, tableMessage, openHand, playAsAi, type World } from './harness.js';
import { tableWithSeed } from './seeded.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

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
    // The reminder, at 3/4 of Phỏm's 25 s turn, before the deadline (one fired after it posts nothing).
    w.now.t = w.store.timers.forGame(gameId)[0]!.remindAt! + 1;
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

test('after a restart, a claim pass (one of two claimants) leaves the up-to-date table message alone (#13 §2)', async () => {
  await withWorld(async (w: World) => {
    const pendingNow = (gameId: string) => {
      const row = w.store.games.get(gameId)!;
      return engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
    };
    const claimsNow = (gameId: string) => pendingNow(gameId).filter((d) => d.kind === 'claim');
    const { gameId } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => all.filter((x) => x.kind === 'claim').length >= 2);
    for (let n = 0; n < 1500 && claimsNow(gameId).length < 2; n++) {
      const d = pendingNow(gameId)[0]!;
      const user = w.store.games.seats(gameId)[d.seat]!.userId!;
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    }
    const claims = claimsNow(gameId);
    assert.equal(claims.length, 2, 'a window with two claimants');
    await w.restartBot();
    await w.bot.whenIdle();
    const table = tableMessage(w, gameId);
    const d = claims[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    const view = await openHand(w, user, gameId);
    const edits = w.sim.message(table.id)!.edits;
    const pass = d.options.findIndex((a) => a.type === 'pass');
    const button = w.sim.components(view).find((c) => {
      const b = decodeGameId(String(c.custom_id));
      return b?.verb === 'act' && b.arg === String(pass);
    })!;
    await (await w.sim.click(user, view.id, String(button.custom_id))).settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(claimsNow(gameId).length, 1, 'the pass was taken; the other claimant still decides');
    assert.equal(w.sim.message(table.id)!.edits, edits, 'the table message is not edited for a hidden pass');
    const row = w.store.games.get(gameId)!;
    assert.equal(w.store.games.shownVersion(gameId), row.version, 'and it counts as showing the new version');
  });
});
