/**
 * Scoring corners of preset A found in review (2026-12-07): a kind the winner holds all four of is no
 * wait (§9 `xuyen`), and `kk-bonus = per-pattern` adds the small no-joker bonus beside a big one (RA).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/vn-mahjong/index.js';

type Out = { valid: boolean; reason?: string; phan: number; items: { id: string; value: number }[]; payments: { deltas: number[] } };
const score = (x: Record<string, unknown>): Out => {
  const o = engine.cli!.score!(x) as Out;
  assert.equal(o.valid, true, o.reason);
  return o;
};
const ids = (o: Out) => o.items.map((x) => `${x.id}:${x.value}`).sort();

test('§9 xuyen: a kind the winner holds all four of is no second wait (no fifth copy exists)', () => {
  // 1m×4 2m 3m + 4m: only 4m completes it (1m1m1m 1m2m3m 4m… would need a fifth 1m).
  const four = score({ seatWind: 1, concealed: '1m 1m 1m 1m 2m 3m 4m 5p 5p 5p 7s 7s 7s', winningTile: '4m', winBy: 'self-draw' });
  assert.deepEqual(ids(four), ['kin:1', 'xuyen:1']);
  assert.equal(four.phan, 2);
  assert.deepEqual(four.payments.deltas, [-4, 12, -4, -4]);
  // The fourth 1m in a kong counts too: concealed 1m 2m 3m … waiting 4m (and 1m, of which none is left).
  const kong = score({
    seatWind: 1,
    melds: [{ tiles: '1m 1m 1m 1m', concealed: true }],
    concealed: '2m 3m 4m 4m 5p 5p 5p 7s 7s 7s',
    winningTile: '4m',
    winBy: 'self-draw',
  });
  assert.ok(ids(kong).includes('xuyen:1'), ids(kong).join(' '));
  // Control: with a 1m still unseen, 1m and 4m both complete it: no Xuyên.
  const three = score({ seatWind: 1, concealed: '1m 1m 1m 2m 3m 4m 5p 5p 5p 7s 7s 7s 9m 9m', winningTile: '4m', winBy: 'self-draw' });
  assert.ok(!ids(three).includes('xuyen:1'), ids(three).join(' '));
});

test('§9 kk-bonus = per-pattern: each big pattern +1 mủn and each small one +1 phán, together (RA "No Jokers" items)', () => {
  const hand = (o: Record<string, unknown>) => ({
    options: o,
    seatWind: 1,
    melds: [
      { tiles: '1s 1s 1s', from: 0 },
      { tiles: '3s 3s 3s', from: 2 },
      { tiles: '5s 5s 5s', from: 3 },
      { tiles: '7s 7s 7s', from: 0 },
    ],
    concealed: '9s 9s',
    winningTile: '9s',
    winBy: 'discard',
    from: 2,
  });
  const per = score(hand({ 'kk-bonus': 'per-pattern' }));
  assert.ok(ids(per).includes('kk-bonus:6') && ids(per).includes('kk-bonus-small:2'), ids(per).join(' '));
  const once = score(hand({}));
  assert.ok(ids(once).includes('kk-bonus:6') && !ids(once).some((x) => x.startsWith('kk-bonus-small')), ids(once).join(' '));
  assert.equal(per.phan, once.phan + 2);
});

test('§13 rob-bounce: the declarer compensates as for a robbed kong, under its own reason (no Coong Xừng Phá)', () => {
  const o = engine.cli!.score!({
    options: { 'rob-bounce': true },
    seatWind: 3,
    concealed: '1m 1m 1m 4p 5p 6p 7s 8s 9s 4s 5s 2z 2z 3s',
    winningTile: '3s',
    winBy: 'rob-bounce',
    from: 1,
  }) as Out & { payments: { lines: { from: number; reason: string }[] } };
  assert.equal(o.valid, true, o.reason);
  assert.deepEqual(o.payments.deltas, [-1, -2, -1, 4]);
  assert.deepEqual(
    o.payments.lines.map((l) => l.reason),
    ['chung-con', 'rob-bounce-compensate', 'chung-con'],
  );
});
