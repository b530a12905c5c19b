/**
 * Chắn cards (chan.md §2, notation.md): 30 faces × 4 copies = 120 cards. A card is its face code;
 * copies are indistinguishable. Faces are also addressed by index 0…29 in canonical order
 * (`1v…9v 1n…9n 1s…9s CC LA TH`) for count vectors.
 */
export type Suit = 'v' | 'n' | 's';
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export type Face = `${Rank}${Suit}` | 'CC' | 'LA' | 'TH';

const SUITS: readonly Suit[] = ['v', 'n', 's'];
export const FACES: readonly Face[] = [
  ...SUITS.flatMap((s) => ([1, 2, 3, 4, 5, 6, 7, 8, 9] as Rank[]).map((r) => `${r}${s}` as Face)),
  'CC',
  'LA',
  'TH',
];
export const FACE_INDEX: Readonly<Record<string, number>> = Object.fromEntries(FACES.map((f, i) => [f, i]));
export const COPIES = 4;
export const DECK_SIZE = FACES.length * COPIES;

export const YEU: readonly Face[] = ['CC', 'LA', 'TH'];
export const NHAT: readonly Face[] = ['1v', '1n', '1s'];

export function isFace(x: unknown): x is Face {
  return typeof x === 'string' && x in FACE_INDEX;
}
export const isYeu = (f: Face): boolean => f === 'CC' || f === 'LA' || f === 'TH';
export const isNhat = (f: Face): boolean => f === '1v' || f === '1n' || f === '1s';

/** Cạ group (§2): ranks 2…9 are groups 2…9; `1v 1n 1s CC LA TH` form group 1 (Nhất/Yêu). */
export function group(f: Face): number {
  return isYeu(f) ? 1 : Number(f[0]);
}
/** Face indices of each group (index = group number; 0 unused). */
export const GROUP_FACES: readonly (readonly number[])[] = [
  [],
  [0, 9, 18, 27, 28, 29],
  ...[2, 3, 4, 5, 6, 7, 8, 9].map((r) => [r - 1, 9 + r - 1, 18 + r - 1]),
];
export const groupOfIndex = (i: number): number => (i >= 27 ? 1 : (i % 9) + 1);

/** Two different faces form a cạ (§2): same group; `LA`+`TH` only with `lao-thang-ca`. */
export function formsCa(a: Face, b: Face, laoThangCa: boolean): boolean {
  if (a === b || group(a) !== group(b)) return false;
  if (!laoThangCa && ((a === 'LA' && b === 'TH') || (a === 'TH' && b === 'LA'))) return false;
  return true;
}
export function compatIndex(i: number, j: number, laoThangCa: boolean): boolean {
  if (i === j || groupOfIndex(i) !== groupOfIndex(j)) return false;
  return laoThangCa || !((i === 28 && j === 29) || (i === 29 && j === 28));
}

/**
 * The faces of group `g` held an odd number of times in counts `c` (one copy of each is left over once
 * its chắn are made) and the most cạ they can make among themselves, by the engine's own pairing rule
 * (`compatIndex`, §2). Within a group every two faces form a cạ except `LA`+`TH` without
 * `lao-thang-ca`, so only a group whose odd faces are exactly `LA` and `TH` falls short: two dead
 * singles, no cạ. The AIs value a hand with this, so they count exactly the cạ the engine allows.
 */
export function oddCa(c: readonly number[], g: number, laoThangCa: boolean): { odd: number; ca: number } {
  const odd = GROUP_FACES[g]!.filter((i) => (c[i]! & 1) === 1);
  const ca = odd.length === 2 && !compatIndex(odd[0]!, odd[1]!, laoThangCa) ? 0 : odd.length >> 1;
  return { odd: odd.length, ca };
}

/** May the single `f` (held an odd number of times in counts `c`) make a cạ with another single of its group (§2)? */
export function hasOddPartner(c: readonly number[], f: Face, laoThangCa: boolean): boolean {
  const i = FACE_INDEX[f]!;
  return GROUP_FACES[group(f)]!.some((j) => (c[j]! & 1) === 1 && compatIndex(i, j, laoThangCa));
}

/** Red cards (§2): `CC 8v 8s 9v 9s`, plus `LA TH` with `red-lao-thang`. */
export function isRed(f: Face, redLaoThang: boolean): boolean {
  return f === 'CC' || f === '8v' || f === '8s' || f === '9v' || f === '9s' || (redLaoThang && (f === 'LA' || f === 'TH'));
}

export function newDeck(): Face[] {
  return FACES.flatMap((f) => [f, f, f, f]);
}

export function sortFaces(cards: readonly Face[]): Face[] {
  return cards.slice().sort((a, b) => FACE_INDEX[a]! - FACE_INDEX[b]!);
}

export function counts(cards: readonly Face[]): number[] {
  const c = new Array<number>(30).fill(0);
  for (const f of cards) c[FACE_INDEX[f]!]!++;
  return c;
}

export function countOf(cards: readonly Face[], f: Face): number {
  let n = 0;
  for (const x of cards) if (x === f) n++;
  return n;
}

/** Remove `n` copies of `f` (throws if missing: callers check first). */
export function removeFaces(cards: readonly Face[], f: Face, n = 1): Face[] {
  const out = cards.slice();
  for (let k = 0; k < n; k++) {
    const i = out.indexOf(f);
    if (i < 0) throw new Error(`removeFaces: ${f} not held`);
    out.splice(i, 1);
  }
  return out;
}

/** Parse `"1v 1v [5n5n5n5n] 4v"`-style text into faces (brackets ignored); null if a code is bad. */
export function parseCards(text: string | readonly string[]): Face[] | null {
  const raw = Array.isArray(text) ? text.join(' ') : (text as string);
  const tokens = raw.replace(/[[\]]/g, ' ').trim();
  if (tokens === '') return [];
  const out: Face[] = [];
  for (const tok of tokens.split(/\s+/)) {
    // allow packed melds like "5n5n5n5n"
    const parts = tok.match(/[1-9][vns]|CC|LA|TH|./g) ?? [];
    for (const p of parts) {
      if (!isFace(p)) return null;
      out.push(p);
    }
  }
  return out;
}

export const formatCards = (cards: readonly Face[]): string => cards.join(' ');
