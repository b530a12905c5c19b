/**
 * `score --game phom` (issue #15): an end position → ranking and payments, by the engine's own
 * settlement. Worked examples of phom.md §14, bad positions, arrays, and agreement with the engine
 * on self-played hands (every end kind, several house rules).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { engine, type State } from '../../src/games/phom/index.js';
import { opts } from './helpers.js';
import { programArgs } from '../support/program.js';

type Out = {
  valid: boolean;
  reason?: string;
  deltas?: number[];
  ranking?: number[][];
  endedBy?: string;
  den?: unknown;
  nextStarter?: number;
};
const score = (x: unknown) => engine.cli!.score!(x) as Out;
const ok = (x: unknown): Out => {
  const r = score(x);
  assert.equal(r.valid, true, r.reason);
  return r;
};

test('Ex 7 (3p): sending and Móm → P1 +5, P0 −1, P2 −4', () => {
  const r = ok({
    first: 0,
    seats: [
      { phom: ['[4S 5S 6S 7S 8S]', '[10H 10C 10D]'], loose: '8H 2D QC' },
      { phom: [['JD', 'QD', 'KD']], loose: ['3C', '5H', 'AD', '2C'] },
      { loose: '9S 3H 3D 6C 7H JC 5D 9C 4C', mom: true },
    ],
  });
  assert.deepEqual(r.deltas, [-1, 5, -4]);
  assert.deepEqual(r.ranking, [[1], [0], [2]]);
  assert.equal(r.nextStarter, 1);
});

test('Ex 8 (4p): a deadwood tie goes to the earlier lay-down; eat payments count → P0 −2, P1 −7, P2 +2, P3 +7', () => {
  const r = ok({
    layOrder: [1, 2, 3, 0],
    seats: [
      { phom: ['[2H 3H 4H]', '[10S 10C 10D]'], loose: '2S 6D 7C' },
      { phom: ['[5S 6S 7S]', '[QC QD QH]'], loose: '9C KD' },
      { phom: ['[JC JH JS]', '[AS AC AD]'], loose: '7H 8H' },
      { phom: ['[8C 8S 8D]', '[3C 3D 3S]'], loose: '4D 5C' },
    ],
    eats: [
      { eater: 3, victim: 2, card: '8D' },
      { eater: 2, victim: 1, card: 'JC', chot: true },
    ],
  });
  assert.deepEqual(r.ranking, [[3], [2], [0], [1]]);
  assert.deepEqual(r.deltas, [-2, -7, 2, 7]);
});

test('Ex 9 (3p): three eats → Ù đền by the previous seat, P1 −16, P2 +16; flat eats P1 −13', () => {
  const pos = (options = {}) => ({
    options,
    seats: [
      { loose: 'AS 6S 3S JH 8H 2D 2S AC AD' },
      { loose: '10C 10H QH KH 10D 5H KC QD 3C' },
      { phom: ['[7C 7D 7H]', '[JS QS KS]', '[3D 4D 5D]'], loose: '9C', u: true },
    ],
    eats: [
      { eater: 2, victim: 1, card: '7H' },
      { eater: 2, victim: 1, card: 'KS' },
      { eater: 2, victim: 1, card: '5D' },
    ],
  });
  const r = ok(pos());
  assert.deepEqual(r.deltas, [0, -16, 16]);
  assert.deepEqual(r.ranking, [[2], [0, 1]]);
  assert.deepEqual(r.den, { payer: 1, trigger: 'den-three-eats' });
  assert.deepEqual(ok(pos({ 'eat-payment': 'flat' })).deltas, [0, -13, 13]);
});

test('Ex 10 (4p): ăn-chốt đền → P0 −4, P1 −11, P2 0, P3 +15; off: P0 −9, P1 −1, P2 −5', () => {
  const pos = (options = {}) => ({
    options,
    seats: [
      { phom: ['[AS AC AD]'], loose: 'KD 5S 2D' },
      { phom: ['[9C 9H 9D]'], loose: 'JH QH 5C 7D' },
      { phom: ['[10S 10H 10D]'], loose: 'KS 3D 4D' },
      { phom: ['[2H 3H 4H]', '[6S 6C 6D]', '[JC QC KC]'], loose: '8S', u: true },
    ],
    eats: [{ eater: 1, victim: 0, card: '9D', chot: true }],
  });
  assert.deepEqual(ok(pos()).deltas, [-4, -11, 0, 15]);
  assert.deepEqual(ok(pos({ 'den-an-chot': false })).deltas, [-9, -1, -5, 15]);
});

test('Ex 11 (4p): đánh-chốt đền needs the eat in the Ù turn (uTurn) → P0 −19; without uTurn no đền', () => {
  const pos = (uTurn: boolean, options = {}) => ({
    options,
    seats: [
      { phom: ['[AH 2H 3H]', '[KS KC KD]'], loose: '2C 2S 8C' },
      { phom: ['[4C 4D 4S]', '[JH QH KH]', '[7S 8S 9S]'], loose: '2D', u: true },
      { loose: '10D 3D 7C 6C JS JC AD 5H 9C' },
      { loose: 'JD 10C 8D 10S 8H AS AC QD 6S' },
    ],
    eats: [{ eater: 1, victim: 0, card: '9S', chot: true, uTurn }],
  });
  const r = ok(pos(true));
  assert.deepEqual(r.deltas, [-19, 19, 0, 0]);
  assert.deepEqual(r.den, { payer: 0, trigger: 'den-danh-chot' });
  assert.deepEqual(r.ranking, [[1], [0, 2, 3]]);
  // §15.3: W is itself the last chốt-eater, so without đánh chốt there is no đền at all.
  assert.deepEqual(ok(pos(false)).deltas, [-9, 19, -5, -5]);
  assert.deepEqual(ok(pos(true, { 'den-danh-chot': false })).deltas, [-9, 19, -5, -5]);
});

test('Ex 12: Ù khan → P2 +15, others −5, all Bét together; a cạ breaks it', () => {
  const pos = (hand: string) => ({
    seats: [
      { loose: '5D 8H 2S 3C 5C 8C 9S 5H JC 3D' },
      { loose: '7D AD AH 6S JS 6C 9H 2D 4H' },
      { loose: hand, u: 'khan' },
      { loose: 'KS 6D KD 8S 4D 8D 7C 10H KC' },
    ],
  });
  const r = ok(pos('AS 4S 7S 10S 3H 6H KH 9D QC'));
  assert.equal(r.endedBy, 'u-khan');
  assert.deepEqual(r.deltas, [-5, -5, 15, -5]);
  assert.deepEqual(r.ranking, [[2], [0, 1, 3]]);
  const bad = score(pos('AS 4S 7S 10S 3H 6H KH 9D JD'));
  assert.equal(bad.valid, false);
  assert.match(bad.reason!, /cạ/);
});

test('Ex 13 (3p): Ù tròn → P1 +20; u-tron=off → +10; asking for Ù tròn with a loose card is refused', () => {
  const pos = (options = {}, u: unknown = true, loose = '') => ({
    options,
    seats: [
      { loose: '2S 4S 8H JD 7D JC AD AC 9D' },
      { phom: ['[2H 3H 4H 5H]', '[8C 8D 8S]', '[JS QS KS]'], loose, u },
      { loose: '6D 2C 4C 7C 10D 5C QC KD 9C' },
    ],
  });
  const r = ok(pos());
  assert.equal(r.endedBy, 'u-tron');
  assert.deepEqual(r.deltas, [-10, 20, -10]);
  assert.deepEqual(ok(pos({ 'u-tron': 'off' })).deltas, [-5, 10, -5]);
  const bad = score(pos({}, 'u-tron', 'KC'));
  assert.equal(bad.valid, false);
  assert.match(bad.reason!, /plain Ù/);
});

test('Ex 15 (2p): tie to the earlier lay-down → P0 −2, P1 +2; Móm P0 −5', () => {
  const seats = (p0Phom: string) => [
    { phom: p0Phom, loose: '4H 8S' },
    { phom: '[9S 9C 9D]', loose: '5C 7D' },
  ];
  const eats = [{ eater: 1, victim: 0, card: '9D' }];
  assert.deepEqual(ok({ first: 1, seats: seats('[2C 3C 4C]'), eats }).deltas, [-2, 2]);
  assert.deepEqual(ok({ first: 1, seats: [{ loose: '4H 8S 2C 3C 5S' }, seats('')[1]], eats }).deltas, [-5, 5]);
});

test('§11.3: a seat that left settles as Móm whatever its cards', () => {
  const r = ok({
    seats: [
      { phom: '[2H 3H 4H]', loose: '2D' },
      { phom: '[5S 6S 7S]', loose: 'AD', left: true },
      { phom: '[9C 9D 9H]', loose: 'QS' },
    ],
  });
  assert.deepEqual(r.ranking, [[0], [2], [1]]);
  assert.deepEqual(r.deltas, [5, -4, -1]);
});

test('bad positions are answered with a reason, never thrown', () => {
  const cases: [unknown, RegExp][] = [
    [42, /object/],
    [{ seats: [{}] }, /2–4/],
    [{ seats: [{ loose: 'ZZ' }, {}] }, /unknown card/],
    [{ seats: [{ phom: '[2H 3H 5H]' }, {}] }, /not a phỏm/],
    [{ seats: [{ loose: '2H' }, { loose: '2H' }] }, /twice/],
    [{ seats: [{ u: true, loose: '2H 3S' }, {}] }, /at most one/],
    [{ seats: [{ u: true }, { u: true }] }, /two seats/],
    [{ seats: [{ phom: '[2H 3H 4H]', mom: true }, {}] }, /Móm/],
    [{ seats: [{}, {}], layOrder: [0] }, /layOrder/],
    [{ seats: [{}, {}, {}], eats: [{ eater: 2, victim: 0, card: '2H' }] }, /previous seat/],
    [{ seats: [{}, { loose: '2H' }], eats: [{ eater: 1, card: '2H' }] }, /C3/],
    [{ seats: [{}, {}], options: { 'no-such': 1 } }, /option/],
  ];
  for (const [input, re] of cases) {
    const r = score(input);
    assert.equal(r.valid, false, JSON.stringify(input));
    assert.match(r.reason!, re, `${JSON.stringify(input)} → ${r.reason}`);
  }
});

test('an array in gives an array out, one entry per position, each valid or with its reason', () => {
  const good = { seats: [{ phom: '[2H 3H 4H]', loose: 'KD' }, { loose: 'AD' }] };
  const out = engine.cli!.score!([good, { seats: 3 }, good]) as Out[];
  assert.equal(out.length, 3);
  assert.deepEqual(
    out.map((o) => o.valid),
    [true, false, true],
  );
  assert.deepEqual(out[0]!.deltas, [4, -4]);
  assert.ok(out[1]!.reason);
});

/** The end position of a finished engine hand, written as score input. */
function positionOf(s: State): unknown {
  const e = s.end!;
  const w = e.winner;
  const last = s.eats.at(-1);
  return {
    options: s.opts,
    starter: s.starter,
    gaPot: s.gaPotStart,
    ...(e.by === 'rank' ? { layOrder: s.layOrder } : {}),
    seats: Array.from({ length: s.n }, (_, i) => {
      const laid = s.melds.filter((m) => m.owner === i).map((m) => m.cards);
      // The winner's 10 cards are counted: the sends onto its phỏm and its own (docs/scenarios-phom.md).
      const sent = s.melds.flatMap((m) => m.sent.filter((x) => x.from === i).map((x) => x.card));
      if (e.by === 'rank' || i !== w) return { phom: laid, loose: s.hands[i], left: s.left[i], sent };
      if (e.by === 'u-khan') return { loose: e.loose, u: 'khan' };
      // A seat that left wins when Ù was its only legal move (docs/rules-decisions.md, tái eat row).
      return { phom: [...laid, ...e.phoms], laid, loose: e.loose, u: e.by, left: s.left[i], sent };
    }),
    eats: s.eats.map((x) => ({
      eater: x.eater,
      victim: x.victim,
      card: x.card,
      chot: x.chot,
      ...(e.by !== 'rank' && x === last && s.ateThisTurn?.card === x.card && x.eater === w ? { uTurn: true } : {}),
    })),
  };
}

test('score agrees with the engine on self-played hands (2–4 players, several house rules)', () => {
  const variants: Record<string, unknown>[] = [
    {},
    { 'ga-pot': 'escalating', 'eat-payment': 'flat', 'bet-unit': 3 },
    { 'u-tron': 'no-eat', 'chot-definition': 'eater-final', 'den-precedence': 'an-chot-first' },
    { 'face-card-points': 'ten', 'discard-rotation': false, 'u-khan': false },
  ];
  const kinds = new Set<string>();
  let hands = 0;
  for (const [vi, v] of variants.entries()) {
    for (const n of [2, 3, 4]) {
      for (let h = 0; h < 40; h++) {
        let s = engine.setup(opts(v), n, `cli-agree-${vi}-${n}-${h}`, null);
        if (h % 7 === 3) s = (engine.apply(s, (s.starter + 1) % n, { type: 'leave' }) as { ok: true; value: State }).value;
        for (let i = 0; i < 500 && !engine.result(s); i++) {
          const d = engine.pending(s)[0]!;
          const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
          assert.ok(r.ok);
          s = r.value;
        }
        const want = engine.result(s)!;
        const got = score(JSON.parse(JSON.stringify(positionOf(s))));
        assert.equal(got.valid, true, got.reason);
        kinds.add(want.endedBy);
        const pick = (r: object) => {
          const x = r as Record<string, unknown>;
          return {
            endedBy: x.endedBy,
            ranking: x.ranking,
            deltas: x.deltas,
            payments: x.payments,
            den: x.den,
            mom: x.mom,
            deadwood: x.deadwood,
            pot: x.pot,
            nextStarter: x.nextStarter,
            hands: x.hands,
            items: x.items,
          };
        };
        assert.deepEqual(pick(got), pick(want), `variant ${vi}, ${n} players, hand ${h}`);
        hands++;
      }
    }
  }
  assert.ok(kinds.has('rank') && kinds.has('u'), [...kinds].join(','));
  assert.equal(hands, 480);
});

test('the CLI answers a 2,000-position array in full through a pipe', () => {
  const one = { seats: [{ phom: '[2H 3H 4H]', loose: 'KD' }, { loose: 'AD' }] };
  const input = JSON.stringify(Array.from({ length: 2000 }, () => one));
  const out = execFileSync('sh', ['-c', `node ${programArgs('src/cli/main.ts').join(' ')} score --game phom | cat`], {
    input,
    maxBuffer: 1 << 28,
  }).toString();
  const parsed = JSON.parse(out) as Out[];
  assert.equal(parsed.length, 2000);
  assert.ok(parsed.every((p) => p.valid && p.deltas![0] === 4));
});
