import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, ACTION_TYPES } from '../../src/games/vn-mahjong/actions.js';
import { OPTIONS } from '../../src/games/vn-mahjong/options.js';
import { BASE_A, PRESET_B } from '../../src/games/vn-mahjong/scoring/items.js';
import { fullSet } from '../../src/games/vn-mahjong/tiles.js';

const load = (lng: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', lng, 'vn-mahjong.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

test('locales: same keys in en, vi, zh-TW, covering errors, actions, items, options, tiles', () => {
  const en = load('en');
  for (const lng of ['vi', 'zh-TW']) assert.deepEqual(keys(load(lng)).sort(), keys(en).sort(), lng);
  for (const r of Object.keys(ERRORS)) assert.ok(en.error![r], `error.${r}`);
  for (const a of ACTION_TYPES) assert.ok(en.action![a], `action.${a}`);
  for (const x of [...BASE_A, ...PRESET_B]) assert.ok(en.item![x.id], `item.${x.id}`);
  for (const k of Object.keys(OPTIONS.fields)) assert.ok(en.option![k], `option.${k}`);
  for (const t of new Set([...fullSet(1, 'off'), 'JH'])) assert.ok(en.card![t], `card.${t}`);
  for (const r of ['chung-cai', 'chung-con', 'rob-kong-compensate', 'rob-bounce-compensate', 'liability', 'chao-u'])
    assert.ok(en.payment![r]);
  for (const e of ['u-self-draw', 'u-discard', 'u-rob-kong', 'u-rob-bounce', 'thien-u', 'draw', 'false-win']) assert.ok(en.end![e]);
  const lines = en.rules!.summary!.split('\n').length;
  assert.ok(lines >= 10 && lines <= 25);
});
