/**
 * A result names the unit its numbers count in. Chắn at a stake (chan.md §10: each loser pays
 * A = V × `stake`): the items give V in điểm and the seats' lines money, so a line joins them. The
 * match standings under a result, and the chart at a match's end, say their unit as the seats' lines do.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, playWithAi } from '../support/table-rig.js';
import { resultView, standingsModel } from '../../src/table/views.js';
import type { ChanResult } from '../../src/games/chan/result-types.js';
import type { GameId } from '../../src/games/core/types.js';

/** Two hands played (the second's result shows the standings), the first whose hand a seat won. */
function twoHands(game: GameId, options: Record<string, unknown>, won: boolean) {
  for (let k = 0; k < 40; k++) {
    const r = rig(game, ['human', 'human', 'human', 'human'], { seed: `unit-${k}`, options });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    playWithAi(r);
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: '0' });
    playWithAi(r);
    const t = r.ts.load(r.gameId)!;
    const res = t.engine.result(t.state) as ChanResult | null;
    if (!won || (res?.winners.length && res.value > 0)) return { r, t, res: res! };
  }
  throw new Error('no hand won in 40 seeds');
}

const SAY = {
  en: { stake: '• P{{w}} · Stake: {{v}} points × 500 = {{a}} money from each', standings: '📊 Match so far (money): ' },
  vi: { stake: '• P{{w}} · Mức tiền: {{v}} điểm × 500 = {{a}} tiền mỗi nhà', standings: '📊 Tổng trận đến giờ (tiền): ' },
  'zh-TW': { stake: '• P{{w}} · 分值：{{v}} 分 × 500 = 每家 {{a}} 錢', standings: '📊 目前比賽累計（錢）：' },
} as const;

test('Chắn at stake 500: a line says value × stake = what each loser paid, in every language', () => {
  const { t, res } = twoHands('chan', { stake: 500, scoring: 'cuoc' }, true);
  const w = res.winners[0]!;
  const each = res.value * 500;
  for (const p of res.payments) assert.equal(p.amount, each);
  for (const lang of ['en', 'vi', 'zh-TW'] as const) {
    const lines = resultView(t, lang, false)!.lines;
    const a = each.toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-US');
    const want = SAY[lang].stake.replace('{{w}}', String(w)).replace('{{v}}', String(res.value)).replace('{{a}}', a);
    assert.ok(lines.includes(want), `${lang}: ${want}\n${lines.join('\n')}`);
    assert.ok(
      lines.some((l) => l.startsWith(SAY[lang].standings)),
      `${lang}:\n${lines.join('\n')}`,
    );
  }
});

test('Chắn at stake 1: no stake line (the items and the totals are both điểm)', () => {
  const { t } = twoHands('chan', { stake: 1, scoring: 'cuoc' }, true);
  const text = resultView(t, 'en', false)!.lines.join('\n');
  assert.doesNotMatch(text, /Stake/);
  assert.match(text, /📊 Match so far \(points\): /);
});

test('Phỏm: the standings and the chart count in × bet, as the seats’ lines', () => {
  const { r, t } = twoHands('phom', {}, false);
  const lines = resultView(t, 'en', false)!.lines;
  assert.ok(
    lines.some((l) => /^P\d: [+-]?\d+ × bet$/.test(l)),
    lines.join('\n'),
  );
  assert.match(lines.at(-1)!, /^📊 Match so far \(× bet\): /);
  const chart = standingsModel(t, 'vi', r.store.results.matchStandings(r.gameId, t.seats))!;
  assert.equal(chart.subtitle, '2 ván · × cược');
});
