/**
 * Every arrangement of a winning hand with jokers (vn-mahjong.md §8: "the engine tries every joker
 * assignment and scores the best"). Decomposes the concealed naturals lowest tile first, filling
 * missing slots with wild slots; spare jokers form joker-only sets; finally jokers are matched to
 * slots within their domains. Used for scoring only (the fast yes/no check is wincheck.ts).
 */
import { GROUP_MASK as JOKER_GROUPS, groupOf, isTerminal, tileAt, type JokerKind } from '../tiles.js';
import { ORPHANS } from '../wincheck.js';
import { jokerReach, jokersCanFill } from '../joker-fill.js';

export type SetKind = 'chow' | 'pung' | 'kong' | 'pair' | 'single';
export interface ASet {
  kind: SetKind;
  /** Lowest tile index (stand-in tiles for jokers). */
  t: number;
  /** Jokers used in this set, as `JA(5m)` strings. */
  jokers: string[];
  /** From a declared meld: claimed from a discard (ăn/phỗng/coong, also a later Hối Coong). */
  called: boolean;
  /** Âm Coong. */
  am: boolean;
  /** From a declared meld (else from the concealed hand). */
  declared: boolean;
  /** Hối Coong (added kong). */
  added?: boolean;
}
export interface Arrangement {
  sets: ASet[];
  special: 'pe-pe' | 'thap-tam-yeu' | null;
}

interface Slot {
  set: number;
  t: number;
}

function matchJokers(slots: readonly Slot[], jokers: readonly JokerKind[], reach0 = jokerReach(jokers)): string[] | null {
  if (slots.length !== jokers.length) return null;
  // most constrained slot first
  const order = slots.map((_, i) => i).sort((a, b) => (slots[a]!.t >= 27 ? 0 : 1) - (slots[b]!.t >= 27 ? 0 : 1));
  const used = jokers.map(() => false);
  const out = new Array<string>(slots.length);
  // the slots not yet filled, by group, and the jokers not yet used, by kind: a choice after which they
  // no longer fit (`jokersCanFill`) leads to no matching and is not searched (the first found is the same)
  // (`reach`: `jokerReach` of the jokers not yet used, kept as they are used)
  const need = new Array<number>(5).fill(0);
  for (const s of slots) need[GROUP[s.t]!]!++;
  const reach = [...reach0];
  const use = (mask: number, by: number) => {
    for (let set = 1; set < 32; set++) if ((mask & set) !== 0) reach[set]! += by;
  };
  const rec = (k: number): boolean => {
    if (k === order.length) return true;
    const s = slots[order[k]!]!;
    const g = GROUP[s.t]!;
    // the kinds tried at this slot, one bit each (`KIND_BIT`)
    let tried = 0;
    for (let j = 0; j < jokers.length; j++) {
      const kind = jokers[j]!;
      const bit = KIND_BIT[kind];
      if (used[j] || (tried & bit) !== 0 || ((MASK[kind] >> g) & 1) === 0) continue;
      tried |= bit;
      used[j] = true;
      need[g]!--;
      use(MASK[kind], -1);
      out[order[k]!] = `${kind}(${tileAt(s.t)})`;
      if (jokersCanFill(need, reach) && rec(k + 1)) return true;
      need[g]!++;
      use(MASK[kind], 1);
      used[j] = false;
    }
    return false;
  };
  return rec(0) ? out : null;
}

/**
 * Which tiles a joker-only set (spare jokers forming a whole set or the pair) may stand for. Every
 * tile of the 34 is possible, but scoring (predicates.ts, patterns.ts, liability.ts) tells a set's tile
 * apart only by: its suit or which honour it is (seat and round wind, dragons); whether a pung or pair
 * is of terminals, and for pungs which end (Preset B Nhất Cửu pungs); a chow at 123, 456 or 789 (Preset B
 * Nhất Thông). So one tile of each such class stands for the class, the lowest, which is the one the full
 * list met first: the best score and the arrangement shown are the same, and a hand of many jokers
 * no longer lists millions of arrangements (10 jokers took over a minute, on the table's thread).
 * Cửu Tử (nine gates) counts every rank of its one suit: `fullSuits` keeps every tile of the suits a
 * hand could make it in (scoring/score.ts `nineGatesSuits`). Khàn Khàn asks whether the won tile had
 * another home than a pung (predicates.ts `winCompletesPung`), which reads the tiles jokers stand for:
 * a joker-only pair or pung of the won tile `won` is kept too, and every rank lies in a chow kept.
 */
function jokerSetTiles(fullSuits: ReadonlySet<number>, won: number): { pairs: number[]; pungs: number[]; chows: number[] } {
  const all = (t: number) => t >= 27 || t === won || fullSuits.has(Math.floor(t / 9));
  const range = (n: number) => Array.from({ length: n }, (_, t) => t);
  return {
    pairs: range(34).filter((t) => all(t) || t % 9 <= 1),
    pungs: range(34).filter((t) => all(t) || t % 9 <= 1 || t % 9 === 8),
    chows: range(27).filter((t) => t % 9 <= 6 && (all(t) || (t % 9) % 3 === 0)),
  };
}

/**
 * What a standard arrangement's phán depends on beyond its concealed sets (score.ts `arrangements`
 * passes it): given it, arrangements that score alike are listed once (`standardArrangements`).
 */
export interface ScoreView {
  /** The declared melds, the same in every arrangement of the hand. */
  declared: readonly Shape[];
  seatWind: number;
  roundWind: number;
  /** Won on another seat's natural tile `won`: Khàn Khàn reads where it lies (predicates.ts `winCompletesPung`). */
  wonOnDiscard: boolean;
  /**
   * Won on another seat's joker, or bonus tile (it plays Tổng, §6): that joker's kind, whose slots Khàn
   * Khàn reads (`Tally.wildHomes`, `wildKhanKhan`); else null.
   */
  wonWild: JokerKind | null;
  /** Cửu Tử is possible (score.ts `nineGatesSuits` is not empty): it reads how many of each rank. */
  nineGates: boolean;
}

export interface Shape {
  kind: SetKind;
  t: number;
}

/**
 * A joker-only set tried (`standardArrangements`): its tiles, their group, whether the first of its
 * `firstAlike`; what `Tally.addCandidate` adds: how many tiles, terminals, simples, whether a pung
 * and whether it holds the won tile.
 */
interface Candidate {
  s: Shape;
  tiles: number[];
  group: number;
  first: boolean;
  terminals: number;
  simples: number;
  pung: boolean;
  holdsWon: boolean;
}

/** `groupOf` and `isTerminal` (suited) of each tile, and the jokers' groups (`GROUP_MASK`), for the hot loops. */
const MASK: Readonly<Record<JokerKind, number>> = { ...JOKER_GROUPS };
/** One bit for each joker kind (`matchJokers`' kinds tried at a slot). */
const KIND_BIT = Object.fromEntries(Object.keys(JOKER_GROUPS).map((k, i) => [k, 1 << i])) as Readonly<Record<JokerKind, number>>;
const GROUP = Array.from({ length: 34 }, (_, t) => groupOf(t));
const TERMINAL = Array.from({ length: 34 }, (_, t) => t < 27 && isTerminal(t));

/** The tiles of a set (predicates.ts `setTiles` of an `ASet`). */
function tilesOf(s: Shape): number[] {
  if (s.kind === 'chow') return [s.t, s.t + 1, s.t + 2];
  return new Array<number>(s.kind === 'kong' ? 4 : s.kind === 'pung' ? 3 : s.kind === 'pair' ? 2 : 1).fill(s.t);
}

const isPungLike = (s: Shape) => s.kind === 'pung' || s.kind === 'kong';

/** Cửu Tử (predicates.ts `nineGates`) asks for 3 of the 1 and the 9 and one of every other rank: more count alike. */
const NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3];
/** Powers of 5 and 15: running codes of counts up to 4 (honour pungs) and up to 14 (joker slots by group). */
const POW5 = Array.from({ length: 7 }, (_, k) => 5 ** k);
const POW15 = Array.from({ length: 10 }, (_, k) => 15 ** k);

/**
 * Running counts of the sets of an arrangement being built (the declared melds included), kept as sets
 * are added and removed, from which `partialKey` and `phanKey` are read. Counts read whole by a key are
 * also kept as one number (`honourCode`, `slotCode`).
 */
class Tally {
  /** Tiles of each kind. */
  readonly tiles = new Array<number>(34).fill(0);
  readonly groups = new Array<number>(5).fill(0);
  terminals = 0;
  simples = 0;
  /** Pungs and kongs of each honour, of a 1, of a 9. */
  readonly honourPungs = new Array<number>(7).fill(0);
  honourCode = 0;
  readonly ends = [0, 0];
  /** Chows 123, 456, 789 of each suit (index t / 3). */
  readonly straights = new Array<number>(9).fill(0);
  /** Of the concealed sets: chows, pungs, the pair's tile. */
  chows = 0;
  pungs = 0;
  pair = -1;
  /** Concealed pungs, other concealed sets holding the won tile. */
  readonly won = [0, 0];
  /** Joker slots by group, in a pung (odd) or not (even). */
  readonly wild = new Array<number>(10).fill(0);
  readonly slotGroups = new Array<number>(5).fill(0);
  slotCode = 0;
  slots = 0;

  /** The winds other than the seat's and the round's, and the dragons (honour index 0–6): alike within each. */
  readonly honourGroups: number[][];

  constructor(
    readonly view: ScoreView,
    readonly wonTile: number,
  ) {
    for (const s of view.declared) this.add(s, [], 1, true);
    const other = (k: number) => k + 27 !== view.seatWind && k + 27 !== view.roundWind;
    this.honourGroups = [[0, 1, 2, 3].filter(other), [4, 5, 6]];
  }

  /** Adds (`by` 1) or removes (`by` -1) set `s`, whose jokers stand for `jokerTiles`. */
  add(s: Shape, jokerTiles: readonly number[], by: 1 | -1, declared = false, tiles: readonly number[] = tilesOf(s)): void {
    for (const t of tiles) {
      this.tiles[t]! += by;
      this.groups[GROUP[t]!]! += by;
      if (TERMINAL[t]) this.terminals += by;
      else if (t < 27) this.simples += by;
    }
    const pung = isPungLike(s);
    if (pung && s.t >= 27) {
      this.honourPungs[s.t - 27]! += by;
      this.honourCode += by * POW5[s.t - 27]!;
    } else if (pung && s.t % 9 === 0) this.ends[0]! += by;
    else if (pung && s.t % 9 === 8) this.ends[1]! += by;
    if (s.kind === 'chow' && (s.t % 9) % 3 === 0) this.straights[s.t / 3]! += by;
    if (declared) return;
    if (s.kind === 'chow') this.chows += by;
    if (pung) this.pungs += by;
    if (s.kind === 'pair') this.pair = by === 1 ? s.t : -1;
    if (tiles.includes(this.wonTile)) this.won[pung ? 0 : 1]! += by;
    for (const t of jokerTiles) {
      const g = GROUP[t]!;
      this.wild[g * 2 + (pung ? 1 : 0)]! += by;
      this.slotGroups[g]! += by;
      this.slotCode += by * POW15[g]!;
      this.slots += by;
    }
  }

  /**
   * `add(k.s, k.tiles, by, false, k.tiles)` of a joker-only set (every tile a joker's), from its counts
   * worked out once (`Candidate`): the hot step of `standardArrangements`' joker-only sets.
   */
  addCandidate(k: Candidate, by: 1 | -1): void {
    const s = k.s;
    const n = k.tiles.length;
    const g = k.group;
    for (const t of k.tiles) this.tiles[t]! += by;
    this.groups[g]! += by * n;
    this.terminals += by * k.terminals;
    this.simples += by * k.simples;
    if (k.pung && s.t >= 27) {
      this.honourPungs[s.t - 27]! += by;
      this.honourCode += by * POW5[s.t - 27]!;
    } else if (k.pung && s.t % 9 === 0) this.ends[0]! += by;
    else if (k.pung && s.t % 9 === 8) this.ends[1]! += by;
    if (s.kind === 'chow') {
      if ((s.t % 9) % 3 === 0) this.straights[s.t / 3]! += by;
      this.chows += by;
    }
    if (k.pung) this.pungs += by;
    if (s.kind === 'pair') this.pair = by === 1 ? s.t : -1;
    if (k.holdsWon) this.won[k.pung ? 0 : 1]! += by;
    this.wild[g * 2 + (k.pung ? 1 : 0)]! += by * n;
    this.slotGroups[g]! += by * n;
    this.slotCode += by * n * POW15[g]!;
    this.slots += by * n;
  }

  private mask(counts: readonly number[]): number {
    let m = 0;
    for (let k = 0; k < counts.length; k++) if (counts[k]! > 0) m |= 1 << k;
    return m;
  }

  /** The suit (0–2) all the tiles are of, once `more` groups (a mask) are added, when Cửu Tử may be read; else -1. */
  private oneSuit(more = 0): number {
    if (!this.view.nineGates) return -1;
    const g = this.mask(this.groups) | more;
    return g === 1 || g === 2 || g === 4 ? g >> 1 : -1;
  }

  /**
   * Whether the hand may still be Cửu Tử with `tilesLeft` more tiles, of group `g`: its tiles all of one
   * suit and no more of each rank missing than tiles left (ranks only grow).
   */
  nineGatesLive(tilesLeft: number, g: number): boolean {
    const suit = this.oneSuit(1 << g);
    if (suit < 0) return false;
    let missing = 0;
    for (let r = 0; r < 9; r++) missing += Math.max(0, NINE_GATES[r]! - this.tiles[suit * 9 + r]!);
    return missing <= tilesLeft;
  }

  /**
   * The count of each rank of the one suit of the tiles, capped at what Cửu Tử asks (-1: of more groups;
   * -2: too few tiles left, `tilesLeft`, to make it).
   */
  private ranks(tilesLeft: number): number {
    const suit = this.oneSuit();
    if (suit < 0) return -1;
    let code = 0;
    let missing = 0;
    for (let r = 0; r < 9; r++) {
      const n = this.tiles[suit * 9 + r]!;
      code = code * 4 + Math.min(n, NINE_GATES[r]!);
      missing += Math.max(0, NINE_GATES[r]! - n);
    }
    return missing > tilesLeft ? -2 : code;
  }

  /**
   * The chows 123, 456, 789 (Nhất Thông) that may still matter with at most `setsLeft` more sets: -1 once
   * a suit has all three; of a suit missing more than `setsLeft`, none.
   */
  private straightsLeft(setsLeft: number): number {
    const s = this.straights;
    let m = 0;
    for (let b = 0; b < 9; b += 3) {
      const bits = (s[b]! > 0 ? 1 : 0) | (s[b + 1]! > 0 ? 2 : 0) | (s[b + 2]! > 0 ? 4 : 0);
      if (bits === 7) return -1;
      const have = (bits & 1) + ((bits >> 1) & 1) + (bits >> 2);
      if (3 - have <= setsLeft) m |= bits << b;
    }
    return m;
  }

  /** What the summary reads of the pair (`phanKey`): none, suited, a dragon, a wind and whether the seat's, the round's. */
  private pairClass(): number {
    const { seatWind, roundWind } = this.view;
    const p = this.pair;
    return p < 0 ? 0 : p < 27 ? 1 : p >= 31 ? 2 : 3 + (p === seatWind ? 1 : 0) + (p === roundWind ? 2 : 0);
  }

  /** Whether a terminal, a simple, a pung of a 1, of a 9. */
  private flags(): number {
    return (this.terminals > 0 ? 1 : 0) | (this.simples > 0 ? 2 : 0) | (this.ends[0]! > 0 ? 4 : 0) | (this.ends[1]! > 0 ? 8 : 0);
  }

  /**
   * The facts that later sets add to, of which only what `tilesLeft` more tiles may still change the
   * summary by: which groups hold a tile, whether a terminal, a simple, the pair's class, chows (and
   * which of 123/456/789, while a suit may still get all three), pungs (of each honour, of a 1, of a 9),
   * Khàn Khàn's, and the ranks (capped) while of one suit and Cửu Tử is still possible, more groups never
   * becoming one again. `phanKey` of these sets and any later ones follows from it and the later ones
   * (flags or, counts add), so a search node with the same key and the same choices left reaches only
   * `phanKey`s already reached.
   */
  partialKey(tilesLeft = 14): string {
    const won = this.view.wonOnDiscard ? this.mask(this.won) : 0;
    const a = this.mask(this.groups) + 32 * (this.flags() + 16 * (this.pairClass() + 8 * (this.chows + 8 * (this.pungs + 8 * won))));
    const wild = this.view.wonWild ? this.wildHomes() : 0;
    return `${a}/${this.straightsLeft(Math.floor(tilesLeft / 3))}/${this.honourCode}/${wild}/${this.ranks(tilesLeft)}`;
  }

  /**
   * `partialKey` as two numbers, `partialHigh` (all but the ranks, below 2^53: the first part below
   * 2^20, the straights + 1 below 2^10, the honour code below 5^7 < 2^17, the won joker's homes below
   * 2^6) and `partialRanks` (the ranks + 2, below 2^19): equal exactly when the strings are.
   */
  partialHigh(tilesLeft: number): number {
    const won = this.view.wonOnDiscard ? this.mask(this.won) : 0;
    const a = this.mask(this.groups) + 32 * (this.flags() + 16 * (this.pairClass() + 8 * (this.chows + 8 * (this.pungs + 8 * won))));
    const wild = this.view.wonWild ? this.wildHomes() : 0;
    const hi = a * 1024 + this.straightsLeft(Math.floor(tilesLeft / 3)) + 1;
    return hi * 2 ** 23 + this.honourCode * 64 + wild;
  }

  partialRanks(tilesLeft: number): number {
    return this.ranks(tilesLeft) + 2;
  }

  /**
   * What Khàn Khàn on a won joker of kind `view.wonWild` reads of the joker slots beyond their groups
   * (`wildKhanKhan`): which groups of its domain have a slot outside a pung (bits 0–4), whether a slot
   * is in a pung (bit 5). Later sets only add to both.
   */
  wildHomes(): number {
    const dom = MASK[this.view.wonWild!];
    let m = 0;
    for (let g = 0; g < 5; g++) {
      if (((dom >> g) & 1) === 1 && this.wild[g * 2]! > 0) m |= 1 << g;
      if (this.wild[g * 2 + 1]! > 0) m |= 32;
    }
    return m;
  }

  /** The sorted counts of honour pungs of `group` (`honourGroups`, at most 3), as how many of each count (base 4). */
  private alike(group: readonly number[]): number {
    let code = 0;
    for (const k of group) code += 1 << (2 * this.honourPungs[k]!);
    return code;
  }

  /**
   * A summary of a whole standard arrangement: two arrangements of one hand with the same summary score
   * the same phán, so only the first is scored. The declared melds, the exposed tiles, the way of
   * winning and the waits are the same in every arrangement of the hand; of its sets, the scoring rules
   * (predicates.ts `facts` and its predicates; patterns.ts `PATTERNS_A`, `PATTERNS_B`, `commonItems`,
   * `nfnlItem`; the exclusions and bonuses, which read only the items) read:
   * - how many suits, whether an honour, a terminal, a simple (Lai/Toàn Hàng, Toàn Chữ, Lai/Toàn Nhất
   *   Cửu, Không Hoa Không Lá: every set below 27);
   * - the pair: suited, a dragon, a wind, the seat wind, the round wind (Phình, Phình Chữ, Tiểu Tam
   *   Nguyên, Tiểu Tứ Hỉ);
   * - how many chows (Phình, Môn Thanh Phình), whether 123-456-789 of one suit (Nhất Thông);
   * - how many pungs concealed (Tui Tui, Khàn Khàn, Xuyên; concealed sets are never kongs nor called),
   *   whether one of a 1 and one of a 9 (Nhất Cửu pungs);
   * - honour pungs and kongs: how many of the seat wind, of the round wind (Tự Phong Cửa, Tự Phong Gió),
   *   of each other wind and each dragon, up to which (Rồng counts each dragon once in preset A, each
   *   pung in preset B: both follow from the counts; Tam Nguyên, Tứ Hỉ count them all);
   * - Khàn Khàn on another seat's tile (`winCompletesPung`): for a natural won tile, whether a pung
   *   holds it and whether another set does; for a wild one, whether it completes a pung (`wildKk`,
   *   `wildKhanKhan`: the joker slots' groups, in pungs or not, and the hand's jokers, the same in every
   *   arrangement, decide it);
   * - Cửu Tử (`nineGates`): whether the tiles, of one suit, hold 3 of the 1 and the 9 and one of every
   *   other rank.
   * The items' details (a dragon's name) may differ between arrangements of one summary, never their phán.
   */
  phanKey(wildKk = false): number {
    const { seatWind, roundWind } = this.view;
    const g = this.mask(this.groups);
    const suits = (g & 1) + ((g >> 1) & 1) + ((g >> 2) & 1);
    const flags = this.flags();
    const s = this.straights;
    const straight = (s[0]! && s[1]! && s[2]!) || (s[3]! && s[4]! && s[5]!) || (s[6]! && s[7]! && s[8]!) ? 1 : 0;
    const won = this.view.wonOnDiscard ? this.mask(this.won) : 0;
    const nineGates = this.ranks(0) >= 0 ? 1 : 0;
    // one base-8 digit per count (at most 4 melds), the first (suits) at most 3
    let key = suits;
    key = key * 8 + (g >> 3 ? 1 : 0);
    key = key * 8 + ((flags & 3) | (flags >> 3 && flags & 4 ? 4 : 0));
    key = key * 8 + this.pairClass();
    key = key * 8 + this.chows;
    key = key * 8 + straight;
    key = key * 8 + this.pungs;
    key = key * 8 + won;
    key = key * 8 + nineGates;
    key = key * 8 + this.honourPungs[seatWind - 27]!;
    key = key * 8 + this.honourPungs[roundWind - 27]!;
    // 32 bits, then 10 for each group of honours alike, then Khàn Khàn on a won joker: below 2^53
    key = (key * 1024 + this.alike(this.honourGroups[0]!)) * 1024 + this.alike(this.honourGroups[1]!);
    return this.view.wonWild ? key * 2 + (wildKk ? 1 : 0) : key;
  }
}

/**
 * For each candidate joker-only set of `list`, the index of the first one whose effect on a summary
 * (`Tally.phanKey`) and on the joker slots' groups is the same whatever the other sets, the ranks
 * (Cửu Tử) aside: its kind and group; for an honour, which one (a pung) or its class (the pair:
 * a dragon, a wind, the seat's, the round's: `Tally.pairClass`, given in `view`); for a suit, whether a
 * terminal, a simple, a pung of a 1 or of a 9, which of 123/456/789 a chow is; whether it holds `won`.
 */
function firstAlike(list: readonly Shape[], won: number, view: ScoreView | undefined): number[] {
  const effect = (s: Shape): string => {
    const tiles = tilesOf(s);
    const holdsWon = tiles.includes(won);
    if (s.t >= 27) {
      if (s.kind !== 'pair' || !view) return `${s.kind}${s.t}${holdsWon}`;
      const wind = s.t < 31 ? `w${s.t === view.seatWind}${s.t === view.roundWind}` : 'd';
      return `pair${wind}${holdsWon}`;
    }
    const end = isPungLike(s) && s.t % 9 === 0 ? 1 : isPungLike(s) && s.t % 9 === 8 ? 2 : 0;
    const straight = s.kind === 'chow' && (s.t % 9) % 3 === 0 ? s.t / 3 : -1;
    return `${s.kind}/${groupOf(s.t)}/${tiles.some(isTerminal)}/${!tiles.every(isTerminal)}/${end}/${straight}/${holdsWon}`;
  };
  const first = new Map<string, number>();
  return list.map((s, i) => {
    const e = effect(s);
    if (!first.has(e)) first.set(e, i);
    return first.get(e)!;
  });
}

/**
 * Whether jokers of `kinds` fill stand-in tiles `slotTiles` one to one, each within its domain (§2):
 * as many of each, and `jokersCanFill` (Hall's theorem) by the slots' groups. Polynomial, where trying
 * every assignment took seconds on a hand of ten jokers (predicates.ts `winCompletesPung`).
 */
export function jokersFill(slotTiles: readonly number[], kinds: readonly string[]): boolean {
  if (slotTiles.length !== kinds.length) return false;
  const groups = new Array<number>(5).fill(0);
  for (const t of slotTiles) groups[GROUP[t]!]!++;
  return jokersCanFill(groups, jokerReach(kinds as JokerKind[]));
}

/**
 * Whether a joker of kind `kind` won on another seat's tile completes a concealed pung with no other
 * home (predicates.ts `winCompletesPung`, §9 Khàn Khàn), read from the joker slots of an arrangement
 * whose jokers (`reach`: `jokerReach`, `count` of them, `kind` among them) fill them: `homes` as
 * `Tally.wildHomes`, `slotGroups` by group. A slot outside a pung of group g in `kind`'s
 * domain is another home when the other jokers fill the other slots: by Hall's theorem
 * (`jokersCanFill`), when every set of groups without g that `kind` reaches, and whose jokers may run
 * short (`reach` below `count`), keeps a joker spare; the other sets always fit.
 */
function wildKhanKhan(kind: JokerKind, homes: number, slotGroups: readonly number[], reach: readonly number[], count: number): boolean {
  const dom = MASK[kind];
  if ((homes & 32) === 0) return false;
  for (let g = 0; g < 5; g++) {
    if (((homes >> g) & 1) === 0) continue;
    let home = true;
    for (let set = 1; set < 32 && home; set++) {
      if ((set >> g) & 1 || (set & dom) === 0 || reach[set]! >= count) continue;
      let need = 0;
      for (let h = 0; h < 5; h++) if ((set >> h) & 1) need += slotGroups[h]!;
      if (reach[set]! - need < 1) home = false;
    }
    if (home) return false;
  }
  return true;
}

/**
 * Standard arrangements (melds + one pair) of the concealed part. `fullSuits`: the suits whose every
 * tile a joker-only set is tried as, `won`: the won natural tile's index (-1: none); others: one tile
 * per class that scores alike (`jokerSetTiles`). The defaults try every tile.
 * With `view`, only the first arrangement of each `phanKey` is listed, in the same order: the scorer
 * keeps the first best (score.ts `scoreBest`), and a later arrangement with an earlier one's summary
 * scores the same, so never replaces it. A node of the search whose `partialKey`, remaining tiles and
 * jokers (and their groups, which decide whether the jokers fit) were met before leads only to
 * summaries met before: it is not searched again; joker-only sets are pruned likewise (`addExtras`).
 * The summary is coarser than the phán only where the phán cannot tell (Cửu Tử's ranks, read as
 * whether it is made): the first arrangement of the best phán is the one trying them all finds first.
 * `work.nodes` counts the nodes searched (95,000 to 323,000 for 14 jokers before 2026-12-07, 10,000
 * to 22,000 after).
 */
export function standardArrangements(
  c0: readonly number[],
  jokers: readonly JokerKind[],
  fullSuits: ReadonlySet<number> = new Set([0, 1, 2]),
  won = -1,
  view?: ScoreView,
  work: { nodes: number } = { nodes: 0 },
): ASet[][] {
  const cand = jokerSetTiles(fullSuits, won);
  const c = [...c0];
  const out = new Map<string, ASet[]>();
  const sets: Shape[] = [];
  const slots: Slot[] = [];
  const tally = view ? new Tally(view, won) : null;
  const anyFit = jokers.every((k) => k === 'JA');
  const seenNode = new Set<string>();
  const seenScore = new Set<number>();
  const reach = jokerReach(jokers);
  /** Whether the joker slots so far (by group: `Tally.slotCode`) fit the jokers (`jokersCanFill`), per slot code. */
  const fitsMemo = new Map<number, boolean>();
  const fits = (): boolean => {
    // with only Tổng any slots fit, as many as jokers
    if (!tally || anyFit) return true;
    let f = fitsMemo.get(tally.slotCode);
    if (f === undefined) fitsMemo.set(tally.slotCode, (f = jokersCanFill(tally.slotGroups, reach)));
    return f;
  };
  /** The sets of groups whose jokers may run short (`jokerReach` below the jokers). */
  const binding = Array.from({ length: 31 }, (_, k) => k + 1).filter((set) => reach[set]! < jokers.length);
  /**
   * Which `left` more slots fit, per slot code and `left`: how many more slots each binding set of groups
   * may take (`jokersCanFill`), at most `left` (no more slots are made); on a won joker, at most `left` + 1:
   * whether a joker stays spare decides Khàn Khàn (`wildKhanKhan`).
   */
  const slackMemo = new Map<number, number>();
  const cap = view?.wonWild ? 1 : 0;
  /** A number for each room (the string of the binding sets' room) met. */
  const slackIds = new Map<string, number>();
  const slack = (left: number): number => {
    const at = tally!.slotCode * 16 + left;
    let id = slackMemo.get(at);
    if (id === undefined) {
      let key = '';
      for (const set of binding) {
        let need = 0;
        for (let g = 0; g < 5; g++) if ((set >> g) & 1) need += tally!.slotGroups[g]!;
        key += `${Math.min(reach[set]! - need, left + cap)},`;
      }
      id = slackIds.get(key) ?? slackIds.size;
      slackIds.set(key, id);
      slackMemo.set(at, id);
    }
    return id;
  };
  /** `wildKhanKhan` of the slots so far, per slot code and `Tally.wildHomes` (with a won joker held). */
  const kkMemo = new Map<number, boolean>();
  const held = view?.wonWild != null && jokers.includes(view.wonWild);
  const khanKhan = (): boolean => {
    if (!held) return false;
    const homes = tally!.wildHomes();
    const at = tally!.slotCode * 64 + homes;
    let kk = kkMemo.get(at);
    if (kk === undefined) kkMemo.set(at, (kk = wildKhanKhan(view!.wonWild!, homes, tally!.slotGroups, reach, jokers.length)));
    return kk;
  };
  /** True when this node was met before (with `view`). */
  const metBefore = (node: string): boolean => {
    if (!tally) return false;
    // more slots never fit where fewer do not: nothing below this node is an arrangement
    if (!fits()) return true;
    work.nodes++;
    const key = `${node}|${anyFit ? tally.slots : tally.slotGroups.join(',')}|${tally.partialKey()}`;
    if (seenNode.has(key)) return true;
    seenNode.add(key);
    return false;
  };
  const emit = (extra: readonly Candidate[]) => {
    if (tally) {
      // as many slots as jokers: they fit (`matchJokers` finds how) exactly when `jokersCanFill`
      if (!fits()) return;
      const key = tally.phanKey(view!.wonWild !== null && khanKhan());
      if (seenScore.has(key)) return;
      seenScore.add(key);
    }
    const allSlots = [...slots, ...extra.flatMap((k, j) => k.tiles.map((t) => ({ set: sets.length + j, t })))];
    const all = [...sets, ...extra.map((k) => k.s)];
    const m = matchJokers(allSlots, jokers, reach);
    if (!m) return;
    const res: ASet[] = all.map((s) => ({ kind: s.kind, t: s.t, jokers: [], called: false, am: false, declared: false }));
    allSlots.forEach((sl, i) => res[sl.set]!.jokers.push(m[i]!));
    const key = res
      .map((s) => `${s.kind}${s.t}:${s.jokers.length}`)
      .sort()
      .join('|');
    if (!out.has(key)) out.set(key, res);
  };
  /** Adds set `s` to `list` with jokers standing for `jokerTiles`; returns the undo. */
  const place = (list: Shape[], slotList: Slot[], s: Shape, jokerTiles: readonly number[], set: number): (() => void) => {
    list.push(s);
    for (const t of jokerTiles) slotList.push({ set, t });
    tally?.add(s, jokerTiles, 1);
    return () => {
      tally?.add(s, jokerTiles, -1);
      slotList.length -= jokerTiles.length;
      list.pop();
    };
  };
  // Joker-only sets: the pair (when still needed), then non-decreasing indexes into `extraCands` (pungs
  // then chows), each multiset once, in the order of the search before (the first arrangement of each
  // summary is the one listed).
  const candidates = (shapes: Shape[]): Candidate[] => {
    const first = firstAlike(shapes, won, view);
    return shapes.map((s, i) => {
      const tiles = tilesOf(s);
      return {
        s,
        tiles,
        group: GROUP[s.t]!,
        first: first[i] === i,
        terminals: tiles.filter((t) => TERMINAL[t]).length,
        simples: tiles.filter((t) => t < 27 && !TERMINAL[t]).length,
        pung: isPungLike(s),
        holdsWon: tiles.includes(won),
      };
    });
  };
  const pairCands = candidates(cand.pairs.map((t) => ({ kind: 'pair', t })));
  const extraCands = candidates([
    ...cand.pungs.map((t): Shape => ({ kind: 'pung', t })),
    ...cand.chows.map((t): Shape => ({ kind: 'chow', t })),
  ]);
  /**
   * With `view`: the least first index a node of joker-only sets was searched with (see `addExtras`), by
   * the jokers left, the pair still needed, the slots' room and `Tally.partialRanks`, then `Tally.partialHigh`.
   */
  const seenExtra = new Map<number, Map<number, number>>();
  const extra: Candidate[] = [];
  /**
   * Joker-only sets made of `left` jokers, the pair first when `needPair`, then candidates from index
   * `from` on. With `view`, two prunings keep the summaries listed and the first arrangement of each:
   * - a node whose partial key, jokers left and the room its slots leave were met before with a first
   *   index as low or lower had every choice this one has: it is not searched again;
   * - unless the hand may still be Cửu Tử with a set of its group, a set whose effect on the summary is
   *   that of an earlier candidate (`firstAlike`) is not tried: put in its place, that one makes an
   *   arrangement of the same summary and slot groups which comes earlier in this order.
   */
  const addExtras = (left: number, needPair: boolean, from: number): void => {
    if (left === 0 && !needPair) return emit(extra);
    let live = 31;
    if (tally) {
      if (!fits()) return;
      work.nodes++;
      // (left ≤ 14, a room's number far below 2^29)
      const outer = ((anyFit ? 0 : slack(left)) * 32 + (needPair ? -left : left) + 16) * 2 ** 19 + tally.partialRanks(left);
      let inner = seenExtra.get(outer);
      if (inner === undefined) seenExtra.set(outer, (inner = new Map()));
      const key = tally.partialHigh(left);
      const least = inner.get(key);
      if (least !== undefined && least <= from) return;
      inner.set(key, from);
      live = 0;
      for (let g = 0; g < 5; g++) if (tally.nineGatesLive(left, g)) live |= 1 << g;
    }
    const list = needPair ? pairCands : extraCands;
    for (let i = needPair ? 0 : from; i < list.length; i++) {
      const k = list[i]!;
      if (!k.first && ((live >> k.group) & 1) === 0) continue;
      extra.push(k);
      tally?.addCandidate(k, 1);
      addExtras(left - k.tiles.length, false, needPair ? 0 : i);
      tally?.addCandidate(k, -1);
      extra.pop();
    }
  };
  const finish = () => {
    const spare = jokers.length - slots.length;
    const need = sets.some((s) => s.kind === 'pair') ? 0 : 2;
    if (spare >= need && (spare - need) % 3 === 0) addExtras(spare, need === 2, 0);
  };
  const rec = () => {
    if (slots.length > jokers.length) return;
    if (metBefore(`r${c.join(',')}`)) return;
    let i = 0;
    while (i < 34 && c[i] === 0) i++;
    if (i === 34) return finish();
    const n = c[i]!;
    const idx = sets.length;
    for (let use = Math.min(3, n); use >= 1; use--) {
      c[i] = n - use;
      const undo = place(sets, slots, { kind: 'pung', t: i }, new Array<number>(3 - use).fill(i), idx);
      rec();
      undo();
      c[i] = n;
    }
    if (!sets.some((s) => s.kind === 'pair')) {
      for (let use = Math.min(2, n); use >= 1; use--) {
        c[i] = n - use;
        const undo = place(sets, slots, { kind: 'pair', t: i }, use === 1 ? [i] : [], idx);
        rec();
        undo();
        c[i] = n;
      }
    }
    if (i < 27) {
      const pos = i % 9;
      for (let lo = pos - 2; lo <= pos; lo++) {
        if (lo < 0 || lo + 2 > 8) continue;
        const base = i - pos;
        const took: number[] = [];
        const jokerTiles: number[] = [];
        for (let k = base + lo; k <= base + lo + 2; k++) {
          if (k >= i && c[k]! > 0) {
            c[k]!--;
            took.push(k);
          } else jokerTiles.push(k);
        }
        const undo = place(sets, slots, { kind: 'chow', t: base + lo }, jokerTiles, idx);
        rec();
        undo();
        for (const k of took) c[k]!++;
      }
    }
  };
  rec();
  return [...out.values()];
}

/** A tile's group (bits 0–4), and whether a terminal (bit 5) or a simple (bit 6). */
const tileBits = (t: number) => (1 << groupOf(t)) | (t < 27 ? (isTerminal(t) ? 32 : 64) : 0);

/**
 * What a Pé Pé arrangement's phán depends on, of tiles whose `tileBits` are `bits` (see `Tally.phanKey`):
 * it has no pung, chow nor pair in the standard sense (predicates.ts `facts`; Khàn Khàn reads pungs), so
 * the rules read only how many suits, whether an honour, a terminal, a simple (Lai/Toàn Hàng, Toàn Chữ,
 * Lai/Toàn Nhất Cửu, Môn Thanh, Không Hoa Không Lá).
 */
function sevenPairsKey(bits: number): string {
  const suits = (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);
  return `${suits}/${bits >> 3}`;
}

/**
 * Seven pairs arrangements (one representative; stand-ins chosen to keep naturals' kinds). With `alike`,
 * only the first of each `sevenPairsKey` (as `standardArrangements` with a view): a search node whose
 * pairs left, lowest tile allowed, tiles' bits and joker slots' groups were met before is not searched
 * again, and a joker-only pair stands only for the lowest tile of its `tileBits` (which hold its group):
 * one for a higher tile of them has the summary and slot groups of one for the lowest, which comes first.
 */
export function sevenPairsArrangements(c: readonly number[], jokers: readonly JokerKind[], alike = false): ASet[][] {
  const sets: Shape[] = [];
  const slots: Slot[] = [];
  for (let i = 0; i < 34; i++) {
    let n = c[i]!;
    while (n >= 2) {
      sets.push({ kind: 'pair', t: i });
      n -= 2;
    }
    if (n === 1) {
      slots.push({ set: sets.length, t: i });
      sets.push({ kind: 'pair', t: i });
    }
  }
  const results: ASet[][] = [];
  const spare = jokers.length - slots.length;
  if (spare < 0 || spare % 2 !== 0) return results;
  const anyFit = jokers.every((k) => k === 'JA');
  const groups = new Array<number>(5).fill(0);
  for (const sl of slots) groups[groupOf(sl.t)]!++;
  const seenNode = new Set<string>();
  const seenScore = new Set<number | string>();
  /** Whether the jokers fit the slots, by their groups (`slotGroups`). */
  const fits = new Map<string, boolean>();
  const firstOfBits = new Map<number, number>();
  const pairTiles = Array.from({ length: 34 }, (_, t) => t).filter((t) => {
    if (!alike) return true;
    if (firstOfBits.has(tileBits(t))) return false;
    firstOfBits.set(tileBits(t), t);
    return true;
  });
  const tryWith = (extra: number[]) => {
    const allSets = [...sets, ...extra.map((t) => ({ kind: 'pair' as SetKind, t }))];
    const allSlots = [
      ...slots,
      ...extra.flatMap((t, k) => [
        { set: sets.length + k, t },
        { set: sets.length + k, t },
      ]),
    ];
    const m = matchJokers(allSlots, jokers);
    if (!m) return;
    const res: ASet[] = allSets.map((s) => ({ kind: s.kind, t: s.t, jokers: [], called: false, am: false, declared: false }));
    allSlots.forEach((sl, i) => res[sl.set]!.jokers.push(m[i]!));
    results.push(res);
  };
  const rec = (left: number, from: number, acc: number[], bits: number) => {
    if (alike && left === 0) {
      const g = groups.join(',');
      if (seenScore.has(sevenPairsKey(bits)) || fits.get(g) === false) return;
      const before = results.length;
      tryWith(acc);
      fits.set(g, results.length > before);
      if (results.length > before) seenScore.add(sevenPairsKey(bits));
      return;
    }
    if (left === 0) return tryWith(acc);
    if (alike) {
      const node = `${left}/${from}/${bits}/${anyFit ? '' : groups.join(',')}`;
      if (seenNode.has(node)) return;
      seenNode.add(node);
    }
    for (const t of pairTiles) {
      if (t < from) continue;
      groups[groupOf(t)]! += 2;
      rec(left - 2, t, [...acc, t], bits | tileBits(t));
      groups[groupOf(t)]! -= 2;
    }
  };
  rec(
    spare,
    0,
    [],
    sets.reduce((b, s) => b | tileBits(s.t), 0),
  );
  return results;
}

/** Thập Tam Yêu arrangement: 13 singles + a duplicate. */
export function orphansArrangements(c: readonly number[], jokers: readonly JokerKind[]): ASet[][] {
  const results: ASet[][] = [];
  // 14 tiles, no natural but the orphans (wincheck.ts `isThirteenOrphans`); the rest `matchJokers` asks
  if (c.reduce((n, x) => n + x, jokers.length) !== 14 || c.some((x, t) => x > 0 && !ORPHANS.includes(t))) return results;
  for (const dup of ORPHANS) {
    const sets: { kind: SetKind; t: number }[] = [];
    const slots: Slot[] = [];
    for (const t of ORPHANS) {
      const want = t === dup ? 2 : 1;
      const idx = sets.length;
      sets.push({ kind: want === 2 ? 'pair' : 'single', t });
      for (let k = c[t]!; k < want; k++) slots.push({ set: idx, t });
      if (c[t]! > want) slots.length = 99; // impossible
    }
    if (slots.length !== jokers.length) continue;
    const m = matchJokers(slots, jokers);
    if (!m) continue;
    const res: ASet[] = sets.map((s) => ({ kind: s.kind, t: s.t, jokers: [], called: false, am: false, declared: false }));
    slots.forEach((sl, i) => res[sl.set]!.jokers.push(m[i]!));
    results.push(res);
  }
  return results;
}
