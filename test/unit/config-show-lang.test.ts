/** /config show marks the rules /play may change with the command's name as the reader's Discord shows it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeOptions, toggleOverridable } from '../../src/bot/config-core.js';
import { translator } from '../../src/table/i18n.js';
import { rig } from '../support/table-rig.js';

test('/config show: a rule open to /play is marked with /play, /chơi or /開局 in the reader’s language', () => {
  const r = rig('phom', ['human', 'human']);
  const key = 'turn-timeout-s';
  assert.equal(toggleOverridable(r.store, 'g', 'phom', key, 'admin', translator('en')).ok, true);
  const line = (lang: 'en' | 'vi' | 'zh-TW') =>
    describeOptions(r.store, 'g', 'phom', translator(lang)).find((l) => l.includes(`\`${key}\``))!;
  assert.match(line('en'), / · \/play ✓/);
  assert.match(line('vi'), / · \/chơi ✓/);
  assert.match(line('zh-TW'), / · \/開局 ✓/);
});
