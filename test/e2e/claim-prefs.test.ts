/**
 * Claim preferences (issue #13 §2) end to end: a player sets them in the select on their seat
 * view (kept in SQLite), and when a claim decision they cover opens for their seat it is answered
 * at once, logged with source `preference`: "auto-pass everything except a win", "never chow",
 * "always declare a win". The deal is chosen (the game's seed, set before Start) so that the
 * situation comes up while the people play as the AI would.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, click, slash, buttonByLabel, openHand, playAsAi, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { initialState } from '../../src/store/index.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

type Want = (d: Decision<BaseAction>) => boolean;

/** The first seed whose hand, played by the AI, gives some seat a claim decision `want` accepts. */
function findSeed(game: GameId, options: unknown, want: Want): { seed: string; seat: number } {
  const engine = engineOf(game);
  for (let k = 0; k < 200; k++) {
    const seed = `prefs-${game}-${k}`;
    let state = initialState(engine, options, 4, seed);
    for (let n = 0; n < 1500 && !engine.result(state); n++) {
      const pending = engine.pending(state) as Decision<BaseAction>[];
      const hit = pending.find((d) => d.kind === 'claim' && want(d));
      if (hit) return { seed, seat: hit.seat };
      const d = pending[0]!;
      const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
      assert.ok(r.ok);
      state = r.value;
    }
  }
  throw new Error(`no seed gives a claim decision for ${game}`);
}

/** /play, everyone joins, the deal is fixed, Start. */
async function tableWithSeed(w: World, game: GameId, want: Want) {
  const host = w.users[0]!;
  const lobby = (await slash(w, host.id, 'play', { game })).response!;
  const join = String(buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Join').custom_id);
  for (const u of w.users.slice(1, 4)) await click(w, u.id, lobby.id, join);
  const start = String(buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Start').custom_id);
  const gameId = decodeGameId(start)!.gameId;
  const found = findSeed(game, w.store.games.get(gameId)!.options, want);
  w.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(found.seed, gameId);
  await click(w, host.id, lobby.id, start);
  assert.equal(w.store.games.get(gameId)!.status, 'running');
  return { gameId, seat: found.seat, user: w.store.games.seats(gameId)[found.seat]!.userId! };
}

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
