/**
 * Eating a cạ with one card of a concealed chắn (§7.2 spare-card rule, rules-decisions "R5 with a lone
 * card"): the refusal stays, but its reason is the chắn it would break, not a made-up cạ. With `2v 2v 2s`
 * and `2n` offered, eating with 2v said "you would split the cạ you already hold (2v with 2s)": `2v 2v`
 * is a chắn and `2s` the lone card. legality.ts `normalCaBlock` gave 'split-ca' whenever a face held an
 * even number of times was asked to eat; a face held an odd number of times beside another such face is
 * the one that splits a held cạ, named with that face.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rejects, position } from './helpers.js';

const FILL = '3v 3v 4n 4n 5s 5s 6v 6v 7n 7n 8s 8s CC CC LA LA TH TH 1v 1v';
/** Seat 1 holds `rank2` and enough chắn to fill its hand; `x` is offered to it. */
const at1 = (rank2: string, x: string, over: Record<string, unknown> = {}) => {
  const cards = `${rank2} ${FILL}`.split(' ').slice(0, 23).join(' ');
  return position(
    4,
    { hands: ['', cards, '', ''], phase: { kind: 'offer', card: x, gate: 1, source: 'discard', from: 0 }, fill: 'e' },
    over,
  );
};

for (const split of [true, false])
  test(`split-chan-for-ca = ${split}: eating with a card of a concealed chắn beside the spare card breaks that chắn`, () => {
    for (const [rank2, over] of [
      ['2v 2v 2s', {}],
      ['2v 2v 2v 2v 2s', {}],
      // 2n held too (prefer-chan off, so the cạ may be asked for): 2s–2n is the cạ, 2v 2v the chắn.
      ['2v 2v 2s 2n', { 'prefer-chan': false }],
    ] as const) {
      const msg = rejects(at1(rank2, '2n', { 'split-chan-for-ca': split, ...over }), 1, { type: 'eat', with: '2v' }, 'chan/eat-break-chan');
      assert.equal(msg, 'Eating with 2v would break your chắn of 2v.', rank2);
    }
  });

test('a lone card of a held cạ splits that cạ, named with its partner', () => {
  // 2v 2v 2s 2n (prefer-chan off): the cạ 2s–2n; eating 2n with 2s splits it, named with 2n, not 2v.
  const msg = rejects(at1('2v 2v 2s 2n', '2n', { 'prefer-chan': false }), 1, { type: 'eat', with: '2s' }, 'chan/eat-split-ca');
  assert.match(msg, /\(2s with 2n\)/);
});
