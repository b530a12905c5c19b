/**
 * Money (vn-mahjong.md §10): chung con / chung cái, payment shapes, liabilities. `settleWin` is the
 * one settlement of a win, used by the engine (settle-hand.ts) and the score CLI (cli.ts).
 */
import type { VnOptions } from '../options.js';
import { findLiable, type Liable, type LiabilityFacts } from './liability.js';
import { scoreBest, type ScoreOut, type WinBy } from './score.js';

/** chung con: single(P). */
export function single(p: number, v: number): number {
  if (p <= 0) return 1;
  if (p < 6) return 2 ** (p - 1);
  return 32 * Math.floor(p / 6) + v * (p % 6);
}
/** chung cái: double(P). */
export function double(p: number, v: number): number {
  if (p <= 0) return 1;
  if (p < 6) return 2 ** p;
  return 64 * Math.floor(p / 6) + v * (p % 6);
}

export interface PayLine {
  /** Hand seat that pays (0…3). */
  from: number;
  amount: number;
  reason: string;
}

export type PayShape = 'self-draw' | 'discard' | 'rob-kong';

/** How a win is paid (§10): a robbed bounce is paid like a robbed kong (§13 `rob-bounce`). */
export function payShape(winBy: WinBy): PayShape {
  switch (winBy) {
    case 'discard':
      return 'discard';
    case 'rob-kong':
    case 'rob-bounce':
      return 'rob-kong';
    case 'self-draw':
    case 'thien-u':
      return 'self-draw';
  }
}

export interface WinSettlement {
  score: ScoreOut;
  liable: Liable | null;
  shape: PayShape;
  /** Payments to the winner (empty when the hand does not score as a win). */
  lines: PayLine[];
}

/** Score a win, find the liable seat and compute the payments: the whole §9–§11 settlement. */
export function settleWin(f: Omit<LiabilityFacts, 'patterns' | 'winBy' | 'tiles'>, o: VnOptions): WinSettlement {
  const { score, tiles } = scoreBest(f.input, o);
  const shape = payShape(f.input.winBy);
  if (!score.valid) return { score, liable: null, shape, lines: [] };
  const liable = findLiable({ ...f, winBy: f.input.winBy, patterns: score.patterns, tiles }, o);
  const paid = payments(f.winner, score.phan, score.kongs, shape, f.from, liable?.seat ?? null, o);
  // Robbing a bounce is paid like a robbed kong (§13) but is no Coong Xừng Phá (rules-decisions): its
  // compensation line says so.
  const lines =
    f.input.winBy === 'rob-bounce'
      ? paid.map((l) => (l.reason === 'rob-kong-compensate' ? { ...l, reason: 'rob-bounce-compensate' } : l))
      : paid;
  return { score, liable, shape, lines };
}

/** §10 "Flat extras per payer, never doubled": `mun-flat-bonus` per mủn (6 phán) + `kong-flat-bonus` per kong. */
export function flatBonus(phan: number, kongs: number, o: VnOptions): number {
  return Number(o['mun-flat-bonus']) * Math.floor(phan / 6) + Number(o['kong-flat-bonus']) * kongs;
}

/**
 * Payments to the winner. `payer` = discarder (discard) or declarer (rob-kong); `liable` = the
 * seat that pays for everyone (§10 "Liability"), or null.
 */
export function payments(
  winner: number,
  phan: number,
  kongs: number,
  shape: PayShape,
  payer: number | null,
  liable: number | null,
  o: VnOptions,
): PayLine[] {
  const v = Number(o['leftover-phan-value']);
  const flat = flatBonus(phan, kongs, o);
  const unit = o['point-unit'];
  const others = [0, 1, 2, 3].filter((s) => s !== winner);
  const lines: PayLine[] = [];
  const pay = (from: number, amount: number, reason: string) => lines.push({ from, amount: amount * unit, reason });
  if (liable !== null) {
    const amount = shape === 'self-draw' ? 3 * double(phan, v) : double(phan, v) + 2 * single(phan, v);
    pay(liable, amount + 3 * flat, 'liability');
    return lines;
  }
  for (const s of others) {
    if (shape === 'self-draw') pay(s, double(phan, v) + flat, 'chung-cai');
    else if (shape === 'rob-kong' && o['rob-kong-payment'] === 'compensate') {
      // §10: the declarer compensates the Coong Xừng Phá bonus for everyone
      if (s === payer) pay(s, double(phan, v) + 2 * (single(phan, v) - single(phan - 1, v)) + flat, 'rob-kong-compensate');
      else pay(s, single(phan - 1, v) + flat, 'chung-con');
    } else if (s === payer) pay(s, double(phan, v) + flat, 'chung-cai');
    else pay(s, single(phan, v) + flat, 'chung-con');
  }
  return lines;
}

/** Chao Ù under `false-win = penalized` (§11.6): the claimer pays each other player double(c + 6). */
export function falseWinPayments(claimer: number, claimed: number, o: VnOptions): { to: number; amount: number }[] {
  const v = Number(o['leftover-phan-value']);
  return [0, 1, 2, 3].filter((s) => s !== claimer).map((to) => ({ to, amount: double(claimed + 6, v) * o['point-unit'] }));
}
