/**
 * Vietnamese mahjong: two chows on one discard with one joker differ only by what the joker stands
 * for (6-7-8 or 7-8-9 on an 8). Their labels read almost the same ("Ăn with Joker Hợp 7 Dot" and
 * "Ăn with 7 Dot Joker Hợp"); each now names the joker's stand-in, in every language.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { translator, type Lang } from '../../src/table/i18n.js';
import { pieceName } from '../../src/render/codes.js';
import { lastLine } from '../../src/table/present/common.js';

test('a chow with a joker names the tile the joker stands for, on its button and in the table line', () => {
  const p = GAMES['vn-mahjong'].presenter;
  const low = { type: 'chow', tiles: ['JA', '7p'], as: ['6p', '7p'] };
  const high = { type: 'chow', tiles: ['7p', 'JA'], as: ['7p', '9p'] };
  for (const lang of ['en', 'vi', 'zh-TW'] as Lang[]) {
    const ctx = { lang, t: translator(lang), names: ['An'] } as never;
    const a = p.actionLabel(low as never, ctx);
    const b = p.actionLabel(high as never, ctx);
    assert.ok(a.includes(pieceName('vn-mahjong', '6p', lang)), `${lang}: ${a}`);
    assert.ok(b.includes(pieceName('vn-mahjong', '9p', lang)), `${lang}: ${b}`);
    const line = lastLine(p, { last: { person: 0, action: low } } as never, ctx);
    assert.ok(line?.includes(pieceName('vn-mahjong', '6p', lang)), `${lang}: ${line}`);
  }
});
