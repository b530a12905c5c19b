/**
 * Scoring a winning hand (vn-mahjong.md §9): all arrangements are scored and the best is kept.
 * Pure: the engine, the CLI and tests call `scoreHand` with a `HandInput`.
 */
import type { VnOptions } from '../options.js';
import {
  BLUE,
  countVector,
  isBonus,
  isDragon,
  isFlowerLike,
  isHonor,
  isJoker,
  isTerminal,
  isWild,
  isWind,
  redSet,
  tileAt,
  tileIndex,
  type JokerKind,
  type Tile,
} from '../tiles.js';
import { isWinningTiles, isSevenPairs, isThirteenOrphans } from '../wincheck.js';
import { standardArrangements, sevenPairsArrangements, orphansArrangements, type ASet, type Arrangement } from './arrange.js';
import { itemTable } from './items.js';

export interface MeldIn {
  kind: 'chow' | 'pung' | 'kong';
  /** Tiles as placed (jokers as `J*`). */
  tiles: Tile[];
  /** What each tile stands for. */
  as: Tile[];
  called: boolean;
  /** Âm Coong. */
  concealed: boolean;
  /** Hối Coong. */
  added?: boolean;
}
export interface ExposedIn {
  tile: Tile;
  initial?: boolean;
  bounced?: boolean;
}
/** How the hand was won; `rob-bounce` = Ù on the tile that bounced a joker (§13 `rob-bounce`). */
export type WinBy = 'self-draw' | 'discard' | 'rob-kong' | 'rob-bounce' | 'thien-u';
/** Self-draw wins (Thiên Ù counts as one, §4.4); the others are won on another seat's tile. */
export const isSelfDrawWin = (w: WinBy): boolean => w === 'self-draw' || w === 'thien-u';
export interface HandInput {
  /** 0 = East (dealer) … 3 = North. */
  seat: number;
  /** 0 = East round … 3 = North round. */
  roundWind: number;
  /**
   * Concealed tiles including the winning tile. A won discarded bonus tile is given as itself
   * (`1f`…, `JF`): it plays Tổng in the shape only, never in Bộ Khung (§6, seed "hoa coi như Tổng").
   */
  concealed: Tile[];
  melds: MeldIn[];
  exposed: ExposedIn[];
  winningTile: Tile | null;
  winBy: WinBy;
  replacement?: boolean;
  lastTile?: boolean;
  diaU?: boolean;
  nhanU?: boolean;
  /** Won on a discarded bonus tile or joker (§11.5). */
  batHoa?: boolean;
  /** Same as `winBy: 'rob-bounce'` (kept for older callers). */
  robBounce?: boolean;
  consecutiveWins?: number;
  /** Nothing ever exposed (NFNL). */
  neverExposed?: boolean;
}
export interface ItemOut {
  id: string;
  value: number;
  detail?: string;
}
export interface ScoreOut {
  valid: boolean;
  reason?: string;
  phan: number;
  mun: number;
  items: ItemOut[];
  /** Best arrangement, sets in notation with jokers as `JA(5m)`. */
  arrangement: string[];
  kk: boolean;
  kongs: number;
  /** Patterns relevant to liabilities (§11). */
  patterns: string[];
}

const LIMIT = [
  'dai-tu-hi',
  'tieu-tu-hi',
  'toan-chu',
  'toan-nhat-cuu',
  'khan-khan',
  'coong-coong',
  'coong-coong-am',
  'cuu-tu',
  'thap-tam-yeu',
];
const KK_BIG = [
  'toan-hang',
  'toan-nhat-cuu',
  'toan-chu',
  'tieu-tam-nguyen',
  'dai-tam-nguyen',
  'thap-tam-yeu',
  'khan-khan',
  'cuu-tu',
  'tieu-tu-hi',
  'dai-tu-hi',
];
const MEDIUM = ['dai-tam-nguyen', 'lai-hang', 'toan-cau-nhan', 'tui-tui'];

export function sevenPairsAllowed(o: VnOptions, selfDraw: boolean): boolean {
  return o['seven-pairs'] !== 'off' && (o['seven-pairs'] !== 'self-draw-only' || selfDraw);
}

function setTiles(s: ASet): number[] {
  switch (s.kind) {
    case 'chow':
      return [s.t, s.t + 1, s.t + 2];
    case 'pung':
      return [s.t, s.t, s.t];
    case 'kong':
      return [s.t, s.t, s.t, s.t];
    case 'pair':
      return [s.t, s.t];
    case 'single':
      return [s.t];
  }
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

/** The wait kinds of a hand of 13 (concealed minus winning tile). */
export function waits(concealed: readonly Tile[], meldCount: number, sevenPairs: boolean): number[] {
  const out: number[] = [];
  for (let t = 0; t < 34; t++) if (isWinningTiles([...concealed, tileAt(t)], meldCount, { sevenPairs })) out.push(t);
  return out;
}

/** The concealed tiles as they play in the shape: a won bonus tile acts as Tổng (§6). */
export const shapeTiles = (concealed: readonly Tile[]): Tile[] => concealed.map((t) => (isFlowerLike(t) ? 'JA' : t));

export function arrangements(input: HandInput, o: VnOptions): Arrangement[] {
  const shape = shapeTiles(input.concealed);
  const c = countVector(shape);
  const jokers = shape.filter(isWild) as JokerKind[];
  const fixed = input.melds.map(declaredSet);
  const out: Arrangement[] = standardArrangements(c, jokers).map((sets) => ({ sets: [...fixed, ...sets], special: null }));
  if (input.melds.length === 0) {
    const selfDraw = isSelfDrawWin(input.winBy);
    if (sevenPairsAllowed(o, selfDraw) && isSevenPairs(c, jokers))
      for (const s of sevenPairsArrangements(c, jokers)) out.push({ sets: s, special: 'pe-pe' });
    if (isThirteenOrphans(c, jokers)) for (const s of orphansArrangements(c, jokers)) out.push({ sets: s, special: 'thap-tam-yeu' });
  }
  return out;
}

interface Ctx {
  input: HandInput;
  o: VnOptions;
  kk: boolean;
  waitCount: number;
  waitKinds: number[];
  preWin: number[];
}

function patternItems(a: Arrangement, ctx: Ctx): ItemOut[] {
  return ctx.o['scoring-preset'] === 'B' ? patternsB(a, ctx) : patternsA(a, ctx);
}

interface Facts {
  melds: ASet[];
  pair: ASet | null;
  all: number[];
  suits: Set<number>;
  honours: boolean;
  pungs: ASet[];
  chows: number;
  kongs: ASet[];
  selfDraw: boolean;
  concealedHand: boolean;
  dragonPungs: number;
  windPungs: number;
  concealedPungs: number;
}

function facts(a: Arrangement, ctx: Ctx): Facts {
  const { input } = ctx;
  const melds = a.sets.filter((s) => s.kind !== 'pair' && s.kind !== 'single');
  const pair = a.special === null ? (a.sets.find((s) => s.kind === 'pair') ?? null) : null;
  const all = a.sets.flatMap(setTiles);
  const suits = new Set(all.filter((t) => t < 27).map((t) => Math.floor(t / 9)));
  const pungs = melds.filter((s) => s.kind === 'pung' || s.kind === 'kong');
  const selfDraw = isSelfDrawWin(input.winBy);
  const discardWin = !selfDraw;
  const wt = input.winningTile !== null ? tileIndex(input.winningTile) : -1;
  let concealedPungs = pungs.filter((s) => !s.declared || s.am).length;
  if (discardWin && wt >= 0) {
    // khan-khan: a pung completed by the winning discard does not count (§9)
    const otherHome = a.sets.some((s) => !s.declared && s.kind !== 'pung' && setTiles(s).includes(wt));
    if (!otherHome && pungs.some((s) => !s.declared && s.t === wt)) concealedPungs--;
  }
  return {
    melds,
    pair,
    all,
    suits,
    honours: all.some(isHonor),
    pungs,
    chows: melds.filter((s) => s.kind === 'chow').length,
    kongs: melds.filter((s) => s.kind === 'kong'),
    selfDraw,
    concealedHand: !a.sets.some((s) => s.called),
    dragonPungs: pungs.filter((s) => isDragon(s.t)).length,
    windPungs: pungs.filter((s) => isWind(s.t)).length,
    concealedPungs,
  };
}

function commonItems(f: Facts, ctx: Ctx): ItemOut[] {
  const { input, o } = ctx;
  const it: ItemOut[] = [];
  for (const k of f.kongs) if (!(k.added && o['added-kong-phan'] === '0')) it.push({ id: 'coong', value: 1, detail: tileAt(k.t) });
  if (input.winBy === 'rob-kong') it.push({ id: 'cxp', value: 1 });
  if (input.replacement && input.winBy === 'self-draw') it.push({ id: 'thay', value: 1 });
  if (input.lastTile) it.push({ id: 'cuoi', value: 1 });
  if (input.winBy === 'thien-u') it.push({ id: 'thien-u', value: 12 });
  if (input.diaU) it.push({ id: 'dia-u', value: 12 });
  if (input.nhanU && o['nhan-u']) it.push({ id: 'nhan-u', value: 12 });
  if (input.batHoa) it.push({ id: 'bat-hoa', value: 6 });
  // §9/§13: robbing a bounce is not Coong Xừng Phá (that is robbing a Hối Coong): +1 phán of its own
  if (input.winBy === 'rob-bounce' || input.robBounce) it.push({ id: 'rob-bounce', value: 1 });
  return it;
}

function patternsA(a: Arrangement, ctx: Ctx): ItemOut[] {
  const { input, o } = ctx;
  const f = facts(a, ctx);
  const ids = new Map<string, ItemOut>();
  const add = (id: string, value: number, detail?: string) =>
    ids.set(id + (detail ? `:${detail}` : ''), detail ? { id, value, detail } : { id, value });
  const has = (id: string) => [...ids.values()].some((x) => x.id === id);
  const drop = (...rm: string[]) => {
    for (const [k, v] of ids) if (rm.includes(v.id)) ids.delete(k);
  };
  const seatWind = 27 + input.seat;
  const roundWind = 27 + input.roundWind;
  if (a.special === 'thap-tam-yeu') add('thap-tam-yeu', 13);
  if (a.special === 'pe-pe') add(o['seven-pairs'] === '1-phan' ? 'pe-pe-phan' : 'pe-pe', o['seven-pairs'] === '1-phan' ? 1 : 6);
  if (a.special === null) {
    if (f.chows === 4 && f.pair && !isDragon(f.pair.t) && f.pair.t !== seatWind && f.pair.t !== roundWind) add('phinh', 1);
    if (f.pungs.length === 4) add('tui-tui', 3);
    if (f.melds.filter((s) => s.called).length === 4 && !f.selfDraw) add('toan-cau-nhan', 3);
    if (f.dragonPungs === 2 && f.pair && isDragon(f.pair.t)) add('tieu-tam-nguyen', 6);
    if (f.dragonPungs === 3) add('dai-tam-nguyen', 9);
    if (f.concealedPungs === 4) add('khan-khan', 18);
    if (f.kongs.length === 4) add(f.kongs.every((k) => k.am) ? 'coong-coong-am' : 'coong-coong', f.kongs.every((k) => k.am) ? 30 : 24);
    if (f.windPungs === 3 && f.pair && isWind(f.pair.t)) add('tieu-tu-hi', 24);
    if (f.windPungs === 4) {
      add('dai-tu-hi', 48);
      // rules-decisions.md: "all terminals/honours" needs a terminal unless dai-tu-hi-bonus = all-honours-too
      const th = f.all.every((t) => isHonor(t) || isTerminal(t));
      if (th && (f.all.some(isTerminal) || o['dai-tu-hi-bonus'] === 'all-honours-too')) add('dai-tu-hi-nhat-cuu', 3);
    }
    for (const s of f.pungs) {
      if (isDragon(s.t)) add('rong', 1, tileAt(s.t));
      if (s.t === seatWind) add('tp-cua', 1);
      if (s.t === roundWind) add('tp-gio', 1);
    }
    if (input.melds.length === 0 && f.suits.size === 1 && !f.honours) {
      const cv = new Array<number>(9).fill(0);
      for (const t of f.all) cv[t % 9]!++;
      if (cv[0]! >= 3 && cv[8]! >= 3 && cv.every((x) => x >= 1)) add('cuu-tu', 18);
    }
  }
  if (f.suits.size === 1 && f.honours) add('lai-hang', 3);
  if (f.suits.size === 1 && !f.honours) add('toan-hang', 6);
  if (f.suits.size === 0) add('toan-chu', 24);
  const allTH = f.all.every((t) => isHonor(t) || isTerminal(t));
  if (allTH && f.honours && f.all.some(isTerminal)) add('lai-nhat-cuu', 6);
  if (f.all.every(isTerminal)) add('toan-nhat-cuu', 24);
  if (f.concealedHand && f.selfDraw) add('kin', 1);
  if (f.selfDraw && input.winBy !== 'thien-u' && ctx.waitCount === 1 && f.pungs.length < 4) add('xuyen', 1);
  for (const x of commonItems(f, ctx)) ids.set(`${x.id}:${ids.size}`, x);
  // exclusions (§9)
  if (has('cuu-tu')) drop('toan-hang', 'phinh');
  if (has('coong-coong')) drop('coong');
  if (has('coong-coong-am')) drop('coong', 'khan-khan');
  if (has('tieu-tam-nguyen') || has('dai-tam-nguyen')) drop('rong');
  if (has('toan-chu')) drop('rong', 'tp-cua', 'tp-gio');
  if (has('tieu-tu-hi') || has('dai-tu-hi')) drop('tp-cua', 'tp-gio', 'lai-hang');
  if (['thap-tam-yeu', 'toan-nhat-cuu', 'toan-chu', 'dai-tu-hi'].some(has)) drop('lai-nhat-cuu');
  if (['khan-khan', 'coong-coong', 'coong-coong-am', 'dai-tu-hi', 'toan-chu', 'toan-nhat-cuu', 'lai-nhat-cuu'].some(has)) drop('tui-tui');
  if (['toan-chu', 'lai-nhat-cuu', 'toan-nhat-cuu', 'khan-khan', 'cuu-tu'].some(has)) drop('pe-pe', 'pe-pe-phan');
  const nf = nfnlItem(a, ctx);
  if (nf) ids.set('nfnl', nf);
  return bonusesA([...ids.values()], f, ctx);
}

function bonusesA(items: ItemOut[], f: Facts, ctx: Ctx): ItemOut[] {
  const { o, kk } = ctx;
  const has = (id: string) => items.some((x) => x.id === id);
  const limit = LIMIT.some(has);
  if (limit && has('kin') && has('xuyen')) {
    items = items.filter((x) => x.id !== 'kin' && x.id !== 'xuyen');
    items.push({ id: 'kin-xuyen-limit', value: 6 });
  } else if (!limit && o['kin-xuyen'] === 'paired' && has('kin') !== has('xuyen')) {
    items = items.filter((x) => x.id !== 'kin' && x.id !== 'xuyen');
  }
  if (kk) {
    const big = KK_BIG.filter(has).length + (has('coong-coong-am') ? 0 : 0);
    const small = ['tui-tui', 'toan-cau-nhan'].filter(has).length;
    const per = o['kk-bonus'] === 'per-pattern';
    if (big > 0) items.push({ id: 'kk-bonus', value: 6 * (per ? big : 1) });
    // rules-decisions.md: NFNL already rewards the missing jokers; the small KK bonus is dropped with it unless nfnl-small-kk = kept
    else if (small > 0 && !(isNfnl(items) && o['nfnl-small-kk'] === 'dropped'))
      items.push({ id: 'kk-bonus-small', value: per ? small : 1 });
  }
  if (o.progressive) {
    const bigN = [...LIMIT, 'lai-nhat-cuu', 'toan-hang', 'nfnl', 'nfnl-seattle'].filter(has).length;
    const pkx = has('phinh') && has('kin') && has('xuyen') ? 1 : 0;
    const medium = MEDIUM.filter(has).length + pkx;
    if (bigN >= 1 && medium >= 1) items.push({ id: 'progressive', value: 3 * medium });
    else if (medium >= 3) items.push({ id: 'progressive', value: 3 * (medium - 2) });
  }
  void f;
  return items;
}

const isNfnl = (items: readonly ItemOut[]) => items.some((x) => x.id === 'nfnl' || x.id === 'nfnl-seattle');

/** Không Hoa Không Lá (§13): only natural suited tiles, nothing ever exposed. */
function nfnlItem(a: Arrangement, ctx: Ctx): ItemOut | null {
  const { input, o, kk } = ctx;
  if (o.nfnl === 'off' || !input.neverExposed || !kk || input.exposed.length) return null;
  // rules-decisions.md: "nothing exposed" means no bonus tile or joker; called melds are allowed unless nfnl-calls = refused
  if (o['nfnl-calls'] === 'refused' && input.melds.some((m) => m.called)) return null;
  if (!a.sets.every((x) => x.t < 27)) return null;
  const B = o['scoring-preset'] === 'B';
  return o.nfnl === 'true-nfnl' ? { id: 'nfnl', value: B ? 18 : 12 } : { id: 'nfnl-seattle', value: B ? 18 : 6 };
}

function patternsB(a: Arrangement, ctx: Ctx): ItemOut[] {
  const { input, kk } = ctx;
  const f = facts(a, ctx);
  const items: ItemOut[] = [];
  const add = (id: string, value: number, detail?: string) => items.push(detail ? { id, value, detail } : { id, value });
  const star: string[] = [];
  if (a.special === 'thap-tam-yeu') add('thap-tam-yeu', 12);
  if (a.special === null) {
    if (f.chows === 4 && f.pair) add(isHonor(f.pair.t) ? 'phinh-chu' : 'phinh', isHonor(f.pair.t) ? 3 : 1);
    const limitish = f.concealedPungs === 4 || f.kongs.length === 4 || f.windPungs >= 3 || f.suits.size === 0;
    if (f.pungs.length === 4 && !limitish) add(f.honours ? 'tui-tui-chu' : 'tui-tui', f.honours ? 6 : 3);
    if (f.pungs.length === 4 && f.pungs.every((s) => s.called) && !f.selfDraw)
      add(f.honours ? 'cau-nhan-pung-chu' : 'cau-nhan-pung', f.honours ? 12 : 6);
    if (f.pungs.length === 4 && f.pungs.some((s) => s.t < 27 && s.t % 9 === 0) && f.pungs.some((s) => s.t < 27 && s.t % 9 === 8))
      add('nhat-cuu-pung', 6);
    const seqs = new Set(f.melds.filter((s) => s.kind === 'chow').map((s) => s.t));
    for (const base of [0, 9, 18]) if (seqs.has(base) && seqs.has(base + 3) && seqs.has(base + 6)) add('nhat-thong', 18);
    if (f.dragonPungs === 2 && f.pair && isDragon(f.pair.t)) add('tieu-tam-nguyen', 6);
    if (f.dragonPungs === 3) add('dai-tam-nguyen', 12);
    if (f.concealedPungs === 4) star.push('khan-khan');
    if (f.kongs.length === 4) star.push('coong-coong');
    if (f.windPungs === 3 && f.pair && isWind(f.pair.t)) star.push('tieu-tu-hi');
    if (f.windPungs === 4) star.push('dai-tu-hi');
  }
  if (f.concealedHand && !f.honours) add(f.chows === 4 ? 'mon-thanh-phinh' : 'mon-thanh', f.chows === 4 ? 12 : 6);
  if (f.suits.size === 1 && !f.honours) add('toan-hang', 12);
  if (f.suits.size === 0) add('toan-chu', 24);
  const val: Record<string, number> = { 'khan-khan': 18, 'coong-coong': 24, 'tieu-tu-hi': 30, 'dai-tu-hi': 48 };
  for (const s of star) add(s, val[s]!);
  if (star.length) {
    if (kk) add('limit-kk', 6);
    if (f.concealedHand) add('limit-kin', 6);
  }
  for (const x of commonItems(f, ctx)) items.push(x);
  const nf = nfnlItem(a, ctx);
  if (nf) items.push(nf);
  void input;
  return items;
}

/** Items for exposed bonus tiles and jokers (§2, §9), independent of the arrangement. */
export function exposureItems(input: HandInput, o: VnOptions): ItemOut[] {
  const items: ItemOut[] = [];
  const seat = input.seat;
  const exp = input.exposed.map((e) => e.tile);
  const bonus = exp.filter(isBonus);
  const have = new Set(bonus);
  let wildFlowers = o['dai-hoa-mode'] === 'wild-flower' ? exp.filter((t) => t === 'JF').length : 0;
  for (let g = 0; g < 4; g++) {
    const group = [1, 2, 3, 4].map((n) => `${g * 4 + n}f`);
    const missing = group.filter((t) => !have.has(t)).length;
    const own = `${g * 4 + seat + 1}f`;
    if (o['scoring-preset'] === 'A' && (missing === 0 || (missing === 1 && wildFlowers > 0))) {
      if (missing === 1) wildFlowers--;
      items.push({ id: 'bo-hoa', value: 6, detail: group.join('') });
    } else if (have.has(own)) items.push({ id: 'hoa-cua', value: 1, detail: own });
  }
  for (const t of exp) if (t === 'JF' && o['dai-hoa-mode'] === 'bonus') items.push({ id: 'dai-hoa', value: 2 });
  for (let k = 0; k < wildFlowers; k++) items.push({ id: 'hoa-cua', value: 1, detail: 'JF' });
  for (const e of input.exposed) {
    if (!isWild(e.tile)) continue;
    items.push({ id: 'khung', value: jokerValue(e.tile as JokerKind, seat, !!e.initial, o), detail: e.tile });
  }
  // Bộ Khung: a full colour set held anywhere (§9)
  const count = (t: Tile, where: Tile[]) => where.filter((x) => x === t).length;
  const anywhere = [...input.concealed, ...input.melds.flatMap((m) => m.tiles), ...exp];
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
  if (o['four-seat-flowers'] && [0, 1, 2, 3].every((g) => have.has(`${g * 4 + seat + 1}f`)))
    items.push({ id: 'four-seat-flowers', value: 12 });
  if (o['tong-hop-start-combo']) {
    const init = input.exposed.filter((e) => e.initial).map((e) => e.tile);
    if (init.includes('JA') && init.includes('JN')) items.push({ id: 'tong-hop-start-combo', value: 9 });
  }
  if (o['luc-khoi'] && (input.consecutiveWins ?? 0) >= 6) items.push({ id: 'luc-khoi', value: 6 * ((input.consecutiveWins ?? 0) - 5) });
  return items;
}

/** Phán of an exposed joker (§2 table). */
export function jokerValue(j: JokerKind, seat: number, initial: boolean, o: VnOptions): number {
  const bonus = initial && o['initial-tong-hop-bonus'];
  switch (j) {
    case 'JA':
      return seat === 0 || bonus ? 3 : 2;
    case 'JN': {
      const base = Number(o['hop-exposed-value']);
      return seat === 3 || bonus ? base + 1 : base;
    }
    case 'JP':
    case 'JW':
      return seat === 1 ? 2 : 1;
    case 'JS':
    case 'JD':
      return seat === 2 ? 2 : 1;
    case 'JM':
      return seat === 3 ? 2 : 1;
    case 'JH':
      return seat === 1 || seat === 2 ? 2 : 1;
    case 'JF':
      return 2;
  }
}

/** Score a winning hand with the best joker arrangement (§8–§9). */
export function scoreHand(input: HandInput, o: VnOptions): ScoreOut {
  const fail = (reason: string): ScoreOut => ({
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
  const arrs = arrangements(input, o);
  if (arrs.length === 0) return fail('not a winning hand');
  const allTiles = [...shapeTiles(input.concealed), ...input.melds.flatMap((m) => m.tiles), ...input.exposed.map((e) => e.tile)];
  const kk = !allTiles.some(isJoker);
  const sevenPairs = sevenPairsAllowed(o, isSelfDrawWin(input.winBy));
  let waitKinds: number[] = [];
  let preWin: number[] = [];
  if (input.winningTile !== null) {
    const i = input.concealed.lastIndexOf(input.winningTile);
    const before = i >= 0 ? [...input.concealed.slice(0, i), ...input.concealed.slice(i + 1)] : input.concealed;
    waitKinds = waits(before, input.melds.length, sevenPairs);
    preWin = countVector(before);
  }
  const ctx: Ctx = { input, o, kk, waitCount: waitKinds.length, waitKinds, preWin };
  const expItems = exposureItems(input, o);
  let best: { items: ItemOut[]; phan: number; a: Arrangement } | null = null;
  for (const a of arrs) {
    let items = [...patternItems(a, ctx), ...expItems];
    if (o['double-pung-wait'] && waitKinds.length === 2 && waitKinds.every((t) => preWin[t] === 2))
      items.push({ id: 'double-pung-wait', value: 1 });
    let phan = items.reduce((n, x) => n + x.value, 0);
    if (phan === 0) {
      // Muỗi (§9): nothing scores; KK makes it 1 mủn
      if (kk && o['scoring-preset'] === 'A') items = [{ id: 'muoi-kk', value: 6 }];
      else items = [{ id: 'muoi', value: 0 }];
      phan = items[0]!.value;
    }
    if (!best || phan > best.phan) best = { items, phan, a };
  }
  const b = best!;
  const table = itemTable(o['scoring-preset']);
  const items = b.items.filter((x) => table.has(x.id) || x.id === 'khung');
  const natByMeld = input.melds.map((m) => m.tiles.map((t, k) => (isJoker(t) ? `${t}(${m.as[k]})` : t)));
  const arrangement = b.a.sets.map((s, k) => (s.declared ? setNotation(s, natByMeld[k]) : setNotation(s)));
  return {
    valid: true,
    phan: b.phan,
    mun: Math.floor(b.phan / 6),
    items,
    arrangement,
    kk,
    kongs: b.a.sets.filter((s) => s.kind === 'kong').length,
    patterns: items.map((x) => x.id),
  };
}
