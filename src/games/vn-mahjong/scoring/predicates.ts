/**
 * Named predicates of the §9 patterns (style.md §3: small pure functions named by what they test).
 * `facts` reads one arrangement once; the predicates only look at those facts. The evaluation (which
 * item each predicate gives, exclusions, bonuses) is in patterns.ts.
 */
import type { VnOptions } from '../options.js';
import { jokerReach, jokersCanFill } from '../joker-fill.js';
import {
  groupOf,
  inDomain,
  isDragon,
  isFlowerLike,
  isHonor,
  isTerminal,
  isWild,
  isWind,
  tileIndex,
  type JokerKind,
  type Tile,
} from '../tiles.js';
import type { ASet, Arrangement } from './arrange.js';
import { isSelfDrawWin, type HandInput } from './input.js';

/** What scoring knows of the hand beyond one arrangement. */
export interface Ctx {
  input: HandInput;
  o: VnOptions;
  /** Không Khung: no joker anywhere (§9). */
  kk: boolean;
  /** Number of tile kinds that completed the hand (Xuyên = 1). */
  waitCount: number;
  waitKinds: number[];
  /** Count vector of the hand before the winning tile. */
  preWin: number[];
}

export interface Facts {
  special: Arrangement['special'];
  melds: ASet[];
  pair: ASet | null;
  /** Every tile kind of the arrangement (jokers as what they stand for). */
  all: number[];
  suits: Set<number>;
  honours: boolean;
  pungs: ASet[];
  chows: number;
  kongs: ASet[];
  selfDraw: boolean;
  /** No claimed meld (Âm Coong allowed). */
  concealedHand: boolean;
  dragonPungs: number;
  windPungs: number;
  /** Pungs/kongs concealed at the win (a pung completed by the winning discard does not count). */
  concealedPungs: number;
  seatWind: number;
  roundWind: number;
  /** The hand has no declared meld (Cửu Tử is concealed). */
  noDeclaredMeld: boolean;
}

export function setTiles(s: ASet): number[] {
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

/**
 * Did the tile won on another seat's tile complete a concealed pung of arrangement `a`, with no other
 * place for it (vn-mahjong.md §9 Khàn Khàn: "a pung completed by the winning discard does not count")?
 * The tile goes where the arrangement allows it best: a natural tile may complete any concealed set
 * holding its kind (a joker standing for it there trades places with it). A discarded joker, or a
 * bonus tile (it plays Tổng, §6 / §11.5), is wild: it may complete a chow or the pair if some joker
 * slot there is in its domain and the hand's other jokers still fill the remaining slots.
 */
function winCompletesPung(a: Arrangement, winning: Tile): boolean {
  const concealed = a.sets.filter((s) => !s.declared);
  const isPung = (s: ASet) => s.kind === 'pung' || s.kind === 'kong';
  const wt = tileIndex(winning);
  if (wt >= 0) {
    const otherHome = concealed.some((s) => !isPung(s) && setTiles(s).includes(wt));
    return !otherHome && concealed.some((s) => isPung(s) && s.t === wt);
  }
  const kind = isFlowerLike(winning) ? 'JA' : winning;
  if (!isWild(kind)) return false;
  // every joker slot of the concealed sets: what it stands for, the joker filling it, in a pung or not
  const slots = concealed.flatMap((s) => s.jokers.map((j) => ({ t: tileIndex(j.slice(3, -1)), kind: j.slice(0, 2), pung: isPung(s) })));
  const kinds = slots.map((x) => x.kind);
  const at = kinds.indexOf(kind);
  if (at < 0) return false;
  const others = [...kinds.slice(0, at), ...kinds.slice(at + 1)];
  // the other jokers fill the other slots (arrange.ts `jokersFill`, as many of each): their reach and
  // the slots' groups are read once, a slot's group taken out for each slot tried
  const reach = jokerReach(others as JokerKind[]);
  const groups = new Array<number>(5).fill(0);
  for (const x of slots) groups[groupOf(x.t)]!++;
  const otherHome = slots.some((x) => {
    if (x.pung || !inDomain(kind, x.t)) return false;
    groups[groupOf(x.t)]!--;
    const fill = jokersCanFill(groups, reach);
    groups[groupOf(x.t)]!++;
    return fill;
  });
  return !otherHome && slots.some((x) => x.pung);
}

export function facts(a: Arrangement, ctx: Ctx): Facts {
  const { input } = ctx;
  const melds = a.sets.filter((s) => s.kind !== 'pair' && s.kind !== 'single');
  const pair = a.special === null ? (a.sets.find((s) => s.kind === 'pair') ?? null) : null;
  const all = a.sets.flatMap(setTiles);
  const pungs = melds.filter((s) => s.kind === 'pung' || s.kind === 'kong');
  const selfDraw = isSelfDrawWin(input.winBy);
  let concealedPungs = pungs.filter((s) => !s.declared || s.am).length;
  // khan-khan: a pung completed by the winning discard does not count (§9)
  if (!selfDraw && input.winningTile !== null && winCompletesPung(a, input.winningTile)) concealedPungs--;
  return {
    special: a.special,
    melds,
    pair,
    all,
    suits: new Set(all.filter((t) => t < 27).map((t) => Math.floor(t / 9))),
    honours: all.some(isHonor),
    pungs,
    chows: melds.filter((s) => s.kind === 'chow').length,
    kongs: melds.filter((s) => s.kind === 'kong'),
    selfDraw,
    concealedHand: !a.sets.some((s) => s.called),
    dragonPungs: pungs.filter((s) => isDragon(s.t)).length,
    windPungs: pungs.filter((s) => isWind(s.t)).length,
    concealedPungs,
    seatWind: 27 + input.seat,
    roundWind: 27 + input.roundWind,
    noDeclaredMeld: input.melds.length === 0,
  };
}

export type Predicate = (f: Facts, ctx: Ctx) => boolean;

// ---- shapes
export const standardShape: Predicate = (f) => f.special === null;
export const thirteenOrphans: Predicate = (f) => f.special === 'thap-tam-yeu';
export const sevenPairs: Predicate = (f) => f.special === 'pe-pe';
export const allChows: Predicate = (f) => f.chows === 4 && f.pair !== null;
/** The pair scores nothing: not a dragon, the seat wind or the prevalent wind (Phình). */
export const valuelessPair: Predicate = (f) =>
  f.pair !== null && !isDragon(f.pair.t) && f.pair.t !== f.seatWind && f.pair.t !== f.roundWind;
export const honourPair: Predicate = (f) => f.pair !== null && isHonor(f.pair.t);
export const allPungs: Predicate = (f) => f.pungs.length === 4;
export const fourCalledMelds: Predicate = (f) => f.melds.filter((s) => s.called).length === 4;
export const allPungsCalled: Predicate = (f) => f.pungs.length === 4 && f.pungs.every((s) => s.called);
export const wonOnAnotherTile: Predicate = (f) => !f.selfDraw;
export const selfDrawn: Predicate = (f) => f.selfDraw;
export const concealedHand: Predicate = (f) => f.concealedHand;
/**
 * Nothing set aside (dựng, §1): no bonus tile or joker exposed. Preset B's "nothing exposed" (§9, [RA-old]
 * "no flowers or jokers declared"); §14's "exp"/"nothing exposed" (E12: a called chow, nothing exposed).
 */
export const nothingExposed: Predicate = (_f, ctx) => ctx.input.exposed.length === 0;

// ---- dragons and winds
export const dragonPair: Predicate = (f) => f.pair !== null && isDragon(f.pair.t);
export const windPair: Predicate = (f) => f.pair !== null && isWind(f.pair.t);
export const twoDragonPungs: Predicate = (f) => f.dragonPungs === 2;
export const threeDragonPungs: Predicate = (f) => f.dragonPungs === 3;
export const threeWindPungs: Predicate = (f) => f.windPungs === 3;
export const fourWindPungs: Predicate = (f) => f.windPungs === 4;
export const threeOrMoreWindPungs: Predicate = (f) => f.windPungs >= 3;

// ---- concealment and kongs
export const fourConcealedPungs: Predicate = (f) => f.concealedPungs === 4;
export const fourKongs: Predicate = (f) => f.kongs.length === 4;
export const allKongsConcealed: Predicate = (f) => f.kongs.every((k) => k.am);

// ---- suits, terminals, honours
export const oneSuit: Predicate = (f) => f.suits.size === 1;
export const noSuit: Predicate = (f) => f.suits.size === 0;
export const hasHonours: Predicate = (f) => f.honours;
export const onlyTerminalsAndHonours: Predicate = (f) => f.all.every((t) => isHonor(t) || isTerminal(t));
export const hasTerminal: Predicate = (f) => f.all.some(isTerminal);
export const onlyTerminals: Predicate = (f) => f.all.every(isTerminal);
/** Cửu Tử Liên Hoàn: concealed `1112345678999` + one more of that suit. */
export const nineGates: Predicate = (f) => {
  if (!f.noDeclaredMeld || f.suits.size !== 1 || f.honours) return false;
  const cv = new Array<number>(9).fill(0);
  for (const t of f.all) cv[t % 9]!++;
  return cv[0]! >= 3 && cv[8]! >= 3 && cv.every((x) => x >= 1);
};
/** Preset B: all pungs including a 1 and a 9 pung. */
export const terminalPungsBothEnds: Predicate = (f) =>
  f.pungs.some((s) => s.t < 27 && s.t % 9 === 0) && f.pungs.some((s) => s.t < 27 && s.t % 9 === 8);
/** Preset B: 123-456-789 of one suit. */
export const pureStraight: Predicate = (f) => {
  const seqs = new Set(f.melds.filter((s) => s.kind === 'chow').map((s) => s.t));
  return [0, 9, 18].some((b) => seqs.has(b) && seqs.has(b + 3) && seqs.has(b + 6));
};

// ---- the win
/** Xuyên: self-drawn, one kind completed the hand, not on 4 pungs/kongs, not Thiên Ù (§8). */
export const singleWait: Predicate = (f, ctx) => f.selfDraw && ctx.input.winBy !== 'thien-u' && ctx.waitCount === 1 && f.pungs.length < 4;

// ---- per pung
export type SetPredicate = (s: ASet, f: Facts) => boolean;
export const dragonPung: SetPredicate = (s) => isDragon(s.t);
export const seatWindPung: SetPredicate = (s, f) => s.t === f.seatWind;
export const roundWindPung: SetPredicate = (s, f) => s.t === f.roundWind;

/** All of the predicates hold. */
export const all =
  (...ps: Predicate[]): Predicate =>
  (f, ctx) =>
    ps.every((p) => p(f, ctx));
export const not =
  (p: Predicate): Predicate =>
  (f, ctx) =>
    !p(f, ctx);
