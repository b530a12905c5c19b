/**
 * The `strong` AI (issue #16). It decides from a `SeatKnowledge` only (the seat's view, the public
 * view and its pending decision), never from the state: this module does not import the state.
 *
 * - Counts every tile it can see (its hand, all melds, exposed tiles, discards) and what stays live.
 * - Discards by shanten, then by the number of live tiles that would improve the hand (ukeire).
 * - Values phán: exposes its jokers (each phán doubles the payment up to 5; the replacement tile keeps
 *   the hand size), keeps value honours (dragons, its seat and the prevalent wind).
 * - Defends: never feeds a seat under a warning (Cửu Chướng, Bạch, Bắc Báo: the feeder pays for
 *   everyone, §11), and folds to the safest tiles against a seat that looks ready when far from a win.
 * - Claims by value: a call must bring the hand closer and keep enough live tiles to finish.
 */
import type { SeatKnowledge } from '../core/ai.js';
import type { HintReasonKey } from '../core/types.js';
import type { VnAction } from './actions.js';
import { kongOrFlower, shanten, usefulness } from './ai.js';
import { isWinningTiles } from './wincheck.js';
import {
  countVector,
  isDragon,
  isFlowerLike,
  isHonor,
  isJoker,
  isTerminal,
  isWild,
  isWind,
  jokerValue,
  removeAll,
  removeOne,
  tileAt,
  tileIndex,
  type JokerKind,
  type Tile,
} from './tiles.js';
import type { PublicView, SeatView } from './views.js';

export type VnKnowledge = SeatKnowledge<SeatView, PublicView, VnAction>;

/** Tuning constants (measured with `npm run cli -- duel`). */
export const TUNING = {
  /**
   * Expose a joker when it is worth at least this many phán: every phán doubles the payment up to 5,
   * and the replacement keeps the hand size, so even a 1-phán joker pays more than its wildness.
   */
  exposeMin: 1,
  /** Fold at this shanten or worse against a seat this ready. */
  foldShanten: 2,
  foldThreat: 0.75,
  /** Weight of danger in attack mode (far / one step from ready). */
  dangerFar: 400,
  dangerNear: 150,
  ukeireWeight: 2,
};

interface Seen {
  /** Copies of each kind not visible to this seat (0…4). */
  live: number[];
}

function seenTiles(k: VnKnowledge): Seen {
  const v = k.view;
  const visible: Tile[] = [...v.hand];
  for (const p of v.players) {
    // The tiles on the table, not what they stand for: a joker in a meld (`9s JN 9s` as three 9s)
    // is no 9s, so the third 9s is still live (the hint's "N live tiles" counted it dead).
    for (const m of p.melds) for (const t of m.tiles) if (t !== 'back') visible.push(t);
    for (const t of p.pond) visible.push(t);
  }
  const c = countVector(visible);
  return { live: c.map((n) => Math.max(0, 4 - n)) };
}

/** Live tiles that lower the shanten of a 13-tile hand (jokers count as any tile). */
function ukeire(hand: readonly Tile[], melds: number, seen: Seen, base: number): number {
  let n = 0;
  for (let t = 0; t < 34; t++) {
    if (seen.live[t] === 0) continue;
    if (shanten([...hand, tileAt(t)], melds) < base) n += seen.live[t]!;
  }
  return n;
}

/**
 * The kinds that would complete a 13-tile hand by the rules (vn-mahjong.md §8, wincheck.ts): a joker
 * stands in only for tiles of its groups; seven pairs where the table plays them.
 */
function winningKinds(hand: readonly Tile[], melds: number, sevenPairs: boolean): Set<number> {
  const out = new Set<number>();
  for (let t = 0; t < 34; t++) if (isWinningTiles([...hand, tileAt(t)], melds, { sevenPairs })) out.add(t);
  return out;
}

/**
 * The hand holds a joker that stands in only for some kinds (all but JA): `shanten` counts it as any
 * tile, so a step count is then a count "with the jokers as any tile", and the hint says so.
 */
function jokersBound(hand: readonly Tile[]): boolean {
  return hand.some((t) => isWild(t) && t !== 'JA');
}

interface Threat {
  seat: number;
  /** 0…1: how ready the seat looks. */
  level: number;
  /** Tiles that would make this seat's discard a liability for the feeder (§11). */
  liable: (t: Tile) => boolean;
}

function categoryOf(i: number): string {
  return i >= 27 ? 'z' : 'mps'[Math.floor(i / 9)]!;
}

function threats(k: VnKnowledge): Threat[] {
  const v = k.view;
  const out: Threat[] = [];
  for (const p of v.players) {
    if (p.seat === v.mySeat) continue;
    const called = p.melds.filter((m) => m.called);
    const cats = new Map<string, number>();
    for (const m of called) {
      const i = tileIndex(m.as[0]!);
      cats.set(categoryOf(i), (cats.get(categoryOf(i)) ?? 0) + 1);
      if (m.kind !== 'chow' && isTerminal(i)) cats.set('t', (cats.get('t') ?? 0) + 1);
    }
    const pungs = called.filter((m) => m.kind !== 'chow').map((m) => tileIndex(m.as[0]!));
    const dragonPungs = pungs.filter(isDragon).length;
    const windPungs = pungs.filter(isWind).length;
    const warned = [...cats].filter(([, n]) => n >= 3).map(([c]) => c);
    const liable = (t: Tile) => {
      const i = tileIndex(t);
      if (i < 0) return true; // a discarded joker or bonus tile won on: the discarder pays for all
      if (warned.includes(categoryOf(i))) return true;
      if (warned.includes('t') && isTerminal(i)) return true;
      if (dragonPungs >= 2 && isDragon(i) && !pungs.includes(i)) return true;
      if (windPungs >= 3 && isHonor(i)) return true;
      return false;
    };
    let level = p.melds.length >= 3 ? 0.8 : p.melds.length === 2 ? 0.4 : 0.1;
    if (v.liveWall < 30) level += 0.15;
    if (v.liveWall < 15) level += 0.2;
    out.push({ seat: p.seat, level: Math.min(1, level), liable });
  }
  return out;
}

/** How likely a discard of `t` completes someone's hand (0…1 scale per threat), from what is visible. */
function danger(t: Tile, seen: Seen, ts: Threat[], recent: Set<Tile>): number {
  const i = tileIndex(t);
  let d = 0;
  for (const th of ts) {
    if (th.liable(t)) d += 6 * Math.max(0.5, th.level);
    let w: number;
    if (i < 0) w = 1;
    else if (isHonor(i)) w = seen.live[i]! === 0 ? 0 : seen.live[i]! === 1 ? 0.25 : 0.6;
    else w = isTerminal(i) ? 0.7 : 1;
    if (recent.has(t)) w *= 0.5;
    d += th.level * w;
  }
  return d;
}

/** Keeping value: honour pairs/pungs that score (dragons, seat wind, prevalent wind). */
function valueKeep(hand: readonly Tile[], t: Tile, seat: number, roundWind: number): number {
  const i = tileIndex(t);
  if (i < 27) return 0;
  const n = hand.filter((x) => x === t).length;
  const valued = isDragon(i) || i === 27 + seat || i === 27 + roundWind;
  return valued && n >= 2 ? 2 : 0;
}

/**
 * How a call leaves the hand, as the claim policy ranks it: steps × 1000 − live improvers after the
 * best discard that follows (never a joker: strong does not throw its wilds); a claimed kong has no
 * discard (a replacement tile follows). Null for an action that is no call. The called tile is no
 * longer live for anyone. Steps are `shanten`'s (−1 for a hand its jokers over-cover).
 */
function callKey(hand: readonly Tile[], melds: number, seen: Seen, a: VnAction, tile: Tile): number | null {
  let rest: Tile[] | null = null;
  if (a.type === 'pung' || a.type === 'chow') rest = removeAll(hand, a.tiles);
  else if (a.type === 'kong') rest = removeAll(hand, [tile, tile, tile]);
  if (!rest) return null;
  if (a.type === 'kong') {
    const sh = shanten(rest, melds + 1);
    return sh * 1000 - ukeire(rest, melds + 1, seen, sh);
  }
  let key = Infinity;
  for (const t of new Set(rest)) {
    if (isJoker(t)) continue;
    const r = removeOne(rest, t)!;
    const sh = shanten(r, melds + 1);
    key = Math.min(key, sh * 1000 - ukeire(r, melds + 1, seen, sh));
  }
  return key;
}

/** The steps (−1…) a call key stands for (its live improvers, under 1000, are subtracted from steps × 1000). */
const keySteps = (key: number): number => Math.ceil(key / 1000);

export function strongAi(k: VnKnowledge): VnAction {
  const opts = k.decision.options;
  const win = opts.find((a) => a.type === 'win');
  if (win) return win;
  const v = k.view;
  const seat = v.mySeat ?? 0;
  const me = v.players.find((p) => p.seat === seat)!;
  const melds = me.melds.length;
  const seen = seenTiles(k);
  const roundWind = tileIndex(v.roundWind) - 27;

  if (v.phase === 'initial') {
    // expose the jokers worth TUNING.exposeMin+ phán (exposed in the initial phase: Tổng/Hợp get +1)
    let best: VnAction = opts[0]!;
    let bestN = -1;
    for (const a of opts) {
      if (a.type !== 'initial-expose' || a.keepFlower) continue;
      const n = a.jokers.every((j) => jokerValue(j as JokerKind, seat, true, k.table.options) >= TUNING.exposeMin) ? a.jokers.length : -1;
      if (n > bestN) {
        best = a;
        bestN = n;
      }
    }
    return best;
  }

  if (k.decision.kind === 'claim') {
    const pass = opts.find((a) => a.type === 'pass') ?? opts[0]!;
    const tile = v.claimable?.tile;
    if (!tile) return pass;
    const hand = v.hand;
    const now = shanten(hand, melds);
    const nowUk = ukeire(hand, melds, seen, now);
    let best: VnAction = pass;
    let bestKey = now * 1000 - nowUk;
    for (const a of opts) {
      const key = callKey(hand, melds, seen, a, tile);
      if (key === null) continue;
      // a call must gain a whole step, or (kong) lose nothing; jokers used in a call are wasted wilds
      const jokersUsed = a.type === 'pung' || a.type === 'chow' ? a.tiles.filter(isJoker).length : 0;
      if (jokersUsed > 0 && key >= (now - 1) * 1000) continue;
      if (a.type !== 'kong' && Math.floor((key + 999) / 1000) >= now) continue;
      if (key < bestKey) {
        best = a;
        bestKey = key;
      }
    }
    return best;
  }

  // turn: kongs and bounces, flowers, then jokers worth exposing
  const first = kongOrFlower(opts, v.hand, seat, k.table.options, TUNING.exposeMin);
  if (first) return first;
  const valueExpose = opts.find(
    (a) => a.type === 'expose' && isWild(a.tile) && jokerValue(a.tile as JokerKind, seat, false, k.table.options) >= TUNING.exposeMin,
  );
  if (valueExpose) return valueExpose;

  const discards = opts.filter((a): a is { type: 'discard'; tile: Tile } => a.type === 'discard');
  if (discards.length === 0) return opts[0]!;
  const ts = threats(k);
  const recent = new Set(v.discards.slice(-6).map((d) => d.tile));
  const hand = v.hand;
  const base = shanten(hand, melds);
  const maxThreat = Math.max(0, ...ts.map((t) => t.level));
  let best = discards[0]!;
  let bestKey = Infinity;
  for (const a of discards) {
    const rest = removeOne(hand, a.tile)!;
    const sh = shanten(rest, melds);
    const uk = ukeire(rest, melds, seen, sh);
    const dg = danger(a.tile, seen, ts, recent);
    const fold = sh >= TUNING.foldShanten && maxThreat >= TUNING.foldThreat;
    const attack =
      sh * 1000 -
      uk * TUNING.ukeireWeight +
      usefulness(hand, a.tile) * 2 +
      valueKeep(hand, a.tile, seat, roundWind) * 10 +
      (isJoker(a.tile) ? 5000 : 0);
    // liabilities cost a whole step; folding puts safety first
    const key = fold ? dg * 100000 + attack : attack + dg * (sh <= 0 ? TUNING.dangerNear : TUNING.dangerFar) + (dg >= 3 ? 1500 : 0);
    void base;
    if (key < bestKey) {
      bestKey = key;
      best = a;
    }
  }
  return best;
}

/**
 * Why the strong AI plays `a` (the hint button's reason, issue #16): an i18n key under
 * `vn-mahjong:hint` and its values, from the same knowledge and measures the policy uses
 * (steps from ready, live tiles that improve the hand, the danger of a discard).
 */
export function explainStrong(k: VnKnowledge, a: VnAction): HintReasonKey {
  const key = (id: string, vars: Record<string, string | number> = {}): HintReasonKey => ({ key: `vn-mahjong:hint.${id}`, vars });
  const v = k.view;
  const seat = v.mySeat ?? 0;
  const melds = v.players.find((p) => p.seat === seat)!.melds.length;
  const seen = seenTiles(k);
  switch (a.type) {
    case 'win':
      return key('win');
    case 'initial-expose': {
      if (a.jokers.length) return key('expose-jokers', { n: a.jokers.length });
      // Strong exposes every joker (each worth a phán or more, §2, so at least TUNING.exposeMin) and
      // never keeps the dealer's lone bonus tile: no reason for keeping either (ai-explain.test.ts).
      // Without jokers the choice is that tile's, exposed now.
      const flower = v.hand.find(isFlowerLike);
      if (flower && !a.keepFlower && !v.hand.some(isWild)) return key('expose-flower-initial', { card: flower });
      return key('auto');
    }
    case 'expose':
      return isWild(a.tile)
        ? key('expose-joker', { card: a.tile, phan: jokerValue(a.tile as JokerKind, seat, false, k.table.options) })
        : key('expose-flower', { card: a.tile });
    case 'bounce':
    case 'hoi-coong':
    case 'am-coong':
      return key(a.type === 'bounce' ? 'bounce' : 'kong');
    case 'kong':
      // a claimed kong keeps the distance (a set more, and a replacement tile): not 'closer'
      return key('kong');
    case 'pung':
    case 'chow': {
      // Steps as strong plays the call: the best discard after it is never a joker, and a hand is
      // at best ready (0), even when `shanten` says −1 for jokers to spare.
      const tile = v.claimable?.tile ?? '';
      const now = Math.max(0, shanten(v.hand, melds));
      const after = Math.max(0, keySteps(callKey(v.hand, melds, seen, a, tile) ?? Infinity));
      // Strong calls only for a step by `shanten`, so no closer means ready before and after: the
      // hand's jokers counted as any tile over-cover it (−1), a step no hand can take.
      if (after >= now) return key('call-ready', { card: tile });
      if (jokersBound(v.hand)) return key('call-jokers', { card: tile, steps: after });
      return key(after === 0 ? 'call-to-ready' : 'call', { card: tile, steps: after });
    }
    case 'pass': {
      const tile = v.claimable?.tile;
      const couldCall = k.decision.options.some((o) => o.type === 'pung' || o.type === 'chow' || o.type === 'kong');
      if (!tile || !couldCall) return key('pass');
      // A call that gains a step is passed only when it spends a joker and leaves no live tile that
      // improves the hand (the policy's rule): say so, not that no call would gain.
      const now = Math.max(0, shanten(v.hand, melds));
      const gains = k.decision.options.some((o) => {
        if (o.type !== 'pung' && o.type !== 'chow') return false;
        return Math.max(0, keySteps(callKey(v.hand, melds, seen, o, tile) ?? Infinity)) < now;
      });
      return key(gains ? 'pass-call-joker' : 'pass-call', { card: tile });
    }
    case 'discard': {
      const rest = removeOne(v.hand, a.tile) ?? v.hand;
      const sh = shanten(rest, melds);
      const uk = ukeire(rest, melds, seen, sh);
      const ts = threats(k);
      const maxThreat = Math.max(0, ...ts.map((t) => t.level));
      if (sh >= TUNING.foldShanten && maxThreat >= TUNING.foldThreat) return key('discard-fold', { card: a.tile, steps: sh });
      if (sh <= 0) {
        // Ready by `shanten`, which counts a joker as any tile: the tiles that win are the rules'
        // own (their jokers stand in only for their kinds). None live: the wait is dead; none at
        // all: the jokers' kinds do not fit, and the hint says so rather than "0 tiles that win".
        const wins = winningKinds(rest, melds, k.table.options['seven-pairs'] !== 'off');
        const live = [...wins].reduce((n, t) => n + seen.live[t]!, 0);
        if (live > 0) return key('discard-ready', { card: a.tile, live });
        return key(wins.size > 0 ? 'discard-ready-dead' : 'discard-ready-jokers', { card: a.tile });
      }
      return key(jokersBound(rest) ? 'discard-jokers' : 'discard', { card: a.tile, steps: sh, live: uk });
    }
    default:
      return key('auto');
  }
}
