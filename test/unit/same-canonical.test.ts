/** `sameCanonical` (core/match.ts) agrees with comparing `canonical` strings, on the public views the table compares at each step. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonical, sameCanonical } from '../../src/games/core/match.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { GAME_IDS } from '../../src/games/core/types.js';
import { walkStates } from '../support/walk.js';

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

test('sameCanonical: key order, undefined keys, arrays and primitives as canonical treats them', () => {
  const cases: [unknown, unknown][] = [
    [
      { a: 1, b: [1, 2] },
      { b: [1, 2], a: 1 },
    ],
    [{ a: 1, c: undefined }, { a: 1 }],
    [{ a: 1 }, { a: 1, c: undefined }],
    [{ a: 1 }, { a: 1, c: null }],
    [{ a: [1, 2] }, { a: [2, 1] }],
    [{ a: [1] }, { a: { 0: 1 } }],
    [{}, []],
    [null, {}],
    [1, '1'],
    ['x', 'x'],
    [{ a: { b: { c: 1 } } }, { a: { b: { c: 2 } } }],
    [{ a: { b: { c: 1 } } }, { a: { b: { c: 1 } } }],
    [
      { a: 1, b: 2 },
      { a: 1, c: 2 },
    ],
  ];
  for (const [a, b] of cases) {
    assert.equal(sameCanonical(a, b), same(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    assert.equal(sameCanonical(b, a), same(a, b), `${JSON.stringify(b)} vs ${JSON.stringify(a)}`);
  }
});

test('sameCanonical agrees with canonical on every game’s public views, step by step and across states', () => {
  for (const game of GAME_IDS) {
    const e = engineOf(game);
    const o = resolveOptions(e.options, {});
    assert.ok(o.ok);
    const views = walkStates(e, o.value, 4, `same-${game}`, 150).map((s) => JSON.parse(JSON.stringify(e.publicView(s))) as unknown);
    for (let i = 1; i < views.length; i++) {
      for (const j of [i - 1, Math.floor(i / 2)])
        assert.equal(sameCanonical(views[i], views[j]), same(views[i], views[j]), `${game} views ${j} and ${i}`);
    }
    assert.ok(views.length > 20, `${game}: played on`);
  }
});
