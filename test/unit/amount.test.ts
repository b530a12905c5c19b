/** src/table/present/common.ts `amount`: how scores and ratings are written. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amount } from '../../src/table/present/common.js';

test('an amount that rounds to zero at the digits shown has no sign (/leaderboard rating -0.04 is 0.0)', () => {
  for (const lang of ['en', 'vi', 'zh-TW'] as const) {
    assert.equal(amount(-0.04, lang, 1).replace(',', '.'), '0.0', lang);
    assert.equal(amount(-0.004, lang), '0', lang);
  }
  assert.equal(amount(-0.06, 'en', 1), '-0.1');
  assert.equal(amount(-12.346, 'en'), '-12.35');
  assert.equal(amount(1234.5, 'en', 1), '1,234.5');
});
