/**
 * Scoring a winning hand (vn-mahjong.md §9): every arrangement is scored and the best is kept.
 * Pure: the engine, the CLI and tests call `scoreHand` with a `HandInput`. The patterns are named
 * predicates (predicates.ts) evaluated by patterns.ts; this file finds the arrangements, scores the
 * exposed tiles and keeps the best result.
 */
import type { VnOptions } from '../options.js';
import {
  BLUE,
  countVector,
  GROUP_MASK,
  isBonus,
  isFlowerLike,
  isJoker,
  isWild,
  jokerValue,
  redSet,
  tileAt,
  tileIndex,
  winAs,
  type JokerKind,
  type Tile,
} from '../tiles.js';
import { isWinningTiles, isSevenPairs } from '../wincheck.js';
import {
  standardArrangements,
  sevenPairsArrangements,
  orphansArrangements,
  type ASet,
  type Arrangement,
  type ScoreView,
} from './arrange.js';
import { isSelfDrawWin, type HandInput, type ItemOut, type MeldIn, type ScoreOut } from './input.js';
import { bonusTileItems, hasFourSeatFlowers } from './flowers.js';
import { itemTable } from './items.js';
import { patternItems } from './patterns.js';
import { setTiles, type Ctx } from './predicates.js';

export * from './input.js';

export function sevenPairsAllowed(o: VnOptions, selfDraw: boolean): boolean {
  return o['seven-pairs'] !== 'off' && (o['seven-pairs'] !== 'self-draw-only' || selfDraw);
}

export function setNotation(s: ASet, natural?: Tile[]): string {
  if (natural) return s.am ? `{${natural.join('')}}` : `[${natural.join('')}]`;
  const ts = setTiles(s).map((t) => tileAt(t));
  const jk = [...s.jokers];
  // replace the last matching tiles by their jokers
  for (const j of s.jokers) {
    const stand = j.slice(3, -1);
    const at = ts.lastIndexOf(stand);
    if (at >= 0) ts[at] = j;
  }
  void jk;
  return ts.join(' ');
}

function declaredSet(m: MeldIn): ASet {
  const idx = m.as.map(tileIndex).sort((a, b) => a - b);
  const jokers = m.tiles.flatMap((t, k) => (isJoker(t) ? [`${t}(${m.as[k]})`] : []));
  return { kind: m.kind, t: idx[0]!, jokers, called: m.called, am: m.concealed, declared: true, added: !!m.added };
}

/**
 * The wait kinds of a hand of 13 (concealed minus winning tile). A kind the seat itself holds all four
 * of (`held`: its natural tiles, concealed and in its melds) is no wait: no fifth copy can complete the
 * hand (§9 `xuyen` "exactly one of the 34 tile kinds completed the hand"; as the classical scorer's
 * `callingKinds`).
 */
export function waits(concealed: readonly Tile[], meldCount: number, sevenPairs: boolean, held: readonly number[]): number[] {
  const out: number[] = [];
  for (let t = 0; t < 34; t++) if (held[t]! < 4 && isWinningTiles([...concealed, tileAt(t)], meldCount, { sevenPairs })) out.push(t);
  return out;
}

/** The concealed tiles as they play in the shape: a won bonus tile acts as Tổng (§6). */
export const shapeTiles = (concealed: readonly Tile[]): Tile[] => concealed.map((t) => (isFlowerLike(t) ? 'JA' : t));

/**
 * The suits a hand could be Cửu Tử (nine gates: all concealed, one suit, no honour) in: that of its
 * natural tiles, every suit when it holds none; none with a declared meld, an honour or two suits. A
 * joker stands for a tile of its domain (§2): none of a suit its jokers cannot all stand in (a JW, JD
 * or JH, an honour; a JM and a JP, two suits).
 */
export function nineGatesSuits(shape: readonly Tile[], declaredMelds: number): Set<number> {
  if (declaredMelds > 0) return new Set();
  const naturals = shape.filter((t) => !isWild(t)).map(tileIndex);
  if (naturals.some((i) => i >= 27)) return new Set();
  const suits = new Set(naturals.map((i) => Math.floor(i / 9)));
  const all = suits.size === 0 ? [0, 1, 2] : suits.size === 1 ? [...suits] : [];
  const wild = shape.filter(isWild) as JokerKind[];
  return new Set(all.filter((q) => wild.every((j) => ((GROUP_MASK[j] >> q) & 1) === 1)));
}

/** The joker a won tile that is no natural tile plays (predicates.ts `winCompletesPung`): a bonus tile plays Tổng (§6). */
function wonWildKind(t: Tile): JokerKind | null {
  const kind = winAs(t);
  return isWild(kind) ? (kind as JokerKind) : null;
}

/**
 * `everyTile`: joker-only sets tried as every tile, not one per class (arrange.ts `jokerSetTiles`); `alike`:
 * only the first of the arrangements that score alike (arrange.ts `ScoreView`). Both the tests' references.
 */
export function arrangements(input: HandInput, o: VnOptions, everyTile = false, alike = !everyTile): Arrangement[] {
  const shape = shapeTiles(input.concealed);
  const c = countVector(shape);
  const jokers = shape.filter(isWild) as JokerKind[];
  const fixed = input.melds.map(declaredSet);
  const won = input.winningTile === null ? -1 : tileIndex(input.winningTile);
  const full = everyTile ? new Set([0, 1, 2]) : nineGatesSuits(shape, input.melds.length);
  const onDiscard = !isSelfDrawWin(input.winBy) && input.winningTile !== null;
  const view: ScoreView = {
    declared: fixed,
    seatWind: 27 + input.seat,
    roundWind: 27 + input.roundWind,
    wonOnDiscard: onDiscard && won >= 0,
    wonWild: onDiscard && won < 0 ? wonWildKind(input.winningTile!) : null,
    nineGates: full.size > 0,
  };
  // with few jokers the arrangements are few: listing them all is cheaper than telling them apart
  const summarise = alike && jokers.length >= 3;
  const out: Arrangement[] = standardArrangements(c, jokers, full, won, summarise ? view : undefined).map((sets) => ({
    sets: [...fixed, ...sets],
    special: null,
  }));
  if (input.melds.length === 0) {
    const selfDraw = isSelfDrawWin(input.winBy);
    if (sevenPairsAllowed(o, selfDraw) && isSevenPairs(c, jokers))
      for (const s of sevenPairsArrangements(c, jokers, summarise)) out.push({ sets: s, special: 'pe-pe' });
    // orphansArrangements is empty exactly when wincheck.ts `isThirteenOrphans` says no, without its
    // search of every joker for every missing kind (seconds for some hands of 14 jokers)
    for (const s of orphansArrangements(c, jokers)) out.push({ sets: s, special: 'thap-tam-yeu' });
  }
  return out;
}

/** The concealed tiles without a won discarded bonus tile (§6: it is not the winner's tile to set aside). */
function heldConcealed(input: HandInput): Tile[] {
  const w = input.winningTile;
  if (isSelfDrawWin(input.winBy) || w === null || !isFlowerLike(w)) return [...input.concealed];
  const i = input.concealed.lastIndexOf(w);
  return i < 0 ? [...input.concealed] : [...input.concealed.slice(0, i), ...input.concealed.slice(i + 1)];
}

/** Items for exposed bonus tiles and jokers (§2, §9), independent of the arrangement. */
export function exposureItems(input: HandInput, o: VnOptions): ItemOut[] {
  const items: ItemOut[] = [];
  const seat = input.seat;
  const exp = input.exposed.map((e) => e.tile);
  // Bộ Hoa / hoa-cua; a JF under wild-flower stands for the missing bonus tiles that score most (§13)
  const flowers = bonusTileItems(exp, seat, o);
  items.push(...flowers.items);
  for (const t of exp) if (t === 'JF' && o['dai-hoa-mode'] === 'bonus') items.push({ id: 'dai-hoa', value: 2 });
  for (const e of input.exposed) {
    if (!isWild(e.tile)) continue;
    items.push({ id: 'khung', value: jokerValue(e.tile as JokerKind, seat, !!e.initial, o), detail: e.tile });
  }
  // Bộ Khung: a full colour set held anywhere (§9). A won discarded bonus tile (`JF` too) is not held:
  // it plays Tổng in the shape only and never completes Bộ Khung (§2 "JF: a bonus tile, not wild", §6).
  const count = (t: Tile, where: Tile[]) => where.filter((x) => x === t).length;
  const anywhere = [...heldConcealed(input), ...input.melds.flatMap((m) => m.tiles), ...exp];
  for (const set of [BLUE, redSet(o['honour-joker'])]) {
    const exposedSets = Math.min(...set.map((t) => count(t, exp)));
    const allSets = Math.min(...set.map((t) => count(t, anywhere)));
    for (let k = 0; k < allSets; k++)
      items.push(
        k < exposedSets ? { id: 'bo-khung-exposed', value: 12, detail: set.join('') } : { id: 'bo-khung', value: 6, detail: set.join('') },
      );
  }
  if (o['flower-8-10']) {
    const n = exp.filter((t) => isBonus(t) || t === 'JF').length;
    if (n >= 10) items.push({ id: 'thap-hoa', value: 12 });
    else if (n >= 8) items.push({ id: 'bat-hoa-8', value: 6 });
  }
  if (o['four-seat-flowers'] && hasFourSeatFlowers(flowers.counted, seat)) items.push({ id: 'four-seat-flowers', value: 12 });
  if (o['tong-hop-start-combo']) {
    const init = input.exposed.filter((e) => e.initial);
    const frames = (t: Tile) => init.filter((e) => e.tile === t).map((e) => e.frame);
    const [tong, hop] = [frames('JA'), frames('JN')];
    // §9 "12 if same frame"; §15.12: the same copy index, only meaningful with k ≥ 2
    const same = o['joker-copies'] >= 2 && tong.some((f) => f !== undefined && hop.includes(f));
    if (tong.length && hop.length)
      items.push(same ? { id: 'tong-hop-start-combo-frame', value: 12 } : { id: 'tong-hop-start-combo', value: 9 });
  }
  if (o['luc-khoi'] && (input.consecutiveWins ?? 0) >= 6) items.push({ id: 'luc-khoi', value: 6 * ((input.consecutiveWins ?? 0) - 5) });
  return items;
}

const invalid = (reason: string): ScoreOut => ({
  valid: false,
  reason,
  phan: 0,
  mun: 0,
  items: [],
  arrangement: [],
  kk: false,
  kongs: 0,
  patterns: [],
});

/** Không Khung (§9): no joker in the hand, any meld or the exposed area; a won bonus tile plays Tổng. */
export function isKk(input: HandInput): boolean {
  const tiles = [...shapeTiles(input.concealed), ...input.melds.flatMap((m) => m.tiles), ...input.exposed.map((e) => e.tile)];
  return !tiles.some(isJoker);
}

/** What scoring needs beyond one arrangement: KK and the waits before the winning tile. */
function scoringContext(input: HandInput, o: VnOptions): Ctx {
  let waitKinds: number[] = [];
  let preWin: number[] = [];
  if (input.winningTile !== null) {
    const i = input.concealed.lastIndexOf(input.winningTile);
    const before = i >= 0 ? [...input.concealed.slice(0, i), ...input.concealed.slice(i + 1)] : input.concealed;
    const held = countVector([...before, ...input.melds.flatMap((m) => m.tiles)]);
    waitKinds = waits(before, input.melds.length, sevenPairsAllowed(o, isSelfDrawWin(input.winBy)), held);
    preWin = countVector(before);
  }
  return { input, o, kk: isKk(input), waitCount: waitKinds.length, waitKinds, preWin };
}

/** Chờ đôi (`double-pung-wait`): two waits, each a held pair. */
const doublePungWait = (ctx: Ctx) => ctx.waitKinds.length === 2 && ctx.waitKinds.every((t) => ctx.preWin[t] === 2);

/** The items and phán of one arrangement; Muỗi when nothing scores (§9). */
function scoreArrangement(a: Arrangement, ctx: Ctx, exposure: readonly ItemOut[]): { items: ItemOut[]; phan: number } {
  const items = [...patternItems(a, ctx), ...exposure];
  if (ctx.o['double-pung-wait'] && doublePungWait(ctx)) items.push({ id: 'double-pung-wait', value: 1 });
  const phan = items.reduce((n, x) => n + x.value, 0);
  if (phan > 0) return { items, phan };
  // Muỗi (§9): nothing scores; KK makes it 1 mủn
  const muoi = ctx.kk && ctx.o['scoring-preset'] === 'A' ? { id: 'muoi-kk', value: 6 } : { id: 'muoi', value: 0 };
  return { items: [muoi], phan: muoi.value };
}

/** Score a winning hand with the best joker arrangement (§8–§9). */
export function scoreHand(input: HandInput, o: VnOptions): ScoreOut {
  return scoreBest(input, o).score;
}

/**
 * `scoreHand` with the tile kinds of the scored arrangement (jokers as what they stand for; empty when
 * the hand does not win): §11 judges a full hand by this shape (liability.ts `fullHandOf`).
 */
export function scoreBest(input: HandInput, o: VnOptions, everyTile = false, alike = !everyTile): { score: ScoreOut; tiles: number[] } {
  const arrs = arrangements(input, o, everyTile, alike);
  if (arrs.length === 0) return { score: invalid('not a winning hand'), tiles: [] };
  const ctx = scoringContext(input, o);
  const exposure = exposureItems(input, o);
  let best: { items: ItemOut[]; phan: number; a: Arrangement } | null = null;
  for (const a of arrs) {
    const r = scoreArrangement(a, ctx, exposure);
    if (!best || r.phan > best.phan) best = { ...r, a };
  }
  const b = best!;
  const table = itemTable(o['scoring-preset']);
  const items = b.items.filter((x) => table.has(x.id) || x.id === 'khung');
  const natByMeld = input.melds.map((m) => m.tiles.map((t, k) => (isJoker(t) ? `${t}(${m.as[k]})` : t)));
  const arrangement = b.a.sets.map((s, k) => (s.declared ? setNotation(s, natByMeld[k]) : setNotation(s)));
  const score: ScoreOut = {
    valid: true,
    phan: b.phan,
    mun: Math.floor(b.phan / 6),
    items,
    arrangement,
    kk: ctx.kk,
    kongs: b.a.sets.filter((s) => s.kind === 'kong').length,
    patterns: items.map((x) => x.id),
  };
  return { score, tiles: b.a.sets.flatMap(setTiles) };
}
