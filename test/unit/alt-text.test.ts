/** Image alt text from a message's lines (src/table/views.ts `altText`). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { altText } from '../../src/table/views.js';

test('a Discord timestamp becomes the moment in UTC, not a gap ("Deadline ." or "(至 )")', () => {
  const at = Date.UTC(2026, 11, 4, 15, 30) / 1000;
  assert.equal(altText([`Deadline <t:${at}:R>`]), 'Deadline 2026-12-04 15:30 UTC');
  assert.equal(altText([`輪到 **阿明**（至 <t:${at}:R>）`]), '輪到 阿明（至 2026-12-04 15:30 UTC）');
});

test('lines are joined as sentences without doubled stops; mentions and markdown are left out', () => {
  assert.equal(altText(['**Hand 1**', 'Waiting for your move.', '<@123> wins!', '']), 'Hand 1. Waiting for your move. wins!');
  assert.equal(altText(['第 1 局。', '等待中']), '第 1 局。 等待中');
  assert.ok(!altText(['Chờ nước đi.', 'Hạn chót.']).includes('..'));
});

test('at most 1024 characters', () => {
  assert.equal(altText(['x'.repeat(2000)]).length, 1024);
});

test("a seated player's mention reads as their name (a screen reader does not resolve it: '🏆 <@…> wins' read '🏆 wins')", () => {
  const t = {
    seats: [
      { seat: 0, userId: '123' },
      { seat: 1, userId: null },
    ],
    names: ['Bảo Trâm', 'AI 1'],
  } as never;
  assert.equal(altText(['🏆 <@123> wins', '<@999> left'], undefined, t), '🏆 Bảo Trâm wins. left');
});
