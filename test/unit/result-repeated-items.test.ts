/**
 * An item that repeats (Chắn counts each Tôm, chan.md §9: "a second Lèo adds 2") reads as one line
 * "Tôm ×2" with the sum, not as two identical lines; items that differ stay apart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resultLines, CHAN_CODE } from '../../src/table/present/common.js';
import { LANGS, translator } from '../../src/table/i18n.js';
import type { HandResult } from '../../src/games/core/types.js';

test('repeated items in a row are one line with a count and their sum', () => {
  const r = {
    winners: [0],
    deltas: [21, -7, -7, -7],
    unit: 'point',
    endedBy: 'u',
    payments: [],
    items: [
      { id: 'leo', seat: 0, value: 5, unit: 'diem' },
      { id: 'tom', seat: 0, value: 1, unit: 'diem' },
      { id: 'tom', seat: 0, value: 1, unit: 'diem' },
      { id: 'leo', seat: 0, value: 2, unit: 'diem' },
      { id: 'tom', seat: 1, value: 1, unit: 'diem' },
    ],
  } as unknown as HandResult;
  for (const lang of LANGS) {
    const t = translator(lang);
    const ctx = { lang, t, names: ['A', 'B', 'C', 'D'] };
    const { lines } = resultLines('chan', r, ctx, { code: CHAN_CODE, name: (c) => c });
    const tom = t('chan:item.tom');
    assert.deepEqual(
      lines.map((l) => l.label),
      [`A · ${t('chan:item.leo')}`, `A · ${tom} ×2`, `A · ${t('chan:item.leo')}`, `B · ${tom}`],
      lang,
    );
    assert.match(lines[1]!.value, /^2\b/, `${lang}: ${lines[1]!.value}`);
    assert.equal(lines[0]!.value.replace(/\D/g, ''), '5');
  }
});
