/** checkInvariants (engine contract): every card exactly once, hand sizes, phase/pending consistency. */
import { isComplete } from '../core/claims.js';
import { COPIES, FACES, FACE_INDEX, type Face } from './cards.js';
import { handSizes, type ChanState } from './state.js';

export function allCards(s: ChanState): Face[] {
  const out: Face[] = [...s.stock];
  for (const st of s.seats) {
    out.push(...st.hand);
    for (const m of st.melds) out.push(...m.cards);
    for (const c of st.pile) out.push(c.card);
  }
  if (s.phase.kind === 'claim') out.push(s.phase.offer.card);
  return out;
}

export function checkInvariants(s: ChanState): string[] {
  const v: string[] = [];
  const c = new Array<number>(FACES.length).fill(0);
  for (const f of allCards(s)) {
    const i = FACE_INDEX[f];
    if (i === undefined) v.push(`unknown card ${String(f)}`);
    else c[i]!++;
  }
  c.forEach((k, i) => {
    if (k !== COPIES) v.push(`${FACES[i]} appears ${k} times`);
  });
  const sz = handSizes(s.n);
  const p = s.phase;
  const big =
    p.kind === 'open'
      ? s.opener
      : p.kind === 'discard' || p.kind === 'return' || p.kind === 'xuong'
        ? p.seat
        : s.outcome?.win
          ? s.outcome.win.seat
          : -1;
  s.seats.forEach((st, seat) => {
    const n = st.hand.length + st.melds.reduce((a, m) => a + m.cards.length, 0);
    const want = seat === big ? sz.opener : sz.other;
    const lao = s.outcome?.endedBy === 'u-lao' && s.outcome.offender === seat && n === sz.opener;
    if (n !== want && !lao) v.push(`seat ${seat} holds ${n} cards, expected ${want}`);
    for (const m of st.melds) {
      const ok =
        (m.kind === 'chiu' && m.cards.length === 4 && m.cards.every((x) => x === m.taken)) ||
        (m.kind === 'chan' && m.cards.length === 2 && m.cards[0] === m.cards[1]) ||
        (m.kind === 'ca' && m.cards.length === 2 && m.cards[0] !== m.cards[1]);
      if (!ok) v.push(`seat ${seat} has a malformed meld ${m.kind} ${m.cards.join('')}`);
    }
  });
  if (p.kind === 'claim') {
    if (p.seats.length === 0) v.push('claim with nobody to answer');
    else if (isComplete(p.window)) v.push('claim fully answered but not resolved');
    if (p.window.seats.join() !== p.seats.map((cs) => cs.seat).join()) v.push('claim window and claim seats disagree');
  }
  if ((p.kind === 'over') !== (s.outcome !== null)) v.push('phase over and outcome disagree');
  if (p.kind === 'draw' && s.stock.length <= s.opts['wall-reserve']) v.push('draw phase with an exhausted nọc');
  if (s.outcome) {
    const sum = s.outcome.result.deltas.reduce((a, b) => a + b, 0);
    if (sum !== 0) v.push(`deltas sum to ${sum}`);
  }
  return v;
}
