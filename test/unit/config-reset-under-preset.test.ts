/**
 * `/config reset key:<k>` names what is in force afterwards: "back to its default" while a server
 * preset's value stayed in force (and /rules kept it in bold as changed) told the admin wrong; and a
 * reset of a key the server never set on its own says so instead of claiming to have reset it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { applyPreset, resetOption, setOption } from '../../src/bot/config-core.js';
import { optionsForTable } from '../../src/bot/options-in-force.js';
import { translator } from '../../src/table/i18n.js';

const t = translator('en');
const fresh = () => openStore(':memory:', engineOf, () => 0);
const inForce = (store: ReturnType<typeof fresh>, key: string) => {
  const r = optionsForTable(store, 'g', 'classic-mahjong', {});
  assert.ok(r.ok);
  return r.options[key];
};

test('/config reset of a key the server preset sets: back to the preset’s value, named', () => {
  const store = fresh();
  applyPreset(store, 'g', 'classic-mahjong', 'millington', 'u', t);
  setOption(store, 'g', 'classic-mahjong', 'limit', '2000', 'u', t);
  const r = resetOption(store, 'g', 'classic-mahjong', 'limit', 'u', t);
  assert.ok(r.ok);
  assert.equal(inForce(store, 'limit'), 1000);
  assert.equal(r.message, 'limit is back to 1000, the value of preset millington.');
});

test('/config reset of a key a bundle option sets (preset = bradfield set as an option): names that bundle', () => {
  const store = fresh();
  setOption(store, 'g', 'classic-mahjong', 'preset', 'bradfield', 'u', t);
  setOption(store, 'g', 'classic-mahjong', 'bonus-replacement-source', 'dead-wall', 'u', t);
  const r = resetOption(store, 'g', 'classic-mahjong', 'bonus-replacement-source', 'u', t);
  assert.equal(inForce(store, 'bonus-replacement-source'), 'live-wall');
  assert.equal(r.message, 'bonus-replacement-source is back to live-wall, the value of preset bradfield.');
});

test('/config reset of a key never set on its own: says so, with the value in force', () => {
  const store = fresh();
  applyPreset(store, 'g', 'classic-mahjong', 'millington', 'u', t);
  const r = resetOption(store, 'g', 'classic-mahjong', 'mahjong-points', 'u', t);
  assert.ok(r.ok);
  assert.equal(inForce(store, 'mahjong-points'), 10);
  assert.equal(r.message, 'mahjong-points was not set on its own: it stays 10, the value of preset millington.');
  const plain = resetOption(store, 'g', 'classic-mahjong', 'rounding', 'u', t);
  assert.equal(plain.message, 'rounding was not set on this server: it stays at its default, none.');
});

test('/config reset of a key set on its own, without a preset: back to its default (as before)', () => {
  const store = fresh();
  setOption(store, 'g', 'classic-mahjong', 'limit', '2000', 'u', t);
  const r = resetOption(store, 'g', 'classic-mahjong', 'limit', 'u', t);
  assert.equal(r.message, 'limit is back to its default.');
  assert.equal(inForce(store, 'limit'), 500);
});

test('the new replies are in every language', () => {
  const store = fresh();
  applyPreset(store, 'g', 'classic-mahjong', 'millington', 'u', t);
  const replies = (lang: 'en' | 'vi' | 'zh-TW') => {
    const tl = translator(lang);
    // Never set on its own: under the preset, and at its default.
    return [
      resetOption(store, 'g', 'classic-mahjong', 'limit', 'u', tl).message,
      resetOption(store, 'g', 'classic-mahjong', 'rounding', 'u', tl).message,
    ];
  };
  const en = replies('en');
  for (const lang of ['vi', 'zh-TW'] as const)
    replies(lang).forEach((m, k) => {
      assert.notEqual(m, en[k], `${lang} has its own words`);
      assert.match(m, k === 0 ? /millington.*1000|1000.*millington/ : /none/);
    });
});
