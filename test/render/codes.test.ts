import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allCodes, sortCodes, pieceName } from '../../src/render/codes.js';
import { RENDER_GAMES, LOCALES } from '../../src/render/model.js';

test('allCodes: every code of every game (notation.md, vn-mahjong.md §2)', () => {
  assert.equal(allCodes('phom').length, 52);
  assert.equal(allCodes('chan').length, 30);
  assert.equal(allCodes('classic-mahjong').length, 34 + 8);
  const vn = allCodes('vn-mahjong');
  assert.equal(vn.length, 34 + 16 + 9);
  for (const c of ['1f', '16f', 'JA', 'JP', 'JS', 'JM', 'JF', 'JW', 'JD', 'JN', 'JH', '7z', '9s']) assert.ok(vn.includes(c), c);
  for (const g of RENDER_GAMES) assert.equal(new Set(allCodes(g)).size, allCodes(g).length, g);
});

test('sortCodes: suit then rank; jokers after honours; Chắn by rank', () => {
  assert.deepEqual(sortCodes('vn-mahjong', ['JA', '1f', '5z', '9s', '1m', '3p', '2m']), ['1m', '2m', '3p', '9s', '5z', 'JA', '1f']);
  assert.deepEqual(sortCodes('classic-mahjong', ['8f', '1z', '1f', '9m']), ['9m', '1z', '1f', '8f']);
  assert.deepEqual(sortCodes('phom', ['KD', '10S', 'AS', '2H', 'JC']), ['AS', '10S', '2H', 'JC', 'KD']);
  assert.deepEqual(sortCodes('chan', ['9v', 'TH', '2s', '1n', 'CC', '2v']), ['1n', 'CC', 'TH', '2v', '2s', '9v']);
  // unknown codes keep their order at the end
  assert.deepEqual(sortCodes('phom', ['zz', 'AS', 'yy']), ['AS', 'zz', 'yy']);
});

test('pieceName: captions per locale', () => {
  assert.equal(pieceName('chan', '3n', 'en'), 'Tam Văn');
  assert.equal(pieceName('chan', 'CC', 'vi'), 'Chi Chi');
  assert.equal(pieceName('vn-mahjong', '3p', 'zh-TW'), '三筒');
  assert.equal(pieceName('vn-mahjong', '1m', 'vi'), 'Nhất Vạn');
  assert.equal(pieceName('vn-mahjong', 'JA', 'vi'), 'Khung Tổng');
  assert.equal(pieceName('vn-mahjong', '13f', 'vi'), 'Hậu 1');
  // Two is "Nhị" in mahjong (seed 000: "Nhị Văn") and "Nhì" in Chắn (chan.md §1).
  assert.equal(pieceName('vn-mahjong', '2p', 'vi'), 'Nhị Văn');
  assert.equal(pieceName('classic-mahjong', '2m', 'vi'), 'Nhị Vạn');
  assert.equal(pieceName('chan', '2n', 'vi'), 'Nhì Văn');
  for (const g of RENDER_GAMES) for (const l of LOCALES) for (const c of allCodes(g)) assert.ok(pieceName(g, c, l).length > 0);
});
