/**
 * Turn flow (chan.md §5.3, §6, §12): offers, claim priority, ăn/chíu/ù, trả cửa, draws, the end.
 * These helpers mutate a state the caller has already copied (apply copies once per action).
 */
import { decideClaims, openClaimWindow } from '../core/claims.js';
import type { Seat } from '../core/types.js';
import { removeFaces, sortFaces, type Face } from './cards.js';
import { afterChiu, afterEat, canChiu, eatOptions, winShape } from './legality.js';
import { findCuoc, type WinHandInput } from './scoring/predicates.js';
import type { ChanState, ClaimAnswer, ClaimSeat, Offer, WinRecord } from './state.js';
import { uLegalOf, uLegalOnOffer, winInputOf, type UFacts } from './u-legal.js';
import { finishDraw, finishULao, finishWin } from './finish.js';

export const next = (s: ChanState, seat: Seat): Seat => (seat + 1) % s.n;

export const factsOf = (s: ChanState, seat: Seat): UFacts => ({
  opts: s.opts,
  n: s.n,
  seat,
  st: s.seats[seat]!,
  draws: s.draws,
  previousWinner: s.previousWinner,
});

/** The scoring input for `seat` winning with `card` (null = Thiên ù at OPEN). */
export function winInput(
  s: ChanState,
  seat: Seat,
  card: Face | null,
  how: WinRecord['how'],
  gate: Seat | null,
  claimChiu: boolean,
): WinHandInput {
  return winInputOf(factsOf(s, seat), card, how, gate, claimChiu);
}

/** chan.md §8: would an ù by `seat` now be legal (shape, Yêu, Nhất, bỏ ù, minimum value)? */
export function uLegal(s: ChanState, seat: Seat, card: Face | null, how: WinRecord['how'], gate: Seat | null, claimChiu: boolean): boolean {
  return uLegalOf(factsOf(s, seat), card, how, gate, claimChiu);
}

/** The claim decision of every seat on an offer, in priority order (gate seat first, §6). */
export function buildClaim(s: ChanState, offer: Offer): ClaimSeat[] {
  const out: ClaimSeat[] = [];
  const x = offer.card;
  const honor = s.opts['u-claim-check'] === 'honor';
  for (let k = 0; k < s.n; k++) {
    const seat = (offer.gate + k) % s.n;
    const st = s.seats[seat]!;
    let u = false;
    let chiu = false;
    let eat: Face[] = [];
    let eatChan = false;
    // A discard (or returned card) wins only by chíu-ù; chíu is barred on a passed chắn (R1): u-legal.ts.
    const legal = uLegalOnOffer(factsOf(s, seat), offer);
    // Ù and chíu: any seat on a nọc card; §7.3 never on a card this seat discarded or returned (also a
    // returned card passed on); nobody on a nọc card passed on.
    const mayPress = offer.source === 'wall' || (offer.source !== 'passed-wall' && seat !== offer.from && seat !== offer.returner);
    if (mayPress) {
      // honor (§8): the engine checks neither the hand nor the card (a Yêu too): every seat §6 lets
      // claim Ù on this source may press it; an invalid claim is ù láo (§11).
      u = legal || (honor && !st.uForfeited);
      chiu = canChiu(st, x, s.opts);
    }
    if (seat === offer.gate && seat !== offer.returner) {
      const e = eatOptions(st, x, s.opts);
      eat = e.partners;
      eatChan = e.chan;
    }
    // §12 final-turn u-only: only the Ù tier is played on the last nọc card.
    if (offer.last && s.opts['final-turn'] === 'u-only') {
      chiu = false;
      eat = [];
      eatChan = false;
    }
    if (u || chiu || eat.length) out.push({ seat, u, uLegal: legal, chiu, eat, eatChan });
  }
  return out;
}

/** Put a card on offer; if nobody may react, move on at once. */
export function startOffer(s: ChanState, offer: Offer): void {
  const seats = buildClaim(s, offer);
  if (seats.length === 0) {
    noTake(s, offer);
    return;
  }
  s.phase = { kind: 'claim', offer, seats, window: openClaimWindow<ClaimAnswer>(seats.map((cs) => cs.seat)) };
}

/** Nobody took the offered card (§5.3). */
export function noTake(s: ChanState, offer: Offer): void {
  if (offer.source === 'wall' && offer.last && s.opts['final-turn'] === 'u-only') {
    s.seats[offer.from]!.pile.push({ card: offer.card, how: 'drawn' });
    finishDraw(s);
    return;
  }
  switch (offer.source) {
    case 'wall':
      startOffer(s, {
        card: offer.card,
        gate: next(s, offer.gate),
        source: 'passed-wall',
        from: offer.from,
        ...(offer.last ? { last: true } : {}),
      });
      return;
    case 'passed-wall':
      s.seats[offer.from]!.pile.push({ card: offer.card, how: 'drawn' });
      toDraw(s, offer.gate);
      return;
    case 'discard':
      s.seats[offer.from]!.pile.push({ card: offer.card, how: offer.wasReturned ? 'returned' : 'discard' });
      toDraw(s, offer.gate);
      return;
    case 'return':
      // §5.3: a passed returned card becomes the gate owner's discard (not in discardedFaces, Q18).
      startOffer(s, {
        card: offer.card,
        gate: next(s, offer.gate),
        source: 'discard',
        from: offer.gate,
        wasReturned: true,
        returner: offer.from,
      });
      return;
  }
}

/** §12: the seat must draw; an exhausted nọc ends the hand as a draw. */
export function toDraw(s: ChanState, seat: Seat): void {
  if (s.stock.length <= s.opts['wall-reserve']) finishDraw(s);
  else s.phase = { kind: 'draw', seat };
}

export function drawCard(s: ChanState, seat: Seat): void {
  const card = s.stock.shift()!;
  s.draws++;
  const last = s.stock.length <= s.opts['wall-reserve'];
  startOffer(s, { card, gate: seat, source: 'wall', from: seat, ...(last ? { last: true } : {}) });
}

export function discardCard(s: ChanState, seat: Seat, card: Face): void {
  const st = s.seats[seat]!;
  st.hand = removeFaces(st.hand, card);
  if (!st.discardedFaces.includes(card)) st.discardedFaces.push(card);
  startOffer(s, { card, gate: next(s, seat), source: 'discard', from: seat });
}

export function returnCard(s: ChanState, seat: Seat, gate: Seat, card: Face): void {
  const st = s.seats[seat]!;
  st.hand = removeFaces(st.hand, card);
  // The seed's R3/R4 speak of đánh (discarding) only; `return-counts-as-discard` gives the other reading.
  if (s.opts['return-counts-as-discard'] && !st.discardedFaces.includes(card)) st.discardedFaces.push(card);
  startOffer(s, { card, gate, source: 'return', from: seat });
}

/** Declare ù: record the win and move the winning card into the winner's hand. */
export function declareU(
  s: ChanState,
  seat: Seat,
  card: Face | null,
  how: WinRecord['how'],
  gate: Seat | null,
  claimChiu: boolean,
  from: Seat | null,
): WinRecord {
  const input = winInput(s, seat, card, how, gate, claimChiu);
  // With scoring the arrangement that is paid decides how the four copies lie (§9 best value).
  const shape =
    s.opts.scoring === 'cuoc'
      ? (findCuoc(input, s.opts)?.final.shape ?? null)
      : winShape(input.concealed, input.melds, card, claimChiu, s.opts, s.n);
  const byChiu = !!(card && shape?.byChiu);
  const st = s.seats[seat]!;
  if (card) {
    if (byChiu) Object.assign(st, afterChiu(st, card));
    else st.hand = sortFaces([...st.hand, card]);
  }
  return { seat, card, how, from, gate, byChiu, input };
}

/** Claim tiers (§6): Ù (also chíu-ù) over chíu over the gate owner's ăn; a pass claims nothing. */
const RANK: Record<ClaimAnswer['type'], number> = { u: 3, chiu: 2, eat: 1, pass: 0 };
const bestRank = (cs: ClaimSeat): number => (cs.u ? RANK.u : cs.chiu ? RANK.chiu : cs.eat.length ? RANK.eat : 0);

/** One seat's claim options on the current offer (undefined if it has none). */
export function claimSeatOf(p: Extract<ChanState['phase'], { kind: 'claim' }>, seat: Seat): ClaimSeat | undefined {
  return p.seats.find((c) => c.seat === seat);
}

/**
 * Resolve the claims on the current offer in priority order (§6, through the core claim window): Ù
 * tier, then chíu, then the gate owner's ăn; ties clockwise from the gate. Returns false while an
 * answer that matters is still missing (a lower seat whose turn never came has not passed).
 */
export function resolveClaim(s: ChanState): boolean {
  if (s.phase.kind !== 'claim') return false;
  const p = s.phase;
  const { offer, seats } = p;
  const d = decideClaims(
    p.window,
    (a) => RANK[a.type],
    (seat) => {
      const cs = claimSeatOf(p, seat);
      return cs ? bestRank(cs) : 0;
    },
  );
  if (!d.decided) return false;
  const win = d.winner;
  // R7 bỏ ù: every Ù-eligible seat before the winner in priority order (all of them unless an Ù won) passed it.
  for (const cs of seats) {
    if (win?.answer.type === 'u' && cs.seat === win.seat) break;
    if (cs.u && cs.uLegal) s.seats[cs.seat]!.uForfeited = true;
  }
  if (win?.answer.type === 'u') {
    const seat = win.seat;
    const how = offer.source === 'passed-wall' ? 'wall' : offer.source;
    if (claimSeatOf(p, seat)?.uLegal !== true) {
      // ù láo (honor): the offered card stays on the table where it came from.
      s.seats[offer.from]!.pile.push({
        card: offer.card,
        how: offer.source === 'wall' || offer.source === 'passed-wall' ? 'drawn' : offer.source === 'return' ? 'returned' : 'discard',
      });
      finishULao(s, seat);
      return true;
    }
    const claimChiu =
      how === 'discard' || (how === 'return' && !(s.opts['u-on-returned-card'] && uLegal(s, seat, offer.card, how, offer.gate, false)));
    s.lastAction = { seat, type: 'u', card: offer.card };
    const rec = declareU(s, seat, offer.card, how, offer.gate, claimChiu, offer.from);
    finishWin(s, rec, win.answer.calls ?? null);
    return true;
  }
  // final-turn u-only: the hand ends once the Ù tier on the last nọc card has passed (§12).
  if (offer.source === 'wall' && offer.last && s.opts['final-turn'] === 'u-only') {
    noTake(s, offer);
    return true;
  }
  if (win?.answer.type === 'chiu') {
    const st = s.seats[win.seat]!;
    Object.assign(st, afterChiu(st, offer.card));
    s.lastAction = { seat: win.seat, type: 'chiu', card: offer.card };
    // §5.3: at its own gate the chíu-er discards; out of turn it returns a card to the gate (trả cửa).
    s.phase = win.seat === offer.gate ? { kind: 'discard', seat: win.seat } : { kind: 'return', seat: win.seat, gate: offer.gate };
    return true;
  }
  if (win?.answer.type === 'eat') {
    const st = s.seats[win.seat]!;
    Object.assign(st, afterEat(st, offer.card, win.answer.with, s.opts));
    s.lastAction = { seat: win.seat, type: 'eat', card: win.answer.with };
    s.phase = { kind: 'discard', seat: win.seat };
    return true;
  }
  // Nobody took it: the gate owner's pass at the ăn step brings the bans of bỏ ăn (§7.5 R1/R2).
  const gate = claimSeatOf(p, offer.gate);
  if (gate && gate.eat.length > 0) {
    const st = s.seats[gate.seat]!;
    if (gate.eatChan) {
      if (!st.passedChan.includes(offer.card)) st.passedChan.push(offer.card);
    } else if (!st.passedCa.includes(offer.card)) st.passedCa.push(offer.card);
  }
  noTake(s, offer);
  return true;
}
