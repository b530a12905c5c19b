/**
 * Claim and rob windows (vn-mahjong.md §6): who may claim a discard or rob a Hối Coong, and how the
 * answers are resolved. The windows are core/claims.ts `ClaimWindow`s in turn order from the
 * discarder (or declarer), so ties go to the first in turn order (Ù Tay Trên).
 */
import { awaitingSeats, decideClaims, isComplete, openClaimWindow, recordAnswer } from '../core/claims.js';
import type { VnAction } from './actions.js';
import { canWin, discardable, liveCount, next, othersAfter } from './basics.js';
import { liveDraw, replacementDraw } from './draw.js';
import { finishWin, recordFeeding } from './settle-hand.js';
import type { Meld, State } from './state.js';
import {
  countOf,
  inDomain,
  isJoker,
  isOrdinary,
  isWild,
  removeAll,
  removeOne,
  SPECIFICITY,
  tileAt,
  tileIndex,
  type JokerKind,
  type Tile,
} from './tiles.js';

/** Claim options of `seat` on the discard `tile` of `from` (§6). */
export function claimOptions(s: State, seat: number, tile: Tile, from: number): VnAction[] {
  const p = s.players[seat]!;
  const out: VnAction[] = [];
  if (canWin(s, seat, tile, false)) out.push({ type: 'win' });
  if (isOrdinary(tile) && liveCount(s) > 0) {
    const i = tileIndex(tile);
    const n = countOf(p.hand, tile);
    const max = Number(s.opts['max-jokers-per-call']);
    const jk = [...new Set(p.hand.filter((j) => isWild(j) && inDomain(j, i)))].sort();
    if (n >= 2) out.push({ type: 'pung', tiles: [tile, tile] });
    if (n >= 1) for (const j of jk) out.push({ type: 'pung', tiles: [tile, j] });
    if (max >= 2)
      for (let a = 0; a < jk.length; a++)
        for (let b = a; b < jk.length; b++) {
          if (a === b && countOf(p.hand, jk[a]!) < 2) continue;
          out.push({ type: 'pung', tiles: [jk[a]!, jk[b]!] });
        }
    if (n >= 3 && s.opts['kong-on-discard']) out.push({ type: 'kong' });
    if (seat === next(from) && i < 27) out.push(...chowOptions(p.hand, i, max));
  }
  // §5: after ăn or phỗng the claimer must discard, so a call that leaves nothing discardable is no option
  const calls = out.filter(
    (a) => (a.type !== 'pung' && a.type !== 'chow') || (removeAll(p.hand, a.tiles) ?? []).some((t) => discardable(s, seat, t)),
  );
  if (calls.length) calls.unshift({ type: 'pass' });
  return calls;
}

function chowOptions(hand: readonly Tile[], i: number, max: number): VnAction[] {
  const out: VnAction[] = [];
  const pos = i % 9;
  for (let lo = pos - 2; lo <= pos; lo++) {
    if (lo < 0 || lo + 2 > 8) continue;
    const need = [lo, lo + 1, lo + 2].filter((x) => x !== pos).map((x) => tileAt(i - pos + x));
    const choices = need.map((t) => {
      const c: Tile[] = [];
      if (hand.includes(t)) c.push(t);
      for (const j of [...new Set(hand.filter((x) => isWild(x) && inDomain(x, tileIndex(t))))].sort()) c.push(j);
      return c;
    });
    for (const a of choices[0]!)
      for (const b of choices[1]!) {
        const jokers = (isJoker(a) ? 1 : 0) + (isJoker(b) ? 1 : 0);
        if (jokers > max) continue;
        if (a === b && countOf(hand, a) < 2) continue;
        out.push({ type: 'chow', tiles: [a, b], as: [need[0]!, need[1]!] });
      }
  }
  return out;
}

export function robOptions(s: State, seat: number): VnAction[] {
  return s.rob && canWin(s, seat, s.rob.tile, false) ? [{ type: 'pass' }, { type: 'win' }] : [];
}

/** After `seat` discarded `t`: open the claim window, or let the next seat draw (§5, §6). */
export function offerDiscard(s: State, seat: number, t: Tile): void {
  const eligible = othersAfter(seat).filter((x) => claimOptions(s, x, t, seat).length > 0);
  if (eligible.length === 0) return liveDraw(s, next(seat));
  s.phase = 'claim';
  s.claim = { tile: t, from: seat, window: openClaimWindow<VnAction>(eligible) };
}

/** Hand seats that still have to answer the open window. */
export function awaiting(s: State): number[] {
  if (s.phase === 'claim' && s.claim) return awaitingSeats(s.claim.window);
  if (s.phase === 'rob' && s.rob) return awaitingSeats(s.rob.window);
  return [];
}

/**
 * Record `seat`'s answer; once everyone has answered, resolve (§6: a pass is final). Returns the
 * claim taken when this answer closed the window with one (null otherwise: still open, or all passed).
 */
export function answer(s: State, seat: number, a: VnAction): { seat: number; answer: VnAction } | null {
  if (s.phase === 'claim' && s.claim) {
    s.claim = { ...s.claim, window: recordAnswer(s.claim.window, seat, a) ?? s.claim.window };
    if (isComplete(s.claim.window)) return resolveClaim(s);
  } else if (s.phase === 'rob' && s.rob) {
    s.rob = { ...s.rob, window: recordAnswer(s.rob.window, seat, a) ?? s.rob.window };
    if (isComplete(s.rob.window)) return resolveRob(s);
  }
  return null;
}

/**
 * §6.1–6.4: Ù beats everything; phỗng/coong beat ăn; between phỗng the one using more natural tiles
 * wins (a natural pair, or a kong, beats any joker; one natural + a joker beats two jokers, seed
 * "người phỗng bằng đôi được ưu tiên hơn người phỗng bằng khung"), then the one whose most specific
 * joker has the smaller domain (seed: the joker "chuyên đi với hàng" of the discard), then its other
 * joker's. Equal ranks go to the first in turn order.
 */
function claimRank(a: VnAction): number {
  switch (a.type) {
    case 'win':
      return 300000;
    case 'kong':
      return 200000;
    case 'pung': {
      // domains are at most 34 tiles: each joker weighs below the step of the one before it
      const [first = 0, second = 0] = a.tiles
        .filter(isJoker)
        .map((j) => SPECIFICITY[j as JokerKind])
        .sort((x, y) => x - y);
      return 200000 - a.tiles.filter(isJoker).length * 10000 - first * 100 - second;
    }
    case 'chow':
      return 100000;
    default:
      return 0;
  }
}

function winningAnswer(w: NonNullable<State['claim']>['window']) {
  const d = decideClaims(w, claimRank, () => 0);
  return d.decided ? d.winner : null;
}

function resolveClaim(s: State): { seat: number; answer: VnAction } | null {
  const c = s.claim!;
  const top = winningAnswer(c.window);
  s.claim = null;
  if (!top) {
    liveDraw(s, next(c.from));
    return null;
  }
  takeClaim(s, c, top.seat, top.answer);
  return top;
}

function takeClaim(s: State, c: NonNullable<State['claim']>, seat: number, a: VnAction): void {
  if (a.type === 'win') return finishWin(s, seat, 'discard', c.from, c.tile);
  const p = s.players[seat]!;
  const p0 = s.players[c.from]!;
  p0.pond = removeOne(p0.pond, c.tile) ?? p0.pond;
  const lastIdx = s.discards.length - 1;
  s.discards[lastIdx] = { ...s.discards[lastIdx]!, claimed: true };
  if (a.type === 'kong') {
    p.hand = removeAll(p.hand, [c.tile, c.tile, c.tile])!;
    const t4 = [c.tile, c.tile, c.tile, c.tile];
    addCalledMeld(s, seat, {
      kind: 'kong',
      tiles: t4,
      as: t4.slice(),
      called: true,
      concealed: false,
      added: false,
      from: c.from,
      at: s.step,
    });
    s.turn = seat;
    return replacementDraw(s, seat);
  }
  if (a.type === 'pung') {
    p.hand = removeAll(p.hand, a.tiles)!;
    return callInto(s, seat, 'pung', [...a.tiles, c.tile], [c.tile, c.tile, c.tile], c.from, a.tiles.length);
  }
  if (a.type === 'chow') {
    p.hand = removeAll(p.hand, a.tiles)!;
    const discard = { t: c.tile, as: c.tile };
    const all = [...a.tiles.map((t, k) => ({ t, as: a.as[k]! })), discard].sort((x, y) => tileIndex(x.as) - tileIndex(y.as));
    return callInto(
      s,
      seat,
      'chow',
      all.map((x) => x.t),
      all.map((x) => x.as),
      c.from,
      all.indexOf(discard),
    );
  }
  liveDraw(s, next(c.from));
}

/**
 * A pung or chow claimed from `from`'s discard, which sits at `claimed` in `tiles` (for the table
 * image only): the meld is exposed and the claimer must discard next.
 */
function callInto(s: State, seat: number, kind: 'pung' | 'chow', tiles: Tile[], as: Tile[], from: number, claimed: number): void {
  addCalledMeld(s, seat, { kind, tiles, as, called: true, concealed: false, added: false, from, at: s.step, claimed });
  s.phase = 'after-call';
  s.turn = seat;
  s.drawn = null;
  s.turnDraws = [];
}

function addCalledMeld(s: State, seat: number, m: Meld): void {
  recordFeeding(s, seat, m);
  s.players[seat]!.melds.push(m);
  s.players[seat]!.lastCallAt = s.step;
  s.anyCall = true;
}

/**
 * `seat` declares a Hối Coong or a bounce with `t` (already taken from the hand): open the rob
 * window, or complete it (§6 Robbing: only a Hối Coong may be robbed, a bounce only under `rob-bounce`).
 */
export function declareKongOrBounce(s: State, seat: number, t: Tile, source: 'kong' | 'bounce', joker?: Tile): void {
  const rob = source === 'kong' || s.opts['rob-bounce'] ? othersAfter(seat).filter((x) => canWin(s, x, t, false)) : [];
  if (rob.length === 0) return completeKongOrBounce(s, seat, t, source, joker);
  const meld = s.players[seat]!.melds.findIndex((x) => x.kind === 'pung' && x.as[0] === t);
  s.phase = 'rob';
  s.rob = { tile: t, declarer: seat, meld, source, ...(joker ? { joker } : {}), window: openClaimWindow<VnAction>(rob) };
}

function resolveRob(s: State): { seat: number; answer: VnAction } | null {
  const r = s.rob!;
  const top = winningAnswer(r.window);
  s.rob = null;
  // §6 Robbing: the robbed kong is cancelled; the tile goes to the winner
  if (top && top.answer.type === 'win') {
    finishWin(s, top.seat, r.source === 'kong' ? 'rob-kong' : 'rob-bounce', r.declarer, r.tile);
    return top;
  }
  completeKongOrBounce(s, r.declarer, r.tile, r.source, r.joker);
  return null;
}

/** `joker`: the joker a bounce puts out (the player's choice, turn.ts); without it, the pung's first. */
function completeKongOrBounce(s: State, seat: number, t: Tile, source: 'kong' | 'bounce', joker?: Tile): void {
  const p = s.players[seat]!;
  if (source === 'kong') {
    const m = p.melds.find((x) => x.kind === 'pung' && x.as[0] === t)!;
    m.kind = 'kong';
    m.tiles.push(t);
    m.as.push(t);
    m.added = true;
  } else {
    const m = p.melds.find((x) => x.kind === 'pung' && x.called && x.as[0] === t && x.tiles.some(isJoker))!;
    const k = joker && m.tiles.includes(joker) ? m.tiles.indexOf(joker) : m.tiles.findIndex(isJoker);
    const j = m.tiles[k]!;
    m.tiles[k] = t;
    p.exposed.push({ tile: j, initial: false, bounced: true });
  }
  s.turn = seat;
  replacementDraw(s, seat);
}
