/**
 * phom.md §8.2, Ex 14: without `u-by-sending`, cards sent onto other phỏm do not count towards Ù, also
 * those sent in an earlier turn of the hand: a tái turn after a lay-down turn with sends counted them
 * as if in phỏm (only the current turn's sends were added back), so a seat with six cards in its own
 * phỏm declared Ù. With the option on (the default) the same Ù stands.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/phom/index.js';
import { DECK } from '../../src/games/phom/cards.js';
import { position, applyOk } from './helpers.js';

/**
 * 4 players, lay-down order P0–P3. P1 laid [4S 5S 6S] and sent 10D, 9D onto P0's [JD QD KD] and 7S
 * onto P0's [7C 7D 7H] (`sentEarlier`), or still holds those three; it now plays a tái turn and will
 * draw 9S: [9H 9C 9S] and 10H left.
 */
function build(sentEarlier: boolean, over: Record<string, unknown>) {
  const p1hand = sentEarlier ? ['9H', '9C', '10H'] : ['9H', '9C', '10H', '10D', '9D', '7S'];
  const hands = [['AC', '3H', 'KH'], p1hand, ['AH', '2H', '5C', '8C', 'JH', 'KC'], ['4C', '4D', '6C', '6H', '2S', '8S']];
  const melds = [
    sentEarlier
      ? {
          owner: 0,
          cards: ['9D', '10D', 'JD', 'QD', 'KD'],
          sent: [
            { card: '10D', from: 1 },
            { card: '9D', from: 1 },
          ],
        }
      : { owner: 0, cards: ['JD', 'QD', 'KD'] },
    sentEarlier ? { owner: 0, cards: ['7C', '7D', '7H', '7S'], sent: [{ card: '7S', from: 1 }] } : { owner: 0, cards: ['7C', '7D', '7H'] },
    { owner: 1, cards: ['4S', '5S', '6S'] },
    { owner: 2, cards: ['JS', 'QS', 'KS'] },
    { owner: 3, cards: ['3C', '3D', '3S'] },
  ];
  const used = new Set([...hands.flat(), ...melds.flatMap((m) => m.cards), '9S']);
  const rest = DECK.filter((c) => !used.has(c));
  const rows = [rest.slice(0, 4), rest.slice(4, 7), rest.slice(7, 11), rest.slice(11, 15)];
  return position(
    {
      turn: 1,
      phase: 'take',
      hands,
      melds,
      rows,
      layOrder: [0, 1, 2, 3],
      lead: 2,
      stock: ['9S'],
      lastDiscard: { seat: 0, card: rows[0]![3], chot: true },
    },
    4,
    over,
  );
}

const options = (s: ReturnType<typeof build>) => new Set(engine.pending(s)[0]!.options.map((x) => x.type));

test('u-by-sending off: sends of this turn and of the lay-down turn alike leave no Ù', () => {
  const off = { 'u-by-sending': false };
  // The tái turn lays its new [9H 9C 9S] down before it sends (seed 002: all phỏm on the last turn).
  let now = applyOk(applyOk(build(false, off), 1, { type: 'draw' }), 1, { type: 'lay-down', melds: [['9H', '9C', '9S']] });
  for (const [card, target] of [
    ['10D', 0],
    ['9D', 0],
    ['7S', 1],
  ] as const)
    now = applyOk(now, 1, { type: 'send', card, target });
  assert.equal(options(now).has('u'), false, 'sent this turn');
  const earlier = applyOk(build(true, off), 1, { type: 'draw' });
  assert.equal(options(earlier).has('u'), false, 'sent in the lay-down turn');
  assert.equal(engine.apply(earlier, 1, { type: 'u' }).ok, false);
});

test('u-by-sending on (default): the earlier sends count and the tái turn Ù stands', () => {
  const s = applyOk(build(true, {}), 1, { type: 'draw' });
  assert.ok(options(s).has('u'));
  const e = applyOk(s, 1, { type: 'u' });
  assert.equal(e.end?.by, 'u');
});
