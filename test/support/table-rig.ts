/** An in-memory table (store + table layer, no Discord) for tests of `act` (src/table/act.ts). */
import assert from 'node:assert/strict';
import { openStore, type Store, type TimerPreset } from '../../src/store/index.js';
import { engineOf, GAMES, type GameManifest } from '../../src/table/manifests.js';
import { tableStore, type Table, type TableStore } from '../../src/table/store.js';
import { act, endMatchConfirmArg, type TableCommand } from '../../src/table/act.js';
import { seatToken } from '../../src/table/seat-token.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import type { AnyEngine, BaseAction, Decision, GameId } from '../../src/games/core/types.js';

export interface Rig {
  store: Store;
  ts: TableStore;
  clock: { t: number };
  gameId: string;
  run(cmd: TableCommand): ReturnType<typeof act>;
  pending(): Decision<BaseAction>[];
  /** The table's state version now. */
  version(): number;
  /** The token seat's hand view carries now (src/table/seat-token.ts), as a click from that view sends. */
  token(seat: number): number;
}

/** A seat: a person, an AI stored without a level (plays `normal`), or an AI at a level. */
export type SeatSpec = 'human' | 'ai' | AiLevel;

export interface RigOptions {
  options?: Record<string, unknown>;
  timeoutPolicy?: 'default' | 'ai';
  timer?: TimerPreset;
  keepOutbox?: boolean;
  seed?: string;
  takeoverLevel?: AiLevel;
  hints?: boolean;
  /** The clock's start (ms). */
  now?: number;
  /** Wraps the game's engine (a spy or a rigged Proxy); the table layer then plays with it. */
  engine?: (real: AnyEngine) => AnyEngine;
}

export function rig(game: GameId, seats: SeatSpec[], o: RigOptions = {}): Rig {
  const clock = { t: o.now ?? Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const real = GAMES[game].engine as AnyEngine;
  const manifests = o.engine
    ? ({ ...GAMES, [game]: { ...GAMES[game], engine: o.engine(real) } as GameManifest } as typeof GAMES)
    : undefined;
  const ts = tableStore(store, manifests);
  const options = { ...(defaultOptions(real.options) as Record<string, unknown>), ...(o.options ?? {}) };
  const row = store.games.create({
    game,
    guildId: 'g',
    channelId: 'c',
    threadId: 'th',
    hostUserId: 'u0',
    options,
    optionsHash: 'h',
    seed: o.seed ?? `seed-${game}`,
    seats: seats.length,
    timerPreset: o.timer ?? { name: 'live' },
    timeoutPolicy: o.timeoutPolicy ?? 'default',
    ...(o.takeoverLevel ? { takeoverLevel: o.takeoverLevel } : {}),
    ...(o.hints !== undefined ? { hints: o.hints } : {}),
  });
  let ai = 0;
  store.games.setSeats(
    row.id,
    seats.map((k, seat) =>
      k === 'human'
        ? { seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` }
        : { seat, userId: null, isAi: true, displayName: `AI ${++ai}`, ...(k === 'ai' ? {} : { aiLevel: k }) },
    ),
  );
  return {
    store,
    ts,
    clock,
    gameId: row.id,
    // As the bot does once it has executed the effects (the restart test keeps them).
    run: (cmd) => {
      const res = act(ts, cmd, clock.t);
      if (o.keepOutbox !== true && res.outbox.length) store.games.clearOutbox(row.id, res.outbox);
      return res;
    },
    pending() {
      const g = store.games.load(row.id)!;
      return engineOf(g.row.game).pending(g.state) as Decision<BaseAction>[];
    },
    version: () => store.games.get(row.id)!.version,
    token: (seat) => seatToken(ts.load(row.id)!, seat),
  };
}

/**
 * Lets every deadline run out, one after another (the timeout default or the AI plays), until the
 * hand has a result; returns the table then.
 */
export function timeOutToResult(r: Rig, maxSteps = 500): Table {
  for (let k = 0; k < maxSteps; k++) {
    const t = r.ts.load(r.gameId)!;
    if (t.engine.result(t.state)) return t;
    timeOutNext(r);
  }
  throw new Error('the hand did not end');
}

/** Lets the next deadline run out: the clock moves just past it and its timeout runs. */
export function timeOutNext(r: Rig): ReturnType<typeof act> {
  const x = r.store.timers.forGame(r.gameId)[0]!;
  r.clock.t = x.deadline + 1;
  return r.run({ kind: 'timeout', gameId: r.gameId, seat: x.seat, timerKind: x.kind, deadline: x.deadline });
}

/** Lets deadlines run out until a claim window is open (at most 200); its claimants' seats. */
export function untilClaimWindow(r: Rig): number[] {
  for (let k = 0; k < 200 && !r.pending().some((p) => p.kind === 'claim'); k++) timeOutNext(r);
  const claim = r
    .pending()
    .filter((p) => p.kind === 'claim')
    .map((p) => p.seat);
  assert.ok(claim.length > 0, 'a claim window');
  return claim;
}

/**
 * Lets deadlines run out (timeout policy `ai`) until the AI holds `seat`, at most `maxSteps`; the people
 * of the seats `retake` take theirs back whenever their own turn ran out. Whether it does is the caller's
 * to check.
 */
export function timeOutUntilAiHolds(r: Rig, seat: number, retake: readonly number[], maxSteps: number): void {
  const seats = () => r.store.games.seats(r.gameId);
  for (let i = 0; i < maxSteps && !seats()[seat]!.isAi; i++) {
    timeOutNext(r);
    for (const s of retake) if (seats()[s]!.isAi) r.run({ kind: 'hand', gameId: r.gameId, userId: `u${s}`, ver: 0, verb: 'retake' });
  }
}

/**
 * The people play as the AI would: the AI's move at the first decision, each a click of `userOf(seat)`
 * (`u<seat>` unless told) that must be accepted, until the hand has a result or `stop` holds of the
 * state; returns that state. Throws if neither within `maxSteps`.
 */
export function playWithAiUntil<S = unknown>(
  r: Rig,
  stop: (s: S) => boolean,
  userOf: (seat: number) => string = (seat) => `u${seat}`,
  maxSteps = 600,
): S {
  const engine = engineOf(r.store.games.get(r.gameId)!.game);
  for (let i = 0; i < maxSteps; i++) {
    const s = r.store.games.load(r.gameId)!.state;
    if (engine.result(s) || stop(s as S)) return s as S;
    const d = engine.pending(s)[0]!;
    const action = engine.ai(s, d.seat) as BaseAction;
    const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null, userId: userOf(d.seat) });
    assert.equal(res.outcome.ok, true, `the AI's move for seat ${d.seat}`);
  }
  throw new Error('the hand did not end');
}

/** Plays the hand to its result as `playWithAiUntil` does. */
export function playWithAi(r: Rig, userOf: (seat: number) => string = (seat) => `u${seat}`, maxSteps = 600): void {
  playWithAiUntil(r, () => false, userOf, maxSteps);
}

/**
 * Leave a seat as a player does: the question first, then its "Yes, leave" button, whose argument
 * names the hand and the moment it was asked for (src/table/seating.ts `leaveSeat`). A refusal
 * instead of the question is returned as is.
 */
export function leaveConfirmed(r: Rig, userId: string, ver = 0): ReturnType<typeof act> {
  const ask = r.run({ kind: 'table', gameId: r.gameId, userId, ver, verb: 'leave-seat' });
  const arg = ask.outcome.confirm?.arg;
  return arg ? r.run({ kind: 'table', gameId: r.gameId, userId, ver, verb: 'leave-seat', arg }) : ask;
}

/**
 * A result's Next hand, or End match's "Yes, end the match" sent at once (its question skipped), on the
 * hand in play, by `userId` (the host by default).
 */
export function resultClick(r: Rig, verb: 'next-hand' | 'end-match', userId = 'u0'): ReturnType<typeof act> {
  const hand = r.store.games.get(r.gameId)!.handIndex;
  return r.run({
    kind: 'table',
    gameId: r.gameId,
    userId,
    ver: 0,
    verb,
    arg: verb === 'end-match' ? endMatchConfirmArg(hand) : String(hand),
  });
}

/**
 * End match as the host does: the question first, then its "Yes, end the match" button, whose
 * argument names the hand (src/table/act.ts `endMatchConfirmArg`). `arg`: the clicked button's (the
 * hand; none for a button from before buttons named it, judged by `ver`). A refusal instead of the
 * question is returned as is.
 */
export function endMatchConfirmed(r: Rig, userId: string, arg?: string, ver = 0): ReturnType<typeof act> {
  const ask = r.run({ kind: 'table', gameId: r.gameId, userId, ver, verb: 'end-match', ...(arg !== undefined ? { arg } : {}) });
  const yes = ask.outcome.confirm?.arg;
  return yes ? r.run({ kind: 'table', gameId: r.gameId, userId, ver, verb: 'end-match', arg: yes }) : ask;
}
