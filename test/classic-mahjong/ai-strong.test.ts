/**
 * The classical `strong` AI's choices in fixed positions (issue 16): what it does that the
 * reference AI does not, each checked on an explicit position (docs/scenarios-classic-mahjong.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { complete, pungShanten } from '../../src/games/classic-mahjong/ai-strong.js';
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
    discardCount: 30,
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
    discardCount: 30,
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

test('the all-pung distance: 4 pungs + pair is complete, 3 pungs + 2 pairs is ready, 6 pairs + 1 is 3 away, and never closer than the standard distance', () => {
  const c = (tiles: Record<number, number>) => Array.from({ length: 34 }, (_, k) => tiles[k] ?? 0);
  assert.equal(pungShanten(c({ 0: 3, 10: 3, 20: 3, 30: 3, 33: 2 }), 4), -1);
  assert.equal(pungShanten(c({ 0: 3, 10: 3, 20: 3, 30: 2, 33: 2 }), 4), 0);
  assert.equal(pungShanten(c({ 0: 2, 3: 2, 10: 2, 20: 2, 30: 2, 33: 2, 5: 1 }), 4), 3);
  // 1m…9m 1p2p3p 5s: ready by chows, but with no pair 8 tiles from four pungs and a pair
  assert.equal(pungShanten(c({ 0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 22: 1 }), 4), 8);
  const rng = new Rng('pung-shanten');
  for (let i = 0; i < 3000; i++) {
    const h = new Array<number>(34).fill(0);
    for (let n = 0; n < 13;) {
      const k = rng.int(34);
      if (h[k]! < 4) {
        h[k]!++;
        n++;
      }
    }
    assert.ok(pungShanten(h, 4) >= standardShanten(h, 4), h.join(''));
  }
});

test('strong plays for one suit when it costs at most a tile: it passes on an off-suit chow that normal takes', () => {
  // seat 1: 1s2s3s 4s5s6s 7s8s 9s9s 2s + 4m 6m; seat 0 discards 5m. The chow makes it ready, but
  // the bamboo alone are one tile further and a one-suit hand is worth three doubles.
  const s = position({
    players: [
      { concealed: ['1m', '1m', '2m', '9p', '9p', '9p', '2p', '3p', '4p', '8p', '8p', '3z', '3z'], discards: ['5m'] },
      { concealed: ['1s', '2s', '3s', '4s', '5s', '6s', '7s', '8s', '9s', '9s', '2s', '4m', '6m'] },
      { concealed: ['2z', '2z', '3m', '5p', '6p', '7p', '7m', '7m', '8m', '4z', '4z', '4z', '6z'] },
      { concealed: ['1z', '1z', '1z', '5z', '5z', '7z', '1p', '2p', '3m', '3m', '8m', '9m', '6p'] },
    ],
    phase: 'claim',
    claim: { tile: '5m', from: 0 },
    turn: 0,
    wallCount: 60,
  });
  assert.ok(engine.pending(s).some((d) => d.seat === 1 && d.options.some((a) => a.type === 'chow')));
  assert.equal(engine.ai(s, 1, 'normal').type, 'chow');
  assert.deepEqual(engine.ai(s, 1, 'strong'), { type: 'pass' });
  // the hint says why: the plan, in every language
  const r = engine.explain!(s, 1, { type: 'pass' });
  assert.equal(checkReason('classic-mahjong', r), 'pass-suit');
  assert.equal(r.vars.card, '5m');
});

test('strong with five pairs plays for pungs (no chow: a double): it passes on a chow that normal takes', () => {
  // seat 1 (South): 1m1m 4p4p 7s7s 9s9s 2z2z 5m6m 3p; seat 0 discards 7m. The chow is a step closer,
  // but the all-pung hand is as close and its pairs can be punged from any seat.
  const s = position({
    players: [
      { concealed: ['2m', '3m', '4m', '9p', '9p', '9p', '2p', '3p', '4p', '8p', '8p', '3z', '3z'], discards: ['7m'] },
      { concealed: ['1m', '1m', '4p', '4p', '7s', '7s', '9s', '9s', '2z', '2z', '5m', '6m', '3p'] },
      { concealed: ['5z', '5z', '3m', '5p', '6p', '7p', '1s', '2s', '8m', '4z', '4z', '4z', '6z'] },
      { concealed: ['1z', '1z', '1z', '6z', '6z', '7z', '1p', '2p', '3s', '4s', '8s', '9m', '6p'] },
    ],
    phase: 'claim',
    claim: { tile: '7m', from: 0 },
    turn: 0,
    wallCount: 60,
  });
  assert.equal(engine.ai(s, 1, 'normal').type, 'chow');
  assert.deepEqual(engine.ai(s, 1, 'strong'), { type: 'pass' });
  assert.equal(checkReason('classic-mahjong', engine.explain!(s, 1, { type: 'pass' })), 'pass-pungs');
});

test('last-discard-claims all: strong calls no pung or chow on the last discard (nothing left to draw), and says why', () => {
  const at = (wallCount: number) => {
    const s = engine.fromScenario({ ...o, 'last-discard-claims': 'all' }, 4, {
      position: {
        players: [
          { concealed: ['1m', '1m', '2m', '9p', '9p', '9p', '2p', '3p', '4p', '8p', '8p', '3z', '3z'] },
          { concealed: ['2s', '2s', '3s', '5s', '6s', '7s', '7p', '8p', '9p', '1z', '1z', '1z', '2z'], discards: ['3s'] },
          { concealed: ['5m', '5m', '3p', '4p', '5p', '6p', '1s', '3s', '3s', '5s'], melds: [{ tiles: ['7z', '7z', '7z'] }] },
          { concealed: ['9s', '9s', '9s', '4s', '6m', '7m', '7p', '7p', '8m', '4z', '4z', '4z', '2z'] },
        ],
        phase: 'claim',
        claim: { tile: '3s', from: 1 },
        turn: 1,
        wallCount,
      },
    });
    assert.ok(s.ok, s.ok ? '' : s.error.message);
    assert.ok(engine.pending(s.value).some((d) => d.seat === 2 && d.options.some((a) => a.type === 'pung')));
    return s.value;
  };
  // With tiles left the pung brings seat 2 closer, and strong takes it.
  assert.deepEqual(engine.ai(at(20), 2, 'strong'), { type: 'pung' });
  const last = at(0);
  assert.deepEqual(engine.ai(last, 2, 'strong'), { type: 'pass' });
  assert.equal(checkReason('classic-mahjong', engine.explain!(last, 2, { type: 'pass' })), 'pass-last');
});
