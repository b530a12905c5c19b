/**
 * Hints were recorded once per (state version, seat). The version counts hidden claim answers, so a
 * claimant who clicked Hint, waited, and clicked Hint again got a second row exactly when another
 * claimant had answered meanwhile (the window still open); /history game-id lists the asker's own
 * hints while the hand is in play, so the claimant could read off that another seat could claim and
 * had answered (#13 §2). They are recorded once per view of the seat (its token, migration 19).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openHand, playAsAi, slash, type World, pendingNow } from './harness.js';
import { tableWithSeed } from './seeded.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

async function clickVerb(w: World, userId: string, viewId: string, verb: string, arg?: string) {
  const view = w.sim.message(viewId)!;
  const b = w.sim.components(view).find((c) => {
    const g = decodeGameId(String(c.custom_id ?? ''));
    return g?.verb === verb && (arg === undefined || g.arg === arg);
  });
  assert.ok(b, `no ${verb} ${arg ?? ''} on the view`);
  const h = await w.sim.click(userId, viewId, String(b.custom_id));
  await h.settled({ timeout: 30_000 });
  await w.bot.whenIdle();
  return h;
}

async function myHintCount(w: World, userId: string, gameId: string): Promise<number> {
  const r = await (await slash(w, userId, 'history', { 'game-id': gameId })).reply();
  const text = w.sim.text(r);
  assert.match(text, /still being played/);
  return text.split('\n').filter((l) => /^\d+\. /.test(l)).length;
}

test('a claimant cannot count the other claimants’ hidden answers through their own /history hint list', async () => {
  await withWorld(async (w) => {
    const { gameId } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => all.filter((x) => x.kind === 'claim').length >= 2);
    for (let n = 0; n < 1500 && pendingNow(w, gameId).filter((d) => d.kind === 'claim').length < 2; n++) {
      const d = pendingNow(w, gameId)[0]!;
      const u = w.store.games.seats(gameId)[d.seat]!.userId!;
      await playAsAi(w, u, gameId, await openHand(w, u, gameId));
    }
    const claims = pendingNow(w, gameId).filter((d) => d.kind === 'claim');
    assert.equal(claims.length, 2);
    const [a, b] = claims as [Decision<BaseAction>, Decision<BaseAction>];
    const seats = w.store.games.seats(gameId);
    const ua = seats[a.seat]!.userId!;
    const ub = seats[b.seat]!.userId!;
    const viewA = await openHand(w, ua, gameId);
    const viewB = await openHand(w, ub, gameId);

    await clickVerb(w, ub, viewB.id, 'hint');
    await clickVerb(w, ub, viewB.id, 'hint');
    const quiet = await myHintCount(w, ub, gameId);
    // A passes: nothing public changes, the window stays open, B's view and its token are unchanged.
    await clickVerb(w, ua, viewA.id, 'act', String(a.options.findIndex((o) => o.type === 'pass')));
    assert.ok(
      pendingNow(w, gameId).some((d) => d.seat === b.seat && d.kind === 'claim'),
      'window still open for B',
    );
    await clickVerb(w, ub, viewB.id, 'hint');
    const after = await myHintCount(w, ub, gameId);
    assert.equal(quiet, 1, 'two Hints with nobody else answering: one row');
    assert.equal(after, 1, 'a third Hint after the other claimant’s hidden pass: still one row (the same view)');
  });
});
