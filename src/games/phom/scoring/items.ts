/**
 * Phỏm scoring items as data (style.md §3): one named item per payment kind, its unit, the option
 * that holds its value (phom.md §13) and the spec section. Settlement reports every item that fired.
 */
import type { Options } from '../options.js';

export interface PhomItem {
  id: string;
  scope: 'eat' | 'rank' | 'u' | 'den' | 'pot' | 'info';
  /** 'bet': money, reported in `moneyUnit` (bets at B = 1, money above); 'point': card points. */
  unit: 'bet' | 'point';
  /** The option holding the value in bets (× bet-unit), or a fixed value. */
  value: keyof Options | number | 'eat-count';
  spec: string;
}

export const ITEMS = [
  { id: 'eat', scope: 'eat', unit: 'bet', value: 'eat-count', spec: '§10.1' },
  { id: 'eat-chot', scope: 'eat', unit: 'bet', value: 'chot-payment', spec: '§10.1' },
  { id: 'rank-2', scope: 'rank', unit: 'bet', value: 'rank-payment-2', spec: '§10.2' },
  { id: 'rank-3', scope: 'rank', unit: 'bet', value: 'rank-payment-3', spec: '§10.2' },
  { id: 'rank-4', scope: 'rank', unit: 'bet', value: 'rank-payment-4', spec: '§10.2' },
  { id: 'mom', scope: 'rank', unit: 'bet', value: 'mom-payment', spec: '§10.2' },
  { id: 'u', scope: 'u', unit: 'bet', value: 'u-payment', spec: '§10.3' },
  { id: 'u-tron', scope: 'u', unit: 'bet', value: 'u-tron-payment', spec: '§10.3' },
  { id: 'u-khan', scope: 'u', unit: 'bet', value: 'u-khan-payment', spec: '§10.3' },
  { id: 'den-three-eats', scope: 'den', unit: 'bet', value: 'u-payment', spec: '§11.1' },
  { id: 'den-danh-chot', scope: 'den', unit: 'bet', value: 'u-payment', spec: '§11.1' },
  { id: 'den-an-chot', scope: 'den', unit: 'bet', value: 'u-payment', spec: '§11.1' },
  { id: 'ga-pot-in', scope: 'pot', unit: 'bet', value: 'ga-pot', spec: '§10.1' },
  { id: 'ga-pot-win', scope: 'pot', unit: 'bet', value: 'ga-pot', spec: '§10.1' },
  { id: 'deadwood', scope: 'info', unit: 'point', value: 'face-card-points', spec: '§9' },
] as const satisfies readonly PhomItem[];

export type ItemId = (typeof ITEMS)[number]['id'];
export const ITEM_IDS: readonly ItemId[] = ITEMS.map((i) => i.id);

/** The value in bets (already × bet-unit) of an item whose value is an option. */
export function itemValue(opts: Options, id: ItemId): number {
  const item: PhomItem = ITEMS.find((i) => i.id === id)!;
  const v = typeof item.value === 'number' ? item.value : item.value === 'eat-count' ? 1 : opts[item.value];
  return typeof v === 'number' ? v * opts['bet-unit'] : 0;
}

/**
 * The unit of a hand's money (phom.md §1 "Money, in multiples of a bet unit B", §10 "all amounts × B"):
 * the amounts are already × B, so with B = 1 they count bets ("3 × bet") and with B > 1 they are money
 * ("3,000 money"), never "3,000 × bet". As Chắn's stake (chan/finish.ts); /score and /leaderboard keep
 * units apart, so tables of different B are not added together as bets.
 */
export function moneyUnit(opts: Pick<Options, 'bet-unit'>): 'bet' | 'money' {
  return opts['bet-unit'] > 1 ? 'money' : 'bet';
}

/** Rank payment item of position i (0-based, i ≥ 1). */
export const RANK_ITEM: Record<number, ItemId> = { 1: 'rank-2', 2: 'rank-3', 3: 'rank-4' };
