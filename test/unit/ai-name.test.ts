/** AI seats are named in the reader's language (src/table/views.ts `aiNameIn`, used by presentCtx). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aiNameIn, presentCtx } from '../../src/table/views.js';
import { translator } from '../../src/table/i18n.js';
import { rig } from '../support/table-rig.js';

const ai = { isAi: true, userId: null };

test("an AI seat's stored name reads in the reader's language; people's names never change", () => {
  assert.equal(aiNameIn('電腦 2', ai, translator('vi')), 'Máy 2');
  assert.equal(aiNameIn('Máy 1', ai, translator('en')), 'AI 1');
  assert.equal(aiNameIn('AI 3', ai, translator('zh-TW')), '電腦 3');
  // A person called "AI 2", or the AI playing a person's seat (their name), stays as it is.
  assert.equal(aiNameIn('AI 2', { isAi: false, userId: 'u1' }, translator('vi')), 'AI 2');
  assert.equal(aiNameIn('Lan', { isAi: true, userId: 'u1' }, translator('vi')), 'Lan');
  // Another name an AI seat may hold is kept.
  assert.equal(aiNameIn('Robot', ai, translator('vi')), 'Robot');
});

test("a seat view's names (presentCtx) follow the reader, the stored names the table", () => {
  const r = rig('phom', ['human', 'ai', 'ai']);
  const t = r.ts.load(r.gameId)!;
  const stored = t.names[1]!;
  const n = /(\d+)$/.exec(stored)![1];
  assert.equal(presentCtx(t, 'vi').names[1], `Máy ${n}`);
  assert.equal(presentCtx(t, 'zh-TW').names[1], `電腦 ${n}`);
  assert.equal(presentCtx(t, 'en').names[0], t.names[0], 'a person keeps their name');
});
