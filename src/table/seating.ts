/**
 * Players leaving and joining a running match, for games whose rules have it (`engine.seating`;
 * today Phỏm: phom.md §3, a seating change makes the next hand a first hand under `starter-reset`;
 * §11.3, a player who leaves during a hand is played out by the engine and settles as Móm).
 *
 * - **Leave between hands** (after a result, before Next hand): an AI takes the seat at once, at the
 *   table's takeover level; a `@seat-change` entry `{ left: [s], joined: [s] }` marks the finished
 *   hand, so the next deal applies the starter rule.
 * - **Leave during a hand**: the engine's leave action is logged as the player's; the engine plays
 *   the seat out; when the hand's result is recorded the AI takes the seat (`vacateLeavers`).
 * - **Take a seat** (between hands): a person who does not sit at the table replaces an AI seat
 *   (a seat an AI holds for nobody, not a player's seat the AI is only keeping warm).
 *
 * - **A member gone from the server** (banned, kicked or left: bot/members.ts): each of their seats
 *   passes at once to a new AI at the takeover level, in every game and at any moment, as a leaver's
 *   between hands does (`memberGone`). They are gone for good: no voter, no host (it passes on as
 *   `Step.replaceSeat` says), and nothing of theirs acts at the table again (the seat is no longer
 *   theirs, so "Take my seat back" finds none). During a hand the AI plays on from the seat's hand as it
 *   stands: not Phỏm's §11.3 leave, which would settle the seat as Móm for a player who did not
 *   choose to go and change what the others' hand pays. That hand stays theirs in the record, as
 *   their own hand though the AI plays it out (`SeatRow.handFor`, `goneHandsOver`): the standings keep
 *   them, and it counts in their /score and rating (store/results.ts `bookedAs`), so leaving the
 *   server erases no hand they were losing.
 *
 * A seat's match total belongs to its occupant: the newcomer starts from 0 (store `matchTotals`).
 * A player's votes (pause, resume, absent seats, the open claims) leave with them, however they
 * leave (Leave the table, a member gone): one who sits down again starts with none (`dropVotes`).
 * So do they when the AI takes their seat over (`handedToAi`): one who takes it back starts with none.
 */
import { cut } from './cut.js';
import type { SeatRow } from '../store/index.js';
import { langOf, translator } from './i18n.js';
import type { Gen, Refusal, Step } from './act.js';
import type { Table } from './store.js';
import { windowKind } from './timers.js';

const refusal = (key: string): Refusal => ({ key, warn: false });

/**
 * An AI's seat row for `seat`, named in the table's language with the first number no seat of the
 * match has had (seated now or in a hand's results): its hands are told apart by that name. Reusing
 * a free number, a second AI in a seat an earlier one left inherited its points and merged with it
 * in the standings.
 */
function aiRow(step: Step, seat: number): SeatRow {
  const base = translator(langOf(step.t.row.locale))('common:ai-name');
  const taken = step.namesUsed();
  let n = 1;
  while (taken.has(`${base} ${n}`)) n++;
  return { seat, userId: null, isAi: true, displayName: `${base} ${n}`, aiLevel: step.t.row.takeoverLevel };
}

/**
 * The seats people still play: not the AI's, nor a seat whose player left during the hand now
 * running (§11.3: the engine plays it out, and an AI takes it when the hand's result is recorded,
 * `vacateLeavers`; `Step.leftDuringHand`).
 */
function peopleSeated(step: Step): SeatRow[] {
  const left = step.leftDuringHand();
  return step.seats.filter((s) => s.userId && !left.includes(s.seat));
}

/**
 * The seats whose player left during the hand now running in `state` (§11.3: the engine plays them
 * out, and an AI takes them at the hand's result, `vacateLeavers`). Between hands, none: those seats
 * are vacated by then, and a newcomer may sit there, though the finished hand still lists them.
 * Public: the table said so when they left.
 */
export function leftDuringHand(engine: Table['engine'], state: unknown): number[] {
  if (state === null || engine.result(state)) return [];
  return engine.seating?.leftSeats?.(state) ?? [];
}

/**
 * `userId`'s votes (pause, resume, about an absent seat or the open claims) leave with them: none
 * counts once they no longer play a seat, and none counts again if they sit down again later (a vote
 * cast before they left would otherwise be counted with their new seat's).
 */
function dropVotes(step: Step, userId: string): void {
  const before = step.pauseVotes ?? step.t.row.pauseVotes;
  const votes = before.filter((v) => !v.endsWith(`:${userId}`));
  if (votes.length !== before.length) step.pauseVotes = votes;
}

/**
 * The AI now plays `seat` for its player (the others' vote about an absent seat, absent.ts; a turn
 * that ran out with on-timeout `ai`, act.ts). While it does they have no vote (absent.ts `voterIds`),
 * and a vote they cast before does not count once they take the seat back either ("Take my seat
 * back"): the README's "an earlier vote of theirs no longer counts". Kept, it would count again with
 * the seat (a pause then needing one vote fewer than the table sees), so it goes now, as a leaver's.
 * Not while they still play another seat here: they are a voter still.
 */
export function handedToAi(step: Step, seat: number): void {
  const userId = step.seats[seat]?.userId;
  if (userId && !step.seats.some((s) => s.userId === userId && !s.isAi)) dropVotes(step, userId);
}

export type LeaveOutcome = { kind: 'refused'; refusal: Refusal } | { kind: 'confirm'; refusal: Refusal; arg: string } | { kind: 'done' };

/**
 * A seated player leaves, once they confirmed the question this asks first: `arg` is the argument of
 * its "Yes, leave" button, which names the hand and the moment it was asked for (`confirm.<hand>.b`
 * between hands: an AI from the next hand; `confirm.<hand>.h` during one: the engine's leave, which
 * may settle as Móm). A confirmation of another hand or moment asks again: before, a "Yes, leave"
 * given to the between-hands question after Next hand had dealt made the player leave mid-hand.
 */
/** The argument of the "Yes, leave" button asked in hand `hand`, between hands or during it (`leaveSeat`). */
export function leaveConfirmArg(hand: number, between: boolean): string {
  return `confirm.${hand}.${between ? 'b' : 'h'}`;
}

export function* leaveSeat(step: Step, seat: number, userId: string, arg: string | undefined): Gen<LeaveOutcome> {
  const { engine, row } = step.t;
  const seating = engine.seating;
  if (!seating) return { kind: 'refused', refusal: refusal('errors:no-seat-changes') };
  if (row.status !== 'running') return { kind: 'refused', refusal: refusal(row.status === 'paused' ? 'errors:paused' : 'errors:stale') };
  const between = step.result() !== null;
  if (!between && !seating.leave) return { kind: 'refused', refusal: refusal('errors:no-seat-changes') };
  // Two who leave during the same hand would leave the table to the AI alone, running with nobody to
  // press Next hand: the last person ends the match instead.
  const humans = peopleSeated(step).filter((s) => s.seat !== seat);
  // During a hand End match is not offered yet: they finish the hand first.
  if (!humans.length) return { kind: 'refused', refusal: refusal(between ? 'errors:last-player' : 'errors:last-player-hand') };
  const asked = leaveConfirmArg(step.hand, between);
  if (arg !== asked)
    return { kind: 'confirm', refusal: refusal(between ? 'common:seat.confirm-between' : 'common:seat.confirm-hand'), arg: asked };
  const name = step.seats[seat]!.displayName;
  // During a hand too: from now on they vote no more (`Step.leftDuringHand`).
  if (!step.seats.some((s) => s.userId === userId && s.seat !== seat)) dropVotes(step, userId);
  if (between) {
    const ai = aiRow(step, seat);
    step.replaceSeat(ai);
    step.changeSeats([seat], [seat], userId);
    step.dirty = true;
    step.effects.push({ kind: 'table', notice: { key: 'left-seat', seat, name, ai: ai.displayName } });
    return { kind: 'done' };
  }
  const r = step.apply(seat, seating.leave!, 'player', userId);
  if (!r.ok) return { kind: 'refused', refusal: r.refusal };
  yield* step.advance({ key: 'left-seat-hand', seat, name });
  return { kind: 'done' };
}

/**
 * `userId` is no longer a member of the table's server (banned, kicked, left: the bot learns it from
 * GUILD_BAN_ADD or a refused DM click, bot/members.ts). Each of their seats passes to a new AI at the
 * takeover level, now, whatever the table is doing: their votes go with them; in a game with seat
 * changes the change is logged at once, also during a hand (`@seat-change`: the next deal applies the
 * starter rule as for a leaver, §3);
 * during a hand of a running table the AI plays the seat's decision at once. Nobody left to play
 * their own seat or take one back: the match ends (as End match would), since no one could go on.
 */
export function* memberGone(step: Step, userId: string): Gen<{ ok: true } | { ok: false; refusal: Refusal }> {
  const { engine, row } = step.t;
  if (row.status !== 'running' && row.status !== 'paused') return { ok: false, refusal: refusal('errors:stale') };
  const all = step.seats.filter((s) => s.userId === userId).map((s) => s.seat);
  if (!all.length) return { ok: false, refusal: refusal('errors:not-seated') };
  // A seat they left during this hand (§11.3) stays theirs until its result: the engine plays it out,
  // and the hand, its Móm included, is recorded under their name before the AI takes the seat
  // (`vacateLeavers`). Replaced now, the hand went to the AI, and leaving the server spared the
  // leaver's standings the Móm.
  const left = step.leftDuringHand();
  const seats = all.filter((seat) => !left.includes(seat));
  if (!seats.length) {
    dropVotes(step, userId);
    const host = step.hostUserId === undefined ? row.hostUserId : step.hostUserId;
    // As `Step.replaceSeat`: a person playing their own seat first, else one the AI stands in for.
    const others = peopleSeated(step).filter((s) => s.userId !== userId);
    if (host === userId) step.hostUserId = (others.find((s) => !s.isAi) ?? others[0])?.userId ?? null;
    step.dirty = true;
    return { ok: true };
  }
  const between = step.result() !== null;
  const gone = seats.map((seat) => {
    const was = step.seats[seat]!;
    const name = was.displayName;
    const ai = aiRow(step, seat);
    // The hand in play stays their own in the record, rated (`bookedAs`), though the AI plays it out:
    // they played it and left during it. Not a hand the AI was already playing for them (away, timed
    // out: `isAi` with their id): they played none of it, and such a hand counts for nobody.
    const own = !between && !was.isAi;
    step.replaceSeat(own ? { ...ai, handFor: { userId, displayName: name } } : ai);
    return { seat, name, ai: ai.displayName };
  });
  // Their votes (pause, resume, about an absent seat or the claims) no longer count, nor would again.
  dropVotes(step, userId);
  if (engine.seating) step.changeSeats(seats, seats, null);
  step.dirty = true;
  const first = gone[0]!;
  const notice = { key: 'member-gone', ...first } as const;
  if (!peopleSeated(step).length) {
    step.finish();
    step.effects.push({ kind: 'table', notice: { ...notice, ended: true } });
    return { ok: true };
  }
  // A paused table plays nothing (its resume lets the AI play: act.ts), nor does one whose result
  // waits; its thread, archived after days of waiting, is reopened for the notice as for a vote.
  // A claim (or a secret opening choice) of theirs is hidden (#13 §2): answered by the AI now, the
  // window could close the moment they left and tell the table they held it. It keeps its own time
  // (its timeout, the claims vote at a table without deadlines, or the next step that plays the AI
  // seats, as when another claimant answers), and this step shows what it shows for anyone else.
  const hidden = step.pending().some((d) => seats.includes(d.seat) && windowKind(d) === 'claim');
  if (row.status === 'paused' || between || hidden) {
    step.effects.push({ kind: 'unarchive' }, { kind: 'table', notice });
    return { ok: true };
  }
  yield* step.advance(notice);
  return { ok: true };
}

/**
 * After a hand's result is recorded: a seat whose new AI played that hand out for a member gone from
 * the server (`SeatRow.handFor`, set by `memberGone`) is the AI's own from now on. The hand's result
 * rows, made from the seats before this, are the person's own (store/results.ts `bookedAs`). A match that
 * ends during that hand records no result for it and keeps `handFor`: /history names the moves of
 * that hand as theirs (results.ts `seatsAsPlayed`).
 */
export function goneHandsOver(step: Step): void {
  for (const s of step.seats.filter((x) => x.handFor)) {
    const { handFor: _, ...own } = s;
    step.replaceSeat(own);
  }
}

/** After a hand's result is recorded: the seats whose players left during it pass to an AI. */
export function vacateLeavers(step: Step): void {
  const left = step.t.engine.seating?.leftSeats?.(step.state) ?? [];
  const gone = left.filter((seat) => step.seats[seat]?.userId);
  if (!gone.length) return;
  const users = gone.map((seat) => step.seats[seat]!.userId!);
  for (const seat of gone) step.replaceSeat(aiRow(step, seat));
  // Their votes went when they left (`leaveSeat`); any kept from before that rule go now.
  for (const u of users) if (!step.seats.some((s) => s.userId === u)) dropVotes(step, u);
  step.changeSeats(gone, gone, null);
}

/** A person who does not sit at the table takes an AI's seat between hands. */
export function takeSeat(
  step: Step,
  userId: string,
  displayName: string,
  arg: string | undefined,
): { ok: true; seat: number } | { ok: false; refusal: Refusal } {
  const { engine, row } = step.t;
  if (!engine.seating) return { ok: false, refusal: refusal('errors:no-seat-changes') };
  if (row.status !== 'running' || step.result() === null) return { ok: false, refusal: refusal('errors:take-seat-between-hands') };
  if (step.seats.some((s) => s.userId === userId)) return { ok: false, refusal: refusal('errors:already-seated') };
  const open = step.seats.filter((s) => s.isAi && !s.userId);
  const want = arg !== undefined && /^\d{1,2}$/.test(arg) ? Number(arg) : null;
  const target = want === null ? open[0] : open.find((s) => s.seat === want);
  if (!target) return { ok: false, refusal: refusal('errors:no-open-seat') };
  const seat = target.seat;
  // A vote of theirs from an earlier seat at this table (kept before leavers' votes were dropped) does not count again.
  dropVotes(step, userId);
  step.replaceSeat({ seat, userId, isAi: false, displayName: cut(displayName, 80) });
  // A join, nobody left (the AI only held the seat open): under Phỏm `starter-reset = leave-and-join`
  // a join alone keeps the winner as starter (phom.md §3), unless the winner was that AI. Logged as a
  // leave and a join before 2026-12-06, the option then reset as `any-change` did.
  step.changeSeats([], [seat], userId);
  step.dirty = true;
  step.effects.push({ kind: 'table', notice: { key: 'took-seat', seat, name: cut(displayName, 80), ai: target.displayName } });
  return { ok: true, seat };
}
