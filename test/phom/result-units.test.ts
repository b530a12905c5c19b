/**
 * phom.md §1 "Money, in multiples of a bet unit B", §10 "all amounts × B", §13 `bet-unit`: the amounts
 * of a result are money (already × B). At B = 1 they count bets ("3 × bet"); above, they are money
 * ("3,000 money"), not "3,000 × bet" (B times too big), and stored apart from B = 1 tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selfplay } from '../../src/games/core/selfplay.js';
import type { HandResult } from '../../src/games/core/types.js';
import { engine } from '../../src/games/phom/index.js';
import { rig, playWithAi } from '../support/table-rig.js';
import { resultView } from '../../src/table/views.js';
import { opts } from './helpers.js';

for (const [B, want] of [
  [1, 'bet'],
  [1000, 'money'],
] as const) {
  test(`bet-unit ${B}: the result and its money items are in '${want}', loose-card points in 'point'`, () => {
    const results: HandResult[] = [];
    for (const seats of [2, 3, 4]) {
      const r = selfplay(engine, opts({ 'bet-unit': B, 'ga-pot': 'flat' }), seats, `units-${B}-${seats}`, 25, (_i, res) => {
        results.push(res);
      });
      assert.deepEqual(r.problems, []);
    }
    assert.ok(results.length >= 70);
    assert.ok(
      results.some((r) => r.items.some((it) => it.id === 'eat' && it.value !== 0)),
      'some hand paid an eat',
    );
    for (const r of results) {
      assert.equal(r.unit, want);
      for (const it of r.items) assert.equal(it.unit, it.id === 'deadwood' ? 'point' : want, JSON.stringify(it));
      // The amounts stay money: every payment is a multiple of B.
      for (const p of r.payments) assert.equal(p.amount % B, 0, JSON.stringify(p));
    }
  });
}

test('bet-unit 1000: the result says money in vi, en and zh-TW, never "× bet", and the rows store money', () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'show', options: { 'bet-unit': 1000 } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAi(r);
  const t = r.ts.load(r.gameId)!;
  const res = engine.result(t.state as never)!;
  assert.ok(
    res.payments.some((p) => p.amount === 1000),
    'a one-bet payment of 1,000',
  );
  const money = { en: 'money', vi: 'tiền', 'zh-TW': '錢' } as const;
  for (const lang of ['en', 'vi', 'zh-TW'] as const) {
    const text = resultView(t, lang, false)!.lines.join('\n');
    assert.doesNotMatch(text, /× (bet|cược|注)/, `${lang}:\n${text}`);
    const sep = lang === 'zh-TW' ? '：' : ': ';
    const thousand = lang === 'vi' ? '1.000' : '1,000';
    assert.ok(text.includes(`${sep}-${thousand} ${money[lang]}`), `${lang}: "-${thousand} ${money[lang]}" in\n${text}`);
  }
  const rows = r.store.db.prepare('SELECT DISTINCT unit FROM results WHERE game_id = ?').all(r.gameId) as { unit: string }[];
  assert.deepEqual(
    rows.map((x) => x.unit),
    ['money'],
  );
});
