/**
 * A malformed action is the engine's typed rule error, never an exception: Vietnamese mahjong threw
 * "Cannot read properties of null (reading 'slice')" on {"type":"initial-expose","jokers":[5,null]}
 * (and on pung tiles that were not texts), Chắn "calls is not iterable" on a xướng without calls;
 * a penalized false Ù with a `phan` that is not a number scored NaN.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../../src/table/manifests.js';
import { defaultOptions, resolveOptions } from '../../src/games/core/options.js';
import { canonical } from '../../src/games/core/match.js';
import type { AnyEngine, BaseAction, Decision } from '../../src/games/core/types.js';

type Act = Record<string, unknown>;
const BAD: unknown[] = [null, 5, -1, 1.5, '', 'x', true, {}, [], [null], [5], ['1m', null], [{}], [[]]];

/** Variants of a legal action with one field (its own or a common one) replaced, dropped or corrupted. */
function mutants(a: Act): Act[] {
  const out: Act[] = [];
  const own = Object.keys(a).filter((k) => k !== 'type');
  for (const k of new Set([...own, 'tile', 'tiles', 'jokers', 'keepFlower', 'card', 'cards', 'melds', 'calls', 'with', 'phan', 'as']))
    for (const b of BAD) out.push({ ...a, [k]: b });
  for (const k of own) {
    const { [k]: _, ...rest } = a;
    out.push(rest);
    const v = a[k];
    if (Array.isArray(v) && v.length) for (const b of [null, 5, {}]) out.push({ ...a, [k]: [...v.slice(0, -1), b] });
  }
  return out;
}

/** Plays a hand with the AI; at every `every`-th decision, tries each mutant of the first options and of each action type seen. */
function fuzz(engine: AnyEngine, opts: unknown, seats: number, seed: string, every: number): number {
  let s: unknown = engine.setup(opts, seats, seed, null);
  const types = new Set<string>();
  let tries = 0;
  for (let step = 0; step < 3000 && !engine.result(s); step++) {
    const ds = engine.pending(s) as Decision<BaseAction>[];
    if (step % every === 0) {
      for (const d of ds) {
        for (const o of d.options) types.add(o.type);
        const sample = [...d.options.slice(0, 2), ...[...types].map((type) => ({ type }))] as unknown as Act[];
        for (const m of sample.flatMap(mutants)) {
          tries++;
          const before = JSON.stringify(s);
          let r: ReturnType<AnyEngine['apply']>;
          try {
            r = engine.apply(s, d.seat, m);
          } catch (e) {
            assert.fail(`${engine.id}: ${canonical(m)} threw ${(e as Error).message}`);
          }
          assert.equal(JSON.stringify(s), before, `${engine.id}: ${canonical(m)} changed the state`);
          if (r.ok) assert.deepEqual(engine.checkInvariants(r.value), [], `${engine.id}: ${canonical(m)} accepted`);
          else assert.match(r.error.code, new RegExp(`^${engine.id}/[a-z-]+$`));
        }
      }
    }
    const d = ds[0]!;
    const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
    assert.ok(r.ok);
    s = r.value;
  }
  return tries;
}

test('Vietnamese mahjong: actions of the wrong shape are vn-mahjong/bad-action', () => {
  const engine = ENGINES['vn-mahjong'];
  const s = engine.setup(defaultOptions(engine.options), 4, 'shapes', null);
  const seat = (engine.pending(s) as Decision<BaseAction>[])[0]!.seat;
  for (const a of [
    { type: 'initial-expose', jokers: [5, null] },
    { type: 'initial-expose', jokers: 'JA' },
    { type: 'initial-expose', jokers: [], keepFlower: 'yes' },
    { type: 'pung', tiles: null },
    { type: 'pung', tiles: ['1m', null] },
    { type: 'pung', tiles: ['3m', 5] },
    { type: 'chow', tiles: ['1m', '2m'], as: [null] },
    { type: 'discard' },
    { type: 'discard', tile: 5 },
    { type: 'expose', tile: null },
    { type: 'win', phan: {} },
    { type: 'win', phan: '3' },
    { type: 'win', phan: -1 },
    { type: 'win', phan: 1e308 },
    { type: 'bogus' },
    [{ type: 'pass' }],
    null,
  ]) {
    const r = engine.apply(s, seat, a);
    assert.equal(r.ok, false, JSON.stringify(a));
    if (!r.ok) {
      assert.equal(r.error.code, 'vn-mahjong/bad-action', JSON.stringify(a));
      assert.equal(r.error.message, 'That is not a Vietnamese mahjong action.');
    }
  }
});

test('Chắn: a xướng without its list of calls is chan/bad-action, with a bad list chan/bad-calls', () => {
  const engine = ENGINES.chan;
  const opts = defaultOptions(engine.options);
  // the first hand from these seeds that reaches the xướng decision of a winner
  for (let k = 0; k < 40; k++) {
    let s: unknown = engine.setup(opts, 4, `xuong-${k}`, null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
      if (d.options.some((o) => o.type === 'xuong')) {
        const before = JSON.stringify(s);
        for (const [a, code] of [
          [{ type: 'xuong' }, 'chan/bad-action'],
          [{ type: 'xuong', calls: null }, 'chan/bad-action'],
          [{ type: 'xuong', calls: 'thong' }, 'chan/bad-action'],
          [{ type: 'xuong', calls: [null] }, 'chan/bad-calls'],
        ] as const) {
          const r = engine.apply(s, d.seat, a);
          assert.equal(r.ok ? 'accepted' : r.error.code, code, JSON.stringify(a));
        }
        assert.equal(JSON.stringify(s), before);
        return;
      }
      const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
      assert.ok(r.ok);
      s = r.value;
    }
  }
  assert.fail('no hand reached a xướng decision');
});

test('a penalized false Ù needs a number of phán: none or a whole number is scored, anything else refused', () => {
  const engine = ENGINES['vn-mahjong'];
  const o = resolveOptions(engine.options, { 'false-win': 'penalized' });
  assert.ok(o.ok);
  let s = engine.setup(o.value, 4, 'false-win', null);
  // play to the first turn (past the opening joker choices)
  for (let i = 0; i < 20 && (engine.view(s, 0) as { phase?: string }).phase === 'initial'; i++) {
    const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
    const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
    assert.ok(r.ok);
    s = r.value;
  }
  const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
  const bad = engine.apply(s, d.seat, { type: 'win', phan: { n: 2 } });
  assert.equal(bad.ok, false);
  const chao = engine.apply(s, d.seat, { type: 'win', phan: 2 });
  assert.ok(chao.ok);
  const res = engine.result(chao.value) as { deltas: number[] } | null;
  assert.ok(res && res.deltas.every(Number.isFinite), JSON.stringify(res?.deltas));
});

test('no engine throws on a malformed action at any decision of a hand; nothing is changed by a refusal', () => {
  let tries = 0;
  for (const engine of Object.values(ENGINES)) tries += fuzz(engine, defaultOptions(engine.options), 4, `malformed-${engine.id}`, 16);
  assert.ok(tries > 1000, `${tries} malformed actions tried`);
});
