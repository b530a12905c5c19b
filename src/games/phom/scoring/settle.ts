/** Ranking (phom.md §9) and settlement (§10–§11) of a finished hand. */
import type { HandResult, Payment, ScoreItem, Seat } from '../../core/types.js';
import { type Card, pointsOf, sortCards } from '../cards.js';
import { type State, pIndex, prev, potAfter } from '../state.js';
import type { Options } from '../options.js';
import { type ItemId, RANK_ITEM, itemValue, moneyUnit } from './items.js';

export interface PhomResult extends HandResult {
  endedBy: 'u' | 'u-tron' | 'u-khan' | 'rank';
  /** Seat that starts the next hand (if the seating does not change). */
  nextStarter: Seat;
  /** Deadwood points per seat (null on an Ù end). */
  deadwood: (number | null)[];
  mom: boolean[];
  /** The đền payer and trigger, if any (phom.md §11.1). */
  den: { payer: Seat; trigger: 'den-three-eats' | 'den-danh-chot' | 'den-an-chot' } | null;
  /** All hands revealed at the end (phom.md §12). */
  hands: Card[][];
  /** Gà pot: per-seat flows (negative = paid in, positive = won), not part of `deltas`; pot carried on. */
  pot: { flows: number[]; carried: number };
}

/**
 * phom.md §10.1: what an eat costs the victim, in bets (already × bet-unit). `k` = the eater's k-th
 * eat this hand; `fromVictim` = the victim's n-th card eaten this hand (gà pot, `escalating`).
 * The one place eat payments are computed (the engine, scenario positions and the score CLI).
 */
export function eatPayment(o: Options, chot: boolean, k: number): number {
  const ep = o['eat-payment'];
  return (chot ? o['chot-payment'] : ep === 'progressive' ? k : ep === 'flat' ? 1 : 0) * o['bet-unit'];
}

export function potPayment(o: Options, fromVictim: number): number {
  const ga = o['ga-pot'];
  return (ga === 'flat' ? 1 : ga === 'escalating' ? ([1, 2, 4][fromVictim - 1] ?? 4) : 0) * o['bet-unit'];
}

/** Móm (phom.md §9.2, §11.3): no own laid-down phỏm, or left the hand. */
export function isMom(s: State, seat: Seat): boolean {
  return s.left[seat]! || !s.melds.some((m) => m.owner === seat);
}

export function deadwoodOf(s: State, seat: Seat): number {
  return pointsOf(s.hands[seat]!, s.opts['face-card-points']);
}

/**
 * Ranking without Ù (phom.md §9): non-Móm by deadwood, ties → earlier lay-down; then Móm seats in
 * lay-down order (all Móm → the first to lay down is Nhất, §9.4); then seats that left, in lay-down
 * order. A leaver settles as Móm whatever its cards (§11.3): it pays the Móm amount, so it never ranks
 * above a seat still playing, not even the first Móm one, which would make it Nhất and paid.
 */
export function rankSeats(s: State): Seat[] {
  const order = (seat: Seat) => {
    const i = s.layOrder.indexOf(seat);
    return i < 0 ? s.n + pIndex(s, seat) : i;
  };
  const group = (seat: Seat) => (s.left[seat] ? 2 : isMom(s, seat) ? 1 : 0);
  const seats = Array.from({ length: s.n }, (_, i) => i);
  const key = (seat: Seat): [number, number, number] => [group(seat), group(seat) === 0 ? deadwoodOf(s, seat) : 0, order(seat)];
  return seats.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
  });
}

export function settle(s: State): PhomResult | null {
  const end = s.end;
  if (!end) return null;
  const n = s.n;
  const o = s.opts;
  // Amounts are money (already × B): 'bet' at B = 1, 'money' above (items.ts `moneyUnit`).
  const unit = moneyUnit(o);
  const payments: Payment[] = s.payments.map((p) => ({ ...p }));
  const items: ScoreItem[] = [];
  // phom.md §10.1 "`none`: 0": an amount of 0 is no payment, so it gets no line ("Eat payment: 0 × bet"
  // under `room-rules`, a u/chốt/rank/Móm amount set to 0). Loose-card points are information: kept.
  const add = (it: ScoreItem) => {
    if (it.value !== 0 || it.id === 'deadwood') items.push(it);
  };
  for (const e of s.eats) {
    add({ id: e.chot ? 'eat-chot' : 'eat', seat: e.eater, value: e.amount, unit, detail: `${e.card}<-${e.victim}` });
  }
  let ranking: Seat[][];
  let den: PhomResult['den'] = null;
  const deadwood: (number | null)[] = Array.from({ length: n }, () => null);
  const mom = Array.from({ length: n }, (_, i) => end.by === 'rank' && isMom(s, i));
  const potFlows = s.gaIn.map((x) => (x === 0 ? 0 : -x));
  const endedBy: PhomResult['endedBy'] = end.by;
  if (end.by === 'rank') {
    const order = rankSeats(s);
    ranking = order.map((x) => [x]);
    const first = order[0]!;
    for (let i = 0; i < n; i++) {
      deadwood[i] = deadwoodOf(s, i);
      add({ id: 'deadwood', seat: i, value: deadwood[i]!, unit: 'point', detail: sortCards(s.hands[i]!).join(' ') });
    }
    order.forEach((seat, i) => {
      if (i === 0) return;
      // phom.md §10.2: position i ≥ 2 pays Nhất the Móm amount or its rank payment.
      const id: ItemId = isMom(s, seat) ? 'mom' : RANK_ITEM[i]!;
      const amount = itemValue(o, id);
      add({ id, seat, value: -amount, unit });
      if (amount > 0) payments.push({ from: seat, to: first, amount, reason: id });
    });
  } else {
    const w = end.winner;
    const uId: ItemId = end.by;
    const U = itemValue(o, uId);
    // §11.1: Ù khan is never đền.
    den = end.by === 'u-khan' ? null : denPayer(s, w, end.chotVictim);
    // The winner's whole arrangement, as the result image shows it: its phỏm laid down earlier (with
    // cards sent to them), then those formed in hand at the Ù (`end.phoms` holds only these), then the
    // leftover. Without the laid ones a winner who had laid all its phỏm read "Ù (8♠)", as if it won on
    // the 8♠ (phom.md §8.2). Ù khan (§8.4) has no phỏm: its dealt hand.
    const phoms = end.by === 'u-khan' ? [] : [...s.melds.filter((m) => m.owner === w).map((m) => m.cards), ...end.phoms];
    add({
      id: uId,
      seat: w,
      value: U * (n - 1),
      unit,
      detail: phoms
        .map((m) => `[${m.join(' ')}]`)
        .concat(end.loose)
        .join(' '),
    });
    for (let i = 0; i < n; i++) {
      if (i === w) continue;
      if (den) {
        if (i === den.payer && U > 0) payments.push({ from: i, to: w, amount: U * (n - 1), reason: den.trigger });
      } else if (U > 0) payments.push({ from: i, to: w, amount: U, reason: uId });
    }
    if (den) add({ id: den.trigger, seat: den.payer, value: -U * (n - 1), unit });
    // phom.md §10.1: the next Ù winner takes the gà pot.
    if (o['ga-pot'] !== 'off') {
      const total = s.gaPotStart + s.gaIn.reduce((a, b) => a + b, 0);
      potFlows[w]! += total;
      if (total > 0) add({ id: 'ga-pot-win', seat: w, value: total, unit });
    }
    // phom.md §8.2 / §15.6 (seed: "Tất cả người chơi còn lại đều được tính là Bét"): after any Ù every
    // other seat is Bét, so the losers share one rank (seat order inside the group).
    const others = Array.from({ length: n }, (_, i) => i).filter((i) => i !== w);
    ranking = [[w], others];
  }
  s.gaIn.forEach((x, i) => {
    if (x > 0) add({ id: 'ga-pot-in', seat: i, value: -x, unit });
  });
  const deltas: number[] = Array.from({ length: n }, () => 0);
  for (const p of payments) {
    deltas[p.from]! -= p.amount;
    deltas[p.to]! += p.amount;
  }
  return {
    winners: ranking[0]!.slice(),
    ranking,
    deltas,
    payments,
    items,
    unit,
    endedBy,
    nextStarter: ranking[0]![0]!,
    deadwood,
    mom,
    den,
    hands: s.hands.map((h) => sortCards(h)),
    pot: { flows: potFlows, carried: potAfter(s) },
  };
}

/** phom.md §11.1–§11.2: the single đền payer, if any trigger applies. */
export function denPayer(s: State, w: Seat, chotVictim: Seat | null): PhomResult['den'] {
  const o = s.opts;
  const three = (): PhomResult['den'] =>
    o['den-three-eats'] && s.eats.filter((e) => e.eater === w).length >= 3 ? { payer: prev(s, w), trigger: 'den-three-eats' } : null;
  const danh = (): PhomResult['den'] =>
    o['den-danh-chot'] && chotVictim !== null ? { payer: chotVictim, trigger: 'den-danh-chot' } : null;
  // §15.3: if W itself is the most recent chốt-eater there is no ăn-chốt đền.
  const an = (): PhomResult['den'] =>
    o['den-an-chot'] && s.lastChotEater !== null && s.lastChotEater !== w ? { payer: s.lastChotEater, trigger: 'den-an-chot' } : null;
  const order = o['den-precedence'] === 'three-eats-first' ? [three, danh, an] : [an, three, danh];
  for (const f of order) {
    const r = f();
    if (r) return r;
  }
  return null;
}
