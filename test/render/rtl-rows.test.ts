/**
 * Result rows set a name beside other text on one left-to-right line: a payment "from → to"
 * (result.ts payText) and a scoring line "name · reason" (lineText). With two right-to-left names
 * the arrow sat inside one right-to-left run, which the bidi algorithm reversed: "דוד לוי → محمد علي"
 * (David pays Mohammed) was drawn "محمد علي → דוד לוי", naming the wrong payer; and an Arabic name
 * took the reason's number into its run ("3 · محمد علي phán"). Each name is now an isolate: the rows
 * must draw exactly as with the names isolated by hand (U+2067 … U+2069, the reading order checked
 * by eye), and a left-to-right name's row keeps its plain text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerFonts, renderResult, setTextProbe } from '../../src/render/index.js';
import type { ResultModel } from '../../src/render/model.js';
import { scoringLine } from '../../src/table/present/common.js';

registerFonts();

const MOHAMMED = 'محمد علي';
const DAVID = 'דוד לוי';
const rli = (s: string) => `\u2067${s}\u2069`;

function model(lines: ResultModel['lines'], payments: ResultModel['payments']): ResultModel {
  return { game: 'vn-mahjong', locale: 'vi', title: 'Ván 3', lines, totals: [], payments };
}

test('a payment between two right-to-left names draws the payer first', () => {
  const plain = renderResult(model([], [{ from: DAVID, to: MOHAMMED, amount: '24 · Trả người ù' }]));
  const ordered = renderResult(model([], [{ from: rli(DAVID), to: rli(MOHAMMED), amount: '24 · Trả người ù' }]));
  assert.ok(plain.equals(ordered), 'the row "David → Mohammed" is drawn as with each name isolated');
});

test("a scoring line after a right-to-left name keeps the reason's number after the name", () => {
  const plain = renderResult(model([scoringLine(MOHAMMED, '3 phán', '+2')], []));
  const ordered = renderResult(model([scoringLine(rli(MOHAMMED), '3 phán', '+2')], []));
  assert.ok(plain.equals(ordered), 'the line "Mohammed · 3 phán" is drawn as with the name isolated');
});

test('rows of left-to-right names keep their plain text', () => {
  const seen: string[] = [];
  setTextProbe((r) => seen.push(r.drawn));
  try {
    renderResult(model([scoringLine('Lan', 'Tự mó', '+2')], [{ from: 'Lan', to: 'Minh', amount: '5' }]));
  } finally {
    setTextProbe(null);
  }
  assert.ok(seen.includes('Lan → Minh') && seen.includes('Lan · Tự mó'), seen.join(' | '));
});
