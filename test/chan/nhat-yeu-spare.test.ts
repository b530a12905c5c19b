/**
 * chan.md §7.2 [Seed] "eat a cạ of the Nhất/Yêu group with the spare card, keeping the chắn", R5
 * "never split a cạ held": the spare is a card left alone in a best arrangement of the group. With
 * `lao-thang-ca` (default) that is the face held an odd number of times in an odd-sized group; without
 * it Lão and Thang never pair, so `1v LA TH` holds the cạ 1v–LA or 1v–TH (1v is no spare) and
 * `LA TH` alone are two spares. The parity rule was applied whatever the option.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';
import { nhatYeuSpares, sparesBySearch } from '../../src/games/chan/legality.js';
import { options, position } from './helpers.js';

const at = (h: string, o: Record<string, unknown>) =>
  position(5, { hands: ['', h], phase: { kind: 'offer', card: 'CC', gate: 1, source: 'discard', from: 0 } }, o);
const eats = (s: ReturnType<typeof at>) =>
  options(s, 1)
    .filter((a) => a.type === 'eat')
    .map((a) => (a as { with: string }).with);
const PAIRS = '2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9v';

test('1v LA TH: every card is a spare by default; without lao-thang-ca only LA and TH (1v would split its cạ)', () => {
  const hand = `1v LA TH ${PAIRS}`;
  assert.deepEqual(eats(at(hand, {})), ['1v', 'LA', 'TH']);
  const off = at(hand, { 'lao-thang-ca': false });
  assert.deepEqual(eats(off), ['LA', 'TH']);
  const r = engine.apply(off, 1, { type: 'eat', with: '1v' } as never);
  assert.equal(r.ok, false);
  if (!r.ok) assert.equal(r.error.code, 'chan/eat-split-ca');
});

test('LA TH (two lone cards without lao-thang-ca) may eat CC; by default they are a cạ and may not', () => {
  const hand = `LA TH ${PAIRS} 2n`;
  assert.deepEqual(eats(at(hand, { 'lao-thang-ca': false })), ['LA', 'TH']);
  assert.deepEqual(eats(at(hand, {})), []);
});

test('with lao-thang-ca the spares by the search are exactly the parity rule (odd group, odd count), which is used', () => {
  const faces = ['1v', '1n', '1s', 'CC', 'LA', 'TH'] as const;
  // every group of up to 6 cards, at most 4 of a face
  const groups: string[][] = [];
  const go = (k: number, acc: string[]) => {
    if (k === faces.length) return void (acc.length <= 6 && groups.push(acc));
    for (let n = 0; n <= 4 && acc.length + n <= 6; n++) go(k + 1, [...acc, ...Array<string>(n).fill(faces[k]!)]);
  };
  go(0, []);
  for (const g of groups) {
    const parity = g.length % 2 === 1 ? [...new Set(g)].filter((f) => g.filter((x) => x === f).length % 2 === 1) : [];
    assert.deepEqual([...nhatYeuSpares(g as never, true)].sort(), parity.sort(), g.join(' '));
    assert.deepEqual([...sparesBySearch(g as never, true)].sort(), parity.sort(), `search: ${g.join(' ')}`);
  }
});
