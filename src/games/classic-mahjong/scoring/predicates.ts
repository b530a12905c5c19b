/**
 * Named predicates of classical-mahjong scoring (style.md §3; classic-mahjong.md §8.3, §9.4, §9.5),
 * apart from the evaluation in score.ts. Each predicate tests one pattern of one arranged hand and
 * is named by what it tests; the tables below bind item ids (scoring/items.ts) to predicates, in the
 * order the items are listed (the first limit hand that holds is the one reported).
 */
import { type Counts, type Kind, isDragon, isHonor, isMajor, isTerminal, isWind } from '../../mahjong/tiles.js';
import type { HandFacts, ScoringRules } from './score.js';

/** One group of an arranged hand; `single` is a loser's leftover tile. */
export interface Meld {
  type: 'single' | 'pair' | 'chow' | 'pung' | 'kong';
  kind: Kind;
  exposed: boolean;
  claimedKong: boolean;
}

/** One arrangement of one player's hand, as the predicates see it. */
export interface Ctx {
  f: HandFacts;
  r: ScoringRules;
  melds: Meld[];
  /** All tiles of the hand (declared and concealed). */
  all: Counts;
  lastTile: Kind | null;
  lastConcealed: boolean;
  /** The set the winning tile completes in this arrangement. */
  lastMeld: Meld | null;
  onlyPossible: boolean;
}

export type Predicate = (c: Ctx) => boolean;

export const meldLen = (m: Meld): number => ({ single: 1, pair: 2, chow: 3, pung: 3, kong: 4 })[m.type];
export const isPungKong = (m: Meld): boolean => m.type === 'pung' || m.type === 'kong';
/** §7: concealed for the concealed-hand patterns (a claimed kong too, with `claimed-kong-concealed`). */
export const countedConcealed = (m: Meld, r: ScoringRules): boolean => !m.exposed || (m.claimedKong && r.claimedKongConcealed);

// ---- sets and pairs (§9.2, §9.4) ----

export const isOwnWind = (k: Kind, c: Ctx): boolean => isWind(k) && k - 27 === c.f.seatWind;
export const isRoundWind = (k: Kind, c: Ctx): boolean => isWind(k) && k - 27 === c.f.roundWind;
/** A pair that earns points: dragons, own wind or prevailing wind. */
export const isScoringPair = (m: Meld, c: Ctx): boolean =>
  m.type === 'pair' && (isDragon(m.kind) || isOwnWind(m.kind, c) || isRoundWind(m.kind, c));

// ---- the tiles of the hand ----

const kindsOf = (all: Counts): Kind[] => all.map((n, k) => (n ? k : -1)).filter((k) => k >= 0);
const suitsOf = (all: Counts): Set<number> =>
  new Set(
    kindsOf(all)
      .filter((k) => k < 27)
      .map((k) => Math.floor(k / 9)),
  );
const hasHonours = (c: Ctx): boolean => kindsOf(c.all).some(isHonor);
const isOneSuitOnly = (c: Ctx): boolean => suitsOf(c.all).size === 1;
const tileCount = (c: Ctx): number => c.all.reduce((a, b) => a + b, 0);
const hasChow = (c: Ctx): boolean => c.melds.some((m) => m.type === 'chow');
const anyExposed = (c: Ctx): boolean => c.melds.some((m) => m.exposed && !(m.claimedKong && c.r.claimedKongConcealed));
const dragonPungs = (c: Ctx): number => c.melds.filter((m) => isDragon(m.kind) && isPungKong(m)).length;
const windPungs = (c: Ctx): number => c.melds.filter((m) => isWind(m.kind) && isPungKong(m)).length;
/** Lengths (a kong counts 3) of the groups of some honour kinds, sorted. */
const honourShape = (c: Ctx, of: (k: Kind) => boolean): string =>
  c.melds
    .filter((m) => of(m.kind))
    .map((m) => Math.min(meldLen(m), 3))
    .sort()
    .join();

// ---- §9.4 doubles of every hand ----

export const hasThreeConcealedPungs: Predicate = (c) => c.melds.filter((m) => isPungKong(m) && countedConcealed(m, c.r)).length >= 3;
export const isLittleThreeDragons: Predicate = (c) => honourShape(c, isDragon) === '2,3,3';
export const isBigThreeDragons: Predicate = (c) => dragonPungs(c) === 3;
export const isLittleFourWinds: Predicate = (c) => honourShape(c, isWind) === '2,3,3,3';
export const isBigFourWinds: Predicate = (c) => windPungs(c) === 4;

const bonusNumbers = (c: Ctx): number[] => c.f.bonus.map((b) => Number(b.replace('f', '')));
export const hasOwnFlowerAndSeason: Predicate = (c) => bonusNumbers(c).filter((n) => (n - 1) % 4 === c.f.seatWind).length === 2;
export const hasAllFlowers: Predicate = (c) => bonusNumbers(c).filter((n) => n <= 4).length === 4;
export const hasAllSeasons: Predicate = (c) => bonusNumbers(c).filter((n) => n > 4).length === 4;

/** §9.4 hand doubles, every hand (Kajongg handRules). */
export const HAND_DOUBLES: readonly (readonly [string, Predicate])[] = [
  ['three-concealed-pungs', hasThreeConcealedPungs],
  ['little-three-dragons', isLittleThreeDragons],
  ['big-three-dragons', isBigThreeDragons],
  ['little-four-winds', isLittleFourWinds],
  ['big-four-winds', isBigFourWinds],
];

/** §9.4 bonus-tile doubles, every hand. */
export const BONUS_DOUBLES: readonly (readonly [string, Predicate])[] = [
  ['own-flower-own-season', hasOwnFlowerAndSeason],
  ['all-flowers', hasAllFlowers],
  ['all-seasons', hasAllSeasons],
];

// ---- §8.3 limit hands (winner only) ----

const GREEN: ReadonlySet<Kind> = new Set([19, 20, 21, 23, 25, 32]);
const isBlessing = (c: Ctx): boolean => c.f.source === 'heaven' || c.f.source === 'earth';

export const isHeavensBlessing: Predicate = (c) => isBlessing(c) && c.f.seatWind === 0;
export const isEarthsBlessing: Predicate = (c) => isBlessing(c) && c.f.seatWind !== 0;
export const isKongUponKong: Predicate = (c) => !!c.f.kongUponKong;
export const isEastStreak: Predicate = (c) => !!c.f.eastStreak;
export const isConcealedOneSuit: Predicate = (c) => isOneSuitOnly(c) && !hasHonours(c) && !anyExposed(c);
export const isAllHonours: Predicate = (c) => kindsOf(c.all).every(isHonor);
/** Four concealed pungs/kongs and a pair, won on a self-drawn tile (`hidden-treasure-self-drawn`). */
export const isHiddenTreasure: Predicate = (c) => {
  const r = c.r;
  const exposed = c.melds.some(
    (m) =>
      (m.exposed && !(m.claimedKong && r.claimedKongConcealed) && !(m.type === 'pair' && !r.hiddenTreasureSelfDrawn)) || m.type === 'chow',
  );
  return !exposed && ((c.lastTile !== null && c.lastConcealed) || !r.hiddenTreasureSelfDrawn) && c.melds.length === 5;
};
export const isHeadsAndTails: Predicate = (c) => kindsOf(c.all).every(isTerminal);
export const isFourfoldPlenty: Predicate = (c) => tileCount(c) === 18;
export const isThreeGreatScholars: Predicate = (c) => isBigThreeDragons(c) && !(c.r.threeScholarsNoChow && hasChow(c));
export const isFourBlessings: Predicate = (c) => windPungs(c) === 4;
/** Green tiles only; with `kajongg-quirks` Kajongg tests a strict subset of the six green kinds (§15 Q9a). */
export const isImperialJade: Predicate = (c) => {
  const kinds = kindsOf(c.all);
  return kinds.every((k) => GREEN.has(k)) && (!c.r.quirks || kinds.length < GREEN.size);
};
export const isPlumBlossom: Predicate = (c) => c.f.source === 'loose-tile' && c.lastTile === 13;
export const isPluckingTheMoon: Predicate = (c) => c.f.source === 'last-wall-tile' && c.lastTile === 9;
export const isScratchingAPole: Predicate = (c) => c.f.source === 'robbed-kong' && c.lastTile === 19;

/** §8.3 limit hands in the order they are reported (after a special shape's own limit). */
export const LIMIT_HANDS: readonly (readonly [string, Predicate])[] = [
  ['heaven', isHeavensBlessing],
  ['earth', isEarthsBlessing],
  ['kong-upon-kong', isKongUponKong],
  ['east-streak', isEastStreak],
  ['concealed-one-suit', isConcealedOneSuit],
  ['all-honours', isAllHonours],
  ['hidden-treasure', isHiddenTreasure],
  ['heads-and-tails', isHeadsAndTails],
  ['fourfold-plenty', isFourfoldPlenty],
  ['three-great-scholars', isThreeGreatScholars],
  ['four-blessings', isFourBlessings],
  ['imperial-jade', isImperialJade],
  ['plum-blossom', isPlumBlossom],
  ['plucking-moon', isPluckingTheMoon],
  ['scratching-pole', isScratchingAPole],
];

// ---- §9.3 points and §9.5 doubles (winner only) ----

const pairCompleted = (c: Ctx): boolean => c.lastMeld !== null && c.lastMeld.type === 'pair' && c.lastTile !== null;
export const isFishingEyesMajor: Predicate = (c) => pairCompleted(c) && isMajor(c.lastTile!);
export const isFishingEyesSimple: Predicate = (c) => pairCompleted(c) && !isMajor(c.lastTile!);
export const isOnlyPossibleTile: Predicate = (c) => c.onlyPossible;
export const isFromTheWall: Predicate = (c) => c.lastTile !== null && c.lastConcealed;
/** No set or pair earns points or doubles: chows and a pair that does not score. */
export const isZeroPointHand: Predicate = (c) =>
  c.melds.every((m) => m.type === 'chow' || m.type === 'single' || (m.type === 'pair' && !isScoringPair(m, c)));
export const hasNoChow: Predicate = (c) => !hasChow(c);
export const isConcealedHand: Predicate = (c) => !anyExposed(c);
export const isOneSuitWithHonours: Predicate = (c) => hasHonours(c) && isOneSuitOnly(c);
export const isOneSuit: Predicate = (c) => isOneSuitOnly(c) && !hasHonours(c);
export const isOnlyMajors: Predicate = (c) => kindsOf(c.all).every(isMajor);
export const isLooseTileWin: Predicate = (c) => c.f.source === 'loose-tile';
export const isLastWallTileWin: Predicate = (c) => c.f.source === 'last-wall-tile';
export const isLastDiscardWin: Predicate = (c) => c.f.source === 'last-discard';
export const isRobbingTheKong: Predicate = (c) => c.f.source === 'robbed-kong';
export const isOriginalCall: Predicate = (c) => !!c.f.originalCall && c.melds.filter((m) => m.exposed).length < 3;

/** The winner's items of a standard hand that is not a limit hand, in the order they are listed. */
export const WINNER_ITEMS: readonly (readonly [string, Predicate])[] = [
  ['mahjong', () => true],
  ['fishing-eyes-major', isFishingEyesMajor],
  ['fishing-eyes-simple', isFishingEyesSimple],
  ['only-possible', isOnlyPossibleTile],
  ['last-tile-from-wall', isFromTheWall],
  ['zero-point-hand', isZeroPointHand],
  ['no-chow', hasNoChow],
  ['concealed-hand', isConcealedHand],
  ['one-suit-with-honours', isOneSuitWithHonours],
  ['one-suit', isOneSuit],
  ['only-majors', isOnlyMajors],
  ['loose-tile', isLooseTileWin],
  ['last-wall-tile', isLastWallTileWin],
  ['last-discard', isLastDiscardWin],
  ['robbing-kong', isRobbingTheKong],
  ['original-call', isOriginalCall],
];
