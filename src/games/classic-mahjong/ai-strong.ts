/**
 * The `strong` AI of classical mahjong (issue 16). It decides from a `SeatKnowledge` only: the
 * seat's own view, the public table and its pending decision (core/ai.ts), never the state, so it
 * cannot see hidden tiles. This module imports no engine state or rules on purpose.
 *
 * How it plays:
 * - speed first, as the reference AI (fewest tiles from ready), but it counts every tile it has
 *   seen (own hand, every exposed set and concealed kong, unclaimed discards) and ranks discards by
 *   the live tiles that would improve the rest;
 * - values a win by what it scores, not only by its chances: when ready it keeps the wait worth most
 *   (each live winning tile times the scorer's total of that win plus a bonus for ending the hand
 *   before another seat wins; lone honours and terminals weighted up because the other seats throw
 *   them first), so a pung of dragons or a one-suit hand can beat a wider plain wait; one tile from
 *   ready it looks two steps ahead the same way: each live tile that would make it ready counts by
 *   the worth of the best wait it would leave;
 * - keeps scoring honour pairs and pungs and leans to one suit; a hand far from ready late in the
 *   hand keeps what it would score as a loser (losers settle);
 * - plays for a one-suit hand when that costs no speed (with honours, one double) or at most one
 *   tile early in the hand (without honours, three doubles): it then counts only that suit (and
 *   honours), throws the other suits first and claims nothing of them; a hand with as many pairs as
 *   it needs sets plays for pungs (no chow, one double) and claims no chow;
 * - claims by value: a pung when it brings the hand closer, or keeps the distance for a pung of a
 *   scoring honour (dragon, own or prevailing wind) or for clearly more live waits; a chow
 *   likewise; nothing that spoils a one-suit hand;
 * - defends by what the other seats show: the danger of a discard grows with the value a seat's
 *   exposed sets promise (dragon and wind pungs, one suit), it does not throw the third dragon to a
 *   seat showing two dragon pungs nor the fourth wind to one showing three wind pungs (limit
 *   hands); against a seat that looks ready (three or more exposed sets, or a late wall, or two sets
 *   worth a big hand late) it folds when its own hand is two or more tiles from ready (one, only
 *   against a seat very likely ready late in the hand), discarding the tiles least likely to
 *   complete that seat's hand.
 */
import type { SeatKnowledge } from '../core/ai.js';
import { standardShanten } from '../mahjong/decompose.js';
import { emptyCounts, kindOf, type Counts, type Kind, type TileCode } from '../mahjong/tiles.js';
import type { Action } from './actions.js';
import { OPTIONS } from './options.js';
import { defaultOptions } from '../core/options.js';
import { scoreHand, scoringRules, type DeclaredMeld } from './scoring/score.js';
import type { PublicView, SeatView } from './views.js';

/** The rules are public (not the hidden state); the loser-score estimate uses the default table. */
const RULES = scoringRules(defaultOptions(OPTIONS));

/** A win is worth its score plus this much (in points) for ending the hand before another seat wins. */
const WIN_BONUS = 25;
/** The other seats throw lone honours and terminals first: a wait on one comes this much sooner. */
const EARLY_WAIT = 2.2;

/**
 * Tuning knobs, fixed: `defend` scales the danger terms; `loserW` weighs the loser's score late in
 * a hand (`loserAlways`: always); `ukeAll` ranks by live improvers at any distance; `hvW` weighs
 * `handValue`; `flushMin`/`flushPen` lean to one suit; `flushD`/`pureD` are the extra tiles from
 * ready a one-suit plan may cost (with / without honours; −1 = never), entered only while the
 * wall holds `flushWall` tiles; `pungD` likewise for an all-pung plan.
 */
const TUNE = {
  defend: 1,
  loserW: 2,
  loserAlways: 0,
  ukeAll: 0,
  hvW: 0.5,
  flushMin: 11,
  flushPen: 4,
  flushD: 0,
  pureD: 1,
  flushWall: 40,
  pungD: 0,
} as const;

export type StrongKnowledge = SeatKnowledge<SeatView, PublicView, Action>;

const countsOf = (tiles: readonly TileCode[]): Counts => {
  const c = emptyCounts();
  for (const t of tiles) c[kindOf(t)!]!++;
  return c;
};

function removeOne(tiles: readonly TileCode[], t: TileCode): TileCode[] {
  const i = tiles.indexOf(t);
  return i < 0 ? tiles.slice() : [...tiles.slice(0, i), ...tiles.slice(i + 1)];
}

/** What the seat knows, digested once per decision. */
interface Read {
  k: StrongKnowledge;
  hand: TileCode[];
  /** Sets still to make in the concealed hand. */
  need: number;
  /** Copies of each kind the seat has not seen (0–4). */
  unseen: number[];
  /** Kinds whose sets the seat scores: dragons, own wind, prevailing wind. */
  scoring: (k: Kind) => boolean;
  /** The suit (0–2) the hand leans to for a one-suit hand, or null. */
  flushSuit: number | null;
  /** Playing for one suit: the kinds the hand keeps (others are discarded as useless), else null. */
  allowed: boolean[] | null;
  /** Playing for pungs only (no chow: one double, and pungs score points). */
  pungs: boolean;
  /** Danger of each kind as a discard (0 = safe), against the seats that look ready. */
  danger: number[];
  threat: number;
  /** The largest threat times that seat's estimated hand value (1 = a plain win). */
  threatV: number;
  /** The seat's declared sets, as the scorer takes them. */
  melds: DeclaredMeld[];
  roundWind: number;
  /** Scores of complete hands met during this decision. */
  wins: Map<string, number>;
}

function visibleCounts(k: StrongKnowledge): Counts {
  const c = countsOf(k.view.hand);
  for (const s of k.table.seats) {
    for (const m of s.melds) for (const t of m.tiles) c[kindOf(t)!]!++;
    for (const d of s.discards) if (d.claimedBy === undefined) c[kindOf(d.tile)!]!++;
  }
  return c;
}

function flushSuitOf(hand: readonly TileCode[], meldTiles: readonly TileCode[]): number | null {
  const bySuit = [0, 0, 0];
  let honours = 0;
  for (const t of hand) {
    const kd = kindOf(t)!;
    if (kd >= 27) honours++;
    else bySuit[Math.floor(kd / 9)]!++;
  }
  const meldSuits = new Set(
    meldTiles
      .map((t) => kindOf(t)!)
      .filter((kd) => kd < 27)
      .map((kd) => Math.floor(kd / 9)),
  );
  if (meldSuits.size > 1) return null;
  const best = bySuit.indexOf(Math.max(...bySuit));
  if (meldSuits.size === 1 && !meldSuits.has(best)) return null;
  return bySuit[best]! + honours >= TUNE.flushMin ? best : null;
}

/** How ready each other seat looks (0–1), from its exposures and the wall. */
function threats(k: StrongKnowledge): number[] {
  const wall = k.table.wallCount;
  return k.table.seats.map((s) => {
    if (s.seat === k.seat) return 0;
    const exposed = s.melds.filter((m) => m.exposed).length;
    let t = exposed >= 3 ? 0.8 : exposed === 2 ? 0.3 : 0;
    if (wall < 20) t += 0.15;
    if (wall < 10) t += 0.15;
    return Math.min(1, t);
  });
}

/** What each seat's hand looks worth from its exposures, relative to a plain win (~60 points). */
function seatValues(k: StrongKnowledge): number[] {
  const round = kindOf(k.table.roundWind)! - 27;
  return k.table.seats.map((s) => {
    if (s.seat === k.seat) return 1;
    let pts = 26;
    let dbl = 0;
    const suits = new Set<number>();
    let honours = 0;
    for (const m of s.melds) {
      const kd = Math.min(...m.tiles.map((t) => kindOf(t)!));
      if (kd >= 27) honours++;
      else suits.add(Math.floor(kd / 9));
      if (m.type === 'chow') continue;
      const major = kd >= 27 || kd % 9 === 0 || kd % 9 === 8;
      pts += (m.type === 'kong' ? 8 : 2) * (major ? 2 : 1) * (m.exposed ? 1 : 2);
      if (kd >= 31) dbl++;
      if (kd - 27 === s.seat) dbl++;
      if (kd - 27 === round) dbl++;
    }
    if (s.melds.length >= 2 && suits.size <= 1) dbl += suits.size === 0 ? 2 : honours > 0 ? 1 : 2;
    return Math.min(500, pts * 2 ** dbl) / 60;
  });
}

function dangerTable(k: StrongKnowledge, unseen: number[], threat: number[]): number[] {
  const vals = seatValues(k);
  const out = new Array<number>(34).fill(0);
  for (let kd = 0; kd < 34; kd++) {
    let total = 0;
    for (const s of k.table.seats) {
      const th = threat[s.seat]!;
      if (th === 0) continue;
      const live = unseen[kd]!;
      // tiles nobody else can hold more of are hard to wait on
      let d = kd >= 27 ? [0.02, 0.15, 0.5, 0.6, 0.6][live]! : [0.05, 0.5, 0.8, 0.9, 0.9][live]!;
      if (kd < 27) {
        const v = kd % 9;
        if (v >= 2 && v <= 6) d *= 1.2;
        else if (v === 0 || v === 8) d *= 0.8;
        // a seat whose exposed sets are all of one suit is collecting it
        const suits = new Set(
          s.melds
            .flatMap((m) => m.tiles.map((t) => kindOf(t)!))
            .filter((x) => x < 27)
            .map((x) => Math.floor(x / 9)),
        );
        if (suits.size === 1 && s.melds.length >= 2) d *= suits.has(Math.floor(kd / 9)) ? 1.8 : 0.4;
      }
      if (s.discards.some((x) => kindOf(x.tile) === kd)) d *= 0.35;
      // the tile that would complete a limit hand: a third dragon, a fourth wind
      if (kd >= 27 && live > 0) {
        const pungs = s.melds.filter((m) => m.type !== 'chow').map((m) => kindOf(m.tiles[0]!)!);
        const dragons = pungs.filter((x) => x >= 31).length;
        const winds = pungs.filter((x) => x >= 27 && x < 31).length;
        if ((kd >= 31 && dragons >= 2) || (kd < 31 && winds >= 3)) d *= 20;
      }
      total += th * d * Math.max(0.5, vals[s.seat]!);
    }
    out[kd] = total;
  }
  return out;
}

/**
 * One suit (with or without honours) when it costs little speed: the suit whose tiles (and
 * honours) alone are at most `flushD` (`pureD` without honours) tiles further from ready than the
 * whole hand, entered only early in the hand (its doubles: ×2 with honours, ×8 without).
 */
function flushPlan(k: StrongKnowledge, hand: readonly TileCode[], need: number): { allowed: boolean[]; suit: number } | null {
  if (TUNE.flushD < 0 && TUNE.pureD < 0) return null;
  const meldKinds = k.view.melds.map((m) => Math.min(...m.tiles.map((t) => kindOf(t)!)));
  const plain = shanten(hand, need);
  const wall = k.table.wallCount;
  let best: { allowed: boolean[]; suit: number; cost: number } | null = null;
  for (let g = 0; g < 3; g++) {
    for (const honours of [false, true]) {
      const d = honours ? TUNE.flushD : TUNE.pureD;
      if (d < 0) continue;
      const ok = (kd: number) => (kd >= 27 ? honours : Math.floor(kd / 9) === g);
      if (!meldKinds.every(ok)) continue;
      const kept = hand.filter((t) => ok(kindOf(t)!));
      const clean = kept.length === hand.length;
      if (!clean && wall < TUNE.flushWall) continue;
      const cost = shanten(kept, need) - plain;
      if (cost > d) continue;
      // prefer the cheaper plan, and without honours (×8) at equal cost
      const rank = cost * 2 + (honours ? 1 : 0);
      if (!best || rank < best.cost) best = { allowed: Array.from({ length: 34 }, (_, kd) => ok(kd)), suit: g, cost: rank };
    }
  }
  return best && { allowed: best.allowed, suit: best.suit };
}

function read(k: StrongKnowledge): Read {
  const hand = k.view.hand.slice();
  const seen = visibleCounts(k);
  const unseen = seen.map((n) => Math.max(0, 4 - n));
  const seatWind = k.seat;
  const round = kindOf(k.table.roundWind)! - 27;
  const scoring = (kd: Kind) => kd >= 31 || kd - 27 === seatWind || kd - 27 === round;
  const th = threats(k);
  const threat = Math.max(...th);
  const vals = seatValues(k);
  const threatV = Math.max(...th.map((t, i) => t * vals[i]!));
  const plan = flushPlan(k, hand, 4 - k.view.melds.length);
  const need = 4 - k.view.melds.length;
  const pungCost = pungShanten(countsOf(hand), need) - shanten(hand, need);
  const pungs =
    TUNE.pungD >= 0 &&
    k.view.melds.every((m) => m.type !== 'chow') &&
    pungCost <= TUNE.pungD &&
    (pungCost <= 0 || k.table.wallCount >= TUNE.flushWall);
  return {
    k,
    hand,
    need: 4 - k.view.melds.length,
    unseen,
    scoring,
    flushSuit: plan
      ? plan.suit
      : flushSuitOf(
          hand,
          k.view.melds.flatMap((m) => m.tiles),
        ),
    allowed: plan?.allowed ?? null,
    pungs,
    danger: dangerTable(k, unseen, th),
    threat,
    threatV,
    melds: k.view.melds.map((m) => ({
      type: m.type,
      kind: Math.min(...m.tiles.map((t) => kindOf(t)!)),
      exposed: m.exposed,
      ...(m.kongType === 'claimed' ? { claimed: true } : {}),
    })),
    roundWind: round,
    wins: new Map(),
  };
}

const shanten = (tiles: readonly TileCode[], need: number): number => standardShanten(countsOf(tiles), Math.max(0, need));

/** Tiles from a hand of `need` pungs and a pair (no chows); −1 = complete. */
export function pungShanten(c: Counts, need: number): number {
  let P = 0;
  let Q = 0;
  for (let kd = 0; kd < 34; kd++) {
    if (c[kd]! >= 3) P++;
    else if (c[kd] === 2) Q++;
  }
  const p = Math.min(P, need);
  const m = need - p;
  return 2 * m - Math.min(Q, m) - (Q > m || P > need ? 1 : 0);
}

/** The shanten the seat plays by: pungs only under a pung plan, else the standard one. */
const shC = (r: Read, c: Counts, need: number): number =>
  r.pungs ? pungShanten(c, Math.max(0, need)) : standardShanten(c, Math.max(0, need));

/** The tiles a one-suit plan keeps (all of them without a plan). */
const keptOf = (r: Read, tiles: readonly TileCode[]): TileCode[] =>
  r.allowed ? tiles.filter((t) => r.allowed![kindOf(t)!]) : tiles.slice();

/** Sets (pungs, chows) only, from kind `k` on: the hot loop of `complete`. */
function setsOnly(c: Counts, k: number): boolean {
  while (k < 34 && c[k] === 0) k++;
  if (k === 34) return true;
  const n = c[k]!;
  if (n >= 3) {
    c[k] = n - 3;
    const ok = setsOnly(c, k);
    c[k] = n;
    if (ok) return true;
  }
  if (k < 27 && k % 9 <= 6 && c[k + 1]! > 0 && c[k + 2]! > 0) {
    c[k]!--;
    c[k + 1]!--;
    c[k + 2]!--;
    const ok = setsOnly(c, k);
    c[k]!++;
    c[k + 1]!++;
    c[k + 2]!++;
    return ok;
  }
  return false;
}

/** A complete standard hand (sets and one pair), as `standardShanten(c) === -1`, much faster. */
export function complete(c: Counts): boolean {
  // each suit's count is 0 mod 3 but the pair's, which is 2 mod 3
  let pairGroup = -1;
  let honourPair = -1;
  for (let g = 0; g < 3; g++) {
    let n = 0;
    for (let i = g * 9; i < g * 9 + 9; i++) n += c[i]!;
    const m = n % 3;
    if (m === 1) return false;
    if (m === 2) {
      if (pairGroup >= 0) return false;
      pairGroup = g;
    }
  }
  for (let i = 27; i < 34; i++) {
    const n = c[i]!;
    if (n === 1 || n === 4) return false;
    if (n === 2) {
      if (pairGroup >= 0) return false;
      pairGroup = 3;
      honourPair = i;
    }
  }
  if (pairGroup === 3) {
    c[honourPair] = 0;
    const ok = setsOnly(c, 0);
    c[honourPair] = 2;
    return ok;
  }
  if (pairGroup < 0) return false;
  for (let p = pairGroup * 9; p < pairGroup * 9 + 9; p++) {
    if (c[p]! < 2) continue;
    c[p]! -= 2;
    const ok = setsOnly(c, 0);
    c[p]! += 2;
    if (ok) return true;
  }
  return false;
}

/** Live tiles that would lower the shanten of `rest` (13 tiles), weighted by how many are unseen. */
function liveImprovers(r: Read, rest: readonly TileCode[], sh: number): number {
  const c = countsOf(rest);
  let n = 0;
  for (let kd = 0; kd < 34; kd++) {
    const live = r.unseen[kd]!;
    if (live === 0 || (r.allowed && !r.allowed[kd])) continue;
    c[kd]!++;
    if (shC(r, c, r.need) < sh) n += live;
    c[kd]!--;
  }
  return n;
}

/**
 * Two steps ahead for a hand one tile from ready: for each live tile that makes it ready, the
 * worth of the best discard after it (the one leaving most live winning tiles: its `readyValueC`,
 * in plain wins), times that tile's live copies.
 */
function readyWaits2(r: Read, rest: readonly TileCode[]): number {
  const c = countsOf(rest);
  let total = 0;
  for (let kd = 0; kd < 34; kd++) {
    const live = r.unseen[kd]!;
    if (live === 0 || c[kd]! >= 4) continue;
    c[kd]!++;
    if (standardShanten(c, r.need) <= 0) {
      let best = 0;
      let bestD = -1;
      for (let d = 0; d < 34; d++) {
        if (!c[d] || d === kd) continue;
        c[d]!--;
        let w = 0;
        for (let x = 0; x < 34; x++) {
          const lx = r.unseen[x]! - (x === kd ? 1 : 0);
          if (lx <= 0 || c[x]! >= 4) continue;
          c[x]!++;
          if (complete(c)) w += lx;
          c[x]!--;
        }
        if (w > best) {
          best = w;
          bestD = d;
        }
        c[d]!++;
      }
      if (bestD >= 0) {
        c[bestD]!--;
        best = readyValueC(r, c, kd) / (60 + WIN_BONUS);
        c[bestD]!++;
      }
      total += live * Math.max(1, best);
    }
    c[kd]!--;
  }
  return total;
}

/** What `rest` would score as a losing hand if the hand ended now (§9.2, §9.4: losers settle). */
function loserScore(r: Read, rest: readonly TileCode[]): number {
  const melds: DeclaredMeld[] = r.k.view.melds.map((m) => ({
    type: m.type,
    kind: Math.min(...m.tiles.map((t) => kindOf(t)!)),
    exposed: m.exposed,
    ...(m.kongType === 'claimed' ? { claimed: true } : {}),
  }));
  const out = scoreHand(
    {
      seatWind: r.k.seat,
      roundWind: kindOf(r.k.table.roundWind)! - 27,
      concealed: countsOf(rest),
      melds,
      bonus: r.k.view.bonus,
      won: false,
    },
    RULES,
  );
  return out.valid ? out.total : 0;
}

/**
 * A ready hand's worth: for each winning kind still live, what the win would score (on a discard;
 * the scorer finds the best arrangement), times the live copies. Doubles count, not only waits.
 */
function readyValue(r: Read, rest: readonly TileCode[]): number {
  return readyValueC(r, countsOf(rest), -1);
}

/** `readyValue` of a count vector; `used` is a kind just drawn (one fewer live copy), or -1. */
function readyValueC(r: Read, c: Counts, used: number): number {
  let ev = 0;
  for (let kd = 0; kd < 34; kd++) {
    const live = r.unseen[kd]! - (kd === used ? 1 : 0);
    if (live <= 0 || c[kd]! >= 4) continue;
    c[kd]!++;
    if (complete(c)) {
      // the other seats throw lone honours and terminals first: those waits come sooner
      const likely = kd >= 27 || kd % 9 === 0 || kd % 9 === 8 ? EARLY_WAIT : 1;
      ev += live * likely * (winScore(r, c, kd) + WIN_BONUS);
    }
    c[kd]!--;
  }
  return ev;
}

/** What a complete hand `c` (concealed counts, the winning tile `kd` among them) scores on a discard; cached per decision. */
function winScore(r: Read, c: Counts, kd: number): number {
  const key = `${c.join('')}:${kd}`;
  const hit = r.wins.get(key);
  if (hit !== undefined) return hit;
  const out = scoreHand(
    {
      seatWind: r.k.seat,
      roundWind: r.roundWind,
      concealed: c.slice(),
      melds: r.melds,
      bonus: r.k.view.bonus,
      won: true,
      winningTile: kd,
      source: 'discard',
    },
    RULES,
  );
  const v = out.valid ? out.total : 20;
  r.wins.set(key, v);
  return v;
}

/** Value of keeping `rest`: scoring honour groups, terminal/honour pungs, one-suit shape. */
function handValue(r: Read, rest: readonly TileCode[]): number {
  const c = countsOf(rest);
  let v = 0;
  for (let kd = 27; kd < 34; kd++) {
    const n = c[kd]!;
    if (!n) continue;
    if (r.scoring(kd)) v += n >= 3 ? 14 : n === 2 ? (r.unseen[kd]! > 0 ? 6 : 3) : r.unseen[kd]! >= 2 ? 1 : -1;
    else v += n >= 3 ? 5 : n === 2 ? 1 : -2;
  }
  for (const kd of [0, 8, 9, 17, 18, 26]) if (c[kd]! >= 3) v += 2;
  if (r.flushSuit !== null) {
    for (let kd = 0; kd < 27; kd++) if (Math.floor(kd / 9) !== r.flushSuit) v -= TUNE.flushPen * c[kd]!;
  }
  return v;
}

/** Lower = discard first: lone honours and terminals before connected middle tiles (as `normal`). */
function keepValue(r: Read, t: TileCode): number {
  const kd = kindOf(t)!;
  const n = r.hand.filter((x) => x === t).length;
  if (kd >= 27) return n * 10 + (r.scoring(kd) ? 3 : 0) + (r.unseen[kd] === 0 && n === 1 ? -3 : 0);
  const v = (kd % 9) + 1;
  let near = 0;
  for (const d of [-2, -1, 1, 2]) {
    const u = v + d;
    if (u >= 1 && u <= 9 && r.hand.includes(`${u}${t[1]}`)) near += Math.abs(d) === 1 ? 4 : 2;
  }
  return n * 10 + near + (5 - Math.abs(5 - v));
}

function chooseDiscard(r: Read, options: Action[]): Action {
  const discards = options.filter((a): a is Extract<Action, { type: 'discard' }> => a.type === 'discard');
  const plain = discards.filter((a) => !a.call);
  const cands = plain.map((a) => {
    const rest = removeOne(r.hand, a.tile);
    const kept = keptOf(r, rest);
    const sh = shC(r, countsOf(kept), r.need);
    return { a, rest, kept, clean: kept.length === rest.length, sh, kd: kindOf(a.tile)! };
  });
  const minSh = Math.min(...cands.map((x) => x.sh));
  const wall = r.k.table.wallCount;
  // defence: fold against a seat that looks ready when this hand is far from ready
  const fold = TUNE.defend > 0 && ((r.threat >= 0.75 && minSh >= 2) || (r.threat >= 0.9 && minSh >= 1) || (r.threatV >= 2.5 && minSh >= 2));
  const far = TUNE.loserAlways > 0 || (minSh >= 2 && wall < 30);
  let best = cands[0]!;
  let bestKey = -Infinity;
  for (const x of cands) {
    if (x.sh > minSh && !fold) continue;
    // speed first, as the reference AI: fewest tiles away, then the live tiles that improve the rest
    let key = -x.sh * 1000 - keepValue(r, x.a.tile);
    // ready: what the wait is worth (live winning tiles × their scores; a plain win ≈ 9 per tile)
    if (minSh === 0 && x.clean) key += x.sh === 0 ? (8 * readyValue(r, x.rest)) / 75 : 0;
    // one from ready: the live tiles that make it ready, each weighted by the worth of the wait it would leave
    else if (minSh === 1 && x.sh === 1 && x.clean) key += readyWaits2(r, x.rest) * 1.3;
    else if (minSh <= 2 || TUNE.ukeAll > 0) key += liveImprovers(r, x.kept, x.sh) * 8;
    // values doubles: a scoring honour pair or pung and a one-suit hand are worth keeping
    key += handValue(r, x.rest) * TUNE.hvW;
    // losers settle: a hand that will not win keeps what it would score as a loser
    if (far) key += loserScore(r, x.rest) * TUNE.loserW;
    key -= TUNE.defend * r.danger[x.kd]! * (fold ? 3000 : minSh === 0 ? 20 : 40);
    if (key > bestKey) {
      bestKey = key;
      best = x;
    }
  }
  const call = discards.find((a) => a.call && a.tile === best.a.tile);
  return call ?? best.a;
}

/** Shanten after a claim that uses `used` and then discards the best tile, and that discard's live improvers. */
function afterClaim(r: Read, used: readonly TileCode[]): { sh: number; live: number } {
  let rest = r.hand.slice();
  for (const t of used) rest = removeOne(rest, t);
  let best = { sh: 99, live: -1 };
  for (const d of new Set(rest)) {
    const left = keptOf(r, removeOne(rest, d));
    const sh = shC(r, countsOf(left), r.need - 1);
    if (sh > best.sh) continue;
    const live = sh <= 2 ? improversFor(r, left, sh, r.need - 1) : 0;
    if (sh < best.sh || live > best.live) best = { sh, live };
  }
  return best;
}

/** Live improvers of a 13-tile hand needing `need` sets. */
function improversFor(r: Read, rest: readonly TileCode[], sh: number, need: number): number {
  const c = countsOf(rest);
  let n = 0;
  for (let kd = 0; kd < 34; kd++) {
    const live = r.unseen[kd]!;
    if (live === 0 || (r.allowed && !r.allowed[kd])) continue;
    c[kd]!++;
    if (shC(r, c, need) < sh) n += live;
    c[kd]!--;
  }
  return n;
}

/** The claimed tile is off the suit a one-suit hand plays (or off its plan's tiles). */
const offSuit = (r: Read, kd: Kind): boolean =>
  (r.flushSuit !== null && kd < 27 && Math.floor(kd / 9) !== r.flushSuit) || (r.allowed !== null && !r.allowed[kd]);

/**
 * Why `strong` passes on this claim for its plan, for the hint's words: `one-suit` (the tile is off
 * the suit it plays), `pungs` (a chow would spoil its all-pung hand), null for any other reason.
 */
export function planOfPass(k: StrongKnowledge): 'one-suit' | 'pungs' | null {
  const tile = k.table.claimable?.tile;
  if (k.decision.kind !== 'claim' || !tile) return null;
  const r = read(k);
  if (offSuit(r, kindOf(tile)!)) return 'one-suit';
  return r.pungs && k.decision.options.some((a) => a.type === 'chow') ? 'pungs' : null;
}

/**
 * The plan `strong` plays for now, for the hint's words on a call: `one-suit` (it keeps one suit,
 * and honours or not), `pungs` (no chow), null when it plays for speed alone.
 */
export function planOf(k: StrongKnowledge): 'one-suit' | 'pungs' | null {
  const r = read(k);
  return r.allowed ? 'one-suit' : r.pungs ? 'pungs' : null;
}

/**
 * How dangerous `strong` judges throwing `tile` now (0 = safe; it grows with how ready the other
 * seats look and what their exposed sets promise), for the hint's words on a discard.
 */
export function discardDanger(k: StrongKnowledge, tile: TileCode): number {
  return read(k).danger[kindOf(tile)!]!;
}

function chooseClaim(r: Read, options: Action[]): Action {
  const tile = r.k.table.claimable?.tile;
  if (!tile) return { type: 'pass' };
  const kd = kindOf(tile)!;
  const now = shC(r, countsOf(keptOf(r, r.hand)), r.need);
  const off = offSuit(r, kd);
  const kong = options.find((a) => a.type === 'kong');
  if (kong && !off) return kong;
  // The last discard (`last-discard-claims = all`, §6): with the wall empty a pung or chow draws
  // nothing and can never win; its forced discard only offers the others one more last discard to
  // win on (+1 double, §9). A kong still brings a loose tile.
  if (r.k.table.wallCount === 0) return { type: 'pass' };
  const nowLive = now <= 1 ? improversFor(r, keptOf(r, r.hand), now, r.need) : 0;
  const pung = options.find((a) => a.type === 'pung');
  if (pung && !off) {
    const after = afterClaim(r, [tile, tile]);
    if (after.sh < now || (after.sh === now && r.scoring(kd))) return pung;
    // keeps the distance but waits on clearly more live tiles
    if (after.sh === now && now <= 1 && after.live > nowLive * 1.5 + 2) return pung;
  }
  if (off || r.pungs) return { type: 'pass' };
  // a chow when it brings the hand closer, or keeps the distance with clearly more live tiles
  let bestChow: Action | null = null;
  let bestScore = 0;
  for (const a of options) {
    if (a.type !== 'chow') continue;
    const after = afterClaim(r, removeOne(a.tiles, tile));
    const score = after.sh < now ? 1000 + after.live : after.sh === now && now <= 1 && after.live > nowLive * 1.5 + 2 ? after.live : 0;
    if (score > bestScore) {
      bestScore = score;
      bestChow = a;
    }
  }
  return bestChow ?? { type: 'pass' };
}

/** The strong policy: one of `k.decision.options`, from the seat's knowledge only. */
export function strongPolicy(k: StrongKnowledge): Action {
  const opts = k.decision.options;
  const find = (type: Action['type']) => opts.find((a) => a.type === type);
  const mj = find('mahjong');
  if (mj) return mj;
  const r = read(k);
  if (k.decision.kind === 'claim') return opts.some((a) => a.type !== 'pass') ? chooseClaim(r, opts) : { type: 'pass' };
  const opening = find('opening-kong');
  if (opening) return opening;
  if (opts.some((a) => a.type === 'pass')) return { type: 'pass' };
  const ck = opts.find((a): a is Extract<Action, { type: 'concealed-kong' }> => a.type === 'concealed-kong');
  if (ck && !(r.threat >= 0.9)) return ck;
  const ak = opts.find((a): a is Extract<Action, { type: 'added-kong' }> => a.type === 'added-kong');
  if (ak && r.danger[kindOf(ak.tile)!]! < 0.5) return ak;
  return chooseDiscard(r, opts);
}
