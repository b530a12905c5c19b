/**
 * The strong AI prices a feed by the table's own options: no eat risk from a seat whose tái turns may
 * not eat (`tai-may-eat` off), and the chốt as `chot-definition` defines it (phom.md §6.5).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/phom/index.js';
import { handSeed } from '../../src/games/core/rng.js';
import { feedIsChot, strongAi } from '../../src/games/phom/strong.js';
import { publicView, view } from '../../src/games/phom/views.js';
import { opts, position } from './helpers.js';
import { checkReason } from '../support/hint-reasons.js';

test('tai-may-eat off: a discard beside a next seat that has laid down is chosen as if that seat could not eat at all', () => {
  const o = opts({ 'tai-may-eat': false });
  let seen = 0;
  for (let h = 0; h < 60; h++) {
    let s = engine.setup(o, 4, handSeed('tai-no-eat', h), null);
    while (!engine.result(s)) {
      const d = engine.pending(s)[0]!;
      const next = (d.seat + 1) % 4;
      if (s.laidDown[next] && d.options.some((x) => x.type === 'discard')) {
        seen++;
        const k = { seat: d.seat, view: view(s, d.seat), table: publicView(s), decision: d };
        // A seat that has left never eats: the same discard must come out.
        const left = k.view.left.map((l, i) => l || i === next);
        assert.deepEqual(strongAi(k), strongAi({ ...k, view: { ...k.view, left } }), `hand ${h}, seat ${d.seat}`);
      }
      const r = engine.apply(s, d.seat, engine.ai(s, d.seat, 'strong'));
      assert.ok(r.ok);
      s = r.value;
    }
  }
  assert.ok(seen > 100, `${seen} positions`);
});

test('chot-definition eater-final: a discard the next seat (its row at 3) may eat is priced as a chốt', () => {
  // Seat 1's third discard; seat 2 has discarded 3 (its row holds 3): eating it is a chốt under
  // eater-final, an ordinary eat under victim-final (not seat 1's 4th discard).
  const at = (def: string) =>
    position(
      {
        turn: 1,
        phase: 'act',
        hands: [
          ['10C', 'AD', '8C', '2C', '8H', '10H', 'KC', '10D', '6S'],
          ['9C', '5D', 'QH', '3D', '6H', '4H', '6D', '9D', '4D', '3C'],
          ['KD', '7H', '3S', 'QS', 'AS', 'QD', 'JS', 'JD', 'QC'],
        ],
        rows: [
          ['5C', '8S', 'KS'],
          ['7S', 'KH'],
          ['JC', 'JH', '9H'],
        ],
        eaten: [[], ['4D'], ['JD']],
      },
      3,
      { 'chot-definition': def, 'chot-payment': 20, 'eat-payment': 'none' },
    );
  assert.equal(feedIsChot(view(at('eater-final'), 1)), true);
  assert.equal(feedIsChot(view(at('victim-final'), 1)), false);
  // Unpaid, the high queen goes (fewer points left); as a 20-bet chốt it is kept (seat 2 holds three
  // queens: QH would be eaten, and seat 2 would then declare Ù).
  assert.deepEqual(engine.ai(at('victim-final'), 1, 'strong'), { type: 'discard', card: 'QH' });
  assert.notDeepEqual(engine.ai(at('eater-final'), 1, 'strong'), { type: 'discard', card: 'QH' });
});

test('u-tron no-eat: for a seat that has eaten, strong plays as if Ù tròn were off (no eaten card is the tròn, not all ten used)', () => {
  const o = opts({ 'u-tron': 'no-eat', 'u-tron-payment': 30 });
  let seen = 0;
  for (const n of [2, 3, 4])
    for (let h = 0; h < 15; h++) {
      let s = engine.setup(o, n, handSeed('no-eat', h), null);
      while (!engine.result(s)) {
        const d = engine.pending(s)[0]!;
        if (s.eaten[d.seat]!.length > 0) {
          seen++;
          const k = { seat: d.seat, view: view(s, d.seat), table: publicView(s), decision: d };
          const off = { ...k, view: { ...k.view, options: { ...k.view.options, 'u-tron': 'off' as const } } };
          assert.deepEqual(strongAi(k), strongAi(off), `${n} players, hand ${h}, seat ${d.seat}`);
        }
        const r = engine.apply(s, d.seat, engine.ai(s, d.seat, 'strong'));
        assert.ok(r.ok);
        s = r.value;
      }
    }
  assert.ok(seen > 300, `${seen} positions`);
});

test('the Ù hint says Ù tròn when the table pays more for it, and never "only 0 cards left"', () => {
  const at = (over: Record<string, unknown>) =>
    position(
      {
        turn: 0,
        phase: 'act',
        hands: [
          ['3S', '4S', '5S', '6S', '4H', '5H', '6H', '7C', '7H', '7S'],
          ['AD', '2C', '9D', 'JC', 'QD', 'KH', '8C', '10D', '2D'],
        ],
        rows: [['KD'], ['9C']],
      },
      2,
      over,
    );
  const hint = (over: Record<string, unknown>) => checkReason('phom', engine.explain!(at(over), 0, { type: 'u' }));
  assert.equal(hint({}), 'u-tron');
  assert.equal(hint({ 'u-tron': 'no-eat' }), 'u-tron-no-eat');
  assert.equal(hint({ 'u-tron': 'off' }), 'u-all');
  // A table whose Ù tròn pays no more than a plain Ù hears no "pays more".
  assert.equal(hint({ 'u-tron-payment': 3 }), 'u-all');
  assert.equal(hint({ 'u-tron': 'no-eat', 'u-tron-payment': 0 }), 'u-all');
});
