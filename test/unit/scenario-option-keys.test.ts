/**
 * Typed option and preset names are looked up as the schema's own keys only: `constructor`,
 * `__proto__`, `toString`… are unknown names with a clear error, never an inherited member of
 * Object.prototype (which crashed with "Cannot read properties of undefined (reading 'ok')" or was
 * silently accepted as a preset).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseOptionValue, resolveOptions, type OptionSpec, type OptionsSchema } from '../../src/games/core/options.js';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { ENGINES } from '../../src/table/manifests.js';

const schema: OptionsSchema<{ flag: boolean }> = {
  fields: { flag: { type: 'bool', default: true, description: 'a flag' } },
  presets: { club: { flag: false } },
};
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

test('an inherited name is an unknown preset and an unknown option, with the allowed names', () => {
  for (const name of INHERITED) {
    const p = resolveOptions(schema, {}, name);
    assert.equal(p.ok, false, `preset ${name}`);
    if (!p.ok)
      assert.deepEqual(p.errors, [
        { code: 'unknown-preset', key: 'preset', value: name, message: `unknown preset "${name}"`, allowed: 'club' },
      ]);
    // JSON.parse makes "__proto__" an own key, as a scenario file or a Discord option would.
    const o = resolveOptions(schema, JSON.parse(`{"${name}": 1}`) as Record<string, unknown>);
    assert.equal(o.ok, false, `option ${name}`);
    if (!o.ok) assert.deepEqual(o.errors, [{ code: 'unknown-option', key: name, message: `unknown option "${name}"`, allowed: 'flag' }]);
  }
  assert.equal(resolveOptions(schema, {}, 'club').ok, true);
});

test('options that are not an object of key: value are an error, not an exception', () => {
  for (const bad of [null, 'flag', [true], 5]) {
    const r = resolveOptions(schema, bad as unknown as Record<string, unknown>);
    assert.equal(r.ok, false, JSON.stringify(bad));
    if (!r.ok) assert.equal(r.errors[0]!.key, 'options');
  }
});

test('parseOptionValue fails on anything that is not an option spec', () => {
  for (const spec of [Object, {}, { type: 'nope' }, null, undefined])
    assert.deepEqual(parseOptionValue(spec as unknown as OptionSpec, 'true'), { ok: false });
});

test('a scenario with preset "__proto__" or option "constructor" is refused with one clear problem', () => {
  const base: Scenario = { name: 'keys', game: 'phom', seats: 2, start: { seed: 'k' }, steps: [] };
  const engine = ENGINES.phom;
  assert.equal(runScenario(engine, base).passed, true);
  const proto = runScenario(engine, { ...base, preset: '__proto__' });
  assert.equal(proto.passed, false);
  assert.equal(proto.problems.length, 1);
  assert.match(proto.problems[0]!, /^option preset: unknown preset "__proto__" \(allowed: /);
  const ctor = runScenario(engine, { ...base, options: JSON.parse('{"constructor":1}') as Record<string, unknown> });
  assert.equal(ctor.passed, false);
  assert.deepEqual(ctor.problems.length, 1);
  assert.match(ctor.problems[0]!, /^option constructor: unknown option "constructor" \(allowed: /);
});
