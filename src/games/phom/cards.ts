/**
 * Playing-card codes for Phỏm (notation.md "Playing cards"): rank then suit, `AS`, `10H`, `QD`.
 * Internally a card is also an id 0…51 = (rank − 1) · 4 + suit, so id order is the canonical
 * order of phom.md §5 (rank A…K, then suit S, C, D, H).
 */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'C', 'D', 'H'] as const;
export type RankCode = (typeof RANKS)[number];
export type SuitCode = (typeof SUITS)[number];
export type Card = `${RankCode}${SuitCode}`;

/** All 52 codes in canonical order (index = card id). */
export const DECK: readonly Card[] = RANKS.flatMap((r) => SUITS.map((s) => `${r}${s}` as Card));
const ID: Record<string, number> = Object.fromEntries(DECK.map((c, i) => [c, i]));

export function isCard(x: unknown): x is Card {
  return typeof x === 'string' && Object.hasOwn(ID, x);
}
export function cardId(c: Card): number {
  return ID[c]!;
}
export function cardOf(id: number): Card {
  return DECK[id]!;
}
/** Rank 1 (A) … 13 (K). */
export const rankOfId = (id: number): number => (id >> 2) + 1;
/** Suit 0…3 = S, C, D, H. */
export const suitOfId = (id: number): number => id & 3;
export const rankOf = (c: Card): number => rankOfId(cardId(c));
export const suitOf = (c: Card): number => suitOfId(cardId(c));

/** phom.md §2: points of a loose card; `ten` = option face-card-points (J/Q/K = 10). */
export function cardPoints(c: Card, faceCards: 'rank' | 'ten' = 'rank'): number {
  const r = rankOf(c);
  return faceCards === 'ten' && r > 10 ? 10 : r;
}
export function pointsOf(cards: readonly Card[], faceCards: 'rank' | 'ten' = 'rank'): number {
  return cards.reduce((a, c) => a + cardPoints(c, faceCards), 0);
}
/** Canonical sort (rank A…K, then suit S, C, D, H). */
export function sortCards<T extends Card>(cards: readonly T[]): T[] {
  return cards
    .map((c) => ID[c]!)
    .sort((a, b) => a - b)
    .map((i) => DECK[i] as T);
}
export function compareCards(a: Card, b: Card): number {
  return cardId(a) - cardId(b);
}
