/**
 * Tables with a chosen deal for e2e tests: the first seed whose hand, played by the AI as the
 * harness's people play, brings a wanted claim decision; the seed is set before Start.
 */
import assert from 'node:assert/strict';
import { click, slash, buttonByLabel, openHand, pendingNow, type World } from './harness.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { initialState } from '../../src/store/index.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

export type Want = (d: Decision<BaseAction>, all: Decision<BaseAction>[]) => boolean;

/** The first seed whose hand, played by the AI, gives some seat a claim decision `want` accepts. */
export function findSeed(game: GameId, options: unknown, want: Want): { seed: string; seat: number } {
  const engine = engineOf(game);
  for (let k = 0; k < 200; k++) {
    const seed = `prefs-${game}-${k}`;
    let state = initialState(engine, options, 4, seed);
    for (let n = 0; n < 1500 && !engine.result(state); n++) {
      const pending = engine.pending(state) as Decision<BaseAction>[];
      const hit = pending.find((d) => d.kind === 'claim' && want(d, pending));
      if (hit) return { seed, seat: hit.seat };
      const d = pending[0]!;
      const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
      assert.ok(r.ok);
      state = r.value;
    }
  }
  throw new Error(`no seed gives a claim decision for ${game}`);
}

/**
 * /play (with `extra` options), everyone joins, the deal is fixed, Start. `find` picks the deal
 * (default: the first that brings a claim decision `want` accepts).
 */
export async function tableWithSeed(
  w: World,
  game: GameId,
  want: Want,
  extra: Record<string, unknown> = {},
  find: (options: unknown) => { seed: string; seat: number } = (options) => findSeed(game, options, want),
) {
  const host = w.users[0]!;
  const lobby = (await slash(w, host.id, 'play', { game, ...extra })).response!;
  const join = String(buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Join').custom_id);
  for (const u of w.users.slice(1, 4)) await click(w, u.id, lobby.id, join);
  const start = String(buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Start').custom_id);
  const gameId = decodeGameId(start)!.gameId;
  const found = find(w.store.games.get(gameId)!.options);
  w.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(found.seed, gameId);
  await click(w, host.id, lobby.id, start);
  assert.equal(w.store.games.get(gameId)!.status, 'running');
  return { gameId, seat: found.seat, user: w.store.games.seats(gameId)[found.seat]!.userId! };
}

/** The first seed whose hand, played by the AI at 4 seats, lasts at least `moves` decisions. */
export function longSeed(game: GameId, options: unknown, moves: number): string {
  const engine = engineOf(game);
  for (let k = 0; k < 200; k++) {
    const seed = `long-${game}-${k}`;
    let state = initialState(engine, options, 4, seed);
    let n = 0;
    for (; n < 3000 && !engine.result(state); n++) {
      const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
      const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
      assert.ok(r.ok);
      state = r.value;
    }
    if (n >= moves) return seed;
  }
  throw new Error(`no seed gives a ${game} hand of ${moves} decisions`);
}

/** /play with four people, the deal fixed to one that lasts at least `moves` decisions, Start. */
export async function longTable(w: World, game: GameId, moves: number): Promise<{ gameId: string }> {
  const host = w.users[0]!;
  const lobby = (await slash(w, host.id, 'play', { game })).response!;
  const join = String(buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Join').custom_id);
  for (const u of w.users.slice(1, 4)) await click(w, u.id, lobby.id, join);
  const start = String(buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Start').custom_id);
  const gameId = decodeGameId(start)!.gameId;
  w.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(longSeed(game, w.store.games.get(gameId)!.options, moves), gameId);
  await click(w, host.id, lobby.id, start);
  assert.equal(w.store.games.get(gameId)!.status, 'running');
  return { gameId };
}

/**
 * Among a few Chắn deals (default options, 4 seats), the one whose hand, played by the AI (first
 * pending seat first), opens a claim window with two claimants soonest.
 */
export function chanTwoClaimantSeed(): string {
  const chan = engineOf('chan');
  const options = defaultOptions(GAMES.chan.engine.options);
  let best: { seed: string; n: number } | null = null;
  for (let k = 0; k < 30; k++) {
    const seed = `claims-off-${k}`;
    let state = initialState(chan, options, 4, seed);
    for (let n = 0; n < 300 && !chan.result(state) && (!best || n < best.n); n++) {
      const pending = chan.pending(state) as Decision<BaseAction>[];
      if (pending.filter((d) => d.kind === 'claim').length >= 2) {
        best = { seed, n };
        break;
      }
      const d = pending[0]!;
      const r = chan.apply(state, d.seat, chan.ai(state, d.seat) as BaseAction);
      assert.ok(r.ok);
      state = r.value;
    }
  }
  assert.ok(best, 'a deal with two claimants');
  return best.seed;
}

/** The seats with a claim decision open now. */
export function claimSeats(w: World, gameId: string): number[] {
  const row = w.store.games.get(gameId)!;
  return (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[])
    .filter((d) => d.kind === 'claim')
    .map((d) => d.seat);
}

/** The claimant at `seat` passes through their hand view (Pass, by its option index). */
export async function claimPass(w: World, gameId: string, seat: number): Promise<void> {
  const user = w.store.games.seats(gameId)[seat]!.userId!;
  const d = pendingNow(w, gameId).find((x) => x.seat === seat)!;
  const i = d.options.findIndex((a) => a.type === 'pass');
  const view = await openHand(w, user, gameId);
  const b = w.sim.components(view).find((c) => {
    const g = decodeGameId(String(c.custom_id));
    return g?.verb === 'act' && g.arg === String(i);
  })!;
  await click(w, user, view.id, String(b.custom_id));
  assert.ok(!claimSeats(w, gameId).includes(seat));
}
