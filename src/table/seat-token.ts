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
import { createHash } from 'node:crypto';
import type { BaseAction, Decision } from '../games/core/types.js';
import type { Table } from './store.js';

/** Largest token: custom_ids carry at most 9 digits (src/bot/custom-id.ts); 0 is the public components'. */
const MAX_TOKEN = 999_999_999;

/** The first 32 bits of the SHA-1 of `s`: enough to tell two views of one seat apart (a collision only lets an old click stand). */
function hash32(s: string): number {
  return createHash('sha1').update(s).digest().readUInt32BE(0);
}

/**
 * Tokens already computed, by the seat's view object: the engine's view cache (core/view-cache.ts)
 * gives one frozen view object per state and seat, and a move asks for the same seat's token several
 * times (its hand message, the "did it change" signature, the click's check). The hand number and
 * the decision object (also cached per state) must match too; an engine without the cache makes a
 * new view object each time, so nothing is reused for it.
 */
const made = new WeakMap<object, { hand: number; d: Decision<BaseAction>; token: number }>();

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
  if (!d) return (hash32(`hand:${hand}`) % MAX_TOKEN) + 1;
  const v = view();
  const key = typeof v === 'object' && v !== null ? v : null;
  const hit = key && made.get(key);
  if (hit && hit.hand === hand && hit.d === d) return hit.token;
  // JSON.stringify, not a sorted canonical form (three times faster): a view is built by the engine's
  // code, so the same view has the same key order, after a restart too. Only a deploy that changes a
  // view's shape changes its token, and then an older button is out of date, as it should be.
  const token = (hash32(JSON.stringify({ hand, view: v, decision: { kind: d.kind, options: d.options } })) % MAX_TOKEN) + 1;
  if (key) made.set(key, { hand, d, token });
  return token;
}
