/**
 * A player who left is marked in the standings chart's legend ("(left)", "(đã rời bàn)", "（已離桌）").
 * The mark was part of the name and the legend cut long names at their end, so the mark went first:
 * "Bartholomew Montgomery-Smythe (đã r…", and a 32-character name lost it whole, leaving a departed
 * player and the seat's present holder of the same name alike. The mark is now drawn after the
 * name and never cut (render/text.ts `tail`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerFonts, renderStandings, setTextProbe } from '../../src/render/index.js';
import type { FitResult } from '../../src/render/index.js';
import { translator } from '../../src/table/i18n.js';

registerFonts();

test('a long name in the legend is cut before the "(left)" mark, which stays whole, in every language', () => {
  for (const lang of ['vi', 'en', 'zh-TW'] as const) {
    const t = translator(lang);
    const mark = t('common:result.left-mark');
    const long = 'Nguyễn Thị Phương Thảo Hoàng Anh Montgomery-Smythe';
    const seen: FitResult[] = [];
    setTextProbe((r) => seen.push(r));
    try {
      renderStandings({
        game: 'phom',
        locale: lang,
        title: 'Standings',
        players: [
          { name: long, totals: [5, 10, 12] },
          { name: long, mark, totals: [-5, -3, -4] },
          { name: 'An', mark, totals: [0, -7, -8] },
        ],
        handLabels: ['1', '2', '3'],
      });
    } finally {
      setTextProbe(null);
    }
    const names = seen.filter((r) => r.text.startsWith('Nguyễn') || r.text.startsWith('An'));
    const left = names.filter((r) => r.text.endsWith(mark.trim()));
    assert.equal(left.length, 2, `${lang}: ${names.map((r) => r.drawn).join(' | ')}`);
    for (const r of left) assert.ok(r.drawn.endsWith(mark.trim()), `${lang}: the mark is whole: ${r.drawn}`);
    const cut = left.find((r) => r.text.startsWith('Nguyễn'))!;
    assert.ok(cut.ellipsized && cut.drawn.includes('…'), `${lang}: the long name is cut: ${cut.drawn}`);
    assert.equal(left.find((r) => r.text.startsWith('An'))!.drawn, `An${mark}`.normalize(), `${lang}: a short one is whole`);
  }
});

test('a name whose bidi override the cut leaves open does not reverse the mark', async () => {
  const { measureFit } = await import('../../src/render/text.js');
  const { createCanvas } = await import('canvas');
  const ctx = createCanvas(10, 10).getContext('2d');
  const m = measureFit(
    ctx,
    '\u202eKing of the Mahjong Tables Forever\u202c',
    { x: 0, y: 0, w: 260, h: 40 },
    { size: 22, minSize: 14, bold: true, tail: ' (left)' },
  );
  assert.ok(m.ellipsized && m.drawn.endsWith('… (left)'), m.drawn);
  assert.ok(!m.drawn.includes('\u202e'), `no override left open before the mark: ${JSON.stringify(m.drawn)}`);
});
