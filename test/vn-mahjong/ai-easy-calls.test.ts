/**
 * `easy`'s calls (a review of 2026-12-07): at `max-jokers-per-call = 2` it called a pung of a tile it
 * held no copy of with two jokers (often Tổng and Hợp), though its own rule is that "even a beginner
 * keeps a joker". Now it never makes a call of more jokers than natural tiles: it passes instead.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { handSeed } from '../../src/games/core/rng.js';
import { isJoker } from '../../src/games/vn-mahjong/tiles.js';
import type { VnAction } from '../../src/games/vn-mahjong/actions.js';
import { opts, pos } from './helpers.js';

const TWO = { 'max-jokers-per-call': '2' };
const jokers = (a: VnAction & { tiles: string[] }) => a.tiles.filter(isJoker).length;

test('easy passes a discard it could call only with two jokers', () => {
  const s = pos(
    {
      hands: [
        '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z',
        '1m 2m 5m 7m 1s 1s 1s 6z 6z 3z 4z JA JP',
        '2m 5m 8m 3p 6p 1p 1s 4s 7s 2z 4z 6z 1z',
        '3m 6m 9m 9m 4p 7p 2s 5s 8s 1z 2z 3z 4z',
      ],
      claim: { tile: '9p', from: 0 },
    },
    TWO,
  );
  const d = engine.pending(s).find((x) => x.seat === s.seatPerson[1])!;
  assert.ok(d.options.some((a) => a.type === 'pung' && jokers(a) === 2));
  assert.deepEqual(engine.ai(s, d.seat, 'easy'), { type: 'pass' });
});

test('easy self-play at max-jokers-per-call = 2: no call of more jokers than natural tiles', () => {
  let calls = 0;
  let refused = 0;
  for (let h = 0; h < 80; h++) {
    let s = engine.setup(opts(TWO), 4, handSeed('easy-calls', h), null) as State;
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'easy') as VnAction;
      if (d.options.some((o) => (o.type === 'pung' || o.type === 'chow') && jokers(o) > o.tiles.length - jokers(o))) refused++;
      if (a.type === 'pung' || a.type === 'chow') {
        calls++;
        assert.ok(jokers(a) <= a.tiles.length - jokers(a), `deal ${h}: ${JSON.stringify(a)}`);
      }
      const r = engine.apply(s, d.seat, a);
      assert.ok(r.ok, JSON.stringify(r));
      s = r.value as State;
    }
  }
  assert.ok(calls > 50 && refused > 3, `calls ${calls}, two-joker calls offered ${refused}`);
});
