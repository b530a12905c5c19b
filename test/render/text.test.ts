import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from 'canvas';
import { fitText, registerFonts } from '../../src/render/index.js';

registerFonts();
const ctx = createCanvas(400, 100).getContext('2d');

test('fitText keeps short text at full size', () => {
  const r = fitText(ctx, 'Lan', { x: 0, y: 0, w: 300, h: 40 }, { size: 30 });
  assert.equal(r.size, 30);
  assert.equal(r.drawn, 'Lan');
  assert.ok(!r.ellipsized);
});

test('fitText shrinks before it ellipsizes', () => {
  const r = fitText(ctx, 'Nguyễn Thị Hồng Nhung', { x: 0, y: 0, w: 200, h: 40 }, { size: 30, minSize: 10 });
  assert.ok(r.size < 30 && r.size >= 10);
  assert.equal(r.drawn, 'Nguyễn Thị Hồng Nhung');
  assert.ok(r.width <= 200);
});

test('fitText ellipsizes at the minimum size', () => {
  const long = 'Nguyễn Thị Phương Thảo Hoàng Bảo Ngọc Trâm Anh '.repeat(3);
  const r = fitText(ctx, long, { x: 0, y: 0, w: 120, h: 30 }, { size: 24, minSize: 14 });
  assert.equal(r.size, 14);
  assert.ok(r.ellipsized);
  assert.ok(r.drawn.endsWith('…'));
  assert.ok(r.width <= 120);
});

test('fitText never draws outside a tiny box', () => {
  const r = fitText(ctx, 'Hoàng hậu', { x: 0, y: 0, w: 4, h: 10 }, { size: 10 });
  assert.ok(r.width <= 4);
});

test('ByteLru keeps the most recently used entries within its byte budget', async () => {
  const { ByteLru } = await import('../../src/render/lru.js');
  const c = new ByteLru<number>(100);
  c.set('a', 1, 40);
  c.set('b', 2, 40);
  assert.equal(c.get('a'), 1); // a is now the most recent
  c.set('c', 3, 40); // evicts b
  assert.equal(c.get('b'), undefined);
  assert.equal(c.get('a'), 1);
  assert.equal(c.get('c'), 3);
  assert.ok(c.bytes <= 100);
});
