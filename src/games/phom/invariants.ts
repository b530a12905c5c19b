/** Invariant checks (style.md §7): every card exactly once, counts, eaten cards coverable, pending sane. */
import { canonical } from '../core/match.js';
import { DECK, isCard } from './cards.js';
import { coverable, phomKind } from './melds.js';
import { eatenInHand } from './plan.js';
import { pending } from './rules.js';
import type { State } from './state.js';

/** Cards each seat owns: hand + the phỏm it laid + cards it sent (phom.md §5: 9 after every discard). */
export function ownedCount(s: State, seat: number): number {
  const laid = s.melds.filter((m) => m.owner === seat).reduce((a, m) => a + m.own.length, 0);
  const sent = s.melds.reduce((a, m) => a + m.sent.filter((x) => x.from === seat).length, 0);
  return s.hands[seat]!.length + laid + sent;
}

/** Card conservation only (also used to check scenario positions). */
export function cardProblems(s: State): string[] {
  const out: string[] = [];
  const seen = new Map<string, string>();
  const put = (c: string, where: string) => {
    if (!isCard(c)) out.push(`unknown card ${c} in ${where}`);
    else if (seen.has(c)) out.push(`card ${c} is in both ${seen.get(c)} and ${where}`);
    else seen.set(c, where);
  };
  s.hands.forEach((h, i) => h.forEach((c) => put(c, `hand ${i}`)));
  s.rows.forEach((r, i) => r.forEach((c) => put(c, `row ${i}`)));
  s.melds.forEach((m, i) => m.cards.forEach((c) => put(c, `meld ${i}`)));
  s.stock.forEach((c) => put(c, 'stock'));
  for (const c of DECK) if (!seen.has(c)) out.push(`card ${c} is missing`);
  return out;
}

export function checkInvariants(s: State): string[] {
  const out = cardProblems(s);
  const q = s.opts['allow-qka'];
  for (let i = 0; i < s.n; i++) {
    const e = s.end;
    const active = e
      ? ((e.by === 'u' || e.by === 'u-tron') && s.turn === i) || (e.by === 'u-khan' && s.starter === i)
      : s.turn === i && (s.phase !== 'take' || s.firstTurn);
    const want = active ? 10 : 9;
    if (ownedCount(s, i) !== want) out.push(`seat ${i} owns ${ownedCount(s, i)} cards, expected ${want}`);
    for (const c of s.eaten[i]!) {
      const inOwn = s.melds.some((m) => m.owner === i && m.own.includes(c));
      if (!s.hands[i]!.includes(c) && !inOwn) out.push(`eaten ${c} of seat ${i} is neither held nor laid by it`);
    }
    if (!coverable(s.hands[i]!, eatenInHand(s, i), q)) out.push(`seat ${i}: eaten cards not coverable`);
    if (s.rowCounts[i]! > 4) out.push(`row ${i} holds ${s.rowCounts[i]}`);
    if (s.opts['discard-rotation'] && s.rowCounts[i] !== s.rows[i]!.length) out.push(`row ${i} count mismatch`);
    if (s.laidDown[i] !== s.layOrder.includes(i)) out.push(`seat ${i} laidDown flag disagrees with layOrder`);
  }
  s.melds.forEach((m, i) => {
    if (phomKind(m.cards, q) !== m.kind) out.push(`meld ${i} [${m.cards.join(' ')}] is not a ${m.kind}`);
    if (m.own.length + m.sent.length !== m.cards.length) out.push(`meld ${i} own/sent count mismatch`);
  });
  const paid = s.payments.reduce((a, p) => a + p.amount, 0);
  const eats = s.eats.reduce((a, e) => a + e.amount, 0);
  if (paid !== eats) out.push('eat payments disagree with the eat records');
  // phom.md §15.12: the pot's known payers paid at most the pot, each in an earlier hand.
  const paidIn = s.gaPaid ?? [];
  if (paidIn.some((p) => !(p.ago >= 1 && p.amount > 0 && Number.isInteger(p.seat) && p.seat >= 0))) out.push('gà pot payers: a bad entry');
  if (paidIn.reduce((a, p) => a + p.amount, 0) > s.gaPotStart) out.push('gà pot payers paid more than the pot');
  const pend = pending(s);
  if (s.end) {
    if (pend.length) out.push('pending decisions after the end');
  } else {
    if (pend.length !== 1) out.push(`expected one pending decision, got ${pend.length}`);
    for (const d of pend) {
      if (d.seat !== s.turn) out.push('pending seat is not the active seat');
      if (!d.options.length) out.push(`seat ${d.seat} has no legal option`);
      if (!d.options.some((o) => canonical(o) === canonical(d.timeoutDefault)))
        out.push(`timeout default ${canonical(d.timeoutDefault)} is not an option`);
    }
    if (s.phase === 'take' && s.stock.length === 0) out.push('take phase with an empty stock');
  }
  return out;
}
