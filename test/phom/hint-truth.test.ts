/**
 * Hint reasons must be true of the position from the seat's own knowledge (issue #16 audit). Each
 * claim is checked against the engine itself (worlds consistent with the seat's view, eat records),
 * or against counts worked out by hand, never against the reason's own code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handSeed } from '../../src/games/core/rng.js';
import { engine, type State } from '../../src/games/phom/index.js';
import { explainFor } from '../../src/games/phom/ai.js';
import type { Action } from '../../src/games/phom/actions.js';
import type { Card } from '../../src/games/phom/cards.js';
import { DECK } from '../../src/games/phom/cards.js';
import { opts } from './helpers.js';

type Step = (s: State, seat: number, a: Action) => void;

/** Plays strong self-play hands, calling `each` before every move. */
function selfPlay(n: number, seeds: [string, number][], over: Record<string, unknown>, each: Step): void {
  for (const [name, h] of seeds) {
    let s = engine.setup(opts(over), n, handSeed(name, h), null);
    while (!engine.result(s)) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      each(s, d.seat, a);
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
}

/** Cards the seat has not seen (its view: own hand, rows, table phỏm, eaten and shown cards). */
function unseenBy(s: State, seat: number): Set<Card> {
  const v = engine.view(s, seat);
  const seen = new Set<Card>([...v.hand, ...v.rows.flat(), ...v.melds.flatMap((m) => m.cards), ...v.eaten.flat(), ...v.shownInHand.flat()]);
  return new Set(DECK.filter((c) => !seen.has(c)));
}

/**
 * Can the next seat eat `card` in some world the discarding seat cannot tell from the real one?
 * Every set of at most two unseen cards (as many as the next seat has unshown cards) is moved into
 * its hand, swapped with its unshown cards; the engine then says whether it may eat.
 */
function someWorldEats(s: State, seat: number, card: Card): string | null {
  const t = (seat + 1) % s.n;
  const unseen = [...unseenBy(s, seat)];
  const shown = new Set(engine.view(s, seat).shownInHand[t]);
  const hidden = s.hands[t]!.filter((c) => !shown.has(c));
  const sets: Card[][] = [[]];
  for (let i = 0; i < unseen.length; i++) {
    if (hidden.length >= 1) sets.push([unseen[i]!]);
    if (hidden.length >= 2) for (let j = i + 1; j < unseen.length; j++) sets.push([unseen[i]!, unseen[j]!]);
  }
  for (const want of sets) {
    const hands = s.hands.map((h) => h.slice());
    const stock = s.stock.slice();
    const out = hidden.filter((c) => !want.includes(c));
    for (const u of want) {
      if (hands[t]!.includes(u)) continue;
      const give = out.pop()!;
      const holder = hands.findIndex((h) => h.includes(u));
      const place = holder >= 0 ? hands[holder]! : stock;
      place[place.indexOf(u)] = give;
      hands[t]![hands[t]!.indexOf(give)] = u;
    }
    const world: State = { ...s, hands, stock };
    const after = engine.apply(world, seat, { type: 'discard', card });
    assert.ok(after.ok);
    const d = engine.pending(after.value)[0];
    if (d && d.seat === t && d.options.some((o) => o.type === 'eat')) return `seat ${t} holding ${hands[t]!.join(' ')}`;
  }
  return null;
}

test('"the next seat cannot eat it" holds in every world the seat cannot rule out (the audit’s Q♠ included)', () => {
  let claims = 0;
  const check: Step = (s, seat, a) => {
    if (a.type !== 'discard') return;
    const r = explainFor(s, seat, a);
    if (r.key !== 'phom:hint.discard-safe' && r.key !== 'phom:hint.discard-final-safe') return;
    claims++;
    const eats = someWorldEats(s, seat, a.card);
    assert.equal(eats, null, `seat ${seat} discards ${a.card} saying ${r.key}, but the next seat can eat it: ${eats}`);
  };
  // The hands where the audit saw the claim fail (3 players: 23 and 39; 4 players: 7), and a few more.
  selfPlay(
    3,
    [
      ['audit-3', 23],
      ['audit-3', 39],
    ],
    {},
    check,
  );
  selfPlay(4, [['audit-4', 7]], {}, check);
  for (const n of [2, 3, 4]) selfPlay(n, [[`truth-${n}`, 0]], { 'allow-qka': true }, check);
  assert.ok(claims >= 5, `${claims} claims`);
});

test('the audit’s Q♠ (seat 3 holds Q♦ Q♥): the hint says the next seat is unlikely to eat it, not that it cannot', () => {
  let found = false;
  selfPlay(4, [['audit-4', 7]], {}, (s, seat, a) => {
    if (found || a.type !== 'discard' || a.card !== 'QS') return;
    found = true;
    assert.equal(seat, 2);
    assert.ok(s.hands[3]!.includes('QD') && s.hands[3]!.includes('QH'));
    const r = explainFor(s, seat, a);
    assert.equal(r.key, 'phom:hint.discard-unlikely');
  });
  assert.ok(found);
});
