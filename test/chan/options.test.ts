/** Chắn option values (chan.md §13): `decision-timeout-s` is "0 (off), 10…300". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowedText, parseOptionValue, resolveOptions, type OptionSpec } from '../../src/games/core/options.js';
import { OPTIONS } from '../../src/games/chan/options.js';

const spec = OPTIONS.fields['decision-timeout-s'] as OptionSpec;

test('decision-timeout-s: 0 (off) or 10–300; 1–9 are refused (§13)', () => {
  for (const v of [0, 10, 45, 300, '0', '10', ' 300 ']) assert.equal(parseOptionValue(spec, v).ok, true, String(v));
  for (const v of [1, 5, 9, '9', -1, 301, 9.5, 10.5]) assert.equal(parseOptionValue(spec, v).ok, false, String(v));
  assert.equal(allowedText(spec), '0, 10–300');
  const r = resolveOptions(OPTIONS, { 'decision-timeout-s': 5 });
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.deepEqual(
    r.errors.map((e) => [e.code, e.key, e.allowed]),
    [['bad-value', 'decision-timeout-s', '0, 10–300']],
  );
  assert.deepEqual(resolveOptions(OPTIONS, { 'decision-timeout-s': '0' }).ok, true);
  assert.equal(OPTIONS.fields['decision-timeout-s'].default, 0);
});

test('allowedText lists extra values outside the range in order', () => {
  const s = { type: 'int', default: 5, min: 5, max: 9, also: [12, 0, 2], description: 'x' } as const;
  assert.equal(allowedText(s), '0, 2, 5–9, 12');
  assert.equal(parseOptionValue(s, 2).ok, true);
  assert.equal(parseOptionValue(s, 3).ok, false);
  assert.equal(allowedText({ type: 'int', default: 1, min: 1, max: 9, description: 'y' }), '1–9');
});
