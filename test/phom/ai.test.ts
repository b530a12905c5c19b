/**
 * AI levels (issue #16): every level is legal and deterministic, `normal` is today's AI, and
 * `strong` decides from the seat's knowledge alone (structurally and by behaviour).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { canonical, deepFreeze } from '../../src/games/core/match.js';
import { Rng, handSeed } from '../../src/games/core/rng.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { engine, type State } from '../../src/games/phom/index.js';
import { strongAi } from '../../src/games/phom/strong.js';
import { bestArrangement, indexHand } from '../../src/games/phom/melds.js';
import { type Card, cardPoints } from '../../src/games/phom/cards.js';
import { defencePosition, opts, toDiscard } from './helpers.js';

const LEVELS: AiLevel[] = ['easy', 'normal', 'strong'];

/** Plays hands with the given levels per seat; calls `each` before every decision. */
function play(n: number, hands: number, levels: (seat: number) => AiLevel, each?: (s: State, seat: number) => void) {
  for (let h = 0; h < hands; h++) {
    let s = engine.setup(opts(), n, handSeed(`ai-${n}`, h), null);
    for (let i = 0; i < 500 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      each?.(s, d.seat);
      const a = engine.ai(s, d.seat, levels(d.seat));
      assert.ok(
        d.options.some((o) => canonical(o) === canonical(a)),
        `${levels(d.seat)} played ${canonical(a)}, not an option`,
      );
      const r = engine.apply(s, d.seat, a);
      assert.ok(r.ok);
      s = r.value;
    }
    assert.ok(engine.result(s), 'the hand ends');
  }
}

test('every level plays legal moves to the end, 2–4 players, mixed tables', () => {
  for (const n of [2, 3, 4]) play(n, 6, (seat) => LEVELS[seat % 3]!);
});

test('normal is the default level; every level is deterministic in its input', () => {
  play(
    4,
    2,
    () => 'normal',
    (s, seat) => {
      assert.deepEqual(engine.ai(s, seat), engine.ai(s, seat, 'normal'));
      for (const l of LEVELS) assert.deepEqual(engine.ai(s, seat, l), engine.ai(s, seat, l));
    },
  );
});

test('structure: strong.ts imports no state, rules, plan or scoring code, and types only from views/actions', () => {
  const src = readFileSync(new URL('../../src/games/phom/strong.ts', import.meta.url), 'utf8');
  const imports = [...src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)].map((m) => ({ type: !!m[1], from: m[2]! }));
  const allowed: Record<string, 'type' | 'any'> = {
    '../core/ai.js': 'type',
    './actions.js': 'type',
    './views.js': 'type',
    './cards.js': 'any',
    './melds.js': 'any',
  };
  assert.ok(imports.length > 0);
  for (const i of imports) {
    const rule = allowed[i.from];
    assert.ok(rule, `strong.ts imports ${i.from}`);
    if (rule === 'type') assert.ok(i.type, `strong.ts must import only types from ${i.from}`);
  }
  assert.doesNotMatch(src, /\bState\b/, 'strong.ts never names the State type');
});

/** The same table with every card the seat cannot see shuffled (other hands' hidden cards + stock). */
function reshuffleHidden(s: State, seat: number, salt: string): State {
  const known = (i: number) => new Set([...s.eaten[i]!, ...s.shown[i]!]);
  const pool: string[] = [...s.stock];
  for (let i = 0; i < s.n; i++) if (i !== seat) pool.push(...s.hands[i]!.filter((c) => !known(i).has(c)));
  const mixed = new Rng(salt).shuffle(pool);
  let k = 0;
  const hands = s.hands.map((h, i) => (i === seat ? h.slice() : h.map((c) => (known(i).has(c) ? c : mixed[k++]!))));
  const stock = s.stock.map(() => mixed[k++]!);
  return { ...s, hands: hands as State['hands'], stock: stock as State['stock'] };
}

test('behaviour: strong decides the same whatever the hidden cards are (it never reads them)', () => {
  let checked = 0;
  let moved = 0;
  play(
    3,
    4,
    () => 'strong',
    (s, seat) => {
      const t = reshuffleHidden(s, seat, `${s.turnNo}-${seat}`);
      assert.deepEqual(engine.view(t, seat), engine.view(s, seat), 'precondition: the seat sees the same table');
      assert.deepEqual(engine.ai(t, seat, 'strong'), engine.ai(s, seat, 'strong'));
      checked++;
      // the reshuffle really moved hidden cards (other hands or the stock)
      if (JSON.stringify([t.hands, t.stock]) !== JSON.stringify([s.hands, s.stock])) moved++;
    },
  );
  assert.ok(checked > 50 && moved > 0.9 * checked, `the reshuffle moved cards in ${moved} of ${checked} checks`);
});

test('strong works on the knowledge object alone and never changes it', () => {
  const s = engine.setup(opts(), 4, 'frozen', null);
  const seat = s.turn;
  const k = deepFreeze({ seat, view: engine.view(s, seat), table: engine.publicView(s), decision: engine.pending(s)[0]! });
  const a = strongAi(k);
  assert.ok(k.decision.options.some((o) => canonical(o) === canonical(a)));
});

test('defence: normal feeds the next seat a live QC; strong discards the dead KS', () => {
  const s = defencePosition();
  assert.deepEqual(engine.ai(s, 1, 'normal'), { type: 'discard', card: 'QC' });
  assert.deepEqual(engine.ai(s, 1, 'strong'), { type: 'discard', card: 'KS' });
});

// 4 players, seat 2's third discard: its next take leads to laying down. It holds the pairs AH AS,
// 4D 4C, JD JH and 9D 9H (dead: 9S and 9C are seen), a loose 5S and 2C. The quick judgement alone
// throws the loose 5S; blended with the exact look-ahead over that last take, strong throws 9D (the
// dead pair can never become a phỏm, and its 9 points would count at the end).
const lastTake4p = () =>
  toDiscard(
    2,
    [
      ['3H', '2S', '7D', 'AC', '5H', 'JS', 'KS', '7C', '7H'],
      ['4S', '8D', '5D', '10D', '3S', 'AD', '5C', '2D', '3D'],
      ['4D', '5S', 'JD', '4C', 'AH', 'JH', '9D', 'AS', '9H', '2C'],
      ['10S', '6D', '2H', '4H', 'QH', '10H', '8H', '6H', '6S'],
    ],
    [
      ['10C', 'KC', '6C'],
      ['QS', '9S', 'QD'],
      ['8S', 'KD'],
      ['9C', 'KH'],
    ],
  );

test('4 players: before its last take strong weighs the final deadwood, throwing the dead 9D rather than the loose 5S', () => {
  assert.deepEqual(engine.ai(lastTake4p(), 2, 'strong'), { type: 'discard', card: '9D' });
});

// 4 players, seat 2's third discard again, and seat 1 (the previous seat) has 3 cards in its row: its
// next discard is its chốt, usually its highest loose card, and eating it pays 4. Counting on that,
// strong keeps the cạ 10C JC (9C is live) and throws the low loose 5H (modelling the offered card
// as a random live one, it threw JC).
const chotAhead4p = () =>
  toDiscard(
    2,
    [
      ['9S', '5S', '8D', '8H', '6D', '9H', '3S', '2D', '4C'],
      ['6H', 'AS', 'JD', 'AC', '3C', '9D', '6S', 'AD', '10D'],
      ['2S', '2H', '2C', '8S', '4S', '10C', '7S', 'JC', '6C', '5H'],
      ['8C', 'KD', '7H', 'AH', '5C', 'QD', '3H', '3D', 'KC'],
    ],
    [
      ['QC', 'KH', '7C'],
      ['QH', '4D', '7D'],
      ['KS', '5D'],
      ['JH', '10S'],
    ],
  );

test('4 players: strong keeps cạ for the previous seat’s coming chốt and throws the low 5H', () => {
  assert.deepEqual(engine.ai(chotAhead4p(), 2, 'strong'), { type: 'discard', card: '5H' });
});

// 2 players, seat 0's third discard: its next take leads to laying down, and seat 1 still takes after
// seat 0's final discard, so that discard will be a chốt (eating it pays 4). Its loose cards are 8C,
// 9D and JD: 9D makes a phỏm with live 9S 9C, 7D 8D or 8D 10D, JD only with 10D QD (JC is seen, JH
// sits in its run JH QH KH). Pricing the chốt risk of the final discard in its look-ahead, strong
// throws 9D now and keeps the safer JD for the end (without it, it threw JD; normal throws 8C).
const chotRisk2p = () =>
  toDiscard(
    0,
    [
      ['6H', '9D', 'QH', '4C', 'JH', '7H', '8C', '4S', 'KH', 'JD'],
      ['10D', '5D', '2H', '7D', '3H', '10S', '7S', '3S', '3C'],
    ],
    [
      ['KD', 'QC'],
      ['JC', '9H'],
    ],
  );

test('2 players: before its last take strong keeps a safe card for its final discard (the chốt), throwing 9D', () => {
  assert.deepEqual(engine.ai(chotRisk2p(), 0, 'normal'), { type: 'discard', card: '8C' });
  assert.deepEqual(engine.ai(chotRisk2p(), 0, 'strong'), { type: 'discard', card: '9D' });
});

/**
 * phom.md §8.2–8.3 and docs/rules-decisions.md "Sending the last card": Ù is offered with one card
 * left, but laying down and sending every card left first makes it Ù tròn (10 a loser, not 5).
 * Every level and the hint pressed Ù at once (plan.ts `tronStep` now leads them down that path).
 */
test('every level lays down and sends its last cards for Ù tròn rather than declaring a plain Ù; the hint says why', () => {
  type Pos = { hands: string[][]; rows: string[][]; melds: { owner: number; cards: string[] }[] };
  const position = (p: Pos, over: Record<string, unknown> = {}) => {
    const r = engine.fromScenario(opts(over), 2, {
      position: { turn: 1, phase: 'lay-down', drawn: p.hands[1]!.at(-1), layOrder: [0], ...p },
    } as never);
    assert.ok(r.ok, JSON.stringify(r));
    return r.value;
  };
  const endOf = (s: State, level: AiLevel) => {
    while (!s.end && s.turn === 1) {
      const r = engine.apply(s, 1, engine.ai(s, 1, level));
      assert.ok(r.ok, JSON.stringify(r));
      s = r.value;
    }
    return engine.result(s)!;
  };
  // One card to send (7S onto 4S 5S 6S), and two (7S and 9D onto two phỏm).
  const one: Pos = {
    hands: [
      ['2C', '9D', 'KD', 'AC', 'QC', 'JD'],
      ['2H', '3H', '4H', '8C', '8D', '8S', 'JS', 'QS', 'KS', '7S'],
    ],
    rows: [
      ['AD', 'AS', '3C', '4C'],
      ['10C', '9C', '5C'],
    ],
    melds: [{ owner: 0, cards: ['4S', '5S', '6S'] }],
  };
  const two: Pos = {
    hands: [
      ['2C', 'KD', 'AC'],
      ['2H', '3H', '4H', '5H', 'JC', 'JD', 'JH', 'JS', '7S', '9D'],
    ],
    rows: [
      ['AD', 'AS', '3C', '4C'],
      ['10C', '10D', '5C'],
    ],
    melds: [
      { owner: 0, cards: ['4S', '5S', '6S'] },
      { owner: 0, cards: ['9C', '9S', '9H'] },
    ],
  };
  // With two cards left Ù is offered only after the first send; the AIs then declared at once.
  for (const p of [one, two]) {
    const s = position(p);
    for (const level of LEVELS) {
      const r = endOf(s, level);
      assert.deepEqual([level, r.endedBy, r.deltas], [level, 'u-tron', [-10, 10]]);
    }
  }
  const s = position(one);
  assert.ok(
    engine.pending(s)[0]!.options.some((a) => a.type === 'u'),
    'a plain Ù is offered',
  );
  assert.equal(engine.explain!(s, 1, engine.ai(s, 1, 'strong')).key, 'phom:hint.tron-lay-down');
  // Where the kinds pay the same (u-tron off) or tròn means no eat (no-eat), Ù at once.
  for (const over of [{ 'u-tron': 'off' }, { 'u-tron': 'no-eat' }])
    for (const level of LEVELS) assert.deepEqual(engine.ai(position(one, over), 1, level), { type: 'u' });
});

test('strong keeps its made phỏm while another card can go (2 players: it broke a run to lower its feeding risk)', () => {
  const inPhom = (hand: readonly Card[], eaten: readonly Card[]) => {
    const hi = indexHand(
      hand,
      eaten.filter((c) => hand.includes(c)),
      false,
    );
    return bestArrangement(hi, (k) => cardPoints(hi.cards[k]!, 'rank'))
      .phoms.map((m) => hi.cards.filter((_, k) => m & (1 << k)).length)
      .reduce((a, b) => a + b, 0);
  };
  let discards = 0;
  for (let h = 0; h < 120; h++) {
    let s = engine.setup(opts(), 2, handSeed('keeps-phom-2', h), null);
    for (let i = 0; i < 500 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      if (a.type === 'discard') {
        discards++;
        const hand = s.hands[d.seat]!;
        const eaten = s.eaten[d.seat]!;
        const made = inPhom(hand, eaten);
        const keeps = (c: Card) =>
          inPhom(
            hand.filter((y) => y !== c),
            eaten,
          ) >=
          made - 1;
        assert.ok(
          keeps(a.card) || !d.options.some((o) => o.type === 'discard' && keeps(o.card)),
          `hand ${h} turn ${i}: ${a.card} from ${hand.join(' ')}`,
        );
      }
      const r = engine.apply(s, d.seat, a);
      assert.ok(r.ok);
      s = r.value;
    }
  }
  assert.ok(discards > 500, `discards: ${discards}`);
});

test('a hand already all in phỏm presses Ù (tròn) at once, and a started Ù tròn path is never left half-way, even by easy', () => {
  const R = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const endOf = (s: State, level: AiLevel) => {
    while (!s.end && s.turn === 1) {
      const r = engine.apply(s, 1, engine.ai(s, 1, level));
      assert.ok(r.ok);
      s = r.value;
    }
    return engine.result(s)!;
  };
  const start = (hand1: string[], m1: string[], m2: string[]) => {
    const used = new Set([...hand1, ...m1, ...m2]);
    const pool = [
      'AC',
      'AD',
      'AH',
      'AS',
      '2C',
      '2D',
      '2H',
      '2S',
      '3C',
      '3D',
      '3H',
      '4C',
      '4D',
      '4H',
      'KC',
      'KD',
      'KH',
      'QC',
      'QD',
      'QH',
    ].filter((c) => !used.has(c));
    const r = engine.fromScenario(opts(), 2, {
      position: {
        turn: 1,
        phase: 'lay-down',
        drawn: hand1.at(-1),
        layOrder: [0],
        hands: [pool.slice(0, 3), hand1],
        rows: [pool.slice(3, 7), pool.slice(7, 10)],
        melds: [
          { owner: 0, cards: m1 },
          { owner: 0, cards: m2 },
        ],
      },
    } as never);
    assert.ok(r.ok, JSON.stringify(r));
    return r.value;
  };
  // A run of five and two more of its top rank: all ten in phỏm; a lay-down would leave the two
  // extra sevens to send, and easy discarded one of them (a lost hand, ranked) in 6 deals of 18.
  for (let r = 5; r <= 10; r++)
    for (const [a, b] of [
      ['H', 'D'],
      ['H', 'C'],
      ['D', 'C'],
    ] as const) {
      const hand1 = [
        ...[r - 4, r - 3, r - 2, r - 1, r].map((x) => R[x - 1]! + 'S'),
        R[r - 1]! + a,
        R[r - 1]! + b,
        ...(r <= 8 ? ['JS', 'QS', 'KS'] : ['2C', '2D', '2H']),
      ];
      const s = start(
        hand1,
        [r + 1, r + 2, r + 3].map((x) => R[x - 1]! + a),
        [r + 1, r + 2, r + 3].map((x) => R[x - 1]! + b),
      );
      for (const level of LEVELS) assert.equal(endOf(s, level).endedBy, 'u-tron', `${level}: ${hand1.join(' ')}`);
      assert.equal(engine.explain!(s, 1, engine.ai(s, 1, 'strong')).key, 'phom:hint.u-tron');
    }
});
