/** Hint reasons for Chắn (issue #16): the strong AI's one-line reason, judged from the seat's knowledge only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed, Rng } from '../../src/games/core/rng.js';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import { knowledge } from '../../src/games/chan/ai.js';
import { offerGates, passedAtGate } from '../../src/games/chan/strong.js';
import type { ChanAction } from '../../src/games/chan/actions.js';
import { countOf, FACES, group, type Face } from '../../src/games/chan/cards.js';
import { rawEatPartners } from '../../src/games/chan/legality.js';
import type { ChanOptions } from '../../src/games/chan/options.js';
import { opts } from './helpers.js';

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW', () => {
  const seen = new Set<string>();
  for (const n of [4, 5])
    for (let h = 0; h < 4; h++) {
      let s = engine.setup(opts(), n, handSeed(`chan-hint-${n}`, h), null);
      for (let i = 0; i < 2000 && !engine.result(s); i++) {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, 'strong');
        const r = engine.explain!(s, d.seat, a);
        const id = checkReason('chan', r);
        seen.add(id);
        if ((a.type === 'discard' || a.type === 'return') && 'chan' in r.vars) {
          // "keeps your N chắn": counted from the seat's view once the card has left the hand
          // (exposed chắn 1, chíu 2; concealed pairs of a face), so a broken pair is not kept.
          const v = engine.view(s, d.seat);
          const rest = [...v.hand];
          if (rest.includes(a.card)) rest.splice(rest.indexOf(a.card), 1);
          const exposed = v.seats[d.seat]!.melds.reduce((sum, m) => sum + (m.kind === 'chan' ? 1 : m.kind === 'chiu' ? 2 : 0), 0);
          const pairs = FACES.reduce((sum, f) => sum + (countOf(rest, f) >> 1), 0);
          assert.equal(r.vars.chan, exposed + pairs, `${a.type} ${a.card} from ${v.hand.join(' ')}`);
          // A card of a pair breaks a chắn: the reason says so ("-breaks"), never that it keeps them.
          const before = exposed + FACES.reduce((sum, f) => sum + (countOf(v.hand, f) >> 1), 0);
          assert.equal(r.key.endsWith('-breaks'), exposed + pairs < before, `${r.key}: ${a.card} from ${v.hand.join(' ')}`);
          if (r.key.endsWith('-breaks')) seen.add('breaks');
        }
        const next = engine.apply(s, d.seat, a);
        assert.ok(next.ok);
        s = next.value;
      }
    }
  for (const id of ['draw', 'discard-risk', 'discard-safe', 'pass-ca', 'eat-chan', 'breaks'])
    assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});

/**
 * Could a seat with concealed `hand` take offered `x` at its gate? The rules' own partner list
 * (legality.ts, §7.2: chắn, or cạ with the spare card / R5 and the house options), R3 when it discarded
 * `x` itself, and chíu with three copies (§7.3). Hidden bans (R1, R2) are left out: they only forbid more,
 * so "cannot" here is the claim the hint makes from what the discarder may know.
 */
function canTake(hand: readonly Face[], x: Face, threw: boolean, o: ChanOptions): boolean {
  if (countOf(hand, x) === 3) return true;
  if (threw) return false;
  const raw = rawEatPartners(hand, x, o);
  return raw.chan || raw.ca.length > 0;
}

interface Told {
  h: number;
  step: number;
  s: ChanState;
  seat: number;
  /** Where the card may be eaten: the next seat's gate, or for a returned card the return seat's and the one after (strong.ts `offerGates`). */
  gates: number[];
  card: Face;
  id: string;
  pct: number;
}

/** Every discard/return reason of strong self-play hands, with the state it was given in. */
function told(n: number, seed: string, hands: number[], o: ChanOptions): Told[] {
  const out: Told[] = [];
  for (const h of hands) {
    let s = engine.setup(o, n, handSeed(seed, h), null);
    for (let i = 0; i < 2000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      if (a.type === 'discard' || a.type === 'return') {
        const r = engine.explain!(s, d.seat, a);
        const id = checkReason('chan', r);
        const v = engine.view(s, d.seat);
        const gates = offerGates(d.seat, n, a.type === 'return' ? v.returnTo : null);
        out.push({ h, step: i, s, seat: d.seat, gates, card: a.card, id, pct: Number(r.vars.pct) });
      }
      const next = engine.apply(s, d.seat, a as ChanAction);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  return out;
}

/** The chance level a discard or return reason states: `safe`, `unlikely` (under 5 %) or `risk` (ids may end in `-breaks`). */
const levelOf = (id: string) =>
  id
    .replace(/-breaks$/, '')
    .split('-')
    .pop()!;

const VARIANTS: [number, Record<string, unknown>][] = [
  [4, {}],
  [5, {}],
  [4, { 'split-chan-for-ca': false }],
  [4, { 'ca-partner': 'only-face', 'lao-thang-ca': false }],
];

test('"cannot eat it" is never false: the seat at the gate really holds nothing to eat (chắn or cạ) or chíu it with', () => {
  let safe = 0;
  let risky = 0;
  const cases: [number, string, number[], Record<string, unknown>][] = [
    // The audit's counter-examples: 3v into 3n (hand 6), 6v into 6n (hand 10), both cạ eats.
    [4, 'audit-chan', [6, 10], {}],
    ...VARIANTS.map(([n, o], j): [number, string, number[], Record<string, unknown>] => [n, `chan-safe-${j}`, [0, 1, 2, 3, 4], o]),
  ];
  for (const [n, seed, hands, over] of cases) {
    const o = opts(over);
    for (const t of told(n, seed, hands, o)) {
      for (const gate of t.gates) {
        const at = t.s.seats[gate]!;
        // What the gate seat really holds (the test may look; the AI may not).
        const can = canTake(at.hand, t.card, at.discardedFaces.includes(t.card), o);
        if (t.id.endsWith('-safe'))
          assert.ok(!can, `${seed} hand ${t.h} step ${t.step}: ${t.card} called safe, but seat ${gate} holds ${at.hand.join(' ')}`);
        else if (can) risky++;
      }
      if (t.id.endsWith('-safe')) safe++;
    }
  }
  assert.ok(safe > 20, `some safe discards were seen (${safe})`);
  assert.ok(risky > 20, `some gates that could take the card were told as a chance (${risky})`);
});

test('the stated chance is what dealing the unseen cards to the gate seat gives, judged by the rules', () => {
  let checked = 0;
  for (const [n, over] of VARIANTS) {
    const o = opts(over);
    const all = told(n, `chan-pct-${n}-${JSON.stringify(over)}`, [0, 1, 2], o);
    for (const t of all.filter((_, j) => j % 3 === 0)) {
      // The unseen cards from the discarder's seat: 4 of each face minus its hand, all melds, all dead cards.
      const k = knowledge(t.s, t.seat);
      // A face that died at that gate before is judged on what the seat's pass tells (hint-truth.test.ts).
      if (t.gates.some((g) => passedAtGate(k.table, g, t.card))) continue;
      const left = new Map<Face, number>(FACES.map((f) => [f, 4]));
      const seen: Face[] = [...k.view.hand];
      for (const st of k.table.seats) {
        for (const m of st.melds) seen.push(...m.cards);
        for (const p of st.pile) seen.push(p.card);
      }
      if (k.table.offer) seen.push(k.table.offer.card);
      for (const f of seen) left.set(f, left.get(f)! - 1);
      const pool = FACES.flatMap((f) => new Array<Face>(Math.max(0, left.get(f)!)).fill(f));
      const pubs = t.gates.map((g) => k.table.seats[g]!);
      const rng = new Rng(`pct-${checked}`);
      const N = 4000;
      let hits = 0;
      for (let r = 0; r < N; r++) {
        // Uniformly random hands of the gate seats' sizes from the unseen cards (partial Fisher–Yates).
        const a = pool.slice();
        const dealt = pubs.reduce((sum, pub) => sum + pub.handCount, 0);
        for (let i = 0; i < dealt; i++) {
          const j = i + rng.int(a.length - i);
          [a[i], a[j]] = [a[j]!, a[i]!];
        }
        let from = 0;
        const any = pubs.some((pub) => {
          const hand = a.slice(from, (from += pub.handCount));
          return canTake(hand, t.card, pub.discardedFaces.includes(t.card), o);
        });
        if (any) hits++;
      }
      const freq = (100 * hits) / N;
      const where = `${JSON.stringify(over)} ${n}P hand ${t.h} step ${t.step}: ${t.card} ${t.id} ${t.pct} %, sampled ${freq} %`;
      const level = levelOf(t.id);
      if (level === 'safe') assert.equal(hits, 0, where);
      else if (level === 'unlikely') assert.ok(hits > 0 && freq < 7, where);
      else assert.ok(Math.abs(freq - t.pct) <= 3.5 && t.pct >= 5, where);
      checked++;
    }
  }
  assert.ok(checked > 50, `${checked} reasons checked`);
});

test('"unlikely to eat it (under 5 %)" is true: sampled gate hands take the card that rarely, faces passed at the gate included', () => {
  // Self-play seldom puts a card at under 5 % (a gate seat holds 19+ cards): positions where the next seat
  // has exposed 6 to 11 chắn, so it holds 1 to 11 cards, with dead cards at random. Seat 0 discards; for
  // each card it may discard the stated chance is checked against hands of the gate seat's size dealt from
  // what seat 0 has not seen. A face already passed at the gate (in seat 0's pile) is judged as the hint
  // judges it: the seat holds no copy of it (else it had eaten it, or R1 bars it) and its cạ are the ones
  // it may have gained since, none when no card of the rank left it (then the chance is 0: hint-truth.test.ts).
  const o = opts();
  const rng = new Rng('chan-unlikely');
  const shuffle = <T>(a: T[], k = a.length) => {
    for (let i = 0; i < k; i++) {
      const j = i + rng.int(a.length - i);
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  };
  const counted = { stated: 0, passed: 0, zero: 0, risk: 0 };
  for (let c = 0; c < 400; c++) {
    const deck = shuffle(FACES.flatMap((f) => [f, f, f, f]));
    const chan: string[] = [];
    for (let k = 6 + rng.int(6); k > 0; k--) {
      const f = deck.find((x, i) => deck.indexOf(x, i + 1) > i)!;
      deck.splice(deck.indexOf(f), 1);
      deck.splice(deck.indexOf(f), 1);
      chan.push(`[${f}${f}]`);
    }
    const piles = [0, 1, 2, 3].map(() => deck.splice(0, rng.int(12)).join(' '));
    const r = engine.fromScenario(o, 4, {
      position: { melds: ['', chan.join(' '), '', ''], piles, phase: { kind: 'discard', seat: 0 }, fill: `unlikely-${c}` },
    });
    assert.ok(r.ok, r.ok ? '' : r.error.message);
    const s = r.value;
    const k = knowledge(s, 0);
    const gate = k.table.seats[1]!;
    // What seat 0 has not seen: 4 of each face minus its hand, every meld and every dead card.
    const left = new Map<Face, number>(FACES.map((f) => [f, 4]));
    for (const f of [
      ...k.view.hand,
      ...k.table.seats.flatMap((st) => [...st.melds.flatMap((m) => m.cards), ...st.pile.map((p) => p.card)]),
    ])
      left.set(f, left.get(f)! - 1);
    const pool = FACES.flatMap((f) => new Array<Face>(Math.max(0, left.get(f)!)).fill(f));
    for (const card of new Set(k.view.hand)) {
      const reason = engine.explain!(s, 0, { type: 'discard', card });
      const id = checkReason('chan', reason);
      const level = levelOf(id);
      const pct = Number(reason.vars.pct);
      if (level === 'safe' || (level === 'risk' && counted.risk >= 40)) continue;
      const passed = passedAtGate(k.table, 1, card);
      // The rank untouched since (no discard of it, its chắn exposed first-card-only): nothing gained, 0 %.
      const lost =
        gate.discardedFaces.some((f) => group(f) === group(card)) ||
        gate.melds.some((m) => m.cards.slice(1).some((f) => group(f) === group(card)));
      const where = `position ${c}: ${card} ${id} ${pct} % (gate holds ${gate.handCount}${passed ? ', passed' : ''})`;
      if (passed && !lost) {
        assert.ok(level === 'unlikely' && pct === 0, where);
        counted.zero++;
        continue;
      }
      const N = 4000;
      let hits = 0;
      for (let n = 0; n < N; n++) {
        const hand = shuffle(pool.slice(), gate.handCount).slice(0, gate.handCount);
        if ((!passed || countOf(hand, card) === 0) && canTake(hand, card, gate.discardedFaces.includes(card), o)) hits++;
      }
      const freq = (100 * hits) / N;
      if (level === 'risk') {
        assert.ok(pct >= 5 && Math.abs(freq - pct) <= 3.5, `${where}, sampled ${freq} %`);
        counted.risk++;
      } else {
        assert.equal(level, 'unlikely', where);
        assert.ok(freq < 6.5 && Math.abs(freq - pct) <= 1.5, `${where}, sampled ${freq} %`);
        if (pct >= 1) {
          counted.stated++;
          if (passed) counted.passed++;
        }
      }
    }
  }
  // Enough chances between 1 and 5 % (some of faces passed at the gate), and "under 5 %" never said of more.
  assert.ok(counted.stated >= 40 && counted.passed >= 10 && counted.zero >= 10, JSON.stringify(counted));
});
