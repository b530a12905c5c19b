/** pending() and apply() (vn-mahjong.md §4–§8, §11.6). */
import { canonical } from '../core/match.js';
import { ok, type Decision, type Result } from '../core/types.js';
import { fail, type VnAction } from './actions.js';
import type { VnOptions } from './options.js';
import { sevenPairsAllowed } from './scoring/score.js';
import { finishWin, finishDraw, finishFalseWin, recordFeeding } from './settle-hand.js';
import type { Meld, State } from './state.js';
import {
  bonusNumber,
  compareTiles,
  countOf,
  inDomain,
  isBonus,
  isFlowerLike,
  isJoker,
  isOrdinary,
  isWild,
  removeAll,
  removeOne,
  sortTiles,
  SPECIFICITY,
  tileAt,
  tileIndex,
  type JokerKind,
  type Tile,
} from './tiles.js';
import { isWinningTiles } from './wincheck.js';

export const next = (seat: number) => (seat + 1) % 4;
export const liveCount = (s: State) => s.wall.length - s.reserve;

/** Tile a discard acts as for Ù (§6): bonus tiles act as Tổng, jokers within their domain. */
export const winAs = (t: Tile): Tile => (isFlowerLike(t) ? 'JA' : t);

export function canWin(s: State, seat: number, extra: Tile | null, selfDraw: boolean): boolean {
  const p = s.players[seat]!;
  const tiles = extra === null ? p.hand : [...p.hand, winAs(extra)];
  return isWinningTiles(tiles, p.melds.length, { sevenPairs: sevenPairsAllowed(s.opts, selfDraw) });
}

function hasSeatFlower(s: State, seat: number): boolean {
  return s.players[seat]!.exposed.some((e) => isBonus(e.tile) && bonusNumber(e.tile) === seat + 1);
}

/** May `seat` discard joker `t`? (`joker-discard`, §5, §15.3). */
export function jokerDiscardAllowed(s: State, seat: number, t: Tile): boolean {
  if (s.players[seat]!.nfnl) return true; // §13 NFNL: may always discard jokers
  switch (s.opts['joker-discard']) {
    case 'never':
      return false;
    case 'always':
      return true;
    case 'tong-hop-anytime':
      return t === 'JA' || t === 'JN' || !hasSeatFlower(s, seat);
    default:
      return !hasSeatFlower(s, seat);
  }
}

function discardOptions(s: State, seat: number): VnAction[] {
  const p = s.players[seat]!;
  if (s.mustDiscard) return [{ type: 'discard', tile: s.mustDiscard }];
  const out: VnAction[] = [];
  for (const t of [...new Set(p.hand)]) {
    if (isBonus(t) || t === 'JF') {
      if (s.opts['flower-discard'] !== 'anytime') continue;
    } else if (isJoker(t) && !jokerDiscardAllowed(s, seat, t)) continue;
    out.push({ type: 'discard', tile: t });
  }
  return out;
}

function turnOptions(s: State, seat: number): VnAction[] {
  const p = s.players[seat]!;
  const out: VnAction[] = [];
  if (s.phase === 'after-call') return discardOptions(s, seat);
  if (!s.mustDiscard && canWin(s, seat, null, true)) out.push({ type: 'win' });
  const canReplace = s.wall.length >= 1;
  if (canReplace && !s.mustDiscard) {
    for (const t of [...new Set(p.hand)]) {
      if (isWild(t) || (s.opts['flower-discard'] === 'anytime' && isFlowerLike(t))) out.push({ type: 'expose', tile: t });
    }
    for (const t of [...new Set(p.hand)]) {
      if (!isOrdinary(t)) continue;
      const n = countOf(p.hand, t);
      const jokers = s.opts['jokers-in-kong'] ? p.hand.filter((j) => isWild(j) && inDomain(j, tileIndex(t))).length : 0;
      if (n >= 4 || (n === 3 && jokers > 0)) out.push({ type: 'am-coong', tile: t });
      const m = p.melds.find((x) => x.kind === 'pung' && x.as[0] === t && (s.opts['jokers-in-kong'] || x.tiles.every((y) => !isJoker(y))));
      if (m && (s.opts['added-kong-from-hand'] || s.drawn === t)) out.push({ type: 'hoi-coong', tile: t });
      const bounceOk = s.opts['bounce-source'] === 'hand-or-drawn' || s.drawn === t;
      if (bounceOk && p.melds.some((x) => x.kind === 'pung' && x.called && x.as[0] === t && x.tiles.some(isJoker)))
        out.push({ type: 'bounce', tile: t });
    }
  }
  out.push(...discardOptions(s, seat));
  return out;
}

/** Claim options of `seat` on the discard on the table (§6). */
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
    if (seat === next(from) && i < 27) {
      const pos = i % 9;
      for (let lo = pos - 2; lo <= pos; lo++) {
        if (lo < 0 || lo + 2 > 8) continue;
        const need = [lo, lo + 1, lo + 2].filter((x) => x !== pos).map((x) => tileAt(i - pos + x));
        const choices = need.map((t) => {
          const c: Tile[] = [];
          if (p.hand.includes(t)) c.push(t);
          for (const j of [...new Set(p.hand.filter((x) => isWild(x) && inDomain(x, tileIndex(t))))].sort()) c.push(j);
          return c;
        });
        for (const a of choices[0]!)
          for (const b of choices[1]!) {
            const jokers = (isJoker(a) ? 1 : 0) + (isJoker(b) ? 1 : 0);
            if (jokers > max) continue;
            if (a === b && countOf(p.hand, a) < 2) continue;
            out.push({ type: 'chow', tiles: [a, b], as: [need[0]!, need[1]!] });
          }
      }
    }
  }
  if (out.length) out.unshift({ type: 'pass' });
  return out;
}

function robOptions(s: State, seat: number): VnAction[] {
  return canWin(s, seat, s.rob!.tile, false) ? [{ type: 'pass' }, { type: 'win' }] : [];
}

function initialOptions(s: State, seat: number): VnAction[] {
  const p = s.players[seat]!;
  const jokers = p.hand.filter(isWild);
  const offered =
    removeAll(
      jokers,
      s.init!.declined.filter((j) => jokers.includes(j)),
    ) ?? jokers;
  const flowers = p.hand.filter(isFlowerLike);
  const subsets: Tile[][] = [[]];
  if (s.opts['initial-joker-expose'] === 'mandatory') subsets[0] = sortTiles(offered);
  else
    for (const j of sortTiles(offered)) {
      const n = subsets.length;
      for (let k = 0; k < n; k++) subsets.push([...subsets[k]!, j]);
    }
  const uniq = new Map(subsets.map((x) => [x.join(','), x]));
  const canKeep = seat === 0 && !s.init!.flowerDone && flowers.length === 1 && s.opts['flower-discard'] === 'dealer-single-only';
  const out: VnAction[] = [];
  for (const sub of uniq.values()) {
    out.push({ type: 'initial-expose', jokers: sub, keepFlower: false });
    if (canKeep) out.push({ type: 'initial-expose', jokers: sub, keepFlower: true });
  }
  return out;
}

/** Whether the initial step of `seat` needs a decision at all. */
export function initialNeedsDecision(s: State, seat: number): boolean {
  return initialOptions(s, seat).length > 1;
}

export function timeoutDefault(s: State, seat: number, options: VnAction[], kind: 'turn' | 'claim' | 'initial'): VnAction {
  const tw = s.opts['timeout-win'];
  const win = options.find((a) => a.type === 'win');
  if (kind === 'initial') return options[0]!;
  if (kind === 'claim') {
    if (win && tw === 'always') return win;
    return options.find((a) => a.type === 'pass')!;
  }
  if (win && tw !== 'never') return win;
  const discards = options.filter((a): a is { type: 'discard'; tile: Tile } => a.type === 'discard');
  const drawn = discards.find((a) => a.tile === s.drawn);
  if (drawn) return drawn;
  // §5: else the last legal tile in sort order m p s z J
  const sorted = [...discards].sort((a, b) => compareTiles(a.tile, b.tile));
  return sorted[sorted.length - 1] ?? options[options.length - 1]!;
}

/** Pending decisions by hand seat. */
export function pendingBySeat(s: State): { seat: number; kind: 'turn' | 'claim' | 'initial'; options: VnAction[] }[] {
  switch (s.phase) {
    case 'ended':
      return [];
    case 'initial':
      return [{ seat: s.init!.seat, kind: 'initial', options: initialOptions(s, s.init!.seat) }];
    case 'turn':
    case 'after-call':
      return [{ seat: s.turn, kind: 'turn', options: turnOptions(s, s.turn) }];
    case 'claim':
      return s
        .claim!.eligible.filter((x) => s.claim!.answers[x] === null)
        .map((x) => ({ seat: x, kind: 'claim' as const, options: claimOptions(s, x, s.claim!.tile, s.claim!.from) }));
    case 'rob':
      return s
        .rob!.eligible.filter((x) => s.rob!.answers[x] === null)
        .map((x) => ({ seat: x, kind: 'claim' as const, options: robOptions(s, x) }));
  }
}

export function pending(s: State): Decision<VnAction>[] {
  return pendingBySeat(s).map((d) => ({
    seat: s.seatPerson[d.seat]!,
    kind: d.kind === 'claim' ? 'claim' : 'turn',
    options: d.options,
    timeoutDefault: timeoutDefault(s, d.seat, d.options, d.kind),
  }));
}

// ---------------------------------------------------------------------------------------------
// state transitions (mutating a private clone)

function handleDrawn(s: State, seat: number, t: Tile, from: 'live' | 'back'): void {
  const p = s.players[seat]!;
  if (p.nfnl && (isJoker(t) || isBonus(t))) {
    // §13 NFNL: a bonus tile or joker drawn must be discarded
    p.hand = sortTiles([...p.hand, t]);
    s.drawn = t;
    s.drawnFrom = from;
    s.phase = 'turn';
    s.turn = seat;
    s.mustDiscard = t;
    return;
  }
  if (isFlowerLike(t) && s.opts['flower-discard'] !== 'anytime') {
    // §5: a drawn bonus tile is exposed and replaced
    p.exposed.push({ tile: t, initial: false, bounced: false });
    replacementDraw(s, seat);
    return;
  }
  p.hand = sortTiles([...p.hand, t]);
  s.drawn = t;
  s.drawnFrom = from;
  s.phase = 'turn';
  s.turn = seat;
}

export function liveDraw(s: State, seat: number): void {
  // §12: the hand ends when a live draw is needed and ≤ wall-reserve tiles remain
  if (liveCount(s) <= 0) return finishDraw(s);
  const t = s.wall.shift()!;
  s.players[seat]!.draws++;
  s.lastLive = liveCount(s) === 0;
  handleDrawn(s, seat, t, 'live');
}

export function replacementDraw(s: State, seat: number): void {
  if (s.wall.length === 0) return finishDraw(s);
  const t = s.wall.pop()!;
  s.lastLive = false;
  handleDrawn(s, seat, t, 'back');
}

function afterDiscard(s: State, seat: number, t: Tile): void {
  s.discards.push({ seat, tile: t, claimed: false });
  s.lastDiscard = s.lastLive || liveCount(s) === 0;
  const eligible = [1, 2, 3].map((k) => (seat + k) % 4).filter((x) => claimOptions(s, x, t, seat).length > 0);
  if (eligible.length === 0) return liveDraw(s, next(seat));
  s.phase = 'claim';
  s.claim = { tile: t, from: seat, eligible, answers: [null, null, null, null] };
}

function advanceInitial(s: State): void {
  // §4.3: seats act in order 0→3; a seat with nothing to decide is handled automatically
  while (s.init && s.phase === 'initial') {
    const seat = s.init.seat;
    if (initialNeedsDecision(s, seat)) return;
    const p = s.players[seat]!;
    const mandatory = s.opts['initial-joker-expose'] === 'mandatory';
    const toExpose = [...p.hand.filter((t) => isFlowerLike(t) && t !== s.mustDiscard), ...(mandatory ? p.hand.filter(isWild) : [])];
    if (toExpose.length) {
      exposeInitial(s, seat, toExpose);
      continue;
    }
    if (seat === 3) {
      s.init = null;
      s.phase = 'turn';
      s.turn = 0;
      s.dealerFirstTurn = true;
      // §13 NFNL: those who exposed nothing in the initial phase
      if (s.opts.nfnl !== 'off') for (const p of s.players) p.nfnl = p.exposed.length === 0;
      return;
    }
    s.init = { seat: seat + 1, declined: [], flowerDone: true };
  }
}

function exposeInitial(s: State, seat: number, tiles: Tile[]): void {
  const p = s.players[seat]!;
  for (const t of tiles) {
    p.hand = removeOne(p.hand, t)!;
    p.exposed.push({ tile: t, initial: true, bounced: false });
  }
  for (let k = 0; k < tiles.length; k++) {
    // §4.3: each exposed tile is replaced from the back (đầu coong)
    if (s.wall.length === 0) return finishDraw(s);
    p.hand = sortTiles([...p.hand, s.wall.pop()!]);
  }
}

/**
 * A copy safe to mutate in a transition: everything a transition may change is copied; `opts`,
 * `match` and `seatPerson` never change within a hand and are shared.
 */
function cloneFor(s: State): State {
  return {
    ...s,
    step: s.step + 1,
    wall: s.wall.slice(),
    players: s.players.map((p) => ({
      ...p,
      hand: p.hand.slice(),
      melds: p.melds.map((m) => ({ ...m, tiles: m.tiles.slice(), as: m.as.slice() })),
      exposed: p.exposed.map((e) => ({ ...e })),
      pond: p.pond.slice(),
    })),
    init: s.init ? { ...s.init, declined: s.init.declined.slice() } : null,
    claim: s.claim ? { ...s.claim, eligible: s.claim.eligible.slice(), answers: s.claim.answers.slice() } : null,
    rob: s.rob ? { ...s.rob, eligible: s.rob.eligible.slice(), answers: s.rob.answers.slice() } : null,
    feedings: s.feedings.slice(),
    discards: s.discards.slice(),
  };
}

function applyInitial(s0: State, seat: number, a: VnAction & { type: 'initial-expose' }): Result<State> {
  const s = cloneFor(s0);
  s.last = { seat: s.seatPerson[seat]!, action: a as unknown as Record<string, unknown> };
  const p = s.players[seat]!;
  const flowers = p.hand.filter((t) => isFlowerLike(t) && t !== s.mustDiscard);
  const kept = a.keepFlower ? flowers[0]! : null;
  const toExpose = [...flowers.filter((f) => f !== kept), ...a.jokers];
  const declined = removeAll(p.hand.filter(isWild), a.jokers) ?? [];
  s.init = { seat, declined, flowerDone: true };
  if (kept) s.mustDiscard = kept;
  exposeInitial(s, seat, toExpose);
  if (s.phase === 'ended') return ok(s);
  advanceInitial(s);
  return ok(s);
}

export function startPlay(s: State): void {
  s.phase = 'initial';
  s.init = { seat: 0, declined: [], flowerDone: false };
  advanceInitial(s);
}

function resolveClaim(s: State): void {
  const c = s.claim!;
  const order = [1, 2, 3].map((k) => (c.from + k) % 4);
  const ans = (x: number) => c.answers[x];
  // §6.1–6.2: Ù beats everything; among several, the first in turn order (Ù Tay Trên)
  const winner = order.find((x) => ans(x)?.type === 'win');
  if (winner !== undefined) {
    s.claim = null;
    return finishWin(s, winner, 'discard', c.from, c.tile);
  }
  // §6.3–6.4: phỗng/coong beat ăn; a natural pair beats any joker; then the smaller domain
  const rank = (x: number): number => {
    const a = ans(x)!;
    if (a.type === 'kong') return 0;
    const tiles = (a.tiles as Tile[]).filter(isJoker);
    return tiles.length === 0 ? 0 : tiles.reduce((n, j) => n + SPECIFICITY[j as JokerKind], 0);
  };
  const pungers = order.filter((x) => ans(x)?.type === 'pung' || ans(x)?.type === 'kong');
  s.claim = null;
  const p0 = s.players[c.from]!;
  const takeDiscard = () => {
    p0.pond = removeOne(p0.pond, c.tile) ?? p0.pond;
    const lastIdx = s.discards.length - 1;
    s.discards[lastIdx] = { ...s.discards[lastIdx]!, claimed: true };
  };
  if (pungers.length) {
    const best = pungers.reduce((b, x) => (rank(x) < rank(b) ? x : b));
    const a = ans(best)!;
    const p = s.players[best]!;
    takeDiscard();
    if (a.type === 'kong') {
      p.hand = removeAll(p.hand, [c.tile, c.tile, c.tile])!;
      addCalledMeld(s, best, {
        kind: 'kong',
        tiles: [c.tile, c.tile, c.tile, c.tile],
        as: [c.tile, c.tile, c.tile, c.tile],
        called: true,
        concealed: false,
        added: false,
        from: c.from,
        at: s.step,
      });
      s.turn = best;
      return replacementDraw(s, best);
    }
    const tiles = a.tiles as Tile[];
    p.hand = removeAll(p.hand, tiles)!;
    callInto(s, best, 'pung', [...tiles, c.tile], [c.tile, c.tile, c.tile], c.from);
    return;
  }
  const chower = order.find((x) => ans(x)?.type === 'chow');
  if (chower !== undefined) {
    const a = ans(chower)!;
    const p = s.players[chower]!;
    takeDiscard();
    const tiles = a.tiles as Tile[];
    const as = a.as as Tile[];
    p.hand = removeAll(p.hand, tiles)!;
    const all = [...tiles.map((t, k) => ({ t, as: as[k]! })), { t: c.tile, as: c.tile }].sort((x, y) => tileIndex(x.as) - tileIndex(y.as));
    callInto(
      s,
      chower,
      'chow',
      all.map((x) => x.t),
      all.map((x) => x.as),
      c.from,
    );
    return;
  }
  liveDraw(s, next(c.from));
}

/** A pung or chow claimed from `from`'s discard: the meld is exposed and the claimer must discard next. */
function callInto(s: State, seat: number, kind: 'pung' | 'chow', tiles: Tile[], as: Tile[], from: number): void {
  addCalledMeld(s, seat, { kind, tiles, as, called: true, concealed: false, added: false, from, at: s.step });
  s.phase = 'after-call';
  s.turn = seat;
  s.drawn = null;
}

function addCalledMeld(s: State, seat: number, m: Meld): void {
  recordFeeding(s, seat, m);
  s.players[seat]!.melds.push(m);
  s.players[seat]!.lastCallAt = s.step;
  s.anyCall = true;
}

function resolveRob(s: State): void {
  const r = s.rob!;
  const order = [1, 2, 3].map((k) => (r.declarer + k) % 4);
  const winner = order.find((x) => r.answers[x]?.type === 'win');
  s.rob = null;
  if (winner !== undefined) {
    // §6 Robbing: the robbed kong is cancelled; the tile goes to the winner
    return finishWin(s, winner, r.source === 'kong' ? 'rob-kong' : 'rob-bounce', r.declarer, r.tile);
  }
  completeKongOrBounce(s, r.declarer, r.tile, r.source);
}

function completeKongOrBounce(s: State, seat: number, t: Tile, source: 'kong' | 'bounce'): void {
  const p = s.players[seat]!;
  if (source === 'kong') {
    const m = p.melds.find((x) => x.kind === 'pung' && x.as[0] === t)!;
    m.kind = 'kong';
    m.tiles.push(t);
    m.as.push(t);
    m.added = true;
  } else {
    const m = p.melds.find((x) => x.kind === 'pung' && x.called && x.as[0] === t && x.tiles.some(isJoker))!;
    const k = m.tiles.findIndex(isJoker);
    const j = m.tiles[k]!;
    m.tiles[k] = t;
    p.exposed.push({ tile: j, initial: false, bounced: true });
  }
  s.turn = seat;
  replacementDraw(s, seat);
}

function robbers(s: State, declarer: number, t: Tile): number[] {
  return [1, 2, 3].map((k) => (declarer + k) % 4).filter((x) => canWin(s, x, t, false));
}

/** Apply an action of hand seat `seat`, assumed legal (one of the pending options, or a false Ù). */
export function applyLegal(s0: State, seat: number, a: VnAction): Result<State> {
  if (a.type === 'initial-expose') return applyInitial(s0, seat, a);
  const s = cloneFor(s0);
  s.last = { seat: s.seatPerson[seat]!, action: a as unknown as Record<string, unknown> };
  const p = s.players[seat]!;
  if (s.phase === 'claim') {
    s.claim!.answers[seat] = a as unknown as Record<string, unknown>;
    if (s.claim!.eligible.every((x) => s.claim!.answers[x] !== null)) resolveClaim(s);
    return ok(s);
  }
  if (s.phase === 'rob') {
    s.rob!.answers[seat] = a as unknown as Record<string, unknown>;
    if (s.rob!.eligible.every((x) => s.rob!.answers[x] !== null)) resolveRob(s);
    return ok(s);
  }
  switch (a.type) {
    case 'win':
      return ok((finishWin(s, seat, s.dealerFirstTurn ? 'thien-u' : 'self-draw', null, s.drawn), s));
    case 'discard': {
      p.hand = removeOne(p.hand, a.tile)!;
      p.pond.push(a.tile);
      p.discards++;
      s.drawn = null;
      s.drawnFrom = null;
      s.dealerFirstTurn = false;
      if (s.mustDiscard === a.tile) s.mustDiscard = null;
      afterDiscard(s, seat, a.tile);
      return ok(s);
    }
    case 'expose':
      p.hand = removeOne(p.hand, a.tile)!;
      p.exposed.push({ tile: a.tile, initial: false, bounced: false });
      s.dealerFirstTurn = false;
      replacementDraw(s, seat);
      return ok(s);
    case 'am-coong': {
      const n = countOf(p.hand, a.tile);
      const use =
        n >= 4
          ? [a.tile, a.tile, a.tile, a.tile]
          : [a.tile, a.tile, a.tile, p.hand.find((j) => isWild(j) && inDomain(j, tileIndex(a.tile)))!];
      p.hand = removeAll(p.hand, use)!;
      p.melds.push({
        kind: 'kong',
        tiles: use,
        as: [a.tile, a.tile, a.tile, a.tile],
        called: false,
        concealed: true,
        added: false,
        from: null,
        at: s.step,
      });
      s.dealerFirstTurn = false;
      replacementDraw(s, seat);
      return ok(s);
    }
    case 'hoi-coong':
    case 'bounce': {
      p.hand = removeOne(p.hand, a.tile)!;
      s.dealerFirstTurn = false;
      const source = a.type === 'hoi-coong' ? 'kong' : 'bounce';
      // §6 Robbing: only a Hối Coong may be robbed (a bounce only under rob-bounce)
      const rob = source === 'kong' || s.opts['rob-bounce'] ? robbers(s, seat, a.tile) : [];
      if (rob.length) {
        const mi = p.melds.findIndex((x) => x.kind === 'pung' && x.as[0] === a.tile);
        s.phase = 'rob';
        s.rob = { tile: a.tile, declarer: seat, meld: mi, source, eligible: rob, answers: [null, null, null, null] };
        return ok(s);
      }
      completeKongOrBounce(s, seat, a.tile, source);
      return ok(s);
    }
    default:
      return fail('illegal-action');
  }
}

export function normalize(a: VnAction): VnAction {
  if (a.type === 'pung') return { type: 'pung', tiles: sortTiles(a.tiles) };
  if (a.type === 'initial-expose') return { type: 'initial-expose', jokers: sortTiles(a.jokers ?? []), keepFlower: !!a.keepFlower };
  if (a.type === 'win') return { type: 'win' };
  return a;
}

export function isOption(options: VnAction[], a: VnAction): boolean {
  const key = canonical(normalize(a));
  return options.some((o) => canonical(normalize(o)) === key);
}

/** A false Ù under `false-win = penalized` (§11.6). */
export function applyFalseWin(s0: State, seat: number, phan: number): State {
  const s = cloneFor(s0);
  finishFalseWin(s, seat, phan);
  return s;
}

export function optionsFor(s: State, seat: number): VnOptions {
  void seat;
  return s.opts;
}
