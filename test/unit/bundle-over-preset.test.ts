/**
 * A bundle option (classic `preset`, vn `scoring-preset`) chosen over a server preset that is another
 * bundle gives the chosen bundle's values, not the other bundle's under the chosen name
 * (classic-mahjong.md §9.6: dmjl = 20 points, limit 500; vn-mahjong.md §9: A is the default table).
 * Keys given one by one still win over the bundle, whoever gave them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { applyPreset, describeOptions, setOption } from '../../src/bot/config-core.js';
import { optionsForTable } from '../../src/bot/options-in-force.js';
import { resolveOptions, type OptionsSchema } from '../../src/games/core/options.js';
import { translator } from '../../src/table/i18n.js';

const t = translator('en');
const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
const CLASSIC = ['preset', 'mahjong-points', 'limit', 'east-streak-limit', 'hidden-treasure-self-drawn', 'bonus-replacement-source'];

test('classic: /config preset millington, then /config set preset=dmjl plays dmjl (§9.6), and /rules says so', () => {
  const store = openStore(':memory:', engineOf, () => 0);
  assert.equal(applyPreset(store, 'g', 'classic-mahjong', 'millington', 'u', t).ok, true);
  assert.equal(setOption(store, 'g', 'classic-mahjong', 'preset', 'dmjl', 'u', t).ok, true);
  const r = optionsForTable(store, 'g', 'classic-mahjong', {});
  assert.ok(r.ok);
  assert.deepEqual(pick(r.options, CLASSIC), {
    preset: 'dmjl',
    'mahjong-points': 20,
    limit: 500,
    'east-streak-limit': '9',
    'hidden-treasure-self-drawn': true,
    'bonus-replacement-source': 'dead-wall',
  });
  const lines = describeOptions(store, 'g', 'classic-mahjong', t);
  assert.ok(
    lines.some((l) => l.startsWith('`mahjong-points` = 20 ·')),
    'shown as the default, not in bold',
  );
  assert.ok(lines.some((l) => l.startsWith('`limit` = 500 ·')));
});

test('classic: /play rules preset=bradfield at a millington server drops millington’s 10 points', () => {
  const store = openStore(':memory:', engineOf, () => 0);
  applyPreset(store, 'g', 'classic-mahjong', 'millington', 'u', t);
  store.settings.put('g', 'classic-mahjong', { ...store.settings.get('g', 'classic-mahjong'), playOverridable: ['preset'] }, 'u');
  const r = optionsForTable(store, 'g', 'classic-mahjong', { preset: 'bradfield' });
  assert.ok(r.ok);
  assert.deepEqual(pick(r.options, CLASSIC), {
    preset: 'bradfield',
    'mahjong-points': 20,
    limit: 1000,
    'east-streak-limit': '13',
    'hidden-treasure-self-drawn': false,
    'bonus-replacement-source': 'live-wall',
  });
  const dmjl = optionsForTable(store, 'g', 'classic-mahjong', { preset: 'dmjl' });
  assert.ok(dmjl.ok);
  assert.equal(dmjl.options['mahjong-points'], 20);
  assert.equal(dmjl.options.limit, 500);
});

test('precedence: a key the admin or /play gives wins over the bundle; a non-bundle preset key outside the bundles stays', () => {
  const store = openStore(':memory:', engineOf, () => 0);
  applyPreset(store, 'g', 'classic-mahjong', 'millington', 'u', t);
  assert.equal(setOption(store, 'g', 'classic-mahjong', 'limit', '2000', 'u', t).ok, true);
  store.settings.put(
    'g',
    'classic-mahjong',
    { ...store.settings.get('g', 'classic-mahjong'), playOverridable: ['preset', 'mahjong-points'] },
    'u',
  );
  const r = optionsForTable(store, 'g', 'classic-mahjong', { preset: 'dmjl' });
  assert.ok(r.ok);
  assert.equal(r.options.limit, 2000, 'the server’s own limit');
  assert.equal(r.options['mahjong-points'], 20);
  const r2 = optionsForTable(store, 'g', 'classic-mahjong', { preset: 'dmjl', 'mahjong-points': 10 });
  assert.ok(r2.ok);
  assert.equal(r2.options['mahjong-points'], 10, '/play’s own key wins over its bundle');
  // A preset that is no bundle (roof-off) keeps its keys under any bundle.
  const cm = engineOf('classic-mahjong').options as OptionsSchema<Record<string, unknown>>;
  const roof = resolveOptions(cm, { preset: 'millington' }, 'roof-off');
  assert.ok(roof.ok);
  assert.equal(roof.value['roof-off'], true);
  assert.equal(roof.value['mahjong-points'], 10);
});

test('vn-mahjong: server preset B, scoring-preset=A gives table A (progressive, leftover 6, Pe Pe 1 mủn)', () => {
  const store = openStore(':memory:', engineOf, () => 0);
  applyPreset(store, 'g', 'vn-mahjong', 'B', 'u', t);
  assert.equal(setOption(store, 'g', 'vn-mahjong', 'scoring-preset', 'A', 'u', t).ok, true);
  const r = optionsForTable(store, 'g', 'vn-mahjong', {});
  assert.ok(r.ok);
  assert.deepEqual(pick(r.options, ['scoring-preset', 'progressive', 'leftover-phan-value', 'seven-pairs', 'tong-hop-start-combo']), {
    'scoring-preset': 'A',
    progressive: true,
    'leftover-phan-value': '6',
    'seven-pairs': '1-mun',
    'tong-hop-start-combo': false,
  });
  const vn = engineOf('vn-mahjong').options as OptionsSchema<Record<string, unknown>>;
  const a = resolveOptions(vn, {});
  assert.ok(a.ok);
  assert.deepEqual(r.options, a.value, 'exactly the defaults');
});

test('naming the bundle the server preset plays already changes nothing (classic seed: dmjl without the 9-streak limit)', () => {
  const schema = engineOf('classic-mahjong').options as OptionsSchema<Record<string, unknown>>;
  const seed = resolveOptions(schema, {}, 'seed');
  const named = resolveOptions(schema, { preset: 'dmjl' }, 'seed');
  assert.ok(seed.ok && named.ok);
  assert.equal(seed.value['preset'], 'dmjl');
  assert.deepEqual(named.value, seed.value);
});
