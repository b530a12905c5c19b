/**
 * Scoring of one player's hand (classic-mahjong.md §8–§9), winner or loser. The default preset
 * reproduces Kajongg 22.12 "Classical Chinese DMJL" (`src/hand.py`, `src/rulecode.py`): every
 * arrangement of the concealed tiles is scored and the best one kept (§8.1), as Kajongg does.
 */
import { standardDecompositions, type Group } from '../../mahjong/decompose.js';
import { type Counts, type Kind, isDragon, isHonor, isMajor, isTerminal, isWind, KIND_COUNT } from '../../mahjong/tiles.js';
import type { Options } from '../options.js';
import { BASE_ITEMS, deriveItems, type ItemTable } from './items.js';
import { kajonggSuitArrangement } from './arrange.js';
import { callingKinds, isNineGates, isThirteenOrphans, type ShortHand } from './waits.js';

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

interface Meld {
  type: 'single' | 'pair' | 'chow' | 'pung' | 'kong';
  kind: Kind;
  exposed: boolean;
  claimedKong: boolean;
}

const meldLen = (m: Meld): number => ({ single: 1, pair: 2, chow: 3, pung: 3, kong: 4 })[m.type];
const isPungKong = (m: Meld): boolean => m.type === 'pung' || m.type === 'kong';

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

interface Ctx {
  f: HandFacts;
  r: ScoringRules;
  melds: Meld[];
  /** All tiles of the hand (declared and concealed). */
  all: Counts;
  lastTile: Kind | null;
  lastConcealed: boolean;
  lastMeld: Meld | null;
  onlyPossible: boolean;
}

function item(r: ScoringRules, id: string, detail?: string): FiredItem {
  const d = r.items.get(id);
  if (!d) throw new Error(`unknown scoring item ${id}`);
  return detail === undefined ? { id, unit: d.unit, value: d.value } : { id, unit: d.unit, value: d.value, detail };
}

const countedConcealed = (m: Meld, r: ScoringRules): boolean => !m.exposed || (m.claimedKong && r.claimedKongConcealed);

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
    if (isWind(m.kind) && m.kind - 27 === c.f.seatWind) out.push(item(r, 'pung-own-wind', det));
    if (isWind(m.kind) && m.kind - 27 === c.f.roundWind) out.push(item(r, 'pung-round-wind', det));
  } else if (m.type === 'pair') {
    if (isDragon(m.kind)) out.push(item(r, 'pair-dragons', det));
    if (isWind(m.kind) && m.kind - 27 === c.f.seatWind) out.push(item(r, 'pair-own-wind', det));
    if (isWind(m.kind) && m.kind - 27 === c.f.roundWind) out.push(item(r, 'pair-round-wind', det));
  }
  return out;
}

function bonusItems(c: Ctx): FiredItem[] {
  const out: FiredItem[] = [];
  const nums = c.f.bonus.map((b) => Number(b.replace('f', '')));
  for (const b of c.f.bonus) out.push(item(c.r, Number(b.replace('f', '')) <= 4 ? 'flower' : 'season', b));
  const own = nums.filter((n) => (n - 1) % 4 === c.f.seatWind).length;
  if (own === 2) out.push(item(c.r, 'own-flower-own-season'));
  if (nums.filter((n) => n <= 4).length === 4) out.push(item(c.r, 'all-flowers'));
  if (nums.filter((n) => n > 4).length === 4) out.push(item(c.r, 'all-seasons'));
  return out;
}

/** §9.4 hand doubles for every hand (Kajongg handRules). */
function handItems(c: Ctx): FiredItem[] {
  const out: FiredItem[] = [];
  const ms = c.melds;
  if (ms.filter((m) => isPungKong(m) && countedConcealed(m, c.r)).length >= 3) out.push(item(c.r, 'three-concealed-pungs'));
  const dragonLens = ms
    .filter((m) => isDragon(m.kind))
    .map((m) => Math.min(meldLen(m), 3))
    .sort();
  if (dragonLens.join() === '2,3,3') out.push(item(c.r, 'little-three-dragons'));
  if (ms.filter((m) => isDragon(m.kind) && isPungKong(m)).length === 3) out.push(item(c.r, 'big-three-dragons'));
  const windLens = ms
    .filter((m) => isWind(m.kind))
    .map((m) => Math.min(meldLen(m), 3))
    .sort();
  if (windLens.join() === '2,3,3,3') out.push(item(c.r, 'little-four-winds'));
  if (ms.filter((m) => isWind(m.kind) && isPungKong(m)).length === 4) out.push(item(c.r, 'big-four-winds'));
  return out;
}

/** Groups of all tiles as Kajongg sees them: 'b','c','s' colours, 'w' winds, 'd' dragons. */
function groupsOf(all: Counts): Set<string> {
  const g = new Set<string>();
  all.forEach((n, k) => {
    if (n) g.add(k < 27 ? 'mps'[Math.floor(k / 9)]! : k < 31 ? 'w' : 'd');
  });
  return g;
}

const GREEN: ReadonlySet<Kind> = new Set([19, 20, 21, 23, 25, 32]);

/** Limit hands and §9.3/§9.5 winner items (Kajongg winnerRules). Returns a single limit item if any fires. */
function winnerItems(c: Ctx, meldFired: boolean, specialLimit: string | null): FiredItem[] {
  const r = c.r;
  const f = c.f;
  const ms = c.melds;
  const src = f.source!;
  const limits: string[] = [];
  if (specialLimit) limits.push(specialLimit);
  const kinds = c.all.map((n, k) => (n ? k : -1)).filter((k) => k >= 0);
  const groups = groupsOf(c.all);
  const colours = [...groups].filter((g) => g === 'm' || g === 'p' || g === 's');
  const hasHonours = groups.has('w') || groups.has('d');
  const anyExposed = ms.some((m) => m.exposed && !(m.claimedKong && r.claimedKongConcealed));
  const hasChow = ms.some((m) => m.type === 'chow');
  const bigDragons = ms.filter((m) => isDragon(m.kind) && isPungKong(m)).length === 3;
  const tileCount = c.all.reduce((a, b) => a + b, 0);
  // §8.3 limit hands
  if (src === 'heaven' || src === 'earth') limits.push(f.seatWind === 0 ? 'heaven' : 'earth');
  if (f.kongUponKong) limits.push('kong-upon-kong');
  if (f.eastStreak) limits.push('east-streak');
  if (colours.length === 1 && !hasHonours && !anyExposed) limits.push('concealed-one-suit');
  if (kinds.every(isHonor)) limits.push('all-honours');
  const treasureExposed = ms.some(
    (m) =>
      (m.exposed && !(m.claimedKong && r.claimedKongConcealed) && !(m.type === 'pair' && !r.hiddenTreasureSelfDrawn)) || m.type === 'chow',
  );
  if (!treasureExposed && ((c.lastTile !== null && c.lastConcealed) || !r.hiddenTreasureSelfDrawn) && ms.length === 5)
    limits.push('hidden-treasure');
  if (kinds.every(isTerminal)) limits.push('heads-and-tails');
  if (tileCount === 18) limits.push('fourfold-plenty');
  if (bigDragons && !(r.threeScholarsNoChow && hasChow)) limits.push('three-great-scholars');
  if (ms.filter((m) => isWind(m.kind) && isPungKong(m)).length === 4) limits.push('four-blessings');
  const green = kinds.every((k) => GREEN.has(k));
  // kajongg-quirks (§15 Q9a): Kajongg tests a strict subset of the six green kinds.
  if (green && (!r.quirks || kinds.length < GREEN.size)) limits.push('imperial-jade');
  if (src === 'loose-tile' && c.lastTile === 13) limits.push('plum-blossom');
  if (src === 'last-wall-tile' && c.lastTile === 9) limits.push('plucking-moon');
  if (src === 'robbed-kong' && c.lastTile === 19) limits.push('scratching-pole');
  if (limits.length) return [item(r, limits[0]!)];

  const out: FiredItem[] = [item(r, 'mahjong')];
  if (c.lastMeld && c.lastMeld.type === 'pair' && c.lastTile !== null)
    out.push(item(r, isMajor(c.lastTile) ? 'fishing-eyes-major' : 'fishing-eyes-simple'));
  if (c.onlyPossible) out.push(item(r, 'only-possible'));
  if (c.lastTile !== null && c.lastConcealed) out.push(item(r, 'last-tile-from-wall'));
  if (!meldFired) out.push(item(r, 'zero-point-hand'));
  if (!hasChow) out.push(item(r, 'no-chow'));
  if (!anyExposed) out.push(item(r, 'concealed-hand'));
  if (hasHonours && colours.length === 1) out.push(item(r, 'one-suit-with-honours'));
  if (colours.length === 1 && !hasHonours) out.push(item(r, 'one-suit'));
  if (kinds.every(isMajor)) out.push(item(r, 'only-majors'));
  if (src === 'loose-tile') out.push(item(r, 'loose-tile'));
  if (src === 'last-wall-tile') out.push(item(r, 'last-wall-tile'));
  if (src === 'last-discard') out.push(item(r, 'last-discard'));
  if (src === 'robbed-kong') out.push(item(r, 'robbing-kong'));
  if (f.originalCall && ms.filter((m) => m.exposed).length < 3) out.push(item(r, 'original-call'));
  return out;
}

function total(r: ScoringRules, points: number, doubles: number, limit: boolean): number {
  if (limit) return r.limit;
  let t = Math.trunc(points * 2 ** doubles);
  if (t && !r.roofOff) t = Math.min(t, r.limit);
  if (r.rounding === 'nearest-10') t = Math.round(t / 10) * 10;
  return t;
}

function evaluate(c: Ctx, specialLimit: string | null): HandScore {
  const items: FiredItem[] = [];
  let meldFired = false;
  for (const m of c.melds) {
    const mi = meldItems(m, c);
    if (mi.length && meldLen(m) > 1) meldFired = true;
    items.push(...mi);
  }
  items.push(...bonusItems(c));
  items.push(...handItems(c));
  if (c.f.won) {
    const w = winnerItems(c, meldFired, specialLimit);
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
  const declared = f.melds.map(declaredToMeld);
  const all = allCounts(f);
  if (!f.won) {
    const lm = loserMelds(f.concealed);
    const c: Ctx = {
      f,
      r,
      melds: [...declared, ...lm.melds],
      all,
      lastTile: null,
      lastConcealed: false,
      lastMeld: null,
      onlyPossible: false,
    };
    return { valid: true, ...evaluate(c, null) };
  }
  const src = f.source!;
  const lastTile = src === 'heaven' ? null : (f.winningTile ?? null);
  const lastConcealed = SELF_DRAWN.has(src);
  const discardLike = DISCARD_LIKE.has(src);
  const base = (melds: Meld[], lastMeld: Meld | null, onlyPossible: boolean): Ctx => ({
    f,
    r,
    melds,
    all,
    lastTile,
    lastConcealed,
    lastMeld,
    onlyPossible,
  });
  // Special shapes (§8.3): Thirteen Orphans; Nine Gates (with kajongg-quirks only when nothing,
  // not even the winning set, is exposed: a discard exposes it, §15 Q9b).
  if (f.melds.length === 0 && isThirteenOrphans(all)) {
    return { valid: true, ...evaluate(base([], null, false), 'thirteen-orphans') };
  }
  if (isNineGates(f.concealed, f.melds.length, lastTile, r.quirks) && !(r.quirks && discardLike)) {
    return { valid: true, ...evaluate(base([], null, false), 'nine-gates') };
  }
  const decs = standardDecompositions(f.concealed);
  if (decs.length === 0) return { valid: false, reason: 'the tiles do not form four sets and a pair (or a special hand)' };
  const onlyPossible = lastTile !== null && computeOnlyPossible(f, r, lastTile);
  const snake = isSquirmingSnake(f, all, r.quirks);
  const special = snake ? 'squirming-snake' : null;
  // Ties: Kajongg keeps the first arrangement in its own order; at a capped total that is a limit
  // hand if there is one, else the one with fewer points (measured on the differential corpus).
  const better = (a: HandScore, b: HandScore | null): boolean => {
    if (!b || a.total > b.total) return true;
    if (a.total < b.total) return false;
    if (a.total >= r.limit && !r.roofOff) return a.limit !== b.limit ? a.limit : a.points < b.points;
    return a.points > b.points;
  };
  let best: HandScore | null = null;
  for (const dec of decs) {
    const arranged = dec.map(groupToMeld);
    // choices of the set completed by the winning tile
    const choices: (number | null)[] = [];
    if (lastTile === null) choices.push(null);
    else
      arranged.forEach((m, i) => {
        if (contains(m, lastTile) && !arranged.slice(0, i).some((p) => p.type === m.type && p.kind === m.kind)) choices.push(i);
      });
    // Kajongg picks the arrangement by its score without "only possible" (the tried hands
    // cannot see it) and adds it afterwards; the result is the same total up to ties.
    let bestHere: HandScore | null = null;
    for (const ch of choices) {
      const ms = arranged.map((m, i) => (i === ch && discardLike ? { ...m, exposed: true } : m));
      const melds = [...declared, ...ms];
      const lastMeld = ch === null ? null : ms[ch]!;
      const s = evaluate(base(melds, lastMeld, onlyPossible), special);
      // the best last set of one arrangement: on a tie Kajongg keeps the higher points (fishing)
      if (!bestHere || s.total > bestHere.total || (s.total === bestHere.total && s.points > bestHere.points)) bestHere = s;
    }
    if (bestHere && better(bestHere, best)) best = bestHere;
  }
  return { valid: true, ...best! };
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
