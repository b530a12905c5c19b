/** Translations: the same keys in en, vi, zh-TW, covering every error, action, item, option, tile. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_TYPES, ERROR_CODES } from '../../src/games/classic-mahjong/actions.js';
import { OPTIONS } from '../../src/games/classic-mahjong/options.js';
import { ITEM_IDS } from '../../src/games/classic-mahjong/scoring/items.js';
import { FLOWERS_AND_SEASONS, codeOf } from '../../src/games/mahjong/tiles.js';

const load = (lng: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', lng, 'classic-mahjong.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const flat = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));

test('locales have the same keys and cover the engine', () => {
  const en = load('en');
  for (const lng of ['vi', 'zh-TW']) assert.deepEqual(flat(load(lng)).sort(), flat(en).sort(), lng);
  for (const c of ERROR_CODES) assert.equal(typeof en.error![c], 'string', `error.${c}`);
  for (const a of ACTION_TYPES) assert.equal(typeof en.action![a], 'string', `action.${a}`);
  for (const i of ITEM_IDS) assert.equal(typeof en.item![i], 'string', `item.${i}`);
  for (const k of Object.keys(OPTIONS.fields)) assert.equal(typeof en.option![k], 'string', `option.${k}`);
  for (const k of Object.keys(OPTIONS.presets)) assert.equal(typeof en.preset![k], 'string', `preset.${k}`);
  for (let k = 0; k < 34; k++) assert.equal(typeof en.card![codeOf(k)], 'string', codeOf(k));
  for (const b of FLOWERS_AND_SEASONS) assert.equal(typeof en.card![b], 'string', b);
  const lines = (en.rules as unknown as { summary: string }).summary.split('\n').length;
  assert.ok(lines >= 10 && lines <= 25, `summary has ${lines} lines`);
});
