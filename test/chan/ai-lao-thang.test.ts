/**
 * `lao-thang-ca` = no (chan.md §2: `LA`+`TH` form a cạ only with the option): Lão and Thang held once
 * each are two dead singles, never a cạ and never the winning card (§8). Every AI level used to count
 * any two singles of the Nhất/Yêu group as a cạ, so it kept LA + TH and threw a live single instead
 * (a review, 2026-12-07). They now pair cards by the engine's rule (cards.ts `oddCa`, `hasOddPartner`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';
import { compatIndex, counts, FACE_INDEX, FACES, GROUP_FACES, hasOddPartner, oddCa, type Face } from '../../src/games/chan/cards.js';
import { handScore, keepChan } from '../../src/games/chan/ai.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { position } from './helpers.js';

// 6 chắn, the cạ 4v–4n and 7v–7s, singles 9s 2n LA TH (5 players, seat 2 to discard).
const HAND = '2v 2v 3n 3n 5s 5s 6v 6v 8n 8n 1v 1v 4v 4n 7v 7s 9s 2n LA TH';
const at = (lt: boolean) => position(5, { hands: ['', '', HAND, '', ''], phase: { kind: 'discard', seat: 2 } }, { 'lao-thang-ca': lt });

// (easy is normal with random slips: its choice here is normal's unless a slip is drawn)
for (const level of ['normal', 'strong'] as AiLevel[])
  test(`${level}: throws a dead Lão or Thang without lao-thang-ca, keeps the cạ LA–TH with it`, () => {
    const off = engine.ai(at(false), 2, level);
    assert.equal(off.type, 'discard');
    assert.ok(off.type === 'discard' && (off.card === 'LA' || off.card === 'TH'), `off: ${JSON.stringify(off)}`);
    const on = engine.ai(at(true), 2, level);
    assert.ok(on.type === 'discard' && on.card !== 'LA' && on.card !== 'TH', `on: ${JSON.stringify(on)}`);
  });

test('keepChan: a lone LA beside a lone TH is a dead single only without lao-thang-ca', () => {
  const hand = ['8v', '8v', 'LA', 'TH'] as Face[];
  assert.deepEqual(keepChan(hand, hand, false), ['LA', 'TH']);
  assert.deepEqual(keepChan(hand, hand, true), hand);
});

test('handScore: LA + TH singles score as two loose cards without the option, as a cạ with it', () => {
  const hidden = new Array<number>(30).fill(2);
  const c = counts(HAND.split(' ') as Face[]);
  const score = (drop: Face, lt: boolean) => {
    const d = c.slice();
    d[FACE_INDEX[drop]!]!--;
    return handScore(d, { melds: [] }, 5, hidden, lt);
  };
  assert.ok(score('LA', false) > score('2n', false), `off: LA ${score('LA', false)} > 2n ${score('2n', false)}`);
  assert.ok(score('2n', true) > score('LA', true), `on: 2n ${score('2n', true)} > LA ${score('LA', true)}`);
});

test('oddCa and hasOddPartner agree with the engine pairing (compatIndex) on every odd set of a group', () => {
  for (const lt of [false, true])
    for (let g = 1; g <= 9; g++) {
      const faces = GROUP_FACES[g]!;
      for (let mask = 0; mask < 1 << faces.length; mask++) {
        const c = new Array<number>(30).fill(0);
        const odd = faces.filter((_, k) => mask & (1 << k));
        for (const i of odd) c[i] = 1;
        // The most cạ by brute force over the engine's rule.
        const most = (rest: number[]): number => {
          if (rest.length < 2) return 0;
          const [a, ...others] = rest as [number, ...number[]];
          let top = most(others);
          for (const b of others) if (compatIndex(a, b, lt)) top = Math.max(top, 1 + most(others.filter((x) => x !== b)));
          return top;
        };
        assert.deepEqual(oddCa(c, g, lt), { odd: odd.length, ca: most(odd) }, `group ${g} ${odd.map((i) => FACES[i]).join(' ')} lt=${lt}`);
        for (const i of odd)
          assert.equal(
            hasOddPartner(c, FACES[i]!, lt),
            odd.some((j) => compatIndex(i, j, lt)),
          );
      }
    }
});
