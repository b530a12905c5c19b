import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions, optionsHash, defaultOptions, type OptionsSchema } from '../../src/games/core/options.js';
import { parseRuleOverrides } from '../../src/bot/options-in-force.js';

interface O {
  flag: boolean;
  count: number;
  mode: string;
}
const schema: OptionsSchema<O> = {
  fields: {
    flag: { type: 'bool', default: true, description: 'a flag' },
    count: { type: 'int', default: 3, min: 1, max: 9, description: 'a count' },
    mode: { type: 'enum', default: 'a', values: ['a', 'b'], description: 'a mode' },
  },
  presets: { club: { mode: 'b', count: 5 } },
};

test('defaults, presets and overrides resolve in order', () => {
  assert.deepEqual(defaultOptions(schema), { flag: true, count: 3, mode: 'a' });
  const r = resolveOptions(schema, { count: '7', flag: 'off' }, 'club');
  assert.deepEqual(r, { ok: true, value: { flag: false, count: 7, mode: 'b' } });
});

test('invalid values and unknown keys are errors that say what is allowed', () => {
  const r = resolveOptions(schema, { count: 12, mode: 'z', nope: 1 }, 'missing');
  assert.equal(r.ok, false);
  if (r.ok) return;
  const byKey = Object.fromEntries(r.errors.map((e) => [e.key, e.allowed]));
  assert.equal(byKey.count, '1–9');
  assert.equal(byKey.mode, 'a | b');
  assert.equal(byKey.preset, 'club');
  assert.match(byKey.nope!, /flag, count, mode/);
  assert.equal(resolveOptions(schema, { count: 2.5 }).ok, false);
  // Numbers typed as text are decimal: "0x2", "1e1", "0b11", "Infinity" are not read as numbers.
  for (const count of ['0x2', '1e1', '0b11', '+5', 'Infinity', '', ' ']) assert.equal(resolveOptions(schema, { count }).ok, false, count);
  assert.deepEqual(resolveOptions(schema, { count: ' 4 ' }), { ok: true, value: { flag: true, count: 4, mode: 'a' } });
});

test('options hash is stable and order-independent', () => {
  assert.equal(optionsHash({ a: 1, b: 'x' }), optionsHash({ b: 'x', a: 1 }));
  assert.notEqual(optionsHash({ a: 1 }), optionsHash({ a: 2 }));
});

test('/play rules text parses key=value lists and reports the bad part', () => {
  // The parsed map has no prototype (a typed __proto__ is a key): compared by its entries.
  const plain = (r: ReturnType<typeof parseRuleOverrides>) => (r.ok ? { ok: true, value: { ...r.value } } : r);
  assert.deepEqual(plain(parseRuleOverrides('a=1, b: two')), { ok: true, value: { a: '1', b: 'two' } });
  assert.deepEqual(parseRuleOverrides('a=1, oops'), { ok: false, bad: 'oops' });
  assert.deepEqual(plain(parseRuleOverrides(null)), { ok: true, value: {} });
});

test('a bundle option set alone brings its preset along, under the other options given (vn scoring-preset, classic preset)', async () => {
  const { engineOf } = await import('../../src/table/manifests.js');
  const vn = engineOf('vn-mahjong').options as OptionsSchema<Record<string, unknown>>;
  const viaOption = resolveOptions(vn, { 'scoring-preset': 'B' });
  const viaPreset = resolveOptions(vn, {}, 'B');
  assert.ok(viaOption.ok && viaPreset.ok);
  assert.deepEqual(viaOption.value, viaPreset.value, 'vn-mahjong.md §9: scoring-preset = B is preset B');
  const mixed = resolveOptions(vn, { 'scoring-preset': 'B', progressive: true });
  assert.ok(
    mixed.ok && mixed.value.progressive === true && mixed.value['leftover-phan-value'] === '0',
    'an option given wins over the bundle',
  );
  const cm = engineOf('classic-mahjong').options as OptionsSchema<Record<string, unknown>>;
  for (const p of ['millington', 'bradfield']) {
    const a = resolveOptions(cm, { preset: p });
    const b = resolveOptions(cm, {}, p);
    assert.ok(a.ok && b.ok);
    assert.deepEqual(a.value, b.value, `classic-mahjong.md §9.6: preset = ${p}`);
  }
  const bmja = resolveOptions(cm, { preset: 'bmja' });
  const dmjl = resolveOptions(cm, {});
  assert.ok(bmja.ok && dmjl.ok);
  assert.deepEqual({ ...bmja.value, preset: 'dmjl' }, dmjl.value, 'bmja has no bundle of its own (scores as dmjl)');
});
