/**
 * vn-mahjong §9: a pattern's value lives in two places, the rules that score it (scoring/patterns.ts)
 * and the items as data (scoring/items.ts: the names and values the score CLI and results list).
 * They must agree: before, a value changed in items.ts alone failed no test (found by review).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { patternValues } from '../../src/games/vn-mahjong/scoring/patterns.js';
import { itemTable } from '../../src/games/vn-mahjong/scoring/items.js';

for (const preset of ['A', 'B'] as const)
  test(`preset ${preset}: every pattern the scorer pays is an item of the same value`, () => {
    const items = itemTable(preset);
    const rules = patternValues(preset);
    assert.ok(rules.size >= 15, `${rules.size} patterns`);
    for (const [id, value] of rules) {
      assert.ok(items.has(id), `${id} is an item of preset ${preset}`);
      assert.equal(items.get(id)!.value, value, `${id}: items.ts ${items.get(id)!.value}, patterns.ts ${value}`);
    }
  });
