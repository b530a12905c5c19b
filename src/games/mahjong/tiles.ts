/**
 * Mahjong tile codes (rules/notation.md) and 34-kind count vectors, shared by the mahjong games.
 *
 * A tile *kind* is an index 0–33: characters `1m`–`9m` = 0–8, dots `1p`–`9p` = 9–17, bamboo
 * `1s`–`9s` = 18–26, honours `1z`–`7z` = 27–33 (winds E S W N, dragons white green red).
 * Bonus tiles (`1f`…) are not kinds: they never take part in sets.
 */
export type Suit = 'm' | 'p' | 's' | 'z';
export type TileCode = string;
export type Kind = number;

export const KIND_COUNT = 34;
export const SUITS: readonly Suit[] = ['m', 'p', 's', 'z'];

export const ALL_KINDS: readonly Kind[] = Array.from({ length: KIND_COUNT }, (_, i) => i);

export function kindOf(code: TileCode): Kind | null {
  const m = /^([1-9])([mpsz])$/.exec(code);
  if (!m) return null;
  const n = Number(m[1]);
  const s = m[2] as Suit;
  if (s === 'z') return n <= 7 ? 27 + n - 1 : null;
  return SUITS.indexOf(s) * 9 + n - 1;
}

export function codeOf(k: Kind): TileCode {
  if (k >= 27) return `${k - 26}z`;
  return `${(k % 9) + 1}${SUITS[Math.floor(k / 9)]}`;
}

export const isHonor = (k: Kind): boolean => k >= 27;
export const isWind = (k: Kind): boolean => k >= 27 && k <= 30;
export const isDragon = (k: Kind): boolean => k >= 31;
export const suitOf = (k: Kind): Suit => SUITS[Math.floor(k / 9)]!;
/** 1–9 for suited kinds, 1–7 for honours. */
export const rankOf = (k: Kind): number => (k >= 27 ? k - 26 : (k % 9) + 1);
export const isTerminal = (k: Kind): boolean => k < 27 && (k % 9 === 0 || k % 9 === 8);
/** Terminals and honours. */
export const isMajor = (k: Kind): boolean => isHonor(k) || isTerminal(k);
/** Whether three kinds, sorted, are a chow: consecutive ranks of one suit (no honours, no wrap-around). */
export const isChowKinds = (ks: readonly Kind[]): boolean =>
  ks.length === 3 && ks[0]! < 27 && Math.floor(ks[0]! / 9) === Math.floor(ks[2]! / 9) && ks[1] === ks[0]! + 1 && ks[2] === ks[0]! + 2;
export const isSimple = (k: Kind): boolean => !isMajor(k);

/** Bonus tiles `1f`–`8f` (flowers 1–4, seasons 5–8). */
export function isBonusCode(code: string): boolean {
  return /^[1-8]f$/.test(code);
}

export function isTileCode(code: string): boolean {
  return kindOf(code) !== null || isBonusCode(code);
}

/** Sort order `1m..9m,1p..9p,1s..9s,1z..7z`, then bonus tiles. */
export function tileOrder(code: TileCode): number {
  const k = kindOf(code);
  if (k !== null) return k;
  const b = /^(\d+)f$/.exec(code);
  return b ? 100 + Number(b[1]) : 1000;
}

export function sortTiles(codes: readonly TileCode[]): TileCode[] {
  return [...codes].sort((a, b) => tileOrder(a) - tileOrder(b));
}

export type Counts = number[];

export function emptyCounts(): Counts {
  return new Array<number>(KIND_COUNT).fill(0);
}

/** Count vector of the (non-bonus) tiles; returns null if a code is not a kind. */
export function countsOf(codes: readonly TileCode[]): Counts | null {
  const c = emptyCounts();
  for (const code of codes) {
    const k = kindOf(code);
    if (k === null) return null;
    c[k]!++;
  }
  return c;
}

export function countsToCodes(c: Counts): TileCode[] {
  const out: TileCode[] = [];
  c.forEach((n, k) => {
    for (let i = 0; i < n; i++) out.push(codeOf(k));
  });
  return out;
}

/** The 136 suited/honour tiles (4 of each kind) plus the given bonus tiles, as codes. */
export function fullSet(bonus: readonly TileCode[]): TileCode[] {
  const out: TileCode[] = [];
  for (const k of ALL_KINDS) for (let i = 0; i < 4; i++) out.push(codeOf(k));
  return out.concat(bonus);
}

export const FLOWERS_AND_SEASONS: readonly TileCode[] = ['1f', '2f', '3f', '4f', '5f', '6f', '7f', '8f'];
