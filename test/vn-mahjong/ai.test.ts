/** Issue #16: AI levels of vn-mahjong. `strong` decides from the seat's knowledge only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engine, knowledge, type State } from '../../src/games/vn-mahjong/index.js';
import { explainStrong, strongAi } from '../../src/games/vn-mahjong/ai-strong.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { deepFreeze } from '../../src/games/core/match.js';
import { AI_LEVELS } from '../../src/games/core/ai.js';
import { handSeed } from '../../src/games/core/rng.js';
import { isJoker } from '../../src/games/vn-mahjong/tiles.js';
import { madeSetTile } from '../support/mahjong-hands.js';
import { redealHidden } from './helpers.js';

const opts = defaultOptions(engine.options);
/** Three concealed hands for the fixed positions below (East's is each test's own). */
const OTHERS = [
  '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z',
  '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z',
  '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z',
];

test('strong never reads the state: its module imports no state, rules or setup code', () => {
  const src = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'games', 'vn-mahjong', 'ai-strong.ts'), 'utf8');
  const imports = [...src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)].map((m) => ({ typeOnly: !!m[1], from: m[2]! }));
  // wincheck.js: the rules' pure win check of a tile list (which kinds win a hand), no state
  const allowed = new Set(['../core/ai.js', '../core/types.js', './actions.js', './ai.js', './tiles.js', './views.js', './wincheck.js']);
  for (const i of imports) assert.ok(allowed.has(i.from), `ai-strong.ts imports ${i.from}`);
  // from ai.js only pure functions of a tile list (shanten, usefulness) or of the legal actions (kongOrFlower)
  assert.match(src, /import \{ kongOrFlower, shanten, usefulness \} from '\.\/ai\.js';/);
  assert.match(src, /import \{ isWinningTiles \} from '\.\/wincheck\.js';/);
  assert.ok(
    imports
      .filter((i) => i.from === './views.js' || i.from === '../core/ai.js' || i.from === '../core/types.js' || i.from === './actions.js')
      .every((i) => i.typeOnly),
  );
});

test('strong decides the same when only hidden tiles differ (other hands, the wall)', () => {
  const mine = '1m 2m 3m 5p 6p 9p 9p 2s 3s 7s 7z 7z JA 4z';
  const a = engine.fromScenario(opts, 4, {
    position: {
      hands: [mine, ...OTHERS],
      turn: 0,
      drawn: '4z',
      wallSeed: 'one',
    },
  });
  const b = engine.fromScenario(opts, 4, {
    position: {
      hands: [
        mine,
        '4m 4m 8m 3p 6p 1p 1s 4s 8s 2z 4z 6z 6z',
        '3m 6m 9m 2p 4p 7p 2s 5s 9s 1z 2z 3z 3z',
        '1m 5m 7m 2p 5p 8p 3s 6s 6s 1z 3z 5z 5z',
      ],
      turn: 0,
      drawn: '4z',
      wallSeed: 'two',
    },
  });
  assert.ok(a.ok && b.ok);
  assert.deepEqual(engine.view(a.value, 0), engine.view(b.value, 0), 'same view');
  assert.notDeepEqual(a.value.players[1]!.hand, b.value.players[1]!.hand, 'different hidden hands');
  assert.deepEqual(engine.ai(a.value, 0, 'strong'), engine.ai(b.value, 0, 'strong'));
});

/** Plain data only: objects and arrays with their own prototypes, no symbol, non-enumerable or accessor property, no function. */
function assertPlain(x: unknown, path: string): void {
  if (x === null || typeof x !== 'object') {
    assert.notEqual(typeof x, 'function', path);
    return;
  }
  const isArray = Array.isArray(x);
  assert.equal(Object.getPrototypeOf(x), isArray ? Array.prototype : Object.prototype, `${path}: a plain object or array`);
  for (const key of Reflect.ownKeys(x)) {
    if (isArray && key === 'length') continue;
    assert.equal(typeof key, 'string', `${path}: a symbol key`);
    const d = Object.getOwnPropertyDescriptor(x, key)!;
    assert.ok(d.enumerable && 'value' in d, `${path}.${String(key)}: hidden or an accessor`);
    assertPlain(d.value, `${path}.${String(key)}`);
  }
}

test('strong decides from its seat alone: over whole hands, at every strong decision, dealing every hidden tile anew never changes its choice, and engine.ai is the policy on a frozen plain copy of the views', () => {
  // Persons 0, 1 and 3 play strong, 2 normal; every strong decision is checked, claims included.
  const level = (person: number) => (person === 2 ? 'normal' : 'strong');
  let checked = 0;
  let claims = 0;
  let moved = 0;
  for (let h = 0; h < 12; h++) {
    let s: State = engine.setup(opts, 4, handSeed('vn-hidden', h), null);
    for (let step = 0; !engine.result(s); step++) {
      assert.ok(step < 3000);
      const ds = engine.pending(s);
      for (const d of ds) {
        if (level(d.seat) !== 'strong') continue;
        const mine = engine.ai(s, d.seat, 'strong');
        // what the engine gives the policy is plain data built from the seat's views only …
        const k = knowledge(s, d.seat);
        assertPlain(k, 'knowledge');
        const plain = deepFreeze(structuredClone({ seat: d.seat, view: engine.view(s, d.seat), table: engine.publicView(s), decision: d }));
        assert.deepEqual(k, plain);
        // … and the engine's choice is the policy's on that plain copy
        assert.deepEqual(strongAi(plain), mine, `engine.ai(strong) is the policy on the seat's views (hand ${h}, step ${step})`);
        for (const salt of ['a', 'b']) {
          const t = redealHidden(s, d.seat, `${h}-${step}-${d.seat}-${salt}`);
          assert.deepEqual(engine.view(t, d.seat), engine.view(s, d.seat), 'precondition: the seat sees the same table');
          assert.deepEqual(
            engine.pending(t).find((x) => x.seat === d.seat),
            d,
            'precondition: the same decision',
          );
          assert.deepEqual(
            engine.ai(t, d.seat, 'strong'),
            mine,
            `hand ${h}, step ${step}, person ${d.seat}: the hidden tiles changed its choice`,
          );
          if (JSON.stringify(t.players.map((p) => p.hand)) !== JSON.stringify(s.players.map((p) => p.hand))) moved++;
        }
        checked++;
        if (d.kind === 'claim') claims++;
      }
      const d = ds[0]!;
      const r = engine.apply(s, d.seat, engine.ai(s, d.seat, level(d.seat)));
      assert.ok(r.ok);
      s = r.value;
    }
  }
  assert.ok(
    checked > 300 && claims > 50 && moved > 2 * checked - 10,
    `${checked} decisions, ${claims} claims, ${moved} redeals moved tiles`,
  );
});

test('every level plays legal, complete hands (mixed table)', () => {
  for (let h = 0; h < 12; h++) {
    let s: State = engine.setup(opts, 4, `levels-${h}`, null);
    let steps = 0;
    while (!engine.result(s)) {
      const d = engine.pending(s)[0]!;
      const level = AI_LEVELS[(d.seat + h) % 3]!;
      deepFreeze(s); // a transition never writes into its input (basics.ts transition)
      const r = engine.apply(s, d.seat, engine.ai(s, d.seat, level));
      assert.ok(r.ok, `${level}: ${!r.ok && r.error.message}`);
      s = r.value;
      assert.ok(++steps < 3000);
    }
    assert.deepEqual(engine.checkInvariants(s), []);
  }
});

test('easy is deterministic and differs from normal', () => {
  let differs = 0;
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, `easy-${h}`, null);
    for (let k = 0; k < 80 && !engine.result(s); k++) {
      const d = engine.pending(s)[0]!;
      const e = engine.ai(s, d.seat, 'easy');
      assert.deepEqual(engine.ai(s, d.seat, 'easy'), e);
      if (JSON.stringify(e) !== JSON.stringify(engine.ai(s, d.seat, 'normal'))) differs++;
      s = engine.apply(s, d.seat, e).ok ? (engine.apply(s, d.seat, e) as { ok: true; value: State }).value : s;
    }
  }
  assert.ok(differs > 10, `easy differed ${differs} times`);
});

test("strong's hint prices an exposed joker by the table's house rules (hop-exposed-value, §2)", () => {
  for (const [hv, phan] of [
    ['1', 1],
    ['2', 2],
  ] as const) {
    const o = { ...opts, 'hop-exposed-value': hv };
    const r = engine.fromScenario(o, 4, {
      position: {
        hands: ['1m 2m 3m 5p 6p 9p 9p 2s 3s 7s 7z 7z JN 4z', ...OTHERS],
        turn: 0,
        drawn: '4z',
        wallSeed: 'one',
      },
    });
    assert.ok(r.ok);
    const d = engine.pending(r.value)[0]!;
    const k = { seat: 0, view: engine.view(r.value, 0), table: engine.publicView(r.value), decision: d };
    assert.deepEqual(strongAi(k), { type: 'expose', tile: 'JN' });
    assert.deepEqual(explainStrong(k, { type: 'expose', tile: 'JN' }), { key: 'vn-mahjong:hint.expose-joker', vars: { card: 'JN', phan } });
  }
});

test("easy's careless discards are a beginner's: never a tile of a made set (three of a kind, a run)", () => {
  let careless = 0;
  for (let h = 0; h < 12; h++) {
    let s: State = engine.setup(opts, 4, `easy-careless-${h}`, null);
    for (let k = 0; k < 400 && !engine.result(s); k++) {
      const d = engine.pending(s)[0]!;
      const e = engine.ai(s, d.seat, 'easy');
      if (
        d.kind === 'turn' &&
        e.type === 'discard' &&
        !isJoker(e.tile) &&
        JSON.stringify(e) !== JSON.stringify(engine.ai(s, d.seat, 'normal'))
      ) {
        const hand = engine.view(s, d.seat).hand;
        assert.ok(!madeSetTile(hand, e.tile), `easy broke a made set: ${e.tile} from ${hand.join(' ')}`);
        careless++;
      }
      const r = engine.apply(s, d.seat, e);
      assert.ok(r.ok);
      s = r.value;
    }
  }
  assert.ok(careless > 30, `careless discards seen: ${careless}`);
});
