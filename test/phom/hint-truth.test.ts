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
import { phomKind } from '../../src/games/phom/melds.js';
import { opts, position } from './helpers.js';

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
    if (!/^phom:hint\.discard(-final)?-safe(-noca)?$/.test(r.key)) return;
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
    assert.match(r.key, /^phom:hint\.discard-unlikely(-noca)?$/);
    // Its loose cards AD AC KC KD JS JC (4S 5S 6S is a phỏm) make three disjoint live cạ.
    assert.equal(r.vars.ca, 3);
  });
  assert.ok(found);
});

test('eat reasons follow the table: a chốt under either chốt-definition, and "pays" only when the eat pays', () => {
  const seen = new Set<string>();
  for (const over of [
    { 'chot-definition': 'eater-final' },
    { 'eat-payment': 'none' },
    { 'chot-definition': 'eater-final', 'eat-payment': 'none', 'chot-payment': 0 },
    {},
  ])
    for (const n of [2, 3, 4])
      selfPlay(
        n,
        [0, 1, 2, 3].map((h): [string, number] => [`eat-${n}`, h]),
        over,
        (s, seat) => {
          const eat = engine.pending(s)[0]!.options.find((o) => o.type === 'eat');
          if (!eat || eat.type !== 'eat') return;
          const r = explainFor(s, seat, eat);
          if (r.key === 'phom:hint.eat-u') return;
          const after = engine.apply(s, seat, eat);
          assert.ok(after.ok);
          const rec = after.value.eats.at(-1)!;
          const want = `phom:hint.${rec.chot ? 'eat-chot' : 'eat'}${rec.amount > 0 ? '' : '-unpaid'}`;
          assert.equal(r.key, want, `${JSON.stringify(over)} n=${n} seat ${seat} eats ${eat.card}: ${JSON.stringify(rec)}`);
          seen.add(want);
        },
      );
  for (const k of ['eat', 'eat-chot', 'eat-unpaid', 'eat-chot-unpaid']) assert.ok(seen.has(`phom:hint.${k}`), `never saw ${k}`);
});

// Seat 1 to take, offered seat 0's QH with QD QS in hand: seat 0's row holds `victimRow` (QH last), seat 1's `eaterRow`.
function offered(victimRow: Card[], eaterRow: Card[], over: Record<string, unknown>): State {
  const mine: Card[] = ['QD', 'QS', '2C', '5D', '8S', '10C', 'KH', '4H', '7S'];
  const rows: Card[][] = [victimRow, eaterRow, ['2D', '4S', '6H'], ['3C', '5H', '8D']];
  // A seat with 4 discards has laid down: here the phỏm JS JD JH.
  const laid: Card[] = victimRow.length === 4 ? ['JS', 'JD', 'JH'] : [];
  const rest = DECK.filter((c) => !mine.includes(c) && !rows.flat().includes(c) && !laid.includes(c));
  return position(
    {
      turn: 1,
      phase: 'take',
      hands: [rest.slice(0, 9 - (victimRow.length === 4 ? 3 : 0)), mine, rest.slice(9, 18), rest.slice(18, 27)],
      rows,
      melds: laid.length ? [{ owner: 0, cards: laid }] : [],
      layOrder: laid.length ? [0] : [],
      lastDiscard: { seat: 0, card: 'QH' },
    },
    4,
    over,
  );
}

test('which eat is a chốt follows chot-definition: the eater’s row of 3, or the victim’s 4th discard', () => {
  const eat: Action = { type: 'eat', card: 'QH' };
  const cases: [Card[], Card[], string, string][] = [
    // Seat 1's lay-down take (row of 3), seat 0's 3rd discard: a chốt under eater-final only.
    [['3S', '6C', 'QH'], ['9D', 'JC', 'AS'], 'eater-final', 'eat-chot'],
    [['3S', '6C', 'QH'], ['9D', 'JC', 'AS'], 'victim-final', 'eat'],
    // Seat 0's 4th discard, seat 1's row of 2: a chốt under victim-final only.
    [['3S', '6C', 'AH', 'QH'], ['9D', 'JC'], 'victim-final', 'eat-chot'],
    [['3S', '6C', 'AH', 'QH'], ['9D', 'JC'], 'eater-final', 'eat'],
  ];
  for (const [victimRow, eaterRow, def, want] of cases) {
    const s = offered(victimRow, eaterRow, { 'chot-definition': def });
    assert.ok(engine.pending(s)[0]!.options.some((o) => o.type === 'eat'));
    const after = engine.apply(s, 1, eat);
    assert.ok(after.ok);
    const rec = after.value.eats.at(-1)!;
    assert.equal(rec.chot, want === 'eat-chot', `${def}: the engine's record`);
    assert.equal(explainFor(s, 1, eat).key, `phom:hint.${want}`, `${def}, rows ${victimRow.length} and ${eaterRow.length}`);
  }
});

// Seat 1 to discard 9H after its first take (seat 0 discarded 2S; with an eat, the eaten card was
// seat 0's first discard); the other hands (unseen by seat 1) are filled in card order.
function caPosition(hand: Card[], eaten: Card[], rows: Card[][] = eaten.length ? [[], [], [], []] : [['2S'], [], [], []]): State {
  const mine = [...hand, '9H' as Card];
  const rest = DECK.filter((c) => !mine.includes(c) && !rows.flat().includes(c));
  return position(
    { turn: 1, phase: 'act', hands: [rest.slice(0, 9), mine, rest.slice(9, 18), rest.slice(18, 27)], rows, eaten: [[], eaten, [], []] },
    4,
  );
}

test('"keeps N cạ" counts disjoint cạ of loose cards that a live card completes (the audit’s hand: 2, not 4)', () => {
  const ca = (s: State) => explainFor(s, 1, { type: 'discard', card: '9H' }).vars.ca;
  // KS KC KD is a phỏm (KC eaten: it never leaves it): loose AC AH 5D 7D JD QC → AC-AH and 5D-7D.
  assert.equal(ca(caPosition(['AC', 'AH', '5D', '7D', 'JD', 'QC', 'KS', 'KC', 'KD'], ['KC'])), 2);
  // 5C 7C 9C overlap (5-7, 7-9): one cạ; KH-KS would be a cạ, but KS sits in the phỏm JS QS KS.
  assert.equal(ca(caPosition(['5C', '7C', '9C', 'JS', 'QS', 'KS', 'AC', '3D', 'KH'], [])), 1);
  // With AS and AD both seen, AC-AH waits for nothing: only 5D-7D counts.
  const dead = caPosition(['AC', 'AH', '5D', '7D', 'JD', 'QC', 'KS', 'KC', 'KD'], ['KC'], [['AS'], ['AD'], ['2S'], ['3S']]);
  assert.equal(ca(dead), 1);
});

/** Does `card` belong to some phỏm of `hand` (three cards of it forming one, checked by phomKind)? */
function inMadePhom(hand: Card[], card: Card, qka: boolean): boolean {
  const others = hand.filter((c) => c !== card);
  for (let i = 0; i < others.length; i++)
    for (let j = i + 1; j < others.length; j++) if (phomKind([card, others[i]!, others[j]!], qka)) return true;
  return false;
}

test('easy’s careless discards never break a made phỏm, and stay legal', () => {
  let mistakes = 0;
  for (const n of [2, 3, 4])
    for (let h = 0; h < 25; h++) {
      let s = engine.setup(opts(), n, handSeed(`easy-${n}`, h), null);
      while (!engine.result(s)) {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, 'easy');
        assert.ok(
          d.options.some((o) => JSON.stringify(o) === JSON.stringify(a)),
          `easy's ${JSON.stringify(a)} is not an option`,
        );
        const b = engine.ai(s, d.seat, 'normal');
        if (a.type === 'discard' && JSON.stringify(a) !== JSON.stringify(b)) {
          mistakes++;
          assert.ok(!inMadePhom(s.hands[d.seat]!, a.card, false), `easy throws ${a.card} from its phỏm in ${s.hands[d.seat]!.join(' ')}`);
        }
        const next = engine.apply(s, d.seat, a);
        assert.ok(next.ok);
        s = next.value;
      }
    }
  assert.ok(mistakes >= 30, `${mistakes} mistakes`);
});

test('the strong AI values an eat as a chốt by chot-definition too (the hint did; its choice read the victim-final flag)', () => {
  // An Ù bill the ăn-chốt eater would owe dwarfs every other amount: a chốt eat is then not worth it.
  const over = { 'chot-payment': 0, 'u-payment': 100, 'den-an-chot': true };
  const pick = (victimRow: Card[], eaterRow: Card[], def: string) =>
    engine.ai(offered(victimRow, eaterRow, { ...over, 'chot-definition': def }), 1, 'strong').type;
  // Seat 1's lay-down take: a chốt under eater-final only.
  assert.equal(pick(['3S', '6C', 'QH'], ['9D', 'JC', 'AS'], 'eater-final'), 'draw');
  assert.equal(pick(['3S', '6C', 'QH'], ['9D', 'JC', 'AS'], 'victim-final'), 'eat');
});
