/**
 * Option and action fuzzing of the four engines (style.md §7), beyond the AI-driven self-play: every
 * house-rule option drawn at random from its allowed values (presets and bundles too), every allowed
 * table size, and moves drawn uniformly from each pending decision's options (sometimes the timeout
 * default, sometimes the AI at a random level; a claim window's seats answer in random order). Hands
 * are chained through `previous` so dealer rotation and match counters are exercised.
 *
 * At every step: checkInvariants and an independent piece count; no stuck state; every decision has
 * options, no duplicates, a timeout default among them; a sample of the listed options is accepted
 * by apply on a deep-frozen state (apply never mutates its input, never throws); the views do not
 * change when the pieces hidden from their viewer are dealt anew; a claim answer that leaves the
 * window open changes nobody else's view. At the end of a hand: zero-sum deltas equal to the
 * payments' net, the result survives a JSON round trip, and replaying the action log from the deal
 * gives the same state. Fixed seed, bounded work.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine as chan } from '../../src/games/chan/index.js';
import { engine as phom } from '../../src/games/phom/index.js';
import { engine as vn } from '../../src/games/vn-mahjong/index.js';
import { engine as classic } from '../../src/games/classic-mahjong/index.js';
import { resolveOptions, type OptionSpec } from '../../src/games/core/options.js';
import { Rng } from '../../src/games/core/rng.js';
import { canonical, deepFreeze } from '../../src/games/core/match.js';
import type { AnyEngine, Decision, BaseAction, HandResult } from '../../src/games/core/types.js';
import { DECK } from '../../src/games/phom/cards.js';
import { FACES } from '../../src/games/chan/cards.js';
import { fullSet as vnFullSet } from '../../src/games/vn-mahjong/tiles.js';
import { tileSet as classicTileSet } from '../../src/games/classic-mahjong/state.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type S = any;
type Slot = { get(): string[]; set(v: string[]): void };

interface GameDef {
  engine: AnyEngine;
  /** Every piece in the state, and the full set it must equal as a multiset. */
  pieces(s: S): { have: string[]; want: string[] };
  /** The slots holding what `seat` (null: the public) cannot see; `fixed` pieces stay where they are. */
  hidden(s: S, seat: number | null): Slot[];
  fixed?: (piece: string) => boolean;
  viewers(s: S, seats: number): number[];
}

const seatsOf = (_s: S, n: number) => Array.from({ length: n }, (_, i) => i);

const GAMES: Record<string, GameDef> = {
  chan: {
    engine: chan,
    pieces: (s) => {
      const have: string[] = [...s.stock];
      for (const st of s.seats) {
        have.push(...st.hand, ...st.pile.map((c: S) => c.card));
        for (const m of st.melds) have.push(...m.cards);
      }
      if (s.phase.kind === 'claim') have.push(s.phase.offer.card);
      return { have, want: FACES.flatMap((f) => [f, f, f, f]) };
    },
    hidden: (s, seat) => [
      { get: () => s.stock, set: (v) => (s.stock = v) },
      ...s.seats.flatMap((st: S, k: number) => (k === seat ? [] : [{ get: () => st.hand, set: (v: string[]) => (st.hand = v) }])),
    ],
    viewers: seatsOf,
  },
  phom: {
    engine: phom,
    pieces: (s) => ({ have: [...s.stock, ...s.hands.flat(), ...s.rows.flat(), ...s.melds.flatMap((m: S) => m.cards)], want: [...DECK] }),
    // Eaten cards (and the phỏm shown with eat-reveal = phom) are public even while held.
    hidden: (s, seat) => [
      { get: () => s.stock, set: (v) => (s.stock = v) },
      ...s.hands.flatMap((h: string[], k: number) => {
        if (k === seat) return [];
        const pub = h.filter((c) => s.eaten[k].includes(c) || s.shown[k].includes(c));
        const priv = h.filter((c) => !pub.includes(c));
        return [{ get: () => priv, set: (v: string[]) => (s.hands[k] = [...pub, ...v]) }];
      }),
    ],
    viewers: seatsOf,
  },
  'vn-mahjong': {
    engine: vn,
    pieces: (s) => {
      const have: string[] = [...s.wall];
      for (const p of s.players) {
        have.push(...p.hand, ...p.pond, ...p.exposed.map((e: S) => e.tile));
        for (const m of p.melds) have.push(...m.tiles);
      }
      if (s.rob) have.push(s.rob.tile);
      return { have, want: vnFullSet(s.opts['joker-copies'], s.opts['honour-joker']) };
    },
    hidden: (s, person) => {
      const seat = person === null ? -1 : s.seatPerson.indexOf(person);
      return [
        { get: () => s.wall, set: (v) => (s.wall = v) },
        ...s.players.flatMap((p: S, k: number) => (k === seat ? [] : [{ get: () => p.hand, set: (v: string[]) => (p.hand = v) }])),
      ];
    },
    viewers: (s) => seatsOf(s, s.match.people),
  },
  'classic-mahjong': {
    engine: classic,
    pieces: (s) => {
      const have: string[] = [...s.wall, ...s.dead];
      for (const p of s.players) {
        have.push(...p.concealed, ...p.bonus);
        for (const m of p.melds) have.push(...m.tiles);
        for (const d of p.discards) if (d.claimedBy === undefined) have.push(d.tile);
      }
      return { have, want: classicTileSet(s.opts) };
    },
    hidden: (s, seat) => [
      { get: () => s.wall, set: (v) => (s.wall = v) },
      { get: () => s.dead, set: (v) => (s.dead = v) },
      ...s.players.flatMap((p: S, k: number) => (k === seat ? [] : [{ get: () => p.concealed, set: (v: string[]) => (p.concealed = v) }])),
    ],
    // Flowers and seasons never stay in a concealed hand: keep them where they lie.
    fixed: (t) => /^[1-8]f$/.test(t),
    viewers: seatsOf,
  },
};

function tally(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

function pieceProblems(def: GameDef, s: S): string[] {
  const { have, want } = def.pieces(s);
  const a = tally(have);
  const b = tally(want);
  const out: string[] = [];
  for (const [k, n] of b) if ((a.get(k) ?? 0) !== n) out.push(`${k}: ${a.get(k) ?? 0} present, ${n} expected`);
  for (const k of a.keys()) if (!b.has(k)) out.push(`unknown piece ${k}`);
  return out;
}

/** A copy of `s` with what `seat` cannot see dealt anew (every size kept). */
function redealHidden(def: GameDef, s0: S, seat: number | null, rng: Rng): S {
  const s = structuredClone(s0);
  const fixed = def.fixed ?? (() => false);
  const slots = def.hidden(s, seat);
  const mixed = rng.shuffle(slots.flatMap((x) => x.get().filter((t) => !fixed(t))));
  let pos = 0;
  for (const sl of slots) sl.set(sl.get().map((t) => (fixed(t) ? t : mixed[pos++]!)));
  return s;
}

function firstDiff(a: unknown, b: unknown, path = '$'): string {
  if (canonical(a) === canonical(b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a as object), ...Object.keys(b as object)])) {
      const d = firstDiff((a as S)[k], (b as S)[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 160)} vs ${JSON.stringify(b)?.slice(0, 160)}`;
}

function randomValue(spec: OptionSpec, rng: Rng): unknown {
  switch (spec.type) {
    case 'bool':
      return rng.int(2) === 1;
    case 'enum':
      return rng.pick(spec.values);
    default: {
      const r = rng.int(10);
      if (spec.also?.length && r === 0) return rng.pick(spec.also);
      if (r === 1) return spec.min;
      if (r === 2) return spec.max;
      return spec.min + rng.int(Math.min(spec.max - spec.min, 20) + 1);
    }
  }
}

interface Combo {
  preset?: string;
  overrides: Record<string, unknown>;
  opts: Record<string, unknown>;
  seats: number;
}

function randomCombo(e: AnyEngine, rng: Rng): Combo {
  const presets = Object.keys(e.options.presets);
  const preset = rng.int(3) === 0 ? undefined : rng.pick(presets);
  const mode = rng.int(3); // every option random, a few, or the preset alone
  const overrides: Record<string, unknown> = {};
  for (const [k, spec] of Object.entries(e.options.fields) as [string, OptionSpec][])
    if (mode === 0 || (mode === 1 && rng.int(4) === 0)) overrides[k] = randomValue(spec, rng);
  const r = resolveOptions(e.options, overrides, preset);
  assert.ok(r.ok, `random options refused: ${JSON.stringify(!r.ok && r.errors)}`);
  const size = e.tableSize(r.value);
  return { preset, overrides, opts: r.value as Record<string, unknown>, seats: size.min + rng.int(size.max - size.min + 1) };
}

const LEVELS = ['easy', 'normal', 'strong'] as const;

interface Budget {
  combos: number;
  hands: number;
  /** Listed options tried per decision (beside the one played). */
  tryOptions: number;
  viewEvery: number;
}

/** Plays one match of up to `b.hands` hands; returns a problem with its repro, or null. */
function fuzzMatch(id: string, combo: Combo, seed: string, b: Budget, count: { hands: number; steps: number }): string | null {
  const def = GAMES[id]!;
  const e = def.engine;
  const rng = new Rng(`fuzz:${seed}`);
  const aiShare = rng.pick([5, 40, 85]);
  let prev: S = null;
  const hands = 1 + rng.int(b.hands);
  for (let h = 0; h < hands; h++) {
    const log: [number, unknown][] = [];
    const where = () =>
      `\n  repro: ${id} preset=${combo.preset} overrides=${JSON.stringify(combo.overrides)} seats=${combo.seats} ` +
      `setup seed "${seed}#${h}" (hand ${h} of the match "${seed}"), actions ${JSON.stringify(log)}`;
    let s: S = e.setup(combo.opts, combo.seats, `${seed}#${h}`, prev);
    count.hands++;
    let step = 0;
    for (; step < 3000; step++) {
      const inv = [...e.checkInvariants(s), ...pieceProblems(def, s)];
      if (inv.length) return `invariants at step ${step}: ${inv.join('; ')}${where()}`;
      const res = e.result(s) as HandResult | null;
      const pend = e.pending(s) as Decision<BaseAction>[];
      if (step % b.viewEvery === 0 && !res) {
        const salt = rng.int(1e9);
        const pub = e.publicView(s);
        const d = firstDiff(pub, e.publicView(redealHidden(def, s, null, new Rng(`p${salt}`))));
        if (d) return `publicView depends on hidden pieces at step ${step}: ${d}${where()}`;
        for (const v of def.viewers(s, combo.seats)) {
          const dv = firstDiff(e.view(s, v), e.view(redealHidden(def, s, v, new Rng(`v${salt}:${v}`)), v));
          if (dv) return `view(${v}) depends on pieces hidden from it at step ${step}: ${dv}${where()}`;
        }
      }
      if (res) {
        if (pend.length) return `pending decisions after the end${where()}`;
        break;
      }
      if (!pend.length) return `no pending decision and no result at step ${step}${where()}`;
      deepFreeze(s);
      for (const d of pend) {
        if (!d.options.length) return `seat ${d.seat} has a decision without options${where()}`;
        const keys = d.options.map(canonical);
        if (new Set(keys).size !== keys.length) return `seat ${d.seat} has duplicate options${where()}`;
        if (!keys.includes(canonical(d.timeoutDefault)))
          return `seat ${d.seat}: timeout default ${canonical(d.timeoutDefault)} is not an option${where()}`;
        const idx = rng.shuffle(d.options.map((_, i) => i)).slice(0, b.tryOptions);
        for (const i of idx) {
          const r = e.apply(s, d.seat, d.options[i]!);
          if (!r.ok) return `listed option ${keys[i]} of seat ${d.seat} refused: ${r.error.code}${where()}`;
        }
      }
      const d = rng.pick(pend);
      const roll = rng.int(100);
      const a = roll < aiShare ? e.ai(s, d.seat, rng.pick(LEVELS)) : roll < aiShare + 10 ? d.timeoutDefault : rng.pick(d.options);
      log.push([d.seat, a]);
      const r = e.apply(s, d.seat, a);
      if (!r.ok) return `seat ${d.seat} ${canonical(a)} refused: ${r.error.code}${where()}`;
      // A claim answer that leaves the window open changes nobody else's view.
      if (d.kind === 'claim' && !e.result(r.value)) {
        const np = e.pending(r.value) as Decision<BaseAction>[];
        const others = pend.map((x) => x.seat).filter((x) => x !== d.seat);
        if (np.every((x) => x.kind === 'claim') && canonical(np.map((x) => x.seat)) === canonical(others)) {
          const pv = firstDiff(e.publicView(s), e.publicView(r.value));
          if (pv) return `a claim answer changed the public view: ${pv}${where()}`;
          for (const v of def.viewers(s, combo.seats)) {
            if (v === d.seat) continue;
            const dv = firstDiff(e.view(s, v), e.view(r.value, v));
            if (dv) return `a claim answer by ${d.seat} changed view(${v}): ${dv}${where()}`;
          }
        }
      }
      s = r.value;
      count.steps++;
    }
    if (step >= 3000) return `the hand did not end in 3000 steps${where()}`;
    const res = e.result(s) as HandResult;
    const sum = res.deltas.reduce((x, y) => x + y, 0);
    if (sum !== 0) return `deltas sum to ${sum}${where()}`;
    const net = res.deltas.map(() => 0);
    for (const p of res.payments) {
      if (!(p.amount >= 0) || p.from === p.to) return `bad payment ${JSON.stringify(p)}${where()}`;
      net[p.from]! -= p.amount;
      net[p.to]! += p.amount;
    }
    if (canonical(net) !== canonical(res.deltas)) return `payments net ${net} but deltas ${res.deltas}${where()}`;
    if (canonical(e.result(JSON.parse(JSON.stringify(s)))) !== canonical(res)) return `result changes through JSON${where()}`;
    let t: S = e.setup(combo.opts, combo.seats, `${seed}#${h}`, prev === null ? null : JSON.parse(JSON.stringify(prev)));
    for (const [seat, a] of log) {
      const r = e.apply(t, seat, JSON.parse(JSON.stringify(a)));
      if (!r.ok) return `replay refused ${canonical(a)}${where()}`;
      t = r.value;
    }
    if (canonical(t) !== canonical(s)) return `replaying the log gives another state: ${firstDiff(s, t)}${where()}`;
    if (e.matchOver(s)) break;
    prev = s;
  }
  return null;
}

const BUDGETS: Record<string, Budget> = {
  chan: { combos: 40, hands: 4, tryOptions: 3, viewEvery: 6 },
  phom: { combos: 60, hands: 4, tryOptions: 3, viewEvery: 6 },
  'vn-mahjong': { combos: 20, hands: 4, tryOptions: 3, viewEvery: 8 },
  'classic-mahjong': { combos: 28, hands: 4, tryOptions: 3, viewEvery: 8 },
};

for (const id of Object.keys(GAMES)) {
  test(`${id}: random options × random legal moves keep every invariant`, () => {
    const b = BUDGETS[id]!;
    const rng = new Rng(`fuzz-options:${id}`);
    const count = { hands: 0, steps: 0 };
    const problems: string[] = [];
    for (let c = 0; c < b.combos; c++) {
      const p = fuzzMatch(id, randomCombo(GAMES[id]!.engine, rng), `fo-${id}-${c}`, b, count);
      if (p) problems.push(p);
    }
    assert.deepEqual(problems, []);
    assert.ok(count.hands >= b.combos && count.steps > 10 * b.combos, `${count.hands} hands, ${count.steps} steps`);
  });
}
