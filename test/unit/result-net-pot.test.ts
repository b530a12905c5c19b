/**
 * A hand's public result (message and image totals) shows each seat's net, the gà pot included
 * (phom.md §10, `ga-pot`): before 2026-12-07 it showed the settlement's deltas alone, while the seat's
 * own view, the stored rows (/score, standings) and the table badges added the pot's flows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, playWithAiUntil } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import { imageAlt, presentCtx, resultView, tableView } from '../../src/table/views.js';
import { netPoints } from '../../src/games/core/result.js';
import type { HandResult } from '../../src/games/core/types.js';

test('Phỏm with the gà pot: the result message and image totals are the net the rows store', () => {
  const eng = engineOf('phom');
  let checked = 0;
  for (let k = 0; k < 40 && checked === 0; k++) {
    const r = rig('phom', ['human', 'human', 'human'], { seed: `gp${k}`, options: { 'ga-pot': 'flat' } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    playWithAiUntil(r, () => false);
    const t = r.ts.load(r.gameId)!;
    const res = eng.result(t.state) as HandResult & { pot: { flows: number[] } };
    if (!res.pot.flows.some((x) => x !== 0)) continue;
    checked++;
    const net = netPoints(res);
    assert.notDeepEqual(net, res.deltas, 'the pot moved money this hand');
    const stored = r.store.db.prepare('SELECT seat, points FROM results WHERE game_id = ? ORDER BY seat').all(r.gameId) as {
      seat: number;
      points: number;
    }[];
    assert.deepEqual(
      stored.map((x) => x.points),
      net,
    );
    const rv = resultView(t, 'en', false)!;
    const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${Math.abs(n)} × bet`;
    assert.deepEqual(
      rv.model.totals.map((x) => x.delta),
      net.map(signed),
    );
    for (const [s, n] of net.entries())
      assert.ok(rv.lines.includes(`P${s}: ${signed(n)}`), `${rv.lines.join('\n')}\nmissing P${s}: ${signed(n)}`);
  }
  assert.equal(checked, 1, 'a hand where the pot moved');
});

/** A Phỏm table (gà pot flat, and `options`) played on until a pot is carried into a running hand. */
function tableWithPot(options: Record<string, unknown> = {}) {
  const eng = engineOf('phom');
  const r = rig('phom', ['human', 'human', 'human'], { seed: 'pot', options: { 'ga-pot': 'flat', ...options } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let h = 0; h < 10; h++) {
    if (h > 0) r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: String(h - 1) });
    const s = playWithAiUntil<{ gaPotStart: number; gaIn: number[] }>(r, (x) => x.gaPotStart > 0 && x.gaIn.some((v) => v > 0));
    if (!eng.result(s)) break;
  }
  const t = r.ts.load(r.gameId)!;
  return { t, pot: (eng.publicView(t.state) as { gaPot: number }).gaPot };
}

test('Phỏm with the gà pot: the table image and its words say what the pot holds for the next Ù', () => {
  const { t, pot } = tableWithPot();
  assert.ok(pot > 0, 'a pot carried into a running hand');
  const tv = tableView(t, 'en');
  assert.equal(tv.model!.stockNote, `Gà pot ${pot} × bet`);
  assert.match(imageAlt(t.presenter, tv.model!, presentCtx(t, 'en')), new RegExp(`Stock \\d+, Gà pot ${pot} × bet\\.`));
});

test('Phỏm with the gà pot and a bet unit of 1,000: the pot is money, not "× bet" (phom.md §2, §10)', () => {
  const { t, pot } = tableWithPot({ 'bet-unit': 1000 });
  assert.ok(pot >= 1000, 'a pot carried into a running hand');
  assert.equal(tableView(t, 'en').model!.stockNote, `Gà pot ${pot.toLocaleString('en')} money`);
  assert.doesNotMatch(tableView(t, 'vi').model!.stockNote ?? '', /cược/);
});
