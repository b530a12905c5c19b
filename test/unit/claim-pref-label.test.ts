/** Claim preferences in the reader's words (src/table/prefs.ts claimPrefLabel): zh-TW spaces a loanword ("永不 chíu") and not its own words ("永不碰"). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimPrefLabel } from '../../src/table/prefs.js';
import { translator } from '../../src/table/i18n.js';

test('claim preference labels in en, vi and zh-TW', () => {
  const say = (lang: 'en' | 'vi' | 'zh-TW', p: string) => claimPrefLabel(translator(lang), p);
  assert.equal(say('zh-TW', 'never.chiu'), '永不 chíu');
  assert.equal(say('zh-TW', 'never.pung'), '永不碰');
  assert.equal(say('en', 'never.chiu'), 'Never chíu');
  assert.equal(say('en', 'never.kong'), 'Never kong');
  assert.equal(say('vi', 'never.pung'), 'Không bao giờ phỗng');
  assert.equal(say('en', 'always-win'), translator('en')('common:prefs.always-win'));
});
