/**
 * Phỏm: a seat that may eat the last discard sees it beside its hand ("Eat 6♥?" and the card's
 * thumbnail), as every other game shows the piece a seat may claim. The engine's `claimable.seat`
 * is the discarder; `canEat` says the viewer may eat it now.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handView } from '../../src/table/views.js';
import { LANGS } from '../../src/table/i18n.js';
import { decisionOf, tableAt } from './scenario-table.js';

const position = {
  turn: 2,
  phase: 'take',
  hands: [
    ['AS', '2S', '3D', '5C', '7C', '9D', 'JD', 'QS', 'KD'],
    ['AH', '2H', '4C', '5D', '8C', '9S', 'JS', 'QH', 'KH'],
    ['6C', '6S', '4D', '7D', '8D', '3H', 'JH', '2C', 'KC'],
    ['AC', '3S', '4H', '5S', '8S', '9C', '10D', 'QC', 'KS'],
  ],
  rows: [['10C'], ['6H'], [], []],
  lastDiscard: { seat: 1, card: '6H' },
};

test('phỏm: the card a seat may eat is shown beside its hand', () => {
  // Seat 2 holds 6♣ 6♠: a set with 6♥, which seat 1 just discarded.
  const { t } = tableAt('phom', 4, { position });
  assert.ok(decisionOf(t, 2)!.options.some((a) => a.type === 'eat'));
  for (const lang of LANGS) {
    const v = handView(t, 2, lang);
    assert.equal(v.claim?.model.code, '6H', `${lang}: the offer is shown`);
    assert.match(v.claim.caption, /6♥/, `${lang}: ${v.claim.caption}`);
  }
  assert.equal(handView(t, 2, 'en').claim?.caption, 'Eat 6♥?');
});

test('phỏm: no offer where the seat may not eat (another seat, or a card it cannot use)', () => {
  const { t } = tableAt('phom', 4, { position });
  for (const seat of [0, 1, 3]) assert.equal(handView(t, seat, 'en').claim, undefined, `seat ${seat}`);
  // Seat 2 without the pair: nothing to eat with, the draw only.
  const hands = position.hands.map((h, s) => (s === 2 ? ['5C', '9S', '4D', '7D', '8D', '3H', 'JH', '2C', 'KC'] : h));
  hands[0] = ['AS', '2S', '3D', '6C', '7C', '9D', 'JD', 'QS', 'KD'];
  hands[1] = ['AH', '2H', '4C', '5D', '8C', '6S', 'JS', 'QH', 'KH'];
  const { t: t2 } = tableAt('phom', 4, { position: { ...position, hands } });
  assert.ok(!decisionOf(t2, 2)!.options.some((a) => a.type === 'eat'));
  assert.equal(handView(t2, 2, 'en').claim, undefined);
});
