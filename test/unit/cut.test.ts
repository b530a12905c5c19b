/**
 * src/table/cut.ts: text cut to Discord's limits at a grapheme boundary. `.slice(0, n)` split an
 * emoji's surrogate pair (a lone surrogate is no valid UTF-8) or a flag / ZWJ sequence.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cut } from '../../src/table/cut.js';
import { button } from '../../src/bot/messages.js';

const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

test('cut: at most max code units, tail included, never half a character', () => {
  assert.equal(cut('short', 10), 'short');
  assert.equal(cut('abcdef', 4), 'abcd');
  assert.equal(cut('abcdef', 4, '…'), 'abc…');
  // An emoji (two code units) across the limit is left out whole.
  const s = `${'a'.repeat(99)}😀`;
  assert.equal(s.slice(0, 100).length, 100);
  assert.equal(wellFormed(s.slice(0, 100)), false, 'what .slice did');
  assert.equal(cut(s, 100), 'a'.repeat(99));
  // A family (ZWJ sequence), a flag and a Vietnamese letter written with combining marks stay whole or go.
  for (const tail of ['👨‍👩‍👧‍👦', '🇻🇳', 'e\u0323\u0302']) {
    const text = `${'x'.repeat(10)}${tail}yz`;
    for (let max = 10; max < text.length; max++) {
      const c = cut(text, max);
      assert.ok(c.length <= max && wellFormed(c), `${max}`);
      assert.ok(c === 'x'.repeat(10) || c.startsWith(`${'x'.repeat(10)}${tail}`), `${JSON.stringify(c)} at ${max}`);
    }
  }
});

test("a button label of 80 code units with an emoji at the end: shortened with '…', still valid text", () => {
  const label = `${'Lan '.repeat(19)}ab😀😀`;
  assert.ok(label.length > 80);
  const json = button('x:test:1', label).toJSON() as { label: string };
  assert.ok(json.label.length <= 80);
  assert.ok(wellFormed(json.label));
  assert.ok(json.label.endsWith('…'));
});
