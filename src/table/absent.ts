/**
 * A decision without an automatic deadline (Chắn `decision-timeout-s` = 0: the seed says no
 * automatic deadline applies, chan.md §5.2) is never played for the player. The table reminds them
 * after 12 h, 24 h, then daily (timers.ts); once the server's number of reminders (`/config set …
 * vote-after`) has gone out, the other seated players may vote, by majority, to hand the seat to
 * the AI (the table's takeover level; the player takes it back with "Take my seat back") or to end
 * the match (issue #14 §3). Votes are kept with the pause votes, keyed by the seat and its
 * decision's timer, so a vote never outlives the decision it was about. The End the match vote that
 * would end the match at once asks its voter first (`askEnd`), as End match and Leave the table do.
 */
import { commitHeld } from './reclaim.js';
import type { Gen, Refusal, Step } from './act.js';
import { claimWindowVersion, isOff, openClaimTimers, windowKind } from './timers.js';

export type AbsentVerb = 'absent-ai' | 'absent-end';

/** The `arg` of a vote about the open claim window (not about one seat). */
export const CLAIMS_ARG = 'claims';

const refusal = (key: string): Refusal => ({ key, warn: false });

/**
 * What a vote answers: done, refused, or (a vote that would end the match at once) a question first,
 * `confirm` the `arg` of its "Yes, end the match" button (`endVoteConfirmArg`).
 */
export type VoteOutcome = { ok: true } | { ok: false; refusal: Refusal; confirm?: string };

const CONFIRM = /^confirm\.(\d{1,2}|claims)\.(\d{1,12})$/;

/**
 * The argument of the "Yes, end the match" of a deciding End the match vote about `target` (a seat,
 * or CLAIMS_ARG) while its decision's timer, or the claim window, has version `version`: the vote's
 * own key, so it is out of date once the seat moved or the window closed.
 */
export function endVoteConfirmArg(target: string, version: number): string {
  return `confirm.${target}.${version}`;
}

/** A vote's `arg` read: its target (a seat, CLAIMS_ARG) and, for a Yes, the version it was asked at. */
function readArg(arg: string | undefined): { target: string | undefined; asked?: number } {
  const m = CONFIRM.exec(arg ?? '');
  return m ? { target: m[1]!, asked: Number(m[2]) } : { target: arg };
}

/**
 * The vote that would end the match now (the deciding one: with two people, any) is asked first, as
 * End match and Leave the table are: one click ended the match for everyone. Null: it counts now
 * (its Yes, about the same decision). A Yes about an earlier decision, or one that no longer
 * decides (a voter more: a seat taken back), is out of date and changes nothing.
 */
function askEnd(target: string, version: number, asked: number | undefined, deciding: boolean): VoteOutcome | null {
  if (asked === undefined)
    // The claims window's question says nothing of taking a seat back: no seat changes hands there.
    return deciding
      ? {
          ok: false,
          refusal: refusal(target === CLAIMS_ARG ? 'common:end-match.vote-confirm-claims' : 'common:end-match.vote-confirm'),
          confirm: endVoteConfirmArg(target, version),
        }
      : null;
  return asked === version && deciding ? null : { ok: false, refusal: refusal('errors:stale') };
}

/**
 * The refusal for a voter whose vote under `key` is stored already, while the votes do not suffice
 * (fewer voters now, e.g. a seat went to the AI, may make them suffice: then it counts again).
 */
function alreadyVoted(
  stored: readonly string[],
  key: string,
  userId: string,
  n: number,
  needed: number,
): { ok: false; refusal: Refusal } | null {
  if (n >= needed || !stored.includes(`${key}:${userId}`)) return null;
  return { ok: false, refusal: { key: 'errors:already-voted', warn: false, vars: { n, needed } } };
}

/**
 * Who votes at the table now (pause, resume, absent seats, the open claims): the people playing
 * their own seats. A seat the AI holds for its player, or that its player left (`left`: during the
 * hand now running, Phỏm §11.3, `Step.leftDuringHand`), has no vote, and a
 * vote cast before its voter left or was taken over no longer counts: else a table where one of
 * two people is gone could never reach a majority.
 */
export function voterIds(
  seats: readonly { seat: number; userId: string | null; isAi: boolean }[],
  left: readonly number[] = [],
): Set<string> {
  return new Set(seats.filter((s) => s.userId && !s.isAi && !left.includes(s.seat)).map((s) => s.userId!));
}

/**
 * Why `userId` (seated) has no vote: their seat is played by the AI (take it back to vote), or they
 * left during this hand (§11.3: no taking it back; they may take a free seat between hands).
 */
export function noVoteKey(step: Step, userId: string): string {
  const left = step.leftDuringHand();
  return step.seats.some((s) => s.userId === userId && left.includes(s.seat)) ? 'errors:left-this-hand' : 'errors:vote-ai-seat';
}

/** The votes of `votes` cast by people in `eligible`. */
export const counted = (votes: Iterable<string>, eligible: ReadonlySet<string>) => new Set([...votes].filter((v) => eligible.has(v)));

/** A vote by `voter` (a seated player) about the absent `arg` seat. */
export function* voteAbsent(
  step: Step,
  voter: number,
  userId: string,
  verb: AbsentVerb,
  raw: string | undefined,
  voteAfter: number,
): Gen<VoteOutcome> {
  // Kept through a pause, a reminder's vote buttons serve after the resume: until then, said so.
  if (step.t.row.status === 'paused') return { ok: false, refusal: refusal('errors:paused') };
  const { target: arg, asked } = readArg(raw);
  // A Yes is an End the match vote's only.
  if (asked !== undefined && verb !== 'absent-end') return { ok: false, refusal: refusal('errors:stale') };
  if (arg === CLAIMS_ARG) return yield* voteClaims(step, userId, verb, voteAfter, asked);
  const { row, timers } = step.t;
  const seat = arg !== undefined && /^\d{1,2}$/.test(arg) ? Number(arg) : -1;
  const timer = timers.find((x) => x.seat === seat);
  // Only a turn: a vote about one claimant's seat (a forged custom_id) would tell who may claim;
  // the open claim window has its own vote (CLAIMS_ARG), refused alike for every seat here.
  if (row.status !== 'running' || !timer || timer.kind !== 'turn' || !isOff(timer.deadline) || (timer.reminders ?? 0) < voteAfter)
    return { ok: false, refusal: refusal('errors:no-absent-vote') };
  if (seat === voter) return { ok: false, refusal: refusal('errors:vote-own-seat') };
  if (!voterIds(step.seats, step.leftDuringHand()).has(userId)) return { ok: false, refusal: refusal(noVoteKey(step, userId)) };
  const key = `${verb}${seat}.${timer.version}`;
  const mine = (v: string) => v.startsWith(`${key}:`);
  const absent = step.seats[seat]?.userId ?? null;
  const eligible = voterIds(
    step.seats.filter((s) => s.seat !== seat && s.userId !== absent),
    step.leftDuringHand(),
  );
  const votes = counted([...row.pauseVotes.filter(mine).map((v) => v.slice(key.length + 1)), userId], eligible);
  const needed = Math.floor(eligible.size / 2) + 1;
  const others = row.pauseVotes.filter((v) => !v.startsWith(`${verb}${seat}.`));
  // A second click of the same voter changes nothing: they alone are told where the vote stands, as
  // for Pause (act.ts). Before, it posted the public notice again and moved public_at (the idle-days
  // end counts from it): one voter could repeat it in the thread at will.
  const again = alreadyVoted(row.pauseVotes, key, userId, votes.size, needed);
  if (again) return again;
  if (verb === 'absent-end') {
    const ask = askEnd(String(seat), timer.version, asked, votes.size >= needed);
    if (ask) return ask;
  }
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

/**
 * The open claim window of a table without deadlines (issue #14 §3 with #13 §2). Who may claim is
 * hidden, so nothing here depends on it: the window is reminded once for everybody (act.ts
 * `remind`), every seated player may vote (a claimant too: refusing them would tell the table who
 * they are), the majority is of all seated players, and the result is the same notice whatever
 * the claimants were: the AI at the table's takeover level answers every claim decision still
 * open in the window (logged with source `ai`; the seats stay their players', no AI badge), or the
 * match ends. Votes are kept with the pause votes, keyed by the window (its timers' version).
 */
function* voteClaims(step: Step, userId: string, verb: AbsentVerb, voteAfter: number, asked: number | undefined): Gen<VoteOutcome> {
  const { row, timers } = step.t;
  const win = openClaimTimers(timers);
  const reminded = Math.max(0, ...win.map((x) => x.reminders ?? 0));
  if (row.status !== 'running' || !win.length || reminded < voteAfter) return { ok: false, refusal: refusal('errors:no-absent-vote') };
  if (!voterIds(step.seats, step.leftDuringHand()).has(userId)) return { ok: false, refusal: refusal(noVoteKey(step, userId)) };
  const prefix = (v: AbsentVerb) => `${v}${CLAIMS_ARG}.`;
  const key = `${prefix(verb)}${claimWindowVersion(win)!}`;
  const eligible = voterIds(step.seats, step.leftDuringHand());
  const votes = counted([...row.pauseVotes.filter((v) => v.startsWith(`${key}:`)).map((v) => v.slice(key.length + 1)), userId], eligible);
  // A majority of the others, as for an absent seat: one of the voters is taken to be the absent
  // claimant, whoever the claimants are (who may claim is hidden). With two people, the one still
  // there decides, as they would about an absent seat's turn.
  const needed = Math.floor(Math.max(0, eligible.size - 1) / 2) + 1;
  // This verb's votes about earlier windows are dropped; the other verb's stay.
  const others = row.pauseVotes.filter((v) => !v.startsWith(prefix(verb)));
  const again = alreadyVoted(row.pauseVotes, key, userId, votes.size, needed);
  if (again) return again;
  if (verb === 'absent-end') {
    const ask = askEnd(CLAIMS_ARG, claimWindowVersion(win)!, asked, votes.size >= needed);
    if (ask) return ask;
  }
  const voter = step.seats.find((s) => s.userId === userId)?.seat ?? 0;
  // The window of a secret opening choice (`Decision.secret`) is worded as such, naming nobody either.
  const opening = step.pending().some((d) => d.secret) ? ({ opening: true } as const) : {};
  step.dirty = true;
  if (votes.size < needed) {
    step.pauseVotes = [...others, ...[...votes].map((v) => `${key}:${v}`)];
    step.effects.push({ kind: 'table', notice: { key: 'vote-claims', seat: voter, verb, n: votes.size, needed, ...opening } });
    return { ok: true };
  }
  step.pauseVotes = others.filter((v) => !v.startsWith(prefix('absent-ai')) && !v.startsWith(prefix('absent-end')));
  if (verb === 'absent-end') {
    step.finish();
    step.effects.push({ kind: 'table', notice: { key: 'claims-end', ...opening } });
    return { ok: true };
  }
  yield* answerOpenClaims(step, new Set(win.map((x) => x.seat)));
  yield* step.advance({ key: 'claims-ai', ...opening });
  return { ok: true };
}

/**
 * The AI answers the claim decisions of `open` (the window's claimants) while that window is still
 * the one open: it stops at anything else (a turn, or a new window the answers opened).
 */
function* answerOpenClaims(step: Step, open: ReadonlySet<number>): Gen<void> {
  const answered = new Set<number>();
  const level = step.t.row.takeoverLevel;
  for (let k = 0; k < 16; k++) {
    const pending = step.pending();
    if (step.result() || !pending.length || pending.some((d) => windowKind(d) !== 'claim')) return;
    if (!pending.every((d) => open.has(d.seat) && !answered.has(d.seat))) return;
    const d = pending.find((x) => !step.seats[x.seat]?.isAi) ?? pending[0]!;
    // A pass held for the reclaim window (reclaim.ts) is its player's answer, final now.
    if (commitHeld(step, pending, d.seat)) {
      answered.add(d.seat);
      continue;
    }
    const action = yield* step.decide(d.seat, level);
    answered.add(d.seat);
    if (action) {
      if (step.apply(d.seat, action, 'ai', null).ok) continue;
      step.warnings.push(`AI claim answer rejected for seat ${d.seat}; taking the timeout default`);
    }
    if (!step.apply(d.seat, d.timeoutDefault, 'ai', null).ok) {
      step.warnings.push(`timeout default rejected too for seat ${d.seat}; the game waits`);
      return;
    }
  }
}
