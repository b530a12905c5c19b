/** `sameCanonical` (core/match.ts) agrees with comparing `canonical` strings, on the public views the table compares at each step. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonical, sameCanonical } from '../../src/games/core/match.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { GAME_IDS, type BaseAction, type Decision } from '../../src/games/core/types.js';

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
    let s = e.setup(o.value, 4, `same-${game}`);
    const views: unknown[] = [e.publicView(s)];
    for (let i = 0; i < 150; i++) {
      const d = (e.pending(s) as Decision<BaseAction>[])[0];
      if (!d) break;
      const r = e.apply(s, d.seat, e.ai(s, d.seat) as BaseAction);
      assert.ok(r.ok);
      s = r.value;
      views.push(JSON.parse(JSON.stringify(e.publicView(s))));
    }
    for (let i = 1; i < views.length; i++) {
      for (const j of [i - 1, Math.floor(i / 2)])
        assert.equal(sameCanonical(views[i], views[j]), same(views[i], views[j]), `${game} views ${j} and ${i}`);
    }
    assert.ok(views.length > 20, `${game}: played on`);
  }
});
