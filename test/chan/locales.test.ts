/** Translations: same keys in en, vi, zh-TW; every error code, action, scoring item, option, preset and card. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../src/games/chan/actions.js';
import { FACES } from '../../src/games/chan/cards.js';
import { OPTIONS } from '../../src/games/chan/options.js';
import { ALL_CUOC_IDS } from '../../src/games/chan/scoring/items.js';
import { engine } from '../../src/games/chan/index.js';
import { GAMES } from '../../src/table/manifests.js';
import { translator } from '../../src/table/i18n.js';
import { position } from './helpers.js';

const load = (lng: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', lng, 'chan.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const keys = (o: unknown, p = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, p ? `${p}.${k}` : k)) : [p];

test('locales: same keys in all three languages', () => {
  const en = keys(load('en')).sort();
  assert.deepEqual(keys(load('vi')).sort(), en);
  assert.deepEqual(keys(load('zh-TW')).sort(), en);
});

test('locales: every error, action, item, option, preset, payment, end and card is translated', () => {
  const en = load('en');
  for (const c of ERROR_CODES) assert.ok(en.error![c], `error.${c}`);
  for (const a of ['draw', 'u', 'chiu', 'eat', 'pass', 'discard', 'return', 'xuong']) assert.ok(en.action![a], `action.${a}`);
  for (const i of [...ALL_CUOC_IDS, 'chi-bach-thu', 'den-lang']) assert.ok(en.item![i], `item.${i}`);
  for (const k of Object.keys(OPTIONS.fields)) assert.ok(en.option![k], `option.${k}`);
  for (const k of Object.keys(OPTIONS.presets)) assert.ok(en.preset![k], `preset.${k}`);
  for (const k of ['win', 'u-lao', 'xuong-sai']) assert.ok(en.payment![k]);
  for (const k of ['u', 'draw', 'u-lao', 'xuong-sai']) assert.ok(en.end![k]);
  for (const f of FACES) assert.ok(en.card![f], `card.${f}`);
  const lines = (en.rules as unknown as Record<string, string>).summary!.split('\n').length;
  assert.ok(lines >= 10 && lines <= 25);
});

test('the card on offer is labelled with whose gate it lies at, not as if that player had discarded it', async () => {
  const s = position(5, { hands: [], phase: { kind: 'offer', card: '5v', gate: 1, source: 'discard', from: 0 } });
  const label = (lang: 'en' | 'vi' | 'zh-TW') =>
    GAMES.chan.presenter.tableModel(engine.publicView(s) as never, {
      lang,
      t: translator(lang),
      names: ['A', 'An', 'C', 'D', 'E'],
      scores: [],
    }).centreLabel;
  assert.equal(label('en'), 'Discarded · at An’s gate');
  assert.equal(label('vi'), 'Đánh · cửa An');
  assert.equal(label('zh-TW'), '打出 · An 門前');
});
