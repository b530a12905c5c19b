/** Hint reasons for classical mahjong (issue #16): a one-line reason for the strong AI's choice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { standardShanten } from '../../src/games/mahjong/decompose.js';
import { counts } from '../../src/games/classic-mahjong/hand.js';
import type { TileCode } from '../../src/games/mahjong/tiles.js';
import { KINDS, unseenBy } from '../support/mahjong-hands.js';
import { planOf } from '../../src/games/classic-mahjong/ai-strong.js';
import type { Action } from '../../src/games/classic-mahjong/actions.js';

const opts = defaultOptions(engine.options);

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW, and its numbers are right', () => {
  const seen = new Set<string>();
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, handSeed('classic-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      const id = checkReason('classic-mahjong', r);
      seen.add(id);
      if (a.type === 'discard' && id === 'discard') {
        // The steps it states are the hand's own after that discard (the seat's view only).
        const v = engine.view(s, d.seat);
        const rest = [...v.hand];
        rest.splice(rest.indexOf(a.tile), 1);
        assert.equal(r.vars.steps, Math.max(0, standardShanten(counts(rest), 4 - v.melds.length)));
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  for (const id of ['discard', 'discard-ready', 'call', 'pass-call', 'win']) assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});

test("a call's reason states only what is true: closer, or as far but for a double, more live tiles or the plan", () => {
  // Recomputed here from the seat's view: steps before the call, after it and the best discard,
  // and the live tiles (not seen by the seat) that improve the hand before and after.
  const steps = (tiles: readonly string[], sets: number) => Math.max(0, standardShanten(counts(tiles as TileCode[]), Math.max(0, sets)));
  const minus = (tiles: readonly string[], used: readonly string[]) => {
    const out = [...tiles];
    for (const t of used) out.splice(out.indexOf(t), 1);
    return out;
  };
  const seen = new Map<string, number>();
  let kept = 0;
  for (let h = 0; h < 12; h++) {
    let s: State = engine.setup(opts, 4, handSeed('classic-call-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const ds = engine.pending(s);
      for (const d of ds) {
        const a = engine.ai(s, d.seat, 'strong');
        if (a.type !== 'pung' && a.type !== 'chow') continue;
        const r = engine.explain!(s, d.seat, a);
        const id = checkReason('classic-mahjong', r);
        seen.set(id, (seen.get(id) ?? 0) + 1);
        const v = engine.view(s, d.seat);
        const sets = 4 - v.melds.length;
        const unseen = unseenBy(v);
        // a live tile improves the hand when it lowers its distance (to a win, for a ready hand)
        const raw = (tiles: readonly string[], n: number) => standardShanten(counts(tiles as TileCode[]), n);
        const live = (tiles: readonly string[], n: number) =>
          KINDS.reduce((sum, t) => sum + (raw([...tiles, t], n) < raw(tiles, n) ? unseen.get(t)! : 0), 0);
        const tile = v.claimable!.tile;
        const rest = minus(v.hand, a.type === 'pung' ? [tile, tile] : minus(a.tiles, [tile]));
        const now = steps(v.hand, sets);
        const after = Math.min(...rest.map((t) => steps(minus(rest, [t]), sets - 1)));
        const liveAfter = Math.max(
          ...rest.filter((t) => steps(minus(rest, [t]), sets - 1) === after).map((t) => live(minus(rest, [t]), sets - 1)),
        );
        const where = `hand ${v.hand.join(' ')}, ${a.type} ${tile}: ${now} → ${after} steps, ${id}`;
        assert.equal(r.vars.card, tile, where);
        assert.equal(r.vars.steps, after, where);
        if (after >= now) kept++;
        switch (id) {
          case 'call':
          case 'call-to-ready':
            assert.ok(after < now, `not closer: ${where}`);
            assert.equal(id === 'call-to-ready', after === 0, `ready after it exactly when 0 steps: ${where}`);
            break;
          case 'call-scores':
          case 'call-scores-ready':
            assert.equal(id === 'call-scores-ready', after === 0, where);
            assert.ok(a.type === 'pung' && after === now, where);
            assert.ok(['5z', '6z', '7z', v.wind, v.roundWind].includes(tile), `${tile} scores no double: ${where}`);
            break;
          case 'call-waits':
          case 'call-waits-ready':
            assert.equal(id === 'call-waits-ready', after === 0, where);
            assert.equal(after, now, where);
            assert.equal(r.vars.before, live(v.hand, sets), where);
            assert.equal(r.vars.live, liveAfter, where);
            assert.ok(liveAfter > live(v.hand, sets), where);
            break;
          case 'call-suit': {
            const suits = new Set([...v.melds.flatMap((m) => m.tiles), tile].map((t) => t[1]).filter((x) => x !== 'z'));
            assert.ok(suits.size <= 1, where);
            break;
          }
          case 'call-stays-ready':
          case 'call-suit-ready':
            assert.ok(after === 0 && now === 0, where);
            // the live tiles to win on, after and now: never more after (that is 'call-waits-ready')
            assert.equal(r.vars.before, live(v.hand, sets), where);
            assert.equal(r.vars.live, liveAfter, where);
            assert.ok(liveAfter <= live(v.hand, sets), where);
            break;
          default:
            // 'call-steps' included: strong makes no call that these measures do not favour, but for its plan
            assert.fail(`not a reason for a call of strong: ${where}`);
        }
      }
      const d = ds[0]!;
      const next = engine.apply(s, d.seat, engine.ai(s, d.seat, 'strong'));
      assert.ok(next.ok);
      s = next.value;
    }
  }
  // The strong AI makes calls that keep the distance (a double, more live tiles): they were checked.
  assert.ok(kept >= 3, `${kept} calls that keep the distance: ${JSON.stringify([...seen])}`);
});

const EAST = ['1m', '1m', '2m', '9p', '9p', '9p', '2p', '3p', '4p', '8p', '8p', '3z', '3z'];
/** Seat 1 (the hand given) may claim `tile`, discarded by seat 0 (`east`); the other hands are fixed. */
function claimBy1(hand: string[], tile: string, east = EAST) {
  const s = engine.fromScenario(defaultOptions(engine.options), 4, {
    position: {
      players: [
        { concealed: east, discards: [tile] },
        { concealed: hand },
        { concealed: ['2s', '2s', '3s', '5s', '6s', '7s', '7p', '8p', '9p', '1z', '1z', '1z', '2z'] },
        { concealed: ['9s', '9s', '9s', '5s', '6s', '7s', '7p', '7p', '8p', '4z', '4z', '4z', '2z'] },
      ],
      phase: 'claim',
      claim: { tile, from: 0 },
      turn: 0,
      wallCount: 50,
    },
  });
  assert.ok(s.ok, s.ok ? '' : s.error.message);
  return s.value;
}

test('a call that keeps a ready hand ready with more winning tiles says so, not "0 steps from ready"', () => {
  const s = claimBy1(['4m', '4m', '4m', '6m', '6m', '6m', '3p', '3p', '3s', '4s', '5s', '6s', '6s'], '7s');
  const r = engine.explain!(s, 1, { type: 'chow', tiles: ['5s', '6s', '7s'] });
  assert.equal(checkReason('classic-mahjong', r), 'call-waits-ready');
  assert.ok(Number(r.vars.live) > Number(r.vars.before), JSON.stringify(r));
});

test('a scoring pung that keeps a ready hand ready says it stays ready', () => {
  const s = claimBy1(['1m', '2m', '3m', '4m', '5m', '6m', '7s', '8s', '9s', '5z', '5z', '3p', '4p'], '5z');
  assert.equal(checkReason('classic-mahjong', engine.explain!(s, 1, { type: 'pung' })), 'call-scores-ready');
});

/**
 * A call's measures recomputed from the seat's view (the test's own reading): steps from ready before
 * the call and after it with its best discard, and the live tiles (unseen by the seat) that improve
 * the hand before it and after the best such discard.
 */
function measures(s: State, seat: number, a: Action) {
  if (a.type !== 'pung' && a.type !== 'chow') assert.fail(`not a call: ${a.type}`);
  const v = engine.view(s, seat);
  const sets = 4 - v.melds.length;
  const unseen = unseenBy(v);
  const raw = (tiles: readonly string[], n: number) => standardShanten(counts(tiles as TileCode[]), Math.max(0, n));
  const steps = (tiles: readonly string[], n: number) => Math.max(0, raw(tiles, n));
  const live = (tiles: readonly string[], n: number) =>
    KINDS.reduce((sum, t) => sum + (raw([...tiles, t], n) < raw(tiles, n) ? unseen.get(t)! : 0), 0);
  const minus = (tiles: readonly string[], used: readonly string[]) => {
    const out = [...tiles];
    for (const t of used) out.splice(out.indexOf(t), 1);
    return out;
  };
  const tile = v.claimable!.tile;
  const rest = minus(v.hand, a.type === 'pung' ? [tile, tile] : minus(a.tiles, [tile]));
  const after = Math.min(...rest.map((t) => steps(minus(rest, [t]), sets - 1)));
  const liveAfter = Math.max(
    ...rest.filter((t) => steps(minus(rest, [t]), sets - 1) === after).map((t) => live(minus(rest, [t]), sets - 1)),
  );
  return { tile, now: steps(v.hand, sets), after, liveNow: live(v.hand, sets), liveAfter };
}

// seat 0's hand where the fixed one would hold a fifth copy of a tile of seat 1
const EAST2 = ['3s', '3s', '4s', '4s', '8s', '8s', '1z', '2z', '3z', '5z', '6z', '7z', '7z'];

test('call-suit: strong pungs a tile of the one suit it plays for, though the call is no closer, scores nothing and adds no live tile', () => {
  // 1p–9p 6p 9p (123 456 678 99: a step from ready) and two strays 9s 7z. After the pung of 6p the hand is
  // still a step from ready; counting every tile it waits on no more live tiles either: only the suit
  // explains the call (strong counts the one suit's tiles alone).
  const hand = ['1p', '2p', '3p', '4p', '5p', '6p', '6p', '7p', '8p', '9p', '9p', '9s', '7z'];
  const s = claimBy1(hand, '6p', EAST2);
  const a = engine.ai(s, 1, 'strong');
  assert.deepEqual(a, { type: 'pung' });
  const r = engine.explain!(s, 1, a);
  assert.equal(checkReason('classic-mahjong', r), 'call-suit');
  const m = measures(s, 1, a);
  assert.deepEqual([r.vars.card, r.vars.steps], ['6p', m.after]);
  assert.deepEqual([m.now, m.after], [1, 1], 'as far from ready as before');
  assert.ok(m.liveAfter <= m.liveNow, `live ${m.liveNow} → ${m.liveAfter}`);
  // the suit it plays: the claimed tile's, that of all of the hand but its two strays
  assert.equal(hand.filter((t) => t[1] === 'p').length, 11);
});

test('call-suit-ready: strong pungs for its one suit while ready on another suit; the hint says the suit and the narrower wait', () => {
  // 234m 456m 789m 1m1m and 5p6p: ready on 4p/7p. The pung of 1m leaves 234m 456m 789m and a lone
  // 5p or 6p: still ready, on fewer tiles, but the manzu are now ready without the pinzu.
  const s = claimBy1(['2m', '3m', '4m', '4m', '5m', '6m', '7m', '8m', '9m', '1m', '1m', '5p', '6p'], '1m', EAST2);
  const a = engine.ai(s, 1, 'strong');
  assert.deepEqual(a, { type: 'pung' });
  const r = engine.explain!(s, 1, a);
  assert.equal(checkReason('classic-mahjong', r), 'call-suit-ready');
  const m = measures(s, 1, a);
  assert.deepEqual([m.now, m.after], [0, 0], 'ready before and after');
  assert.ok(m.liveAfter < m.liveNow, `fewer winning tiles: ${m.liveNow} → ${m.liveAfter}`);
  assert.deepEqual([r.vars.live, r.vars.before], [m.liveAfter, m.liveNow], 'the hint gives both counts');
});

test('call-steps: a call strong does not make (a choice given to explain otherwise) gets its steps before and after', () => {
  // ready (123m 456m 789p 2s2s 5z5z); the chow 234m of 3m breaks a run: a step from ready after it
  const s = claimBy1(['1m', '2m', '3m', '4m', '5m', '6m', '7p', '8p', '9p', '2s', '2s', '5z', '5z'], '3m', EAST2);
  assert.deepEqual(engine.ai(s, 1, 'strong'), { type: 'pass' });
  const chow: Action = { type: 'chow', tiles: ['2m', '3m', '4m'] };
  const r = engine.explain!(s, 1, chow);
  assert.equal(checkReason('classic-mahjong', r), 'call-steps');
  const m = measures(s, 1, chow);
  assert.deepEqual([r.vars.card, r.vars.steps, r.vars.before], ['3m', m.after, m.now]);
  assert.deepEqual([m.now, m.after], [0, 1]);
});

test('no all-pungs call reason: under its all-pung plan strong pungs only a step closer or for a double (many positions)', () => {
  // explain.ts has no "fits the all-pungs hand" reason for a call: under that plan a pung is a step
  // closer or a scoring one. Checked here on pair-heavy hands of seat 1, with tiles seen at random.
  let x = 0x2545f491;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const seen = new Map<string, number>();
  let pungPlan = 0;
  for (let n = 0; n < 1500; n++) {
    const pool = new Map(KINDS.map((t) => [t, 4]));
    const take = (t: string) => pool.get(t)! > 0 && (pool.set(t, pool.get(t)! - 1), true);
    const hand: string[] = [];
    while (hand.length < 13) {
      const t = pick(KINDS);
      const copies = rnd() < 0.6 ? 2 : rnd() < 0.5 ? 3 : 1;
      for (let k = 0; k < copies && hand.length < 13; k++) if (take(t)) hand.push(t);
    }
    const tile = rnd() < 0.7 ? pick(hand) : pick(KINDS);
    if (!take(tile)) continue;
    const discards: string[][] = [[], [], []];
    for (let k = Math.floor(rnd() * 20); k > 0; k--) {
      const t = rnd() < 0.6 ? pick(hand) : pick(KINDS);
      if (take(t)) pick(discards).push(t);
    }
    const others = [0, 1, 2].map(() => {
      const h: string[] = [];
      while (h.length < 13) {
        const t = pick(KINDS);
        if (take(t)) h.push(t);
      }
      return h;
    });
    const r = engine.fromScenario(opts, 4, {
      position: {
        players: [
          { concealed: others[0], discards: [...discards[0]!, tile] },
          { concealed: hand },
          { concealed: others[1], discards: discards[1] },
          { concealed: others[2], discards: discards[2] },
        ],
        phase: 'claim',
        claim: { tile, from: 0 },
        turn: 0,
        wallCount: 45,
      },
    });
    if (!r.ok || !engine.pending(r.value).some((d) => d.seat === 1)) continue;
    const s = r.value;
    const a = engine.ai(s, 1, 'strong');
    if (a.type !== 'pung' && a.type !== 'chow') continue;
    const id = checkReason('classic-mahjong', engine.explain!(s, 1, a));
    seen.set(id, (seen.get(id) ?? 0) + 1);
    const v = engine.view(s, 1);
    const k = { seat: 1, view: v, table: engine.publicView(s), decision: engine.pending(s).find((d) => d.seat === 1)! };
    if (planOf(k) !== 'pungs') continue;
    pungPlan++;
    const m = measures(s, 1, a);
    assert.equal(a.type, 'pung', 'no chow under an all-pung plan');
    const where = `hand ${v.hand.join(' ')}, pung ${tile}: ${m.now} → ${m.after}, ${id}`;
    assert.ok(m.after < m.now || ['5z', '6z', '7z', v.wind, v.roundWind].includes(tile), where);
    assert.ok(['call', 'call-to-ready', 'call-scores', 'call-scores-ready'].includes(id), where);
  }
  assert.ok(pungPlan >= 200, `${pungPlan} pungs under an all-pung plan: ${JSON.stringify([...seen])}`);
  assert.ok(!seen.has('call-steps'), JSON.stringify([...seen]));
});
