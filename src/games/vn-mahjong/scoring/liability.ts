/**
 * Liabilities (vn-mahjong.md §11): who pays for everyone. Pure: the engine passes facts taken from
 * its state, the score CLI passes the facts given in its JSON; both get the same answer.
 */
import type { VnOptions } from '../options.js';
import { inDomain, isDragon, isHonor, isOrdinary, isTerminal, isWind, ORDINARY, tileAt, tileIndex, winAs, type Tile } from '../tiles.js';
import type { HandInput } from './score.js';

/** A declared meld as liabilities see it (engine `Meld` is one). */
export interface CalledMeld {
  kind: 'chow' | 'pung' | 'kong';
  as: Tile[];
  /** Claimed from a discard (ăn, phỗng, coong on a discard; a later Hối Coong keeps it). */
  called: boolean;
  /** Hand seat whose discard was claimed (the feeder), or null. */
  from: number | null;
  /** Order in which the melds were made (the action counter in the engine). */
  at: number;
}

/** A recorded "Báo Chủy Mó" feeding (§11.2–11.4). */
export interface Feeding {
  kind: 'thap-nhi' | 'bach' | 'bac';
  winner: number;
  feeder: number;
  /**
   * Category for thap-nhi: m, p, s, z, t (Nhất Cửu); for bach 'dragons'; for bac 'tu-hi' (the 4th
   * wind pung: a later Tứ Hỉ) or 'toan-chu' (the 4th honour meld: a later Toàn Chữ).
   */
  cat: string;
  at: number;
  exempt: boolean;
}

export interface Liable {
  seat: number;
  rule: 'thap-nhi-chuong' | 'bach-bao' | 'bac-bao' | 'flower-joker' | 'cuu-chuong';
}

/** Warning categories of a called meld (§11): its suit or z, plus t (Nhất Cửu) for terminal pungs. */
export function meldCats(m: Pick<CalledMeld, 'kind' | 'as'>): string[] {
  const i = tileIndex(m.as[0]!);
  const out = [i >= 27 ? 'z' : 'mps'[Math.floor(i / 9)]!];
  if (m.kind !== 'chow' && isTerminal(i)) out.push('t');
  return out;
}

export function tileInCat(t: Tile, cat: string): boolean {
  const i = tileIndex(t);
  if (i < 0) return false;
  if (cat === 'z') return isHonor(i);
  if (cat === 't') return isTerminal(i);
  return i < 27 && 'mps'[Math.floor(i / 9)] === cat;
}

/** Called melds by category with the counter of the 3rd one (the warning). */
export function warnings(melds: readonly CalledMeld[]): Map<string, { n: number; warnAt: number }> {
  const out = new Map<string, { n: number; warnAt: number }>();
  for (const m of melds) {
    if (!m.called) continue;
    for (const c of meldCats(m)) {
      const w = out.get(c) ?? { n: 0, warnAt: -1 };
      w.n++;
      if (w.n === 3) w.warnAt = m.at;
      out.set(c, w);
    }
  }
  return out;
}

const calledPungTiles = (melds: readonly CalledMeld[]) =>
  melds.filter((m) => m.called && m.kind !== 'chow').map((m) => tileIndex(m.as[0]!));
/** The called wind pungs and kongs, in order (the 3rd is Bắc Báo's warning, §11.4). */
const calledWinds = (melds: readonly CalledMeld[]) => melds.filter((m) => m.called && m.kind !== 'chow' && isWind(tileIndex(m.as[0]!)));

/** What is known of a discarder for the §11.1 exception. */
export interface DiscarderFacts {
  /** Concealed tiles (after the discard: `exempt`'s `extra` is the discarded tile), jokers and bonus tiles too. */
  hand: readonly Tile[];
  /** Counter of its last ăn/phỗng/coong on a discard (−∞ if none). */
  lastCallAt: number;
  /** May it discard this joker or bonus tile (basics.ts `discardableBy`: §5 `joker-discard`, §4.3 `flower-discard`)? */
  mayDiscard: (t: Tile) => boolean;
}

/** Could a discard of joker or bonus tile `t` be won on as a tile of `cat`? Within its domain (§2), a bonus tile as Tổng (§6). */
function mayStandForCat(t: Tile, cat: string): boolean {
  const as = winAs(t);
  return ORDINARY.some((x, i) => inDomain(as, i) && tileInCat(x, cat));
}

/**
 * Was discarding `t` instead a safe choice for D, one W could not win on as a tile of `cat`? The seed's
 * exception is "không còn đường nào lựa chọn" (§11.1: no other choice). An ordinary tile is safe
 * outside `cat`. A joker or bonus tile D may not discard (§5: after its seat bonus tile, under
 * `joker-discard`) is no choice at all. One it may discard acts only within its domain (§6, §11.5),
 * a bonus tile as Tổng: safe only when that domain holds no tile of `cat` (Màn or Hợp beside a Chữ
 * warning), else it is as risky as the tile of `cat` it could stand for (Tổng, Thùng for Văn).
 */
function safeChoice(d: DiscarderFacts, t: Tile, cat: string): boolean {
  if (isOrdinary(t)) return !tileInCat(t, cat);
  return d.mayDiscard(t) && !mayStandForCat(t, cat);
}

/**
 * §11.1 exception: all of D's concealed tiles are of C and D made no call since the warning; a joker
 * or bonus tile counts as of C unless D could have discarded it safely instead (`safeChoice`).
 */
export function exempt(d: DiscarderFacts, cat: string, warnAt: number, extra: Tile | null): boolean {
  const tiles = [...d.hand, ...(extra ? [extra] : [])];
  return !tiles.some((t) => safeChoice(d, t, cat)) && d.lastCallAt < warnAt;
}

/**
 * The feedings made when `winner` (holding `before`) claims meld `m` from `m.from` (§11.2–11.4).
 * `exemptFor(cat, warnAt)` tells whether the feeder is exempt (§11.1 exception).
 */
export function feedingsOf(
  winner: number,
  before: readonly CalledMeld[],
  m: CalledMeld,
  exemptFor: (cat: string, warnAt: number) => boolean,
): Feeding[] {
  if (m.from === null || !m.called) return [];
  const out: Feeding[] = [];
  const w = warnings(before);
  const feeder = m.from;
  for (const c of meldCats(m)) {
    const cur = w.get(c);
    if (cur && cur.n >= 3) out.push({ kind: 'thap-nhi', winner, feeder, cat: c, at: m.at, exempt: exemptFor(c, cur.warnAt) });
  }
  if (m.kind === 'chow') return out;
  const i = tileIndex(m.as[0]!);
  const pungs = calledPungTiles(before);
  if (isDragon(i) && pungs.filter((x) => isDragon(x) && x !== i).length >= 2)
    out.push({ kind: 'bach', winner, feeder, cat: 'dragons', at: m.at, exempt: false });
  const winds = calledWinds(before);
  if (winds.length >= 3 && isHonor(i)) {
    // §11.4 Bắc Báo is also a Cửu Chướng for Chữ: the §11.1 exception covers its feeding too (§15.7),
    // counted from the warning (the 3rd called wind meld).
    const exempted = exemptFor('z', winds[2]!.at);
    // The 4th wind pung: the feeder pays for a later Tứ Hỉ.
    if (isWind(i) && !winds.some((x) => tileIndex(x.as[0]!) === i))
      out.push({ kind: 'bac', winner, feeder, cat: 'tu-hi', at: m.at, exempt: exempted });
    // The 4th honour meld (any honour, the 4th wind pung too): the feeder pays for a later Toàn
    // Chữ, under Bắc Báo's own option (Thập Nhị Chướng covers it too when that is on).
    if (before.filter((x) => x.called && meldCats(x).includes('z')).length === 3)
      out.push({ kind: 'bac', winner, feeder, cat: 'toan-chu', at: m.at, exempt: exempted });
  }
  return out;
}

/**
 * The winner holds the full hand of category `cat` (§11: Toàn Hàng of the suit, Toàn Chữ, Tui Tui Toàn
 * Nhất Cửu): every tile of the scored arrangement `tiles` is of `cat`. Judged by the shape, not by a
 * scoring item: preset B has no Toàn Nhất Cửu item, yet the seed's warning stands for it ("Luật trên
 * cũng áp dụng cho cả Nhất Cửu (toàn)… về cả Cửu Chướng và Thập Nhị Chướng").
 */
function fullHandOf(cat: string, tiles: readonly number[]): boolean {
  return tiles.length > 0 && tiles.every((i) => tileInCat(tileAt(i), cat));
}

export interface LiabilityFacts {
  winner: number;
  /** 'discard' is the only shape with a deal-in liability (rules 1, 3–5). */
  winBy: string;
  from: number | null;
  /** The won tile as discarded (a bonus tile or joker stays itself). */
  tile: Tile | null;
  /** The winner's declared melds. */
  melds: readonly CalledMeld[];
  /** Feedings recorded for the winner. */
  feedings: readonly Feeding[];
  /** The discarder, for the §11.1 exception (null: not known, never exempt). */
  discarder: DiscarderFacts | null;
  input: HandInput;
  /** Item ids of the winning score. */
  patterns: readonly string[];
  /** Tile kinds of the scored arrangement, jokers as what they stand for (score.ts `scoreBest`). */
  tiles: readonly number[];
}

/** The liable seat (§11, one payer: the most recent feeder, else the discarder, §11 "Several"). */
export function findLiable(f: LiabilityFacts, o: VnOptions): Liable | null {
  const { winner: w, winBy, from, tile, patterns, tiles } = f;
  // rules 2–4: the most recent feeder
  const feeders = f.feedings
    .filter((x) => x.winner === w)
    .filter((x) => {
      // §11.1 exception for feeding (§15.7, option `liability-exempt-feeding`)
      const exempted = x.exempt && o['liability-exempt-feeding'];
      if (x.kind === 'thap-nhi') return o['liability-thap-nhi-chuong'] && !exempted && fullHandOf(x.cat, tiles);
      if (x.kind === 'bach') return o['liability-bach-bao'];
      if (x.cat === 'toan-chu') return o['liability-bac-bao'] && !exempted && fullHandOf('z', tiles);
      return o['liability-bac-bao'] && !exempted && (patterns.includes('tieu-tu-hi') || patterns.includes('dai-tu-hi'));
    })
    .sort((a, b) => b.at - a.at);
  const top = feeders[0];
  if (top) return { seat: top.feeder, rule: top.kind === 'thap-nhi' ? 'thap-nhi-chuong' : top.kind === 'bach' ? 'bach-bao' : 'bac-bao' };
  if (winBy !== 'discard' || from === null || tile === null) return null;
  // rule 5: a discarded bonus tile or joker that is won on
  if (!isOrdinary(tile)) return o['liability-flower-joker'] ? { seat: from, rule: 'flower-joker' } : null;
  const warn = warnings(f.melds);
  const isExempt = (cat: string, warnAt: number) => f.discarder !== null && exempt(f.discarder, cat, warnAt, tile);
  // rule 1: Cửu Chướng Báo (deal-in)
  if (o['liability-cuu-chuong'])
    for (const [cat, x] of warn) {
      if (x.n < 3 || !tileInCat(tile, cat) || !fullHandOf(cat, tiles)) continue;
      if (isExempt(cat, x.warnAt)) continue;
      return { seat: from, rule: 'cuu-chuong' };
    }
  const i = tileIndex(tile);
  const pungs = calledPungTiles(f.melds);
  // rule 3: Bạch Báo deal-in
  if (o['liability-bach-bao'] && isDragon(i) && pungs.filter((x) => isDragon(x) && x !== i).length >= 2)
    return { seat: from, rule: 'bach-bao' };
  // rule 4: Bắc Báo deal-in (with the §11.1 exception, §15.7): the 4th wind into W's win, or any
  // honour into a Toàn Chữ win, under Bắc Báo's own option (not only as Cửu Chướng for Chữ).
  const windPungs = calledWinds(f.melds);
  if (o['liability-bac-bao'] && windPungs.length >= 3 && isHonor(i)) {
    const fourth = isWind(i) && pungs.filter((x) => isWind(x) && x !== i).length >= 3;
    if ((fourth || fullHandOf('z', tiles)) && !isExempt('z', windPungs[2]!.at)) return { seat: from, rule: 'bac-bao' };
  }
  return null;
}
