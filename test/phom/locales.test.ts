/** Translations (locales/<lng>/phom.json): same keys in en, vi, zh-TW; every code has a text. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_TYPES, ERRORS } from '../../src/games/phom/actions.js';
import { DECK } from '../../src/games/phom/cards.js';
import { OPTIONS } from '../../src/games/phom/options.js';
import { ITEM_IDS } from '../../src/games/phom/scoring/items.js';

type Tree = { [k: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', lng, 'phom.json'), 'utf8')) as Tree;
const flat = (t: Tree, p = ''): Record<string, string> =>
  Object.entries(t).reduce<Record<string, string>>(
    (a, [k, v]) => Object.assign(a, typeof v === 'string' ? { [p + k]: v } : flat(v, `${p}${k}.`)),
    {},
  );
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

test('same keys and placeholders in all three languages', () => {
  const en = flat(load('en'));
  for (const lng of ['vi', 'zh-TW']) {
    const other = flat(load(lng));
    assert.deepEqual(Object.keys(other).sort(), Object.keys(en).sort(), lng);
    for (const [k, v] of Object.entries(en)) assert.equal(placeholders(other[k]!), placeholders(v), `${lng} ${k}`);
  }
});

test('every error, action, item, option, preset, payment, end and card has a text', () => {
  const en = flat(load('en'));
  const need = [
    'name',
    'rules.summary',
    ...Object.keys(ERRORS).map((r) => `error.${r}`),
    ...ACTION_TYPES.map((a) => `action.${a}`),
    ...ITEM_IDS.map((i) => `item.${i}`),
    ...Object.keys(OPTIONS.fields).map((o) => `option.${o}`),
    ...Object.keys(OPTIONS.presets).map((p) => `preset.${p}`),
    ...[
      'eat',
      'eat-chot',
      'rank-2',
      'rank-3',
      'rank-4',
      'mom',
      'u',
      'u-tron',
      'u-khan',
      'den-three-eats',
      'den-danh-chot',
      'den-an-chot',
    ].map((p) => `payment.${p}`),
    ...['u', 'u-tron', 'u-khan', 'rank'].map((e) => `end.${e}`),
    ...DECK.map((c) => `card.${c}`),
  ];
  for (const k of need) assert.ok(en[k], `missing ${k}`);
  const lines = en['rules.summary']!.split('\n').length;
  assert.ok(lines >= 10 && lines <= 25);
  assert.equal(flat(load('vi'))['card.10H'], 'Mười Cơ');
});
