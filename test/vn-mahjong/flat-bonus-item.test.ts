/**
 * vn-mahjong.md §10 "Flat extras per payer, never doubled" (`mun-flat-bonus` per mủn, `kong-flat-bonus`
 * per kong) are in every payment; the result names them in a line of their own (it never said where
 * the extra 10 of "chung cái 74" came from). None at the default rules.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { double, single } from '../../src/games/vn-mahjong/scoring/settle.js';

function play(over: Record<string, unknown>, tag: string, hands: number, each: (s: State) => void): void {
  const r = resolveOptions(engine.options, over);
  assert.ok(r.ok);
  for (let h = 0; h < hands; h++) {
    let s = engine.setup(r.value, 4, `${tag}-${h}`, null) as State;
    while (!engine.result(s)) {
      const d = engine.pending(s)[0]!;
      const x = engine.apply(s, d.seat, engine.ai(s, d.seat, 'normal'));
      assert.ok(x.ok);
      s = x.value as State;
    }
    each(s);
  }
}

test('with flat extras on, a win lists them per payer, and each payment is its phán amount plus them', () => {
  let seen = 0;
  play({ 'mun-flat-bonus': '10', 'kong-flat-bonus': '5' }, 'flat', 120, (s) => {
    if (s.end?.kind !== 'win' || s.end.liable) return;
    const { score } = s.end;
    const flat = 10 * Math.floor(score.phan / 6) + 5 * score.kongs;
    const item = s.end.result.items.find((i) => i.id === 'flat-bonus');
    if (flat === 0) return assert.equal(item, undefined);
    seen++;
    assert.deepEqual(item, { id: 'flat-bonus', seat: s.end.result.winners[0], value: flat, unit: 'point' });
    const v = Number(s.opts['leftover-phan-value']);
    for (const p of s.end.result.payments)
      assert.ok(
        [double(score.phan, v) + flat, single(score.phan, v) + flat].includes(p.amount) || p.reason.startsWith('rob'),
        JSON.stringify(p),
      );
  });
  assert.ok(seen >= 5, `${seen} wins with flat extras`);
});

test('at the default rules no flat-extras line', () => {
  play({}, 'flat-default', 20, (s) => assert.ok(!engine.result(s)!.items.some((i) => i.id === 'flat-bonus')));
});
