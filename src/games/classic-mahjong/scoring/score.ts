/**
 * Scoring of one player's hand (classic-mahjong.md §8–§9), winner or loser. The default preset
 * reproduces Kajongg 22.12 "Classical Chinese DMJL" (`src/hand.py`, `src/rulecode.py`): every
 * arrangement of the concealed tiles is scored and the best one kept (§8.1), as Kajongg does.
 */
import { standardDecompositions, type Group } from '../../mahjong/decompose.js';
import { type Counts, type Kind, isDragon, isMajor, KIND_COUNT } from '../../mahjong/tiles.js';
import type { Options } from '../options.js';
import { BASE_ITEMS, deriveItems, type ItemTable } from './items.js';
import { kajonggSuitArrangement } from './arrange.js';
import { callingKinds, isNineGates, isThirteenOrphans, type ShortHand } from './waits.js';
import {
  BONUS_DOUBLES,
  HAND_DOUBLES,
  LIMIT_HANDS,
  WINNER_ITEMS,
  isOwnWind,
  isPungKong,
  isRoundWind,
  meldLen,
  type Ctx,
  type Meld,
} from './predicates.js';

export type WinSource = 'wall' | 'loose-tile' | 'last-wall-tile' | 'discard' | 'last-discard' | 'robbed-kong' | 'heaven' | 'earth';

export interface DeclaredMeld {
  type: 'chow' | 'pung' | 'kong';
  /** Lowest kind of the set. */
  kind: Kind;
  /** Exposed set; a concealed kong has `exposed: false`. */
  exposed: boolean;
  /** A kong claimed from a discard (大明槓, §7). */
  claimed?: boolean;
}

/** The facts the scorer needs for one player (§9.7). */
export interface HandFacts {
  seatWind: number;
  roundWind: number;
  concealed: Counts;
  melds: DeclaredMeld[];
  /** Bonus tile codes `1f`–`8f`. */
  bonus: string[];
  won: boolean;
  winningTile?: Kind;
  source?: WinSource;
  originalCall?: boolean;
  kongUponKong?: boolean;
  eastStreak?: boolean;
  /** Tile kinds visible on the table (for `only-possible-excludes-visible`). */
  visible?: Counts;
}

export interface FiredItem {
  id: string;
  unit: 'points' | 'doubles' | 'limit';
  value: number;
  detail?: string;
}

export interface HandScore {
  points: number;
  doubles: number;
  limit: boolean;
  total: number;
  items: FiredItem[];
}

export type ScoreOutcome = ({ valid: true } & HandScore) | { valid: false; reason: string };

function meldDetail(m: Meld): string {
  const n = meldLen(m);
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = m.type === 'chow' ? m.kind + i : m.kind;
    codes.push(k >= 27 ? `${k - 26}z` : `${(k % 9) + 1}${'mps'[Math.floor(k / 9)]}`);
  }
  const s = codes.join('');
  return m.exposed ? `[${s}]` : m.type === 'kong' ? `{${s}}` : s;
}

/** Resolved scoring parameters derived from the options (§9.6). */
export interface ScoringRules {
  items: ItemTable;
  limit: number;
  roofOff: boolean;
  quirks: boolean;
  claimedKongConcealed: boolean;
  threeScholarsNoChow: boolean;
  hiddenTreasureSelfDrawn: boolean;
  onlyPossibleExcludesVisible: boolean;
  rounding: 'none' | 'nearest-10';
}

export function scoringRules(o: Options): ScoringRules {
  return {
    items: deriveItems(BASE_ITEMS, { mahjong: o['mahjong-points'] }),
    limit: o.limit,
    roofOff: o['roof-off'],
    quirks: o['kajongg-quirks'],
    claimedKongConcealed: o['claimed-kong-concealed'],
    threeScholarsNoChow: o['three-scholars-no-chow'],
    hiddenTreasureSelfDrawn: o['hidden-treasure-self-drawn'],
    onlyPossibleExcludesVisible: o['only-possible-excludes-visible'],
    rounding: o.rounding,
  };
}

const SELF_DRAWN: ReadonlySet<WinSource> = new Set(['wall', 'loose-tile', 'last-wall-tile']);
const DISCARD_LIKE: ReadonlySet<WinSource> = new Set(['discard', 'last-discard', 'robbed-kong', 'earth']);

function item(r: ScoringRules, id: string, detail?: string): FiredItem {
  const d = r.items.get(id);
  if (!d) throw new Error(`unknown scoring item ${id}`);
  return detail === undefined ? { id, unit: d.unit, value: d.value } : { id, unit: d.unit, value: d.value, detail };
}

/** §9.2/§9.4 meld items (Kajongg meldRules). */
function meldItems(m: Meld, c: Ctx): FiredItem[] {
  const out: FiredItem[] = [];
  const r = c.r;
  const det = meldDetail(m);
  if (isPungKong(m)) {
    const major = isMajor(m.kind);
    const kind = `${m.type}-${m.exposed ? 'exposed' : 'concealed'}-${major ? 'major' : 'simple'}`;
    out.push(item(r, kind, det));
    if (isDragon(m.kind)) out.push(item(r, 'pung-dragons', det));
    if (isOwnWind(m.kind, c)) out.push(item(r, 'pung-own-wind', det));
    if (isRoundWind(m.kind, c)) out.push(item(r, 'pung-round-wind', det));
  } else if (m.type === 'pair') {
    if (isDragon(m.kind)) out.push(item(r, 'pair-dragons', det));
    if (isOwnWind(m.kind, c)) out.push(item(r, 'pair-own-wind', det));
    if (isRoundWind(m.kind, c)) out.push(item(r, 'pair-round-wind', det));
  }
  return out;
}

/** The items of a table whose predicates hold. */
const fired = (c: Ctx, table: readonly (readonly [string, (c: Ctx) => boolean])[]): FiredItem[] =>
  table.filter(([, when]) => when(c)).map(([id]) => item(c.r, id));

/** §9.2 points per bonus tile and §9.4 bonus doubles. */
function bonusItems(c: Ctx): FiredItem[] {
  const perTile = c.f.bonus.map((b) => item(c.r, Number(b.replace('f', '')) <= 4 ? 'flower' : 'season', b));
  return [...perTile, ...fired(c, BONUS_DOUBLES)];
}

/** §8.3 limit hands, then §9.3/§9.5 winner items (Kajongg winnerRules): a single limit item if any holds. */
function winnerItems(c: Ctx, specialLimit: string | null): FiredItem[] {
  const limit = specialLimit ?? LIMIT_HANDS.find(([, when]) => when(c))?.[0];
  if (limit) return [item(c.r, limit)];
  return fired(c, WINNER_ITEMS);
}

/**
 * §9.1: points × 2^doubles, capped by the limit. `rounding=nearest-10` rounds before the cap, so a
 * limit that is not a multiple of 10 is never exceeded (§13 allows any limit from 300 to 5000).
 */
function total(r: ScoringRules, points: number, doubles: number, limit: boolean): number {
  if (limit) return r.limit;
  let t = Math.trunc(points * 2 ** doubles);
  if (r.rounding === 'nearest-10') t = Math.round(t / 10) * 10;
  if (t && !r.roofOff) t = Math.min(t, r.limit);
  return t;
}

function evaluate(c: Ctx, specialLimit: string | null): HandScore {
  const items: FiredItem[] = [];
  for (const m of c.melds) items.push(...meldItems(m, c));
  items.push(...bonusItems(c));
  items.push(...fired(c, HAND_DOUBLES));
  if (c.f.won) {
    const w = winnerItems(c, specialLimit);
    if (w.length === 1 && w[0]!.unit === 'limit') return { points: 0, doubles: 0, limit: true, total: c.r.limit, items: w };
    items.push(...w);
  }
  const points = items.filter((i) => i.unit === 'points').reduce((a, i) => a + i.value, 0);
  const doubles = items.filter((i) => i.unit === 'doubles').reduce((a, i) => a + i.value, 0);
  return { points, doubles, limit: false, total: total(c.r, points, doubles, false), items };
}

function declaredToMeld(d: DeclaredMeld): Meld {
  return { type: d.type, kind: d.kind, exposed: d.exposed, claimedKong: d.type === 'kong' && !!d.claimed };
}

function allCounts(f: HandFacts): Counts {
  const c = f.concealed.slice();
  for (const m of f.melds) {
    if (m.type === 'chow') for (let i = 0; i < 3; i++) c[m.kind + i]!++;
    else c[m.kind]! += m.type === 'kong' ? 4 : 3;
  }
  return c;
}

/**
 * Kajongg's arrangement of a hand that is not a win (a loser, or the "short hand" of the only
 * possible tile): honours as one group per kind (4 = pung + single), suited tiles with as many
 * pungs as possible; the leftovers never score. Returns the melds and Kajongg's meld count.
 */
function loserMelds(concealed: Counts): { melds: Meld[]; count: number } {
  const melds: Meld[] = [];
  let count = 0;
  for (let k = 27; k < KIND_COUNT; k++) {
    const n = concealed[k]!;
    if (n === 0) continue;
    if (n === 4) melds.push({ type: 'single', kind: k, exposed: false, claimedKong: false });
    const m = n === 4 ? 3 : n;
    melds.push({ type: m === 1 ? 'single' : m === 2 ? 'pair' : 'pung', kind: k, exposed: false, claimedKong: false });
  }
  count += melds.length;
  for (const base of [0, 9, 18]) {
    const rest = concealed.slice(base, base + 9);
    for (let i = 0; i < 9; i++)
      if (rest[i]! >= 3) {
        melds.push({ type: 'pung', kind: base + i, exposed: false, claimedKong: false });
        rest[i]! -= 3;
        count++;
      }
    count += minGroups(rest);
  }
  return { melds, count };
}

/** Fewest chows/pairs/singles covering the counts of one suit (an estimate of Kajongg's meld count). */
function minGroups(v: number[]): number {
  let i = 0;
  while (i < 9 && v[i] === 0) i++;
  if (i === 9) return 0;
  let best = Infinity;
  if (i <= 6 && v[i + 1]! > 0 && v[i + 2]! > 0) {
    v[i]!--;
    v[i + 1]!--;
    v[i + 2]!--;
    best = Math.min(best, 1 + minGroups(v));
    v[i]!++;
    v[i + 1]!++;
    v[i + 2]!++;
  }
  if (v[i]! >= 2) {
    v[i]! -= 2;
    best = Math.min(best, 1 + minGroups(v));
    v[i]! += 2;
  }
  v[i]!--;
  best = Math.min(best, 1 + minGroups(v));
  v[i]!++;
  return best;
}

function countsTotal(c: Counts): number {
  return c.reduce((a, b) => a + b, 0);
}

function groupToMeld(g: Group): Meld {
  return { type: g.type, kind: g.kind, exposed: false, claimedKong: false };
}

const contains = (m: Meld, t: Kind): boolean => (m.type === 'chow' ? t >= m.kind && t <= m.kind + 2 : m.kind === t);

/** Validates tile counts: 13 (+1 per kong) for a loser, 14 (+1 per kong) for a winner. */
function checkCounts(f: HandFacts): string | null {
  const all = allCounts(f);
  if (all.some((n) => n > 4)) return 'more than four tiles of one kind';
  const kongs = f.melds.filter((m) => m.type === 'kong').length;
  const want = 13 + kongs + (f.won ? 1 : 0);
  const have = countsTotal(all);
  if (have !== want) return `the hand has ${have} tiles; it needs ${want} (13, plus one per kong${f.won ? ', plus the winning tile' : ''})`;
  if (f.melds.length > 4) return 'more than four declared sets';
  const nums = f.bonus.map((b) => /^([1-8])f$/.exec(b)?.[1]);
  if (nums.some((n) => n === undefined)) return 'bonus tiles must be 1f–8f';
  if (new Set(f.bonus).size !== f.bonus.length) return 'a bonus tile appears twice';
  if (f.won) {
    if (f.winningTile === undefined && f.source !== 'heaven') return 'a winning hand needs its winning tile';
    if (f.winningTile !== undefined && f.concealed[f.winningTile] === 0) return 'the winning tile is not among the concealed tiles';
    if (f.source === undefined) return 'a winning hand needs winBy';
  }
  return null;
}

/** Score one player's hand. Never throws for bad facts: returns `{ valid: false, reason }`. */
export function scoreHand(f: HandFacts, r: ScoringRules): ScoreOutcome {
  const bad = checkCounts(f);
  if (bad) return { valid: false, reason: bad };
  if (!f.won || f.source === undefined) return { valid: true, ...scoreLoser(f, r) };
  const win = winContext(f, r, f.source);
  const special = scoreSpecialShape(win);
  if (special) return { valid: true, ...special };
  const best = bestArrangement(win);
  return best ? { valid: true, ...best } : { valid: false, reason: 'the tiles do not form four sets and a pair (or a special hand)' };
}

/** A loser's hand in Kajongg's arrangement (§8.1: the losers' tiles are arranged too). */
function scoreLoser(f: HandFacts, r: ScoringRules): HandScore {
  const melds = [...f.melds.map(declaredToMeld), ...loserMelds(f.concealed).melds];
  return evaluate({ f, r, melds, all: allCounts(f), lastTile: null, lastConcealed: false, lastMeld: null, onlyPossible: false }, null);
}

/** What every arrangement of one winning hand shares. */
interface WinContext {
  f: HandFacts;
  r: ScoringRules;
  declared: Meld[];
  all: Counts;
  lastTile: Kind | null;
  /** The winning tile was self-drawn: the set it completes stays concealed. */
  lastConcealed: boolean;
  /** The winning tile was claimed (a discard or a robbed kong): the set it completes is exposed. */
  discardLike: boolean;
  ctx: (melds: Meld[], lastMeld: Meld | null, onlyPossible: boolean) => Ctx;
}

function winContext(f: HandFacts, r: ScoringRules, src: WinSource): WinContext {
  const all = allCounts(f);
  const lastTile = src === 'heaven' ? null : (f.winningTile ?? null);
  const lastConcealed = SELF_DRAWN.has(src);
  return {
    f,
    r,
    declared: f.melds.map(declaredToMeld),
    all,
    lastTile,
    lastConcealed,
    discardLike: DISCARD_LIKE.has(src),
    ctx: (melds, lastMeld, onlyPossible) => ({ f, r, melds, all, lastTile, lastConcealed, lastMeld, onlyPossible }),
  };
}

/**
 * Special shapes (§8.3): Thirteen Orphans; Nine Gates (with kajongg-quirks only when nothing, not
 * even the winning set, is exposed: a discard exposes it, §15 Q9b). Null for a standard hand.
 */
function scoreSpecialShape(w: WinContext): HandScore | null {
  const { f, r } = w;
  if (f.melds.length === 0 && isThirteenOrphans(w.all)) return evaluate(w.ctx([], null, false), 'thirteen-orphans');
  if (isNineGates(f.concealed, f.melds.length, w.lastTile, r.quirks) && !(r.quirks && w.discardLike))
    return evaluate(w.ctx([], null, false), 'nine-gates');
  return null;
}

/**
 * §8.1: every arrangement of the concealed tiles, and every choice of the set the winning tile
 * completes, is scored; the best is kept. Null when the tiles form no standard hand.
 */
function bestArrangement(w: WinContext): HandScore | null {
  const { f, r, lastTile } = w;
  const decs = standardDecompositions(f.concealed);
  if (decs.length === 0) return null;
  const onlyPossible = lastTile !== null && computeOnlyPossible(f, r, lastTile);
  const special = isSquirmingSnake(f, w.all, r.quirks) ? 'squirming-snake' : null;
  let best: HandScore | null = null;
  for (const dec of decs) {
    const arranged = dec.map(groupToMeld);
    // the best last set of one arrangement: on a tie Kajongg keeps the higher points (fishing)
    let bestHere: HandScore | null = null;
    for (const ch of lastSetChoices(arranged, lastTile)) {
      const ms = arranged.map((m, i) => (i === ch && w.discardLike ? { ...m, exposed: true } : m));
      const s = evaluate(w.ctx([...w.declared, ...ms], ch === null ? null : ms[ch]!, onlyPossible), special);
      if (!bestHere || s.total > bestHere.total || (s.total === bestHere.total && s.points > bestHere.points)) bestHere = s;
    }
    if (bestHere && betterArrangement(r, bestHere, best)) best = bestHere;
  }
  return best;
}

/** Indexes of the distinct sets of an arrangement that hold the winning tile (null: no winning tile). */
function lastSetChoices(arranged: Meld[], lastTile: Kind | null): (number | null)[] {
  if (lastTile === null) return [null];
  const out: number[] = [];
  arranged.forEach((m, i) => {
    if (contains(m, lastTile) && !arranged.slice(0, i).some((p) => p.type === m.type && p.kind === m.kind)) out.push(i);
  });
  return out;
}

/**
 * Ties: Kajongg keeps the first arrangement in its own order; at a capped total that is a limit
 * hand if there is one, else the one with fewer points (measured on the differential corpus).
 */
function betterArrangement(r: ScoringRules, a: HandScore, b: HandScore | null): boolean {
  if (!b || a.total > b.total) return true;
  if (a.total < b.total) return false;
  if (a.total >= r.limit && !r.roofOff) return a.limit !== b.limit ? a.limit : a.points < b.points;
  return a.points > b.points;
}

function isSquirmingSnake(f: HandFacts, all: Counts, quirks: boolean): boolean {
  const base = [0, 9, 18].find((b) => all.slice(b, b + 9).reduce((a, x) => a + x, 0) === countsTotal(all));
  if (base === undefined) return false;
  const v = (i: number): number => all[base + i - 1]!;
  if (quirks) {
    // Kajongg's DMJL test on tile values (a kong of 1s or 9s makes it fail, §15 Q9c).
    if (v(1) < 3 || v(9) < 3) return false;
    const pairs = [2, 5, 8].filter((x) => v(x) === 2);
    if (pairs.length !== 1) return false;
    let distinct = 0;
    for (let i = 1; i <= 9; i++) if (v(i)) distinct++;
    return distinct === countsTotal(all) - 5;
  }
  if (v(1) < 3 || v(9) < 3) return false;
  const p = [2, 5, 8].find((x) => v(x) === 2);
  if (p === undefined) return false;
  for (let i = 2; i <= 8; i++) if (v(i) !== (i === p ? 2 : 1)) return false;
  return true;
}

function computeOnlyPossible(f: HandFacts, r: ScoringRules, lastTile: Kind): boolean {
  const concealed = f.concealed.slice();
  concealed[lastTile]!--;
  const sh: ShortHand = {
    concealed,
    declared: f.melds.map((m) => ({ type: m.type, kind: m.kind })),
    meldCount: kajonggMeldCount(f, r, concealed),
  };
  const vis = r.onlyPossibleExcludesVisible ? f.visible : undefined;
  const excluded = vis ? (k: Kind) => vis[k]! >= 4 : undefined;
  return callingKinds(sh, r.quirks, excluded).length === 1;
}

/** Number of groups in Kajongg's arrangement of the short hand (its wait heuristic stops above 7). */
function kajonggMeldCount(f: HandFacts, r: ScoringRules, concealed: Counts): number {
  const honours = loserMelds(concealed.map((n, k) => (k >= 27 ? n : 0))).melds;
  const declared = f.melds.map(declaredToMeld);
  const all = allCounts({ ...f, concealed });
  const loser: HandFacts = { ...f, won: false, concealed };
  const suit = kajonggSuitArrangement(concealed, (pungs) => {
    const melds = [...declared, ...honours, ...pungs.map((k): Meld => ({ type: 'pung', kind: k, exposed: false, claimedKong: false }))];
    return evaluate({ f: loser, r, melds, all, lastTile: null, lastConcealed: false, lastMeld: null, onlyPossible: false }, null).total;
  });
  return f.melds.length + honours.length + suit.length;
}
