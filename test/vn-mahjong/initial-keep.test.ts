/**
 * §4.3 [Seed "trường hợp chỉ có 1 hoa có quyền đánh hoặc dựng, nhưng từ 2 hoa bắt buộc phải dựng"]: the
 * dealer may keep a bonus tile only when dealt exactly one; a replacement bonus tile is exposed in
 * turn, also after an automatic exposure (two or more dealt; jokers under `initial-joker-expose =
 * mandatory`). Before 2026-12-07 such a dealer was offered the keep choice after its replacements.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { isFlowerLike } from '../../src/games/vn-mahjong/tiles.js';

const opts = (o: Record<string, unknown> = {}) => {
  const r = resolveOptions(engine.options, o);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

/** The dealer's first initial decision of each deal (seeds `keep0…`), with what it was dealt. */
function* dealerDecisions(o: Record<string, unknown>, deals: number) {
  for (let h = 0; h < deals; h++) {
    const s = engine.setup(opts(o), 4, `keep${h}`, null) as State;
    if (s.phase !== 'initial' || s.init!.seat !== 0) continue;
    const d = engine.pending(s).find((x) => x.seat === 0);
    if (d) yield { dealt: s.init!.dealt![0]!, keep: d.options.some((a) => a.type === 'initial-expose' && a.keepFlower) };
  }
}

test('§4.3: a dealer dealt two or more bonus tiles is never offered to keep a replacement one', () => {
  let many = 0;
  let one = 0;
  for (const d of dealerDecisions({}, 1500)) {
    const n = d.dealt.filter(isFlowerLike).length;
    if (n >= 2) {
      many++;
      assert.equal(d.keep, false, `dealt ${d.dealt.join(' ')}`);
    }
    if (n === 1 && d.keep) one++;
  }
  assert.ok(many >= 3, `cases with 2+ dealt and a decision: ${many}`);
  assert.ok(one >= 3, `the one-tile keep choice is still offered: ${one}`);
});

test('§4.3: under initial-joker-expose = mandatory the keep choice is offered only to a dealer dealt exactly one bonus tile', () => {
  let one = 0;
  for (const d of dealerDecisions({ 'initial-joker-expose': 'mandatory' }, 1500)) {
    const n = d.dealt.filter(isFlowerLike).length;
    if (d.keep) assert.equal(n, 1, `dealt ${d.dealt.join(' ')}`);
    if (n === 1 && d.keep) one++;
  }
  assert.ok(one >= 3, `the one-tile keep choice is still offered: ${one}`);
});

test('§4.3: the kept bonus tile is one tile: another copy of it (joker-copies ≥ 2: JF) is exposed like any bonus tile', () => {
  let twins = 0;
  for (let h = 0; h < 3000 && twins < 5; h++) {
    let s = engine.setup(opts({ 'joker-copies': 3 }), 4, `twin${h}`, null) as State;
    const keep = engine
      .pending(s)
      .find((d) => d.seat === 0)
      ?.options.find((a) => a.type === 'initial-expose' && a.keepFlower);
    if (!keep || s.init!.dealt![0]!.filter(isFlowerLike)[0] !== 'JF') continue;
    // The dealer keeps its JF; every later initial decision takes its first option (no joker exposed).
    for (let a: typeof keep | undefined = keep, seat = 0; a;) {
      const r = engine.apply(s, seat, a);
      assert.ok(r.ok, JSON.stringify(r));
      s = r.value;
      const d = s.phase === 'initial' ? engine.pending(s)[0] : undefined;
      [a, seat] = [d?.options[0], d?.seat ?? 0];
    }
    if (s.phase !== 'turn') continue;
    const held = s.players.flatMap((p, seat) => p.hand.filter(isFlowerLike).map((t) => `${seat}:${t}`));
    const exposedJf = s.players.some((p) => p.exposed.some((e) => e.tile === 'JF'));
    if (exposedJf) twins++;
    assert.deepEqual(held, ['0:JF'], `deal twin${h}: only the dealer's kept JF is held`);
    assert.equal(s.mustDiscard, 'JF');
  }
  assert.ok(twins >= 2, `deals where another JF came out at the deal: ${twins}`);
});
