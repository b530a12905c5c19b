/**
 * The token a seat's private view carries in its components' custom_ids (`g:<id>:<token>:<verb>`),
 * in place of the game's state version (issue #13 §2). The version counts every log entry, claim
 * passes and other hidden answers included, so a player comparing the numbers in their own buttons
 * over time could count the hidden answers of the others. The token is a function of what the seat
 * may see only: its own view (engine.view: the public view plus its hand) and its pending decision.
 * A click carrying the token of the view now speaks to the decision now; any other is out of date.
 * Another seat's hidden answer (a claim pass) changes neither, so a claimant's view stays valid while
 * the others answer, as the version check of an older view judged it before.
 */
import { canonical } from '../games/core/match.js';
import type { BaseAction, Decision } from '../games/core/types.js';
import type { Table } from './store.js';

/** Largest token: custom_ids carry at most 9 digits (src/bot/custom-id.ts); 0 is the public components'. */
const MAX_TOKEN = 999_999_999;

/** FNV-1a, 32 bits: enough to tell two views of one seat apart (a collision only lets an old click stand). */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The seat's view token now: 1…999,999,999, from its hand number, its view and its pending decision (the hand's alone without one). */
export function seatToken(t: Pick<Table, 'engine' | 'state' | 'row'>, seat: number): number {
  if (t.state === null) return 1;
  const d = (t.engine.pending(t.state) as Decision<BaseAction>[]).find((x) => x.seat === seat);
  return tokenOf(t.row.handIndex, d, () => t.engine.view(t.state, seat));
}

/**
 * The token from what a seat view is drawn from (views.ts passes the decision and view it already has).
 * A seat with nothing to decide has no token-checked control (act, pick, announce, hint come with a
 * decision): its token is the hand's, so a waiting seat's view does not change with every move at
 * the table (views.ts viewParts compares it) and is not edited for nothing.
 */
export function tokenOf(hand: number, d: Decision<BaseAction> | undefined, view: () => unknown): number {
  if (!d) return (fnv1a(`hand:${hand}`) % MAX_TOKEN) + 1;
  const key = canonical({ hand, view: view(), decision: { kind: d.kind, options: d.options } });
  return (fnv1a(key) % MAX_TOKEN) + 1;
}
