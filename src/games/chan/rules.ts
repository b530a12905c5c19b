/**
 * pending() and apply() (chan.md §5–§8). apply copies the state once, validates, then runs the flow.
 */
import type { Decision, Result, Seat } from '../core/types.js';
import { ok } from '../core/types.js';
import { counts, countOf, formsCa, group, isFace, isNhat, isYeu, type Face } from './cards.js';
import { fail, type ChanAction } from './actions.js';
import { declareU, discardCard, drawCard, resolveClaim, returnCard, uLegal } from './flow.js';
import { finishULao, finishWin, finishXuong } from './finish.js';
import { discardBlock, eatBan, legalDiscards, meldChan, normalCaBlock, winShape } from './legality.js';
import { bestChan } from './pairing.js';
import { PROFILES } from './scoring/items.js';
import type { ChanState, CuocCall, SeatState } from './state.js';

/** §5.2 engine default discard: first legal card (canonical order) not in a concealed chắn, else the first legal one. */
export function defaultDiscard(st: SeatState, s: ChanState): Face {
  const legal = legalDiscards(st, s.opts);
  return legal.find((f) => countOf(st.hand, f) === 1) ?? legal[0]!;
}

function openUOffered(s: ChanState): boolean {
  const st = s.seats[s.opener]!;
  return uLegal(s, s.opener, null, 'open', null, false) || (s.opts['u-claim-check'] === 'honor' && !st.uForfeited);
}

export function pending(s: ChanState): Decision<ChanAction>[] {
  const p = s.phase;
  switch (p.kind) {
    case 'over':
      return [];
    case 'open': {
      const st = s.seats[s.opener]!;
      const discards = legalDiscards(st, s.opts).map((card): ChanAction => ({ type: 'discard', card }));
      const options: ChanAction[] = [...(openUOffered(s) ? [{ type: 'u' } as ChanAction] : []), ...discards];
      return [{ seat: s.opener, kind: 'turn', options, timeoutDefault: { type: 'discard', card: defaultDiscard(st, s) } }];
    }
    case 'draw':
      return [{ seat: p.seat, kind: 'turn', options: [{ type: 'draw' }], timeoutDefault: { type: 'draw' } }];
    case 'claim':
      return p.seats
        .filter((cs) => cs.answer === null)
        .map((cs) => {
          const options: ChanAction[] = [];
          if (cs.u) options.push({ type: 'u' });
          if (cs.chiu) options.push({ type: 'chiu' });
          for (const y of cs.eat) options.push({ type: 'eat', with: y });
          options.push({ type: 'pass' });
          return { seat: cs.seat, kind: 'claim' as const, options, timeoutDefault: { type: 'pass' } as ChanAction };
        });
    case 'discard':
    case 'return': {
      const st = s.seats[p.seat]!;
      const type = p.kind;
      const options = legalDiscards(st, s.opts).map((card): ChanAction => ({ type, card }));
      return [{ seat: p.seat, kind: 'turn', options, timeoutDefault: { type, card: defaultDiscard(st, s) } }];
    }
    case 'xuong': {
      // Any multiset of cước may be announced; the options are the building blocks, plus "nothing".
      const options: ChanAction[] = [
        ...PROFILES[s.opts['scoring-profile']].map((r): ChanAction => ({ type: 'xuong', calls: [{ cuoc: r.id }] })),
        { type: 'xuong', calls: [] },
      ];
      return [{ seat: p.seat, kind: 'turn', options, timeoutDefault: { type: 'xuong', calls: [] } }];
    }
  }
}

function validCalls(calls: unknown, s: ChanState): calls is CuocCall[] {
  if (!Array.isArray(calls)) return false;
  const ids = PROFILES[s.opts['scoring-profile']].map((r) => r.id as string);
  return calls.every(
    (c) =>
      c !== null &&
      typeof c === 'object' &&
      typeof (c as CuocCall).cuoc === 'string' &&
      ids.includes((c as CuocCall).cuoc) &&
      ((c as CuocCall).count === undefined ||
        (Number.isInteger((c as CuocCall).count) && (c as CuocCall).count! >= 1 && (c as CuocCall).count! <= 4)),
  );
}

/** Why `seat` cannot ù on `card` now (the most specific rule). */
function uError(s: ChanState, seat: Seat, card: Face | null, source: string) {
  const st = s.seats[seat]!;
  if (st.uForfeited)
    return fail('u-forfeited', 'You passed on an ù earlier in this hand (bỏ ù), so you cannot ù again until the next hand.');
  if (card && isYeu(card))
    return fail('u-on-yeu', `No ù on Chi Chi, Lão or Thang at this table, not even by chíu: ${card} cannot be your winning card.`, {
      card,
    });
  if (card && (source === 'discard' || (source === 'return' && !s.opts['u-on-returned-card'])) && countOf(st.hand, card) !== 3)
    return fail(
      'u-only-by-chiu',
      `A ${source === 'discard' ? 'discarded' : 'returned'} card can only win by chíu-ù (you need three ${card} in hand).`,
      { card },
    );
  if (card && isNhat(card) && bestChan(counts([...st.hand, card]), s.opts['lao-thang-ca']) + meldChan(st.melds) >= (s.n === 4 ? 8 : 6)) {
    return fail('u-nhat-ca', `A Nhất winning card must make an identical pair: ${card} cannot complete your hand as a mixed Nhất/Yêu cạ.`, {
      card,
    });
  }
  if (s.opts['min-points-to-win'] > 0 && winShape(st.hand, st.melds, card, source === 'discard', s.opts, s.n))
    return fail(
      'u-below-minimum',
      `Your hand is worth less than the table minimum of ${s.opts['min-points-to-win']} points, so it cannot ù.`,
      { min: s.opts['min-points-to-win'] },
    );
  return fail(
    'u-not-possible',
    'Your hand does not win: every card must be paired (chắn or cạ) with at least the minimum number of chắn.',
    { min: s.n === 4 ? 8 : 6 },
  );
}

/** Why `seat` cannot eat offered `x` with `y` (§7.2, §7.5). */
function eatError(s: ChanState, st: SeatState, x: Face, y: Face) {
  const lt = s.opts['lao-thang-ca'];
  if (!st.hand.includes(y)) return fail('not-in-hand', `You do not hold ${y}.`, { card: y });
  const ban = eatBan(st, x, s.opts);
  if (ban.all === 'passed-chan')
    return fail('eat-passed-chan', `You passed on the chắn of ${x} earlier, so you cannot take ${x} now.`, { card: x });
  if (ban.all === 'discarded-face')
    return fail('eat-discarded-face', `You discarded ${x} earlier, so you can never eat an offered ${x} in this hand.`, { card: x });
  if (x === y) {
    if (ban.chan) return fail('eat-passed-ca', `You passed on a cạ with ${x} earlier, so you cannot take ${x} now.`, { card: x });
    return fail('eat-no-discard-after', `After eating ${x} you would have no card you are allowed to discard.`, { card: x });
  }
  if ((x === 'LA' && y === 'TH') || (x === 'TH' && y === 'LA'))
    if (!lt) return fail('eat-lao-thang', 'Lão and Thang do not form a cạ at this table.');
  if (!formsCa(x, y, lt))
    return fail(
      'eat-no-pair',
      `${y} does not pair with ${x}: a cạ needs two different cards of the same rank (or of the Nhất/Yêu group).`,
      { card: x, with: y },
    );
  if (s.opts['prefer-chan'] && st.hand.includes(x) && !ban.chan)
    return fail('eat-prefer-chan', `You hold ${x}: when a chắn can be eaten you must take the chắn, not a cạ.`, { card: x });
  if (ban.ca) return fail('eat-passed-ca', `You passed on a cạ with ${x} earlier, so you cannot eat it as a cạ now.`, { card: x });
  if (group(x) === 1) {
    const n = st.hand.filter((f) => group(f) === 1).length;
    if (n % 2 === 0)
      return fail(
        'eat-nhat-yeu-even',
        `You hold an even number of Nhất/Yêu cards (${n}); a cạ in this group may only be eaten with a spare card.`,
        { count: n },
      );
    if (countOf(st.hand, y) % 2 === 0)
      return fail('eat-break-chan', `Eating with ${y} would break your chắn of ${y}; use your spare Nhất/Yêu card.`, { with: y });
  } else {
    const b = normalCaBlock(st.hand, x, y, s.opts);
    const others = [...new Set(st.hand.filter((f) => group(f) === group(x) && f !== y))];
    if (b === 'split-ca')
      return fail('eat-split-ca', `You would split the cạ you already hold (${y} with ${others[0]}) to eat another cạ of the same rank.`, {
        with: y,
        other: others[0]!,
      });
    if (b === 'break-chan')
      return fail('eat-break-chan', `Eating with ${y} would break your chắn of ${y} (this table does not allow it).`, { with: y });
  }
  return fail('eat-no-discard-after', `After eating ${x} you would have no card you are allowed to discard.`, { card: x });
}

function chiuError(s: ChanState, seat: Seat, x: Face, from: Seat, source: string) {
  if (source === 'passed-wall')
    return fail('chiu-not-possible', 'A drawn card that has moved on to the next gate can only be eaten by that gate.');
  if (seat === from && source !== 'wall') return fail('chiu-own-card', 'You cannot chíu a card you discarded or returned yourself.');
  if (s.seats[seat]!.passedChan.includes(x))
    return fail('chiu-passed-chan', `You passed on the chắn of ${x} earlier, so you cannot chíu ${x} now.`, { card: x });
  return fail('chiu-not-possible', `To chíu you need exactly three ${x} in hand (and a legal discard afterwards).`, { card: x });
}

function discardError(s: ChanState, st: SeatState, card: Face) {
  const b = discardBlock(st, card, s.opts);
  if (b === 'not-held') return fail('not-in-hand', `You do not hold ${card}.`, { card });
  if (b === 'passed-chan')
    return fail('discard-passed-chan', `You passed on the chắn of ${card} earlier, so you may never discard ${card} in this hand.`, {
      card,
    });
  const prev = st.discardedFaces.find((d) => formsCa(card, d, s.opts['lao-thang-ca'])) ?? '';
  return fail(
    'discard-eaten-ca-pair',
    `You have eaten a cạ, so you may not discard ${card}: it forms a cạ with the ${prev} you already discarded.`,
    { card, other: prev },
  );
}

export function apply(s: ChanState, seat: Seat, a: ChanAction): Result<ChanState> {
  if (s.phase.kind === 'over') return fail('hand-over', 'The hand is over.');
  if (!a || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string')
    return fail('bad-action', 'That is not a Chắn action.');
  for (const k of ['card', 'with'] as const) {
    const v = (a as Record<string, unknown>)[k];
    if (v !== undefined && !isFace(v)) return fail('unknown-card', `"${String(v)}" is not a Chắn card code.`, { card: String(v) });
  }
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) {
    const p = s.phase;
    if (p.kind === 'claim' && p.seats.some((c) => c.seat === seat))
      return fail('already-answered', 'You already answered on this card; wait for the others.');
    if (p.kind === 'claim') {
      // Explain why this claim is not open to the seat (the rule that blocks it).
      const x = p.offer.card;
      if (p.offer.returner === seat && (a.type === 'u' || a.type === 'chiu' || a.type === 'eat'))
        return fail('own-returned-card', `You returned this ${x} yourself (trả cửa): you cannot take it back.`, { card: x });
      if (a.type === 'u') {
        if (p.offer.source === 'passed-wall')
          return fail('u-not-possible', 'A drawn card that has moved on to the next gate can only be eaten, not won on.');
        return uError(s, seat, x, p.offer.source);
      }
      if (a.type === 'chiu') return chiuError(s, seat, x, p.offer.from, p.offer.source);
      if (a.type === 'eat') {
        if (seat !== p.offer.gate) return fail('eat-not-gate', `Only the seat whose gate ${x} lies at may eat it.`, { card: x });
        return eatError(s, s.seats[seat]!, x, a.with);
      }
    }
    return fail('not-your-turn', 'You have nothing to decide right now.');
  }
  if ((a.type === 'u' || a.type === 'xuong') && a.calls !== undefined && !validCalls(a.calls, s))
    return fail('bad-calls', 'The announcement lists an unknown cước or a bad count.');
  const p = s.phase;
  const t = structuredClone(s);
  const st = t.seats[seat]!;
  const shown = a.type === 'discard' || a.type === 'return' ? a.card : a.type === 'eat' ? a.with : undefined;
  // Claim answers stay private until resolved; the table sees only turn actions.
  if (p.kind !== 'claim') t.lastAction = shown ? { seat, type: a.type, card: shown } : { seat, type: a.type };
  switch (p.kind) {
    case 'open':
      if (a.type === 'u') {
        if (!openUOffered(s)) return uError(s, seat, null, 'open');
        if (!uLegal(s, seat, null, 'open', null, false)) {
          finishULao(t, seat);
          return ok(t);
        }
        declareU(t, seat, null, 'open', null, false);
        finishWin(t, a.calls ?? null);
        return ok(t);
      }
      if (a.type !== 'discard') return fail('must-discard', 'You open the hand: discard a card (or declare ù if your dealt hand wins).');
      if (discardBlock(st, a.card, s.opts)) return discardError(s, st, a.card);
      // R7: discarding at OPEN instead of a legal ù forfeits ù for the hand.
      if (uLegal(s, seat, null, 'open', null, false)) st.uForfeited = true;
      discardCard(t, seat, a.card);
      return ok(t);
    case 'draw':
      if (a.type !== 'draw') return fail('must-draw', 'It is your turn to draw (bốc) from the nọc.');
      drawCard(t, seat);
      return ok(t);
    case 'discard':
    case 'return': {
      const want = p.kind;
      if (a.type !== want)
        return want === 'discard'
          ? fail('must-discard', 'You must discard a card now.')
          : fail('must-return', 'You chíu’d out of turn: return a card to the interrupted gate (trả cửa).');
      if (discardBlock(st, a.card, s.opts)) return discardError(s, st, a.card);
      if (p.kind === 'discard') discardCard(t, seat, a.card);
      else returnCard(t, seat, p.gate, a.card);
      return ok(t);
    }
    case 'xuong':
      if (a.type !== 'xuong') return fail('must-announce', 'You won: announce your cước (xướng) now.');
      finishXuong(t, a.calls);
      return ok(t);
    case 'claim': {
      if (t.phase.kind !== 'claim') return fail('bad-action', 'No card on offer.');
      const cs = t.phase.seats.find((c) => c.seat === seat)!;
      const x = p.offer.card;
      switch (a.type) {
        case 'u':
          if (!cs.u) return uError(s, seat, x, p.offer.source);
          cs.answer = a.calls ? { type: 'u', calls: a.calls } : { type: 'u' };
          break;
        case 'chiu':
          if (!cs.chiu) return chiuError(s, seat, x, p.offer.from, p.offer.source);
          cs.answer = { type: 'chiu' };
          break;
        case 'eat':
          if (!cs.eat.includes(a.with)) {
            if (seat !== p.offer.gate) return fail('eat-not-gate', `Only the seat whose gate ${x} lies at may eat it.`, { card: x });
            if (
              p.offer.source !== 'passed-wall' &&
              p.offer.source !== 'wall' &&
              p.offer.source !== 'discard' &&
              p.offer.source !== 'return'
            )
              return fail('eat-not-gate', 'This card cannot be eaten.');
            return eatError(s, s.seats[seat]!, x, a.with);
          }
          cs.answer = { type: 'eat', with: a.with };
          break;
        case 'pass':
          cs.answer = { type: 'pass' };
          break;
        default:
          return fail('bad-action', `A card is on offer: claim it (ù, chíu, ăn) or pass.`);
      }
      resolveClaim(t);
      return ok(t);
    }
  }
}
