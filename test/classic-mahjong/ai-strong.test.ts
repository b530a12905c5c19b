/**
 * The classical `strong` AI's choices in fixed positions (issue 16): what it does that the
 * reference AI does not, each checked on an explicit position (docs/scenarios-classic-mahjong.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { complete } from '../../src/games/classic-mahjong/ai-strong.js';
import { standardShanten } from '../../src/games/mahjong/decompose.js';
import { Rng } from '../../src/games/core/rng.js';

const o = defaultOptions(engine.options);

function position(pos: Record<string, unknown>): State {
  const s = engine.fromScenario(o, 4, { position: pos });
  assert.ok(s.ok, s.ok ? '' : s.error.message);
  return s.value;
}

const others = [
  { concealed: ['2s', '2s', '3s', '5s', '6s', '7s', '7p', '8p', '9p', '1z', '1z', '1z', '2z'] },
  { concealed: ['9s', '9s', '9s', '5s', '6s', '7s', '7p', '7p', '8p', '4z', '4z', '4z', '2z'] },
];

test('strong, ready, waits on the dragon pung (worth double) rather than on a wider plain wait; normal takes the wider wait', () => {
  // 1s2s3s 4p5p6p 7m8m9m 6z6z 4m4m + 5m drawn: discarding 5m waits on 6z or 4m (the dragon pung
  // doubles a 24-point hand, and the other seats throw lone honours early), discarding 4m waits
  // on 3m or 6m (8 tiles) for 22 points.
  const s = position({
    players: [
      { concealed: ['1s', '2s', '3s', '4p', '5p', '6p', '7m', '8m', '9m', '6z', '6z', '4m', '4m', '5m'] },
      { concealed: ['1m', '1m', '2m', '9p', '9p', '9p', '2p', '3p', '4p', '8s', '8s', '8s', '3z'] },
      ...others,
    ],
    drawn: '5m',
    wallCount: 40,
  });
  assert.deepEqual(engine.ai(s, 0, 'strong'), { type: 'discard', tile: '5m' });
  assert.deepEqual(engine.ai(s, 0, 'normal'), { type: 'discard', tile: '4m' });
});

test('strong does not hand a seat showing two dragon pungs the third dragon (a limit hand); normal throws its lone dragon', () => {
  // seat 0 is far from ready; its lone 7z is the tile the reference AI throws first
  const s = position({
    players: [
      { concealed: ['1s', '2s', '4p', '6p', '7m', '8m', '3m', '4m', '8s', '9s', '2p', '7z', '1p', '5s'] },
      {
        concealed: ['1m', '1m', '2m', '9p', '9p', '9p', '3z'],
        melds: [
          { tiles: ['5z', '5z', '5z'], claimedFrom: 0 },
          { tiles: ['6z', '6z', '6z'], claimedFrom: 2 },
        ],
      },
      ...others,
    ],
    drawn: '5s',
    wallCount: 40,
  });
  const a = engine.ai(s, 0, 'strong');
  assert.equal(a.type, 'discard');
  assert.notEqual(a.type === 'discard' && a.tile, '7z');
  assert.deepEqual(engine.ai(s, 0, 'normal'), { type: 'discard', tile: '7z' });
});

test('the fast complete-hand check agrees with the shanten count (−1 = complete) on random near-complete hands', () => {
  const rng = new Rng('complete-check');
  let completes = 0;
  let checked = 0;
  for (let i = 0; i < 20000; i++) {
    const c = new Array<number>(34).fill(0);
    const add = (k: number) => {
      if (k >= 0 && k < 34 && c[k]! < 4) c[k]!++;
    };
    const sets = rng.int(5);
    for (let j = 0; j < sets; j++) {
      if (rng.int(2)) {
        const k = rng.int(34);
        for (let x = 0; x < 3; x++) add(k);
      } else {
        const k = rng.int(3) * 9 + rng.int(7);
        for (let x = 0; x < 3; x++) add(k + x);
      }
    }
    const p = rng.int(34);
    add(p);
    add(p);
    // spoil it now and then: move a tile to a neighbour or anywhere
    for (let z = rng.int(3); z > 0; z--) {
      const held = c.flatMap((n, k) => (n > 0 ? [k] : []));
      const k = held[rng.int(held.length)]!;
      c[k]!--;
      add(rng.int(2) ? k + rng.int(3) - 1 : rng.int(34));
    }
    const n = c.reduce((a, b) => a + b, 0);
    if (n % 3 !== 2) continue;
    checked++;
    const fast = complete(c);
    if (fast) completes++;
    assert.equal(fast, standardShanten(c, (n - 2) / 3) === -1, c.join(''));
  }
  assert.ok(completes > 1000 && checked - completes > 1000, `${completes} complete of ${checked}`);
});
