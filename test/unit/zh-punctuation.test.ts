/**
 * Asides and sentence joins built in code follow the language's punctuation (common:punct): zh-TW
 * read "輪到你了。 期限" and "等待要牌：五筒 (至 …)" with ASCII parentheses and a space after "。".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { pingView } from '../../src/table/views.js';

test('a turn ping in zh-TW joins its deadline without a space after 。; in English with one', () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'live' }, seed: 'zh-punct' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = r.ts.load(r.gameId)!;
  const seat = r.pending()[0]!.seat;
  const zh = pingView(t, [seat], [], 'zh-TW').lines.at(-1)!;
  assert.match(zh, /輪到你了。期限 <t:\d+:R>/, zh);
  const en = pingView(t, [seat], [], 'en').lines.at(-1)!;
  assert.match(en, /your turn\. Deadline <t:\d+:R>/, en);
});

test('lists built in code use the language’s separator: zh-TW 、, English ", "', async () => {
  const { translator } = await import('../../src/table/i18n.js');
  const { GAMES } = await import('../../src/table/manifests.js');
  const p = GAMES.chan.presenter;
  const a = { type: 'xuong', calls: [{ cuoc: 'thong' }, { cuoc: 'chi' }] };
  const zh = p.actionLabel(a as never, { lang: 'zh-TW', t: translator('zh-TW'), names: [] } as never);
  assert.ok(zh.includes('、'), zh);
  const en = p.actionLabel(a as never, { lang: 'en', t: translator('en'), names: [] } as never);
  assert.ok(en.includes(', '), en);
});
