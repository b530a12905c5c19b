/**
 * pending() and apply() (chan.md §5–§8). apply copies the state once, validates, then runs the flow.
 */
import { isAwaiting, recordAnswer } from '../core/claims.js';
import { copyState } from '../core/copy.js';
import type { Decision, Result, Seat } from '../core/types.js';
import { ok } from '../core/types.js';
import { counts, countOf, formsCa, group, isFace, isNhat, isYeu, type Face } from './cards.js';
import { fail, type ChanAction } from './actions.js';
import { claimSeatOf, declareU, discardCard, drawCard, resolveClaim, returnCard, uLegal } from './flow.js';
import { finishULao, finishWin, finishXuong } from './finish.js';
import { discardBlock, eatBan, eatOptions, legalDiscards, meldChan, nhatYeuSpares, normalCaBlock, winShape } from './legality.js';
import { bestChan } from './pairing.js';
import { PROFILES } from './scoring/items.js';
import type { ChanState, ClaimAnswer, CuocCall, SeatState } from './state.js';

/** §5.2 engine default discard: first legal card (canonical order) not in a concealed chắn, else the first legal one. */
export function defaultDiscard(st: SeatState, s: ChanState): Face {
  const legal = legalDiscards(st, s.opts);
  return legal.find((f) => countOf(st.hand, f) === 1) ?? legal[0]!;
}

function openUOffered(s: ChanState): boolean {
  const st = s.seats[s.opener]!;
  return uLegal(s, s.opener, null, 'open', null, false) || (s.opts['u-claim-check'] === 'honor' && !st.uForfeited);
}

/**
 * Engine.falseDeclaration: an Ù that would not really win, offered at an honour table (§8
 * `u-claim-check = honor`) and paid as ù láo (§11) if pressed: on an offer, the claim seat's `uLegal`;
 * at OPEN, the opener's Thiên ù.
 */
export function falseDeclaration(s: ChanState, seat: Seat, a: ChanAction): boolean {
  if (a.type !== 'u') return false;
  const p = s.phase;
  if (p.kind === 'claim') return claimSeatOf(p, seat)?.uLegal !== true;
  if (p.kind === 'open') return !uLegal(s, seat, null, 'open', null, false);
  return false;
}

export function pending(s: ChanState): Decision<ChanAction>[] {
  const p = s.phase;
  switch (p.kind) {
    case 'over':
      return [];
    case 'open': {
      const st = s.seats[s.opener]!;
      const discards = legalDiscards(st, s.opts).map((card): ChanAction => ({ type: 'discard', card }));
      const u: ChanAction = { type: 'u' };
      const options: ChanAction[] = [...(openUOffered(s) ? [u] : []), ...discards];
      return [{ seat: s.opener, kind: 'turn', options, timeoutDefault: { type: 'discard', card: defaultDiscard(st, s) } }];
    }
    case 'draw':
      return [{ seat: p.seat, kind: 'turn', options: [{ type: 'draw' }], timeoutDefault: { type: 'draw' } }];
    case 'claim':
      return p.seats
        .filter((cs) => isAwaiting(p.window, cs.seat))
        .map((cs) => {
          const options: ChanAction[] = [];
          if (cs.u) options.push({ type: 'u' });
          if (cs.chiu) options.push({ type: 'chiu' });
          for (const y of cs.eat) options.push({ type: 'eat', with: y });
          options.push({ type: 'pass' });
          const pass: ChanAction = { type: 'pass' };
          return { seat: cs.seat, kind: 'claim' as const, options, timeoutDefault: pass };
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

/**
 * A well-formed xướng: known cước ids, counts whole and ≥ 1. No upper count: any multiset is a
 * xướng, and one too many is xướng sai (checkXuong), whether said as `leo ×7` or seven `leo`.
 */
function validCalls(calls: unknown, s: ChanState): calls is CuocCall[] {
  if (!Array.isArray(calls)) return false;
  const ids = PROFILES[s.opts['scoring-profile']].map((r) => r.id as string);
  return calls.every(
    (c) =>
      c !== null &&
      typeof c === 'object' &&
      typeof (c as CuocCall).cuoc === 'string' &&
      ids.includes((c as CuocCall).cuoc) &&
      ((c as CuocCall).count === undefined || (Number.isInteger((c as CuocCall).count) && (c as CuocCall).count! >= 1)),
  );
}

/** Why `seat` cannot ù on `card` (offered by `from`) now (the most specific rule). */
function uError(s: ChanState, seat: Seat, card: Face | null, source: string, from: Seat | null) {
  const st = s.seats[seat]!;
  const thrown = source === 'discard' || source === 'return';
  // §6, §7.3: a discard or returned card is won only by chíu-ù, never by the seat that put it there.
  if (card && thrown && seat === from) return fail('chiu-own-card');
  if (st.uForfeited) return fail('u-forfeited');
  if (card && isYeu(card))
    return fail('u-on-yeu', {
      card,
    });
  if (card && (source === 'discard' || (source === 'return' && !s.opts['u-on-returned-card'])) && countOf(st.hand, card) !== 3)
    return fail('u-only-by-chiu', { card });
  // §7.5 R1: a passed chắn of X bars chíu X, so chíu-ù X too, whatever the hand is worth.
  if (card && thrown && countOf(st.hand, card) === 3 && st.passedChan.includes(card)) return fail('chiu-passed-chan', { card });
  if (card && isNhat(card) && bestChan(counts([...st.hand, card]), s.opts['lao-thang-ca']) + meldChan(st.melds) >= (s.n === 4 ? 8 : 6)) {
    return fail('u-nhat-ca', {
      card,
    });
  }
  if (s.opts['min-points-to-win'] > 0 && winShape(st.hand, st.melds, card, source === 'discard', s.opts, s.n))
    return fail('u-below-minimum', { min: s.opts['min-points-to-win'] });
  return fail('u-not-possible', { min: s.n === 4 ? 8 : 6 });
}

/** Why `seat` cannot eat offered `x` with `y` (§7.2, §7.5). */
function eatError(s: ChanState, st: SeatState, x: Face, y: Face) {
  const lt = s.opts['lao-thang-ca'];
  if (!st.hand.includes(y)) return fail('not-in-hand', { card: y });
  const ban = eatBan(st, x, s.opts);
  if (ban.all === 'passed-chan') return fail('eat-passed-chan', { card: x });
  if (ban.all === 'discarded-face') return fail('eat-discarded-face', { card: x });
  if (x === y) {
    if (ban.chan) return fail('eat-passed-ca', { card: x });
    return fail('eat-no-discard-after', { card: x });
  }
  if ((x === 'LA' && y === 'TH') || (x === 'TH' && y === 'LA')) if (!lt) return fail('eat-lao-thang');
  if (!formsCa(x, y, lt)) return fail('eat-no-pair', { card: x, with: y });
  // prefer-chan hides a cạ only behind a chắn that is itself offered (bans and claim guard, §7.2).
  if (s.opts['prefer-chan'] && eatOptions(st, x, s.opts).chan) return fail('eat-prefer-chan', { card: x });
  if (ban.ca) return fail('eat-passed-ca', { card: x });
  if (group(x) === 1) {
    const cards = st.hand.filter((f) => group(f) === 1);
    const spares = nhatYeuSpares(cards, lt);
    if (!spares.length) return fail('eat-nhat-yeu-even', { count: cards.length });
    if (!spares.includes(y)) {
      if (countOf(st.hand, y) >= 2) return fail('eat-break-chan', { with: y });
      // y is paired in every best arrangement: with a face it forms a cạ with (R5)
      const other = cards.find((f) => f !== y && formsCa(y, f, lt));
      if (other) return fail('eat-split-ca', { with: y, other });
    }
  } else {
    const b = normalCaBlock(st.hand, x, y, s.opts);
    // The cạ `y` is in: with the other face held an odd number of times (legality.ts `normalCaBlock`;
    // with `ca-partner` = only-face any other face of the rank bars it).
    const others = st.hand.filter((f) => group(f) === group(x) && f !== y);
    const other = others.find((f) => countOf(st.hand, f) % 2 === 1) ?? others[0];
    if (b === 'split-ca' && other)
      return fail('eat-split-ca', {
        with: y,
        other,
      });
    if (b === 'break-chan') return fail('eat-break-chan', { with: y });
  }
  return fail('eat-no-discard-after', { card: x });
}

function chiuError(s: ChanState, seat: Seat, x: Face, from: Seat, source: string) {
  if (source === 'passed-wall') return fail('passed-wall-eat-only');
  if (seat === from && source !== 'wall') return fail('chiu-own-card');
  if (s.seats[seat]!.passedChan.includes(x)) return fail('chiu-passed-chan', { card: x });
  return fail('chiu-not-possible', { card: x });
}

function discardError(s: ChanState, st: SeatState, card: Face) {
  const b = discardBlock(st, card, s.opts);
  if (b === 'not-held') return fail('not-in-hand', { card });
  if (b === 'passed-chan')
    return fail('discard-passed-chan', {
      card,
    });
  const prev = st.discardedFaces.find((d) => formsCa(card, d, s.opts['lao-thang-ca'])) ?? '';
  return fail('discard-eaten-ca-pair', { card, other: prev });
}

export function apply(s: ChanState, seat: Seat, a: ChanAction): Result<ChanState> {
  if (s.phase.kind === 'over') return fail('hand-over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats.length) return fail('bad-seat');
  if (!a || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string') return fail('bad-action');
  for (const k of ['card', 'with'] as const) {
    const v = (a as Record<string, unknown>)[k];
    if (v !== undefined && !isFace(v)) return fail('unknown-card', { card: String(v) });
  }
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) {
    const p = s.phase;
    if (p.kind === 'claim' && p.seats.some((c) => c.seat === seat)) return fail('already-answered');
    if (p.kind === 'claim') {
      // Explain why this claim is not open to the seat (the rule that blocks it).
      const x = p.offer.card;
      if (p.offer.returner === seat && (a.type === 'u' || a.type === 'chiu' || a.type === 'eat'))
        return fail('own-returned-card', { card: x });
      if (a.type === 'u') {
        if (p.offer.source === 'passed-wall') return fail('passed-wall-eat-only');
        return uError(s, seat, x, p.offer.source, p.offer.from);
      }
      if (a.type === 'chiu') return chiuError(s, seat, x, p.offer.from, p.offer.source);
      if (a.type === 'eat') {
        if (seat !== p.offer.gate) return fail('eat-not-gate', { card: x });
        return eatError(s, s.seats[seat]!, x, a.with);
      }
    }
    return fail('not-your-turn');
  }
  // Xướng is its list of calls (an empty list announces nothing); ù may carry one.
  if (a.type === 'xuong' && !Array.isArray(a.calls)) return fail('bad-action');
  if ((a.type === 'u' || a.type === 'xuong') && a.calls !== undefined && !validCalls(a.calls, s)) return fail('bad-calls');
  const p = s.phase;
  const t = copyState(s);
  const st = t.seats[seat]!;
  switch (p.kind) {
    case 'open':
      if (a.type === 'u') {
        if (!openUOffered(s)) return uError(s, seat, null, 'open', null);
        t.lastAction = { seat, type: 'u' };
        if (!uLegal(s, seat, null, 'open', null, false)) {
          finishULao(t, seat);
          return ok(t);
        }
        finishWin(t, declareU(t, seat, null, 'open', null, false, null), a.calls ?? null);
        return ok(t);
      }
      if (a.type !== 'discard') return fail('must-discard');
      if (discardBlock(st, a.card, s.opts)) return discardError(s, st, a.card);
      t.lastAction = { seat, type: 'discard', card: a.card };
      // R7: discarding at OPEN instead of a legal ù forfeits ù for the hand.
      if (uLegal(s, seat, null, 'open', null, false)) st.uForfeited = true;
      discardCard(t, seat, a.card);
      return ok(t);
    case 'draw':
      if (a.type !== 'draw') return fail('must-draw');
      t.lastAction = { seat, type: 'draw' };
      drawCard(t, seat);
      return ok(t);
    case 'discard':
    case 'return': {
      if (a.type !== p.kind) return p.kind === 'discard' ? fail('must-discard') : fail('must-return');
      if (discardBlock(st, a.card, s.opts)) return discardError(s, st, a.card);
      t.lastAction = { seat, type: a.type, card: a.card };
      if (p.kind === 'discard') discardCard(t, seat, a.card);
      else returnCard(t, seat, p.gate, a.card);
      return ok(t);
    }
    case 'xuong':
      if (a.type !== 'xuong') return fail('must-announce');
      t.lastAction = { seat, type: 'xuong' };
      finishXuong(t, p.win, a.calls);
      return ok(t);
    case 'claim': {
      // Claim answers stay private until resolved; the table sees only what the resolution did.
      const cs = claimSeatOf(p, seat);
      if (!cs) return fail('not-your-turn');
      const x = p.offer.card;
      let answer: ClaimAnswer;
      switch (a.type) {
        case 'u':
          if (!cs.u) return uError(s, seat, x, p.offer.source, p.offer.from);
          answer = a.calls ? { type: 'u', calls: a.calls } : { type: 'u' };
          break;
        case 'chiu':
          if (!cs.chiu) return chiuError(s, seat, x, p.offer.from, p.offer.source);
          answer = { type: 'chiu' };
          break;
        case 'eat':
          if (!cs.eat.includes(a.with)) {
            if (seat !== p.offer.gate) return fail('eat-not-gate', { card: x });
            return eatError(s, s.seats[seat]!, x, a.with);
          }
          answer = { type: 'eat', with: a.with };
          break;
        case 'pass':
          answer = { type: 'pass' };
          break;
        default:
          return fail('bad-action');
      }
      const window = recordAnswer(p.window, seat, answer);
      if (!window) return fail('already-answered');
      t.phase = { ...p, window };
      resolveClaim(t);
      return ok(t);
    }
  }
}
