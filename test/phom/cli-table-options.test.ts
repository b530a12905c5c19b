/**
 * The Phỏm score CLI judges an end position as a table with its options could reach it: sent cards
 * (`seats[i].sent`) stay left over for Ù without u-by-sending (§8.2, as plan.ts uLeftover); a seat that
 * left has Ù declared for it only with no card left (§11.3); Ù khan is the deal's, to the lowest
 * P-number (§8.4); no gà pot without ga-pot (§10.4); without discard-rotation seats lay down in turn
 * from the starter with every phỏm, and the last seat's chốt is never eaten (§6.4). The CLI took all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/phom/index.js';
import { position } from './helpers.js';

type Out = { valid: boolean; reason?: string; ranking?: number[][]; endedBy?: string };
const score = (x: unknown) => engine.cli!.score!(x) as Out;

test('u-by-sending off: an earlier send is left over, so the tái Ù is plain, as the engine scores it', () => {
  const pos = {
    turn: 1,
    phase: 'take',
    starter: 0,
    hands: [
      ['2C', '3D', '8C', '10C', 'JC', 'KH'],
      ['5H', '6H'],
    ],
    rows: [
      ['AC', 'AD', '2D', 'QC'],
      ['KC', 'QH', '3C'],
    ],
    melds: [
      { owner: 0, cards: ['4S', '5S', '6S', '7S'], sent: [{ card: '7S', from: 1 }] },
      { owner: 1, cards: ['9C', '9D', '9H'] },
      { owner: 1, cards: ['JD', 'QD', 'KD'] },
    ],
    layOrder: [0, 1],
    stockTop: ['7H'],
  };
  for (const ubs of [false, true]) {
    let s = position(pos, 2, { 'u-by-sending': ubs });
    s = (engine.apply(s, 1, { type: 'draw' }) as { ok: true; value: State }).value;
    s = (engine.apply(s, 1, { type: 'u' }) as { ok: true; value: State }).value;
    const want = engine.result(s)!.endedBy;
    const e = s.end as { phoms: string[][]; loose: string[] };
    const got = score({
      options: { 'u-by-sending': ubs },
      seats: [
        { phom: [s.melds[0]!.cards], loose: s.hands[0] },
        { phom: [s.melds[1]!.cards, s.melds[2]!.cards, ...e.phoms], loose: e.loose, sent: ['7S'], u: true },
      ],
    });
    assert.equal(got.endedBy, want, `u-by-sending ${ubs}: ${JSON.stringify(got)}`);
  }
  // a sent card must lie in another seat's phỏm
  const bad = score({
    seats: [
      { phom: '[2H 3H 4H]', loose: 'KC', sent: '9S' },
      { phom: '[9C 9D 9H]', loose: '4D 8S' },
    ],
  });
  assert.match(bad.reason!, /9S must be in another seat's phỏm/);
});

test('a seat that left: no Ù declared for it while a card is left; Ù khan to the lowest P-number, at the deal', () => {
  const leaver = score({
    seats: [{ loose: 'AC 2C 3D 4C 6D 9S 10C JD 10H' }, { phom: '[2H 3H 4H] [8C 8D 8S] [JS QS KS]', loose: '5D', u: 'u', left: true }],
  });
  assert.match(leaver.reason!, /left the hand/);
  const h0 = 'AS 4S 7S 10S 3H 6H KH 9D QC 2C';
  const h1 = '2S 5S 8S JS AH 4H 7H 10D KD';
  assert.match(score({ seats: [{ loose: h0 }, { loose: h1, u: 'khan' }] }).reason!, /lowest P-number/);
  assert.equal(score({ seats: [{ loose: h0, u: 'khan' }, { loose: h1 }] }).valid, true);
  assert.match(
    score({
      seats: [
        { phom: '[2C 3C 4C]', loose: 'KC', left: true },
        { loose: h1, u: 'khan' },
      ],
    }).reason!,
    /at the deal/,
  );
});

test('no gà pot without ga-pot; with it the pot is taken', () => {
  const seats = [
    { phom: '[2H 3H 4H]', loose: 'KC' },
    { phom: '[9S 9C 9D]', loose: '4D 8S' },
  ];
  assert.match(score({ gaPot: 7, seats }).reason!, /no gà pot/);
  assert.equal(score({ gaPot: 7, options: { 'ga-pot': 'flat' }, seats }).valid, true);
});

test('without discard-rotation: lay-down order from the starter, every phỏm laid, the last chốt never eaten', () => {
  const options = { 'discard-rotation': false };
  const seats = [
    { phom: '[2H 3H 4H]', loose: '5C 7D' },
    { phom: '[9S 9C 9D]', loose: '4D 8S' },
  ];
  assert.deepEqual(score({ options, seats }).ranking, [[0], [1]]);
  assert.match(score({ options, seats, first: 1 }).reason!, /lay down in turn from the starter/);
  assert.equal(score({ seats, first: 1 }).valid, true, 'with rotation, any first');
  assert.match(score({ options, seats: [{ phom: '[2H 3H 4H]', loose: 'KC' }, { loose: '5S 6S 7S 2D' }] }).reason!, /holds a phỏm/);
  const chot = {
    seats: [
      { phom: '[2H 3H 4H]', loose: 'KC' },
      { phom: '[9S 9C 9D]', loose: '4D 8S' },
    ],
    eats: [{ eater: 0, card: '4H', chot: true }],
  };
  assert.match(score({ options, ...chot }).reason!, /never eaten/);
  assert.equal(score(chot).valid, true);
});
