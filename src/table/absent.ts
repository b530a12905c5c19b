/**
 * A decision without an automatic deadline (Chắn `decision-timeout-s` = 0: the seed says no
 * automatic deadline applies, chan.md §5.2) is never played for the player. The table reminds them
 * after 12 h, 24 h, then daily (timers.ts); once the server's number of reminders (`/config set …
 * vote-after`) has gone out, the other seated players may vote, by majority, to hand the seat to
 * the AI (the table's takeover level; the player takes it back with "Take my seat back") or to end
 * the match (issue #14 §3). Votes are kept with the pause votes, keyed by the seat and its
 * decision's timer, so a vote never outlives the decision it was about.
 */
import type { BaseAction } from '../games/core/types.js';
import type { AiAsk, Refusal, Step } from './act.js';
import { isOff } from './timers.js';

export type AbsentVerb = 'absent-ai' | 'absent-end';

const refusal = (key: string): Refusal => ({ key, warn: false });

/** A vote by `voter` (a seated player) about the absent `arg` seat. */
export function* voteAbsent(
  step: Step,
  voter: number,
  userId: string,
  verb: AbsentVerb,
  arg: string | undefined,
  voteAfter: number,
): Generator<AiAsk, { ok: true } | { ok: false; refusal: Refusal }, BaseAction> {
  const { row, timers } = step.t;
  const seat = arg !== undefined && /^\d{1,2}$/.test(arg) ? Number(arg) : -1;
  const timer = timers.find((x) => x.seat === seat);
  if (row.status !== 'running' || !timer || !isOff(timer.deadline) || (timer.reminders ?? 0) < voteAfter)
    return { ok: false, refusal: refusal('errors:no-absent-vote') };
  if (seat === voter) return { ok: false, refusal: refusal('errors:vote-own-seat') };
  const key = `${verb}${seat}.${timer.version}`;
  const mine = (v: string) => v.startsWith(`${key}:`);
  const votes = new Set(row.pauseVotes.filter(mine).map((v) => v.slice(key.length + 1)));
  votes.add(userId);
  const voters = step.seats.filter((s) => s.userId && s.seat !== seat).length;
  const needed = Math.floor(voters / 2) + 1;
  const others = row.pauseVotes.filter((v) => !v.startsWith(`${verb}${seat}.`));
  step.dirty = true;
  if (votes.size < needed) {
    step.pauseVotes = [...others, ...[...votes].map((v) => `${key}:${v}`)];
    step.effects.push({ kind: 'table', notice: { key: 'vote-absent', seat: voter, absent: seat, verb, n: votes.size, needed } });
    return { ok: true };
  }
  step.pauseVotes = others.filter((v) => !v.startsWith(`absent-ai${seat}.`) && !v.startsWith(`absent-end${seat}.`));
  if (verb === 'absent-end') {
    step.finish();
    step.effects.push({ kind: 'table', notice: { key: 'absent-end', seat: seat } });
    return { ok: true };
  }
  step.setAi(seat, true, row.takeoverLevel);
  yield* step.advance({ key: 'absent-ai', seat });
  return { ok: true };
}
