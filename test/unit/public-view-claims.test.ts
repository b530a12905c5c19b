/**
 * The public view is the security boundary (README "Architecture"): during a claim window it must
 * not say who may claim (issue #13 §2). Played hands of every game with claim windows: at each fresh
 * window the whole public view (every nested value) is the same as at that state with other seats
 * as the claimants, as test/unit/table-claim-privacy.test.ts checks for the public messages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { openClaimWindow, type ClaimWindow } from '../../src/games/core/claims.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

const GAMES: GameId[] = ['chan', 'classic-mahjong', 'vn-mahjong'];

const isWindow = (x: unknown): x is ClaimWindow<unknown> =>
  !!x && typeof x === 'object' && Array.isArray((x as ClaimWindow<unknown>).seats) && Array.isArray((x as ClaimWindow<unknown>).answers);

/** The claim windows in `state` that still wait for an answer. */
function openWindows(state: unknown): ClaimWindow<unknown>[] {
  const out: ClaimWindow<unknown>[] = [];
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    if (isWindow(x) && x.answers.some((a) => a === null)) out.push(x);
    for (const v of Object.values(x)) walk(v);
  };
  walk(state);
  return out;
}

/**
 * A copy of `state` whose open claim window (core/claims.ts, wherever the game keeps it: Chắn's
 * claim phase, the mahjongs' `claim` or `rob`) has `seats` as its claimants, none answered; Chắn's
 * per-seat claim entries beside it follow (a new seat may only pass). Nothing else changes.
 */
function withClaimants(state: unknown, seats: number[]): unknown {
  let swapped = 0;
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (!x || typeof x !== 'object') return x;
    const o = Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)])) as Record<string, unknown>;
    const w = o.window;
    if (isWindow(w) && w.answers.some((a) => a === null)) {
      swapped++;
      if (Array.isArray(o.seats)) {
        const entries = o.seats as { seat: number }[];
        o.seats = seats.map(
          (seat) => entries.find((e) => e.seat === seat) ?? { seat, u: false, uLegal: false, chiu: false, eat: [], eatChan: false },
        );
      }
      o.window = openClaimWindow(seats);
    }
    return o;
  };
  const out = walk(state);
  assert.equal(swapped, 1, 'one open claim window in the state');
  return out;
}

for (const game of GAMES) {
  test(`${game}: the public view of a claim window does not list the claimants`, () => {
    const engine = engineOf(game);
    const resolved = resolveOptions(engine.options, {});
    assert.ok(resolved.ok);
    const options = resolved.value;
    let windows = 0;
    for (let k = 0; k < 20 && windows < 40; k++) {
      let state = engine.setup(options, 4, `pv-${game}-${k}`, null);
      for (let n = 0; n < 2000 && !engine.result(state); n++) {
        const pending = engine.pending(state) as Decision<BaseAction>[];
        const claimants = pending.filter((d) => d.kind === 'claim').map((d) => d.seat);
        const open = openWindows(state);
        // A fresh window (nobody answered yet): its claimants are exactly what the engine decided.
        if (claimants.length && open.length === 1 && open[0]!.answers.every((a) => a === null)) {
          windows++;
          const pub = engine.publicView(state);
          // Window seats are hand seats; vn-mahjong's decisions name the person sitting there.
          const person = (x: number) => (state as { seatPerson?: number[] }).seatPerson?.[x] ?? x;
          assert.deepEqual(open[0]!.seats.map(person).sort(), [...claimants].sort(), `${game}: the window holds the claimants`);
          const others = [0, 1, 2, 3].filter((x) => !open[0]!.seats.includes(x));
          for (const seats of [others, others.slice(0, 1), [0, 1, 2, 3]].filter((v) => v.length)) {
            const alt = withClaimants(state, seats);
            const altClaimants = (engine.pending(alt) as Decision<BaseAction>[]).filter((d) => d.kind === 'claim').map((d) => d.seat);
            assert.deepEqual(altClaimants.sort(), seats.map(person).sort(), `${game}: the variant's claimants`);
            assert.deepEqual(engine.publicView(alt), pub, `${game}: public view, claimants ${claimants} vs ${seats.map(person)}`);
          }
        }
        const d = pending[0]!;
        const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
        assert.ok(r.ok);
        state = r.value;
      }
    }
    assert.ok(windows >= 10, `claim windows seen: ${windows}`);
  });
}

for (const game of GAMES) {
  test(`${game}: a claim answer is invisible in the public view while its window stays open, and a pass for ever`, () => {
    const engine = engineOf(game);
    const resolved = resolveOptions(engine.options, {});
    assert.ok(resolved.ok);
    const options = resolved.value;
    let hidden = 0;
    let passes = 0;
    for (let k = 0; k < 20 && hidden < 40; k++) {
      let state = engine.setup(options, 4, `pv-answer-${game}-${k}`, null);
      for (let n = 0; n < 2000 && !engine.result(state); n++) {
        const pending = engine.pending(state) as Decision<BaseAction>[];
        const d = pending[0]!;
        const action = engine.ai(state, d.seat) as BaseAction;
        const before = engine.publicView(state);
        const r = engine.apply(state, d.seat, action);
        assert.ok(r.ok);
        state = r.value;
        if (d.kind !== 'claim') continue;
        if (action.type === 'pass') passes++;
        // Only a window several seats answer at once is secret (Chắn offers a card gate by gate, openly).
        if (pending.filter((x) => x.kind === 'claim').length < 2) continue;
        // A pass never shows, not even once the window has closed (vn-mahjong's `last` once said "Name: Pass").
        assert.doesNotMatch(JSON.stringify(engine.publicView(state)), /"type":"pass"/, `${game}: a pass in the public view`);
        const open = (engine.pending(state) as Decision<BaseAction>[]).some((x) => x.kind === 'claim');
        if (!open) continue;
        hidden++;
        assert.deepEqual(engine.publicView(state), before, `${game}: ${action.type} of seat ${d.seat} shows while the window is open`);
      }
    }
    assert.ok(hidden >= 10 && passes >= 10, `open-window answers: ${hidden}, passes: ${passes}`);
  });
}
