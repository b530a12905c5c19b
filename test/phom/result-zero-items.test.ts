/**
 * phom.md §10.1 "`none`: 0": an amount of 0 is no payment, so the result has no line for it (under
 * `room-rules` every eat read "Eat payment (10♠ from Hung): 0 × bet"; likewise a u, chốt, rank or Móm
 * amount set to 0). Loose-card points are information and stay, whatever their value.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import type { HandResult } from '../../src/games/core/types.js';
import { engine, type Options, type State } from '../../src/games/phom/index.js';
import { phomPresenter } from '../../src/table/present/phom.js';
import { LANGS, translator } from '../../src/table/i18n.js';

const ZEROS = { 'u-payment': 0, 'u-tron-payment': 0, 'u-khan-payment': 0, 'chot-payment': 0, 'rank-payment-2': 0, 'mom-payment': 0 };
const CONFIGS: [string, Record<string, unknown>, string | undefined][] = [
  ['room-rules', {}, 'room-rules'],
  ['amounts set to 0', ZEROS, undefined],
  ['defaults', {}, undefined],
];

function optsOf(over: Record<string, unknown>, preset: string | undefined): Options {
  const r = resolveOptions(engine.options, over, preset);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.value;
}

/** Self-played hands of a match (the gà pot and starter carry over). */
function* hands(o: Options, seats: number, seed: string, count: number): Generator<[State, HandResult]> {
  let prev: State | null = null;
  for (let h = 0; h < count; h++) {
    let s = engine.setup(o, seats, handSeed(seed, h), prev);
    for (let i = 0; i < 5000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
      assert.ok(r.ok);
      s = r.value;
    }
    const res = engine.result(s)!;
    yield [s, res];
    prev = engine.matchOver(s) ? null : s;
  }
}

const PAID = new Set(['eat', 'eat-chot', 'rank-2', 'rank-3', 'rank-4', 'mom']);

for (const [name, over, preset] of CONFIGS) {
  test(`${name}: no 0-value line but loose-card points; every eat/rank/Móm line is a payment and back`, () => {
    const o = optsOf(over, preset);
    let zeroSkipped = 0;
    for (const seats of [2, 3, 4]) {
      for (const [s, r] of hands(o, seats, `zero-${name}-${seats}`, 20)) {
        for (const it of r.items) if (it.id !== 'deadwood') assert.notEqual(it.value, 0, JSON.stringify(it));
        if (r.endedBy === 'rank')
          assert.equal(r.items.filter((it) => it.id === 'deadwood').length, seats, 'loose-card points of every seat');
        // The lines of eats and rank payments are exactly the payments made (seat, amount).
        const lines = r.items
          .filter((it) => PAID.has(it.id))
          .map((it) => `${it.id} ${it.seat} ${Math.abs(it.value)}`)
          .sort();
        const paid = r.payments
          .filter((p) => PAID.has(p.reason))
          .map((p) => `${p.reason} ${p.reason.startsWith('eat') ? p.to : p.from} ${p.amount}`)
          .sort();
        assert.deepEqual(lines, paid);
        zeroSkipped += s.eats.filter((e) => e.amount === 0).length;
        // The text says no "0 × bet" either, in any language.
        for (const lang of LANGS) {
          const m = phomPresenter.resultModel(engine.publicView(s), r, { lang, t: translator(lang), names: ['A', 'B', 'C', 'D'] });
          for (const l of m.lines.filter((x) => /^0 /.test(x.value)))
            assert.match(l.label, /Loose-card|Điểm bài lẻ|散牌/, `${lang}: ${l.label}: ${l.value}`);
        }
      }
    }
    if (name === 'room-rules') assert.ok(zeroSkipped > 0, 'some eat paid nothing');
  });
}
