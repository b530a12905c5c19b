/**
 * Claim preferences (issue #13 §2) end to end: a player sets them in the select on their seat
 * view (kept in SQLite), and when a claim decision they cover opens for their seat it is answered
 * at once, logged with source `preference`: "auto-pass everything except a win", "never chow",
 * "always declare a win". The deal is chosen (the game's seed, set before Start) so that the
 * situation comes up while the people play as the AI would.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openHand, playAsAi, type World } from './harness.js';
import { tableWithSeed } from './seeded.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

/** The player picks preferences in the select on their seat view. */
async function setPrefs(w: World, gameId: string, userId: string, values: string[]) {
  const view = await openHand(w, userId, gameId);
  const sel = w.sim.components(view).find((c) => decodeGameId(String(c.custom_id))?.verb === 'prefs');
  assert.ok(sel, 'the seat view has the claim preferences select');
  const h = await w.sim.select(userId, view.id, String(sel.custom_id), values);
  await h.settled({ timeout: 30_000 });
  await w.bot.whenIdle();
  const after = w.sim.components(w.sim.message(view.id)!).find((c) => decodeGameId(String(c.custom_id))?.verb === 'prefs')!;
  const chosen = (after.options as { value: string; default?: boolean }[]).filter((o) => o.default).map((o) => o.value);
  assert.deepEqual(chosen.sort(), [...values].sort(), 'the view shows the saved preferences');
}

/** People play as the AI until `done` or the hand ends. */
async function playUntil(w: World, gameId: string, done: () => boolean): Promise<void> {
  for (let n = 0; n < 1500 && !done(); n++) {
    const row = w.store.games.get(gameId)!;
    const engine = engineOf(row.game);
    const state = w.store.games.state(row);
    if (engine.result(state)) return;
    const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    await playAsAi(w, user, gameId, await openHand(w, user, gameId));
  }
}

const byPreference = (w: World, gameId: string, seat: number) =>
  w.store.games.logWithMeta(gameId).filter((e) => e.source === 'preference' && e.seat === seat);

test('claim preference "auto-pass everything except a win": a claim without a win is passed at once', async () => {
  await withWorld(async (w) => {
    const win = 'win';
    const { gameId, seat, user } = await tableWithSeed(w, 'vn-mahjong', (d) => !d.options.some((a) => a.type === win));
    await setPrefs(w, gameId, user, ['auto-pass']);
    const kept = w.store.db.prepare('SELECT COUNT(*) AS n FROM claim_prefs WHERE user_id = ?').get(user) as { n: number };
    assert.equal(kept.n, 1, 'kept in SQLite');
    await playUntil(w, gameId, () => byPreference(w, gameId, seat).length > 0);
    const e = byPreference(w, gameId, seat)[0];
    assert.ok(e, 'answered by the preference');
    assert.equal(e.action.type, 'pass');
    assert.equal(e.userId, user);
  });
});

test('claim preference "never chow": a claim whose only offer is a chow is passed at once', async () => {
  await withWorld(async (w) => {
    const { gameId, seat, user } = await tableWithSeed(
      w,
      'classic-mahjong',
      (d) => d.options.some((a) => a.type === 'chow') && d.options.every((a) => a.type === 'chow' || a.type === 'pass'),
    );
    await setPrefs(w, gameId, user, ['never.chow']);
    await playUntil(w, gameId, () => byPreference(w, gameId, seat).length > 0);
    const e = byPreference(w, gameId, seat)[0];
    assert.ok(e, 'answered by the preference');
    assert.equal(e.action.type, 'pass');
    assert.ok(!w.store.games.logWithMeta(gameId).some((x) => x.seat === seat && x.action.type === 'chow'), 'no chow by that player');
  });
});

test('claim preference "always declare a win": a win on a discard is declared at once', async () => {
  await withWorld(async (w) => {
    const { gameId, seat, user } = await tableWithSeed(w, 'classic-mahjong', (d) => d.options.some((a) => a.type === 'mahjong'));
    await setPrefs(w, gameId, user, ['always-win']);
    await playUntil(w, gameId, () => byPreference(w, gameId, seat).length > 0);
    const e = byPreference(w, gameId, seat)[0];
    assert.ok(e, 'answered by the preference');
    assert.equal(e.action.type, 'mahjong');
    const row = w.store.games.get(gameId)!;
    assert.ok(engineOf('classic-mahjong').result(w.store.games.state(row)), 'the hand ended with that win');
  });
});
