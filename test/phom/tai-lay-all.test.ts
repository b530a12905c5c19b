/**
 * A tái turn lays down every phỏm of the hand before it sends or discards (seed 002: "Khi đánh
 * lượt cuối cùng, người chơi phải hạ tất cả Phỏm của mình"; it wins over phom.md §5 H′ / §15.8
 * "optional"): the tái discard is the 4th of the row, the seat's last turn. The public view stays
 * the same whatever the hidden hand holds (§2); only the seat's own options differ.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type Action, type State } from '../../src/games/phom/index.js';
import type { Card } from '../../src/games/phom/cards.js';
import { applyOk, position } from './helpers.js';

const LAY: Action = { type: 'lay-down', melds: [['2H', '3H', '4H']] };

/** The refusal code of `a` by `seat` at `s`, or 'accepted'. */
const outcome = (s: State, seat: number, a: Action): string => {
  const r = engine.apply(s, seat, a);
  return r.ok ? 'accepted' : r.error.code;
};

// 2p (the reviewer's position). Seat 1 laid down [5S 6S 7S*] first, seat 0 ate its chốt QH and laid
// [QC QD QH*]; seat 0 discarded its 4th card KC, and seat 1, holding [2H 3H 9C 10D JC QS], draws
// `drawn` in its tái turn: 4H completes [2H 3H 4H], 4C completes nothing. QS fits seat 0's queens.
// `over` replaces parts of that position (seat 0's hand `hand0`, melds, rows, eats…).
const taiAfterDraw = (
  drawn: Card,
  hand1: Card[] = ['2H', '3H', '9C', '10D', 'JC', 'QS'],
  { hand0 = ['AS', '2C', '4D', '8S', '9H', '10S'], ...over }: Record<string, unknown> & { hand0?: Card[] } = {},
): State =>
  applyOk(
    position(
      {
        turn: 1,
        phase: 'take',
        hands: [hand0, hand1],
        rows: [
          ['8C', '9D', 'JS', 'KC'],
          ['AC', '5D', '6C'],
        ],
        melds: [
          { owner: 1, cards: ['5S', '6S', '7S'] },
          { owner: 0, cards: ['QC', 'QD', 'QH'] },
        ],
        layOrder: [1, 0],
        eaten: [['QH'], ['7S']],
        eats: [
          { eater: 1, victim: 0, card: '7S' },
          { eater: 0, victim: 1, card: 'QH', chot: true },
        ],
        lastDiscard: { seat: 0, card: 'KC', chot: true },
        stockTop: [drawn],
        ...over,
      },
      2,
    ),
    1,
    { type: 'draw' },
  );

test('seed 002: a tái hand holding a phỏm may not discard or send before laying it down', () => {
  const s = taiAfterDraw('4H');
  assert.equal(s.phase, 'act');
  assert.equal(s.tai, true);
  assert.equal(outcome(s, 1, { type: 'discard', card: 'JC' }), 'phom/tai-must-lay-down');
  assert.equal(outcome(s, 1, { type: 'send', card: 'QS', target: 1 }), 'phom/tai-must-lay-down');
  // Laying nothing is no way round it (§7.4: no phỏm may stay among the kept cards).
  assert.equal(outcome(s, 1, { type: 'lay-down', melds: [] }), 'phom/lay-down-phom-left');
});

test('seed 002: the tái options are the lay-downs of all the phỏm; the default and every AI lay it down', () => {
  const s = taiAfterDraw('4H');
  const d = engine.pending(s)[0]!;
  assert.deepEqual(d.options, [LAY]);
  assert.deepEqual(d.timeoutDefault, LAY);
  for (const level of ['easy', 'normal', 'strong'] as const) assert.deepEqual(engine.ai(s, 1, level), LAY, level);
});

test('seed 002: laid down, the tái turn sends and discards as before and the hand ranks on what is left', () => {
  const laid = applyOk(taiAfterDraw('4H'), 1, LAY);
  assert.deepEqual(laid.hands[1], ['9C', '10D', 'JC', 'QS']);
  const opts = engine.pending(laid)[0]!.options;
  assert.ok(!opts.some((o) => o.type === 'lay-down'));
  assert.ok(opts.some((o) => o.type === 'send' && o.card === 'QS' && o.target === 1));
  const sent = applyOk(laid, 1, { type: 'send', card: 'QS', target: 1 });
  const end = applyOk(sent, 1, { type: 'discard', card: 'JC' });
  assert.equal(end.end?.by, 'rank');
  assert.deepEqual(engine.result(end)?.ranking, [[1], [0]]);
  assert.deepEqual(engine.checkInvariants(end), []);
});

test('§11.3: a seat that leaves in such a tái turn is played on with its phỏm laid down', () => {
  const r = engine.apply(taiAfterDraw('4H'), 1, { type: 'leave' });
  assert.ok(r.ok);
  assert.ok(r.value.melds.some((m) => m.owner === 1 && m.cards.join(' ') === '2H 3H 4H'));
  assert.equal(r.value.end?.by, 'rank');
  assert.deepEqual(engine.checkInvariants(r.value), []);
});

test('§5 H′: a tái hand without phỏm sends and discards at once, as before (no lay-down step)', () => {
  const s = taiAfterDraw('4C');
  const d = engine.pending(s)[0]!;
  assert.ok(!d.options.some((o) => o.type === 'lay-down'));
  assert.ok(d.options.some((o) => o.type === 'send' && o.card === 'QS'));
  assert.equal(d.options.filter((o) => o.type === 'discard').length, 7);
  assert.equal(outcome(s, 1, { type: 'discard', card: 'JC' }), 'accepted');
});

test('§2: the public view and the public part of the decision are the same with or without the phỏm', () => {
  const a = taiAfterDraw('4H');
  const b = taiAfterDraw('4C');
  assert.deepEqual(engine.publicView(a), engine.publicView(b));
  const pub = (s: State) => {
    const { options: _o, timeoutDefault: _t, ...rest } = engine.pending(s)[0]!;
    return rest;
  };
  assert.deepEqual(pub(a), pub(b));
  // `a` has one move (the lay-down), `b` a choice of discards: whether there is a choice at all is
  // the hand's secret, so no hint asked there is told to the others (Decision.choiceHidden).
  assert.equal(engine.pending(a)[0]!.options.length, 1);
  assert.equal(pub(a).choiceHidden, true);
});

test('phom.md §15.8, seed 002: a Móm seat drawing a phỏm in its tái turn lays it down and is Móm no more', () => {
  // The reviewer's Móm position: seat 1 laid nothing in its lay-down turn; its tái draw 4H makes
  // [2H 3H 4H]. Seat 0 laid [8C 8D 8S*] [QC QD QH*] eating both from seat 1.
  const s = taiAfterDraw('4H', ['2H', '3H', '9C', '10D', 'JC', 'KD', '5S', '7S', '9S'], {
    hand0: ['AS', '2C', '4D'],
    rows: [
      ['9D', 'JS', 'KC', '6D'],
      ['AC', '5D', '6C'],
    ],
    melds: [
      { owner: 0, cards: ['8C', '8D', '8S'] },
      { owner: 0, cards: ['QC', 'QD', 'QH'] },
    ],
    eaten: [['8S', 'QH'], []],
    eats: [
      { eater: 0, victim: 1, card: '8S' },
      { eater: 0, victim: 1, card: 'QH', chot: true },
    ],
    lastDiscard: { seat: 0, card: '6D', chot: true },
  });
  assert.equal(outcome(s, 1, { type: 'discard', card: 'KD' }), 'phom/tai-must-lay-down');
  assert.deepEqual(engine.pending(s)[0]!.options, [LAY]);
  const end = applyOk(applyOk(s, 1, LAY), 1, { type: 'discard', card: 'KD' });
  assert.deepEqual(engine.result(end)?.mom, [false, false]);
});

test('score CLI: a ranked hand never keeps a phỏm in hand, with discard-rotation too', () => {
  const score = (x: unknown) => engine.cli!.score!(x) as { valid: boolean; reason?: string };
  const seats = [{ phom: '[2H 3H 4H]', loose: 'KC' }, { loose: '5S 6S 7S 2D' }];
  assert.match(score({ seats }).reason ?? 'accepted', /holds a phỏm.*tái turn/);
  assert.equal(score({ seats: [seats[0], { loose: '5S 6S 8S 2D' }] }).valid, true);
});

test('seed 002: a tái hand that is all phỏm, with no lay-down keeping a card, has Ù as its one move', () => {
  // The adversarial review's position: seat 1 laid [5S 6S 7S* 8S]; its tái hand 2H 3H 9C 9H 9S + 4H is
  // two phỏm; laying both leaves nothing to discard, and a discard would keep one back.
  const s = taiAfterDraw('4H', ['2H', '3H', '9C', '9H', '9S'], {
    hand0: ['AS', '2C', '4D', '3C', 'JH', '10S'],
    melds: [
      { owner: 1, cards: ['5S', '6S', '7S', '8S'] },
      { owner: 0, cards: ['QC', 'QD', 'QH'] },
    ],
  });
  const d = engine.pending(s)[0]!;
  assert.deepEqual(d.options, [{ type: 'u' }]);
  assert.deepEqual(d.timeoutDefault, { type: 'u' });
  assert.equal(outcome(s, 1, { type: 'discard', card: '9S' }), 'phom/tai-must-lay-down');
  assert.equal(outcome(s, 1, { type: 'u' }), 'accepted');
});
