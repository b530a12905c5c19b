/**
 * Randomized fuzz of the table layer's one entry point `act` (src/table/act.ts): humans and AI seats,
 * timer presets, timeout policies, and a random stream of commands (legal moves with the seat's
 * token, stale clicks, clock jumps with the scheduler's firings, pause/resume, /away, claim
 * preferences, seat changes, next hand / end match, sync), with invariants checked after each.
 *
 * Bounded, fixed-seed version for CI (test/unit/table-fuzz.test.ts); a failure message names the seed
 * and step, and `fuzzRun(randomConfig(game, seed), steps, { trace: true })` replays it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig, type SeatSpec } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import { canonical, sameCanonical } from '../../src/games/core/match.js';
import { applyEntry, replayLog, NEXT_HAND, SEAT_CHANGE, type TimerPreset, type TimerRow } from '../../src/store/index.js';
import { durations, isOff, windowKind } from '../../src/table/timers.js';
import { prefsOf } from '../../src/table/prefs.js';
import { leaveConfirmArg } from '../../src/table/seating.js';
import type { TableCommand, ActResult } from '../../src/table/act.js';
import type { Effect } from '../../src/table/effects.js';
import type { AnyEngine, BaseAction, Decision, GameId } from '../../src/games/core/types.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { Rng } from '../../src/games/core/rng.js';

export const GAME_SEATS: Record<GameId, [number, number]> = {
  phom: [2, 4],
  chan: [4, 5],
  'vn-mahjong': [4, 6],
  'classic-mahjong': [2, 4],
};

/** A deterministic PRNG in [0, 1) from a string seed (the engines' own Rng). */
export function prng(seed: string): () => number {
  const r = new Rng(seed);
  return () => r.int(2 ** 30) / 2 ** 30;
}

export interface FuzzConfig {
  game: GameId;
  seats: SeatSpec[];
  timer: TimerPreset;
  options: Record<string, unknown>;
  timeoutPolicy: 'default' | 'ai';
  takeoverLevel: AiLevel;
  seed: string;
}

export interface Failure {
  check: string;
  msg: string;
  step: number;
  cmd: string;
}

export interface RunStats {
  steps: number;
  cmds: Record<string, number>;
  hands: number;
  finished: boolean;
  refused: number;
  failures: Failure[];
  trace: string[];
}

const LEVELS: AiLevel[] = ['easy', 'normal', 'strong'];
const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** A random table configuration. `noStrong`: no strong AI seats (time budget). */
export function randomConfig(game: GameId, seed: string, o: { noStrong?: boolean } = {}): FuzzConfig {
  const rnd = prng(`cfg:${seed}`);
  const [lo, hi] = GAME_SEATS[game];
  const n = lo + Math.floor(rnd() * (hi - lo + 1));
  const levels = o.noStrong ? (['easy', 'normal'] as AiLevel[]) : LEVELS;
  const humans = 1 + Math.floor(rnd() * Math.min(3, n));
  const seats: SeatSpec[] = [];
  for (let i = 0; i < n; i++) seats.push(i < humans ? 'human' : rnd() < 0.15 ? 'ai' : pick(rnd, levels));
  // Shuffle the seats (seat 0 is the host: keep a human there).
  for (let i = n - 1; i > 1; i--) {
    const j = 1 + Math.floor(rnd() * i);
    [seats[i], seats[j]] = [seats[j]!, seats[i]!];
  }
  const tr = rnd();
  const timer: TimerPreset =
    tr < 0.4
      ? { name: 'live' }
      : tr < 0.7
        ? { name: 'async' }
        : { name: 'custom', claimMs: 1000 * (5 + Math.floor(rnd() * 120)), turnMs: 1000 * (10 + Math.floor(rnd() * 300)) };
  const options: Record<string, unknown> = {};
  if (game === 'phom' && rnd() < 0.5) options['turn-timeout-s'] = 5 + Math.floor(rnd() * 120);
  if (game === 'chan') options['decision-timeout-s'] = rnd() < 0.5 ? 0 : 10 + Math.floor(rnd() * 290);
  if (game === 'classic-mahjong') {
    options.players = n;
    options['match-rounds'] = 1;
    if (rnd() < 0.5) options['claim-timeout-seconds'] = 5 + Math.floor(rnd() * 115);
    if (rnd() < 0.5) options['turn-timeout-seconds'] = 15 + Math.floor(rnd() * 285);
  }
  if (game === 'vn-mahjong') {
    options['player-count'] = n;
    options['match-length'] = '1-wind';
  }
  return {
    game,
    seats,
    timer,
    options,
    timeoutPolicy: rnd() < 0.5 ? 'default' : 'ai',
    takeoverLevel: o.noStrong ? pick(rnd, ['easy', 'normal'] as AiLevel[]) : pick(rnd, LEVELS),
    seed,
  };
}

interface Snap {
  row: ReturnType<Rig['store']['games']['get']> & object;
  state: unknown;
  seats: ReturnType<Rig['store']['games']['seats']>;
  timers: TimerRow[];
  logLen: number;
  hands: number[];
  resultRows: number;
  pending: Decision<BaseAction>[];
  pub: unknown;
  tokens: number[];
}

const json = (x: unknown) => JSON.stringify(x);

export function fuzzRun(
  cfg: FuzzConfig,
  steps: number,
  o: { trace?: boolean; log?: (s: string) => void; replayEvery?: number } = {},
): RunStats {
  const rnd = prng(`run:${cfg.seed}`);
  const engine = engineOf(cfg.game) as AnyEngine;
  const r = rig(cfg.game, cfg.seats, {
    seed: cfg.seed,
    timer: cfg.timer,
    options: cfg.options,
    timeoutPolicy: cfg.timeoutPolicy,
    takeoverLevel: cfg.takeoverLevel,
  });
  const id = r.gameId;
  const stats: RunStats = { steps: 0, cmds: {}, hands: 0, finished: false, refused: 0, failures: [], trace: [] };
  const tokens = new Map<number, number[]>();
  const users = () => r.store.games.seats(id);
  const newcomers = ['n1', 'n2', 'n3'];
  const everyUser = () => [...new Set([...cfg.seats.map((_, i) => `u${i}`), ...newcomers, 'spectator'])];
  const replayEvery = o.replayEvery ?? 15;
  let stepNo = 0;
  let lastCmd = '';
  /** Whether the due timers were all fired at the clock's time (deadlines then must be in the future). */
  let drained = true;

  const fail = (check: string, msg: string) => {
    stats.failures.push({ check, msg, step: stepNo, cmd: lastCmd });
    o.log?.(`FAIL [${check}] step ${stepNo} ${lastCmd}: ${msg}`);
  };

  const snap = (): Snap => {
    const g = r.store.games.load(id)!;
    const state = g.state;
    const pending = state === null ? [] : (engine.pending(state) as Decision<BaseAction>[]);
    return {
      row: g.row,
      state,
      seats: g.seats,
      timers: r.store.timers.forGame(id),
      logLen: r.store.games.log(id).length,
      hands: r.store.results.handsRecorded(id),
      resultRows: r.store.results.handsOf(id).length,
      pending,
      pub: state === null ? null : engine.publicView(state),
      tokens: g.seats.map((x) => r.token(x.seat)),
    };
  };

  const remember = (s: Snap) => {
    for (let seat = 0; seat < s.seats.length; seat++) {
      const tk = r.token(seat);
      const xs = tokens.get(seat) ?? [];
      if (xs.at(-1) !== tk) xs.push(tk);
      if (xs.length > 8) xs.shift();
      tokens.set(seat, xs);
    }
  };

  /** Static invariants of the table as stored now. */
  const invariants = (s: Snap, res: ActResult | null) => {
    const now = r.clock.t;
    const { row } = s;
    const result = s.state === null ? null : engine.result(s.state);
    const waits = res?.warnings.some((w) => w.includes('the game waits')) ?? false;
    if (row.status === 'running' && !result) {
      for (const seat of s.seats) {
        const d = s.pending.find((p) => p.seat === seat.seat);
        const ts = s.timers.filter((x) => x.seat === seat.seat);
        if (seat.isAi) {
          if (d && !waits) fail('ai-pending', `AI seat ${seat.seat} has a pending ${d.kind} decision after the step`);
          if (ts.length) fail('ai-timer', `AI seat ${seat.seat} has a timer ${json(ts)}`);
          continue;
        }
        if (!d) {
          if (ts.length) fail('orphan-timer', `seat ${seat.seat} has no decision but a timer ${json(ts)}`);
          continue;
        }
        if (ts.length !== 1) {
          fail('timer-count', `human seat ${seat.seat} with a ${windowKind(d)} decision has ${ts.length} timers`);
          continue;
        }
        const t = ts[0]!;
        if (t.kind !== windowKind(d))
          fail('timer-kind', `seat ${seat.seat}: timer ${t.kind} for a ${windowKind(d)} decision (${d.kind}${d.secret ? ', secret' : ''})`);
        if (t.pausedLeft !== null) fail('timer-paused', `running table, seat ${seat.seat} timer paused (${t.pausedLeft})`);
        if (drained && !isOff(t.deadline) && t.deadline <= now)
          fail('timer-past', `seat ${seat.seat}: deadline ${t.deadline - now} ms ago after the due timers fired`);
      }
    } else if (row.status === 'running' && result) {
      if (s.timers.length) fail('timer-between-hands', `timers while the result stands: ${json(s.timers)}`);
    } else if (row.status === 'paused') {
      for (const t of s.timers) if (t.pausedLeft === null) fail('paused-timer-live', `paused table, seat ${t.seat} timer not frozen`);
      for (const t of s.timers)
        if (!s.pending.some((d) => d.seat === t.seat)) fail('orphan-timer', `paused: seat ${t.seat} has a timer and no decision`);
    } else if (s.timers.length) fail('timer-not-running', `${row.status} table has timers ${json(s.timers)}`);
    // Results: every finished hand once, rows for each seat.
    if (s.state !== null) {
      const want = new Set<number>();
      for (let h = 0; h < row.handIndex; h++) want.add(h);
      if (result && (row.status === 'running' || row.status === 'finished' || row.status === 'paused')) want.add(row.handIndex);
      const have = new Set(s.hands);
      for (const h of want) if (!have.has(h)) fail('result-missing', `hand ${h} finished but no result rows`);
      for (const h of have)
        if (!want.has(h)) fail('result-extra', `result rows for hand ${h}, which has not finished (hand ${row.handIndex})`);
    }
  };

  const replayCheck = (s: Snap) => {
    if (s.state === null) return;
    try {
      const replayed = replayLog(engine, s.row.options, s.row.seats, s.row.seed, r.store.games.log(id));
      if (canonical(replayed) !== canonical(s.state)) fail('replay', 'the log does not replay to the stored state');
    } catch (e) {
      fail('replay', `replay threw: ${(e as Error).message}`);
    }
  };

  /** The step's entries replayed from the state before: which seats lapsed, who played turns or claims. */
  const stepMoves = (before: Snap) => {
    const log = r.store.games.log(id).slice(before.logLen);
    let state = before.state;
    const lapsed = new Set<number>();
    const turnSeats = new Set<number>();
    const claimed = new Set<number>();
    let dealt = false;
    let seatChange = false;
    for (const e of log) {
      if (e.action.type === NEXT_HAND) dealt = true;
      if (e.action.type === SEAT_CHANGE) seatChange = true;
      if (state !== null && e.seat !== null) {
        const d = (engine.pending(state) as Decision<BaseAction>[]).find((p) => p.seat === e.seat);
        if (d && windowKind(d) === 'claim') claimed.add(e.seat);
        else turnSeats.add(e.seat);
      }
      state = state === null ? null : applyEntry(engine, before.row.options, before.row.seats, before.row.seed, state, e);
      if (state !== null && e.seat !== null) {
        const waiting = new Set((engine.pending(state) as Decision<BaseAction>[]).map((d) => d.seat));
        for (let seat = 0; seat < before.seats.length; seat++) if (!waiting.has(seat)) lapsed.add(seat);
      }
    }
    return { entries: log.length, lapsed, turnSeats, claimed, dealt, seatChange };
  };

  const effectChecks = (cmd: TableCommand, before: Snap, after: Snap, res: ActResult) => {
    const now = r.clock.t;
    const eff = res.effects;
    const ms = durations(after.row.timerPreset, engine.timeouts(after.row.options));
    const moves = stepMoves(before);
    const pings = eff.filter((e): e is Extract<Effect, { kind: 'ping' }> => e.kind === 'ping' && !e.again);
    const pinged = new Set(pings.flatMap((p) => [...p.turn, ...p.claim]));
    const told = new Set(eff.flatMap((e) => (e.kind === 'tell' ? e.seats : [])));
    const running = after.row.status === 'running' && after.state !== null && !engine.result(after.state);
    // Only what this step did (a refused command returns no effects; the outbox is cleared after each).
    if (!res.outcome.ok && (res.outcome.applied ?? 0) === 0 && after.row.version === before.row.version) {
      if (pings.length) fail('ping-on-refusal', `refused ${cmd.kind} returned a ping ${json(pings)}`);
    }
    const newDecision = (seat: number): boolean => {
      const d0 = before.pending.find((p) => p.seat === seat);
      const d1 = after.pending.find((p) => p.seat === seat);
      if (!d1) return false;
      const wasAi = before.seats[seat]?.isAi;
      if (!d0 || wasAi || before.row.status !== 'running') return true;
      // A timed-out seat's timer is dropped (act.ts 'timeout': step.timers = others): its next decision is timed anew.
      if (cmd.kind === 'timeout' && cmd.seat === seat && res.outcome.ok) return true;
      if (windowKind(d0) !== windowKind(d1)) return true;
      if (moves.dealt || before.row.handIndex !== after.row.handIndex) return true;
      if (windowKind(d1) === 'claim') return moves.turnSeats.size > 0 || moves.claimed.has(seat);
      return moves.lapsed.has(seat) && [...moves.turnSeats].some((x) => x !== seat);
    };
    // A ping names only seats whose decision is new in this step, with a new deadline.
    for (const p of pings) {
      for (const [kind, seats] of [
        ['turn', p.turn],
        ['claim', p.claim],
      ] as const) {
        for (const seat of seats) {
          const d = after.pending.find((x) => x.seat === seat);
          const t = after.timers.find((x) => x.seat === seat);
          if (!d) {
            fail('ping-no-decision', `ping.${kind} names seat ${seat}, which has no decision`);
            continue;
          }
          if (windowKind(d) !== kind) fail('ping-kind', `ping.${kind} names seat ${seat} with a ${windowKind(d)} decision`);
          if (!newDecision(seat))
            fail('ping-not-new', `ping.${kind} names seat ${seat}, whose ${d.kind} decision is not new in this ${cmd.kind} step`);
          const len = d.kind === 'claim' ? ms.claimMs : ms.turnMs;
          if (t && len !== null && !isOff(t.deadline) && t.deadline !== now + len)
            fail('ping-deadline', `pinged seat ${seat}: deadline now+${t.deadline - now} ms, expected now+${len}`);
        }
      }
    }
    // A new decision of a human seat at a running table is pinged (or told, for a secret one).
    if (running && res.outcome.ok) {
      const resumed = before.row.status === 'paused';
      for (const d of after.pending) {
        const seat = after.seats[d.seat];
        if (!seat || seat.isAi || resumed) continue;
        if (!newDecision(d.seat)) continue;
        if (pinged.has(d.seat) || told.has(d.seat)) {
          if (windowKind(d) === 'turn' && before.pending.some((p) => p.seat === d.seat))
            stats.cmds['chk:turn-back-pinged'] = (stats.cmds['chk:turn-back-pinged'] ?? 0) + 1;
          continue;
        }
        fail(
          'no-ping',
          `seat ${d.seat}'s ${windowKind(d)} decision (${d.kind}) is new in this ${cmd.kind} step but not pinged (timer ${json(after.timers.find((x) => x.seat === d.seat))}, before ${json(before.timers.find((x) => x.seat === d.seat))})`,
        );
      }
      // And a new turn gets a new deadline.
      for (const d of after.pending) {
        const seat = after.seats[d.seat];
        if (!seat || seat.isAi || resumed || !newDecision(d.seat)) continue;
        const t = after.timers.find((x) => x.seat === d.seat);
        const len = d.kind === 'claim' ? ms.claimMs : ms.turnMs;
        if (t && len !== null && t.deadline !== now + len)
          fail('new-deadline', `seat ${d.seat}'s new ${d.kind} decision keeps deadline now+${t.deadline - now} (expected now+${len})`);
      }
      // A seat's own next turn decision after a turn move of its own in the step (a draw, then the
      // discard) is timed anew too, every game's timeout being per decision, but not pinged (the
      // ping checks above: it is not a new decision for them).
      for (const d of after.pending) {
        const seat = after.seats[d.seat];
        if (!seat || seat.isAi || resumed || newDecision(d.seat) || windowKind(d) !== 'turn' || !moves.turnSeats.has(d.seat)) continue;
        const t = after.timers.find((x) => x.seat === d.seat);
        if (t && ms.turnMs !== null && t.deadline !== now + ms.turnMs)
          fail(
            'follow-up-deadline',
            `seat ${d.seat}'s ${d.kind} decision after its own move has deadline now+${t.deadline - now} (expected now+${ms.turnMs})`,
          );
        else stats.cmds['chk:follow-up-timed'] = (stats.cmds['chk:follow-up-timed'] ?? 0) + 1;
      }
    }
    if (before.row.status === 'paused' && after.row.status === 'running') {
      const again = eff.filter((e): e is Extract<Effect, { kind: 'ping' }> => e.kind === 'ping' && !!e.again);
      const want = after.pending
        .filter((d) => !after.seats[d.seat]?.isAi)
        .map((d) => d.seat)
        .sort();
      const got = again.flatMap((p) => [...p.turn, ...p.claim]).sort();
      // With a catch-up (an away player's decision, a claim a preference answers), the seats the sync
      // then plays are not pinged for their turn.
      const ok = res.outcome.catchUp ? got.every((x) => want.includes(x)) : json(want) === json(got);
      if (!ok) fail('resume-ping', `resume pings ${json(got)}, humans pending ${json(want)}`);
    }
    if (cmd.kind === 'timeout' && cmd.timerKind === 'claim' && res.outcome.ok && sameCanonical(before.pub, after.pub)) {
      const late = after.timers.filter((t) => t.kind === 'claim' && !isOff(t.deadline) && t.deadline <= now && t.pausedLeft === null);
      if (late.length) fail('claim-window-split', `claims of the window still due after a claim timeout step: ${json(late)}`);
    }
    // Hidden information: a step that changed nothing public says nothing in public.
    const samePublic =
      before.state !== null &&
      after.state !== null &&
      before.row.handIndex === after.row.handIndex &&
      before.row.status === after.row.status &&
      json(before.seats) === json(after.seats) &&
      sameCanonical(before.pub, after.pub);
    if (samePublic && res.outcome.ok && after.row.version !== before.row.version) {
      const table = eff.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table');
      if (table && !table.notice && table.quiet === undefined)
        fail('hidden-table', `a step that changed nothing public (${cmd.kind}) redraws the table without quiet`);
      if (table && !table.notice && table.quiet !== undefined && table.quiet !== before.row.version)
        fail('quiet-version', `quiet ${table.quiet}, the version before the step was ${before.row.version}`);
      // Another seat's hidden answer changes no other seat's token (seat-token.ts).
      const movers = new Set(
        r.store.games
          .log(id)
          .slice(before.logLen)
          .map((e) => e.seat),
      );
      for (let seat = 0; seat < after.seats.length; seat++)
        if (
          !movers.has(seat) &&
          canonical(before.pending.find((d) => d.seat === seat) ?? null) ===
            canonical(after.pending.find((d) => d.seat === seat) ?? null) &&
          before.tokens[seat] !== after.tokens[seat]
        )
          fail(
            'hidden-token',
            `a hidden ${cmd.kind} step by seats ${json([...movers])} changed seat ${seat}'s token (decision ${json(before.pending.find((d) => d.seat === seat)?.kind)} -> ${json(after.pending.find((d) => d.seat === seat)?.kind)})`,
          );
      if (!table?.notice) {
        if (pings.length) fail('hidden-ping', `a step that changed nothing public (${cmd.kind}) pings ${json(pings)}`);
        if (eff.some((e) => e.kind === 'unarchive'))
          fail('hidden-unarchive', `a step that changed nothing public (${cmd.kind}) unarchives`);
        if (after.row.publicAt !== before.row.publicAt) fail('hidden-public-at', `public_at moved for a hidden ${cmd.kind} step`);
      }
    }
    // Notices and reminders naming a seat are about turns only.
    for (const e of eff) {
      if (e.kind === 'remind') {
        const d = before.pending.find((x) => x.seat === e.seat);
        if (d && windowKind(d) === 'claim') fail('remind-claim', `a public reminder names claimant seat ${e.seat}`);
        if (after.seats[e.seat]?.isAi) fail('remind-ai', `a reminder for AI seat ${e.seat}`);
      }
      if (e.kind === 'table' && e.notice && (e.notice.key === 'timeout' || e.notice.key === 'timeout-ai' || e.notice.key === 'away')) {
        const seat = e.notice.seat;
        const d = before.pending.find((x) => x.seat === seat);
        if (d && windowKind(d) === 'claim' && e.notice.key !== 'away')
          fail('notice-claim', `notice ${e.notice.key} names claimant seat ${seat}`);
      }
    }
  };

  const runCmd = (cmd: TableCommand, label: string): ActResult | null => {
    stepNo++;
    stats.steps++;
    lastCmd = `${label} ${json(cmd)}`;
    stats.cmds[label] = (stats.cmds[label] ?? 0) + 1;
    r.clock.t += 1; // public_at moves only for public steps
    const before = snap();
    let res: ActResult;
    try {
      res = r.run(cmd);
    } catch (e) {
      fail('throw', `act threw: ${(e as Error).stack?.split('\n').slice(0, 4).join(' | ')}`);
      return null;
    }
    const after = snap();
    if (o.trace)
      stats.trace.push(
        `${stepNo} t=${r.clock.t} ${lastCmd} -> ${res.outcome.ok ? 'ok' : `refused ${res.outcome.refusal?.key}`} applied=${res.outcome.applied} v=${after.row.version} ${json(res.effects.map((e) => e.kind))}`,
      );
    if (!res.outcome.ok) stats.refused++;
    for (const e of res.effects) {
      const k =
        e.kind === 'table' && e.notice
          ? `notice:${e.notice.key}`
          : `fx:${e.kind}${e.kind === 'table' && e.quiet !== undefined ? '-quiet' : ''}`;
      stats.cmds[k] = (stats.cmds[k] ?? 0) + 1;
    }
    if (after.row.status !== before.row.status)
      stats.cmds[`status:${after.row.status}`] = (stats.cmds[`status:${after.row.status}`] ?? 0) + 1;
    if (after.row.version - before.row.version !== res.outcome.applied)
      fail('applied', `outcome.applied ${res.outcome.applied} but the version moved by ${after.row.version - before.row.version}`);
    if (after.logLen - before.logLen !== after.row.version - before.row.version) fail('log-version', 'log length and version disagree');
    if (!res.outcome.ok) {
      // A refused command changes nothing (a timeout's stale timer may be tidied away or set again).
      if (after.row.version !== before.row.version) fail('refused-changed', `refused ${cmd.kind} moved the version`);
      if (after.row.status !== before.row.status) fail('refused-changed', `refused ${cmd.kind} changed the status`);
      if (json(after.seats) !== json(before.seats)) fail('refused-changed', `refused ${cmd.kind} changed the seats`);
      if (after.resultRows !== before.resultRows) fail('refused-changed', `refused ${cmd.kind} wrote results`);
      if (json(after.row.pauseVotes) !== json(before.row.pauseVotes)) fail('refused-changed', `refused ${cmd.kind} changed the votes`);
      if (cmd.kind !== 'timeout' && json(after.timers) !== json(before.timers))
        fail(
          'refused-changed',
          `refused ${cmd.kind} (${res.outcome.refusal?.key}) changed the timers ${json(before.timers)} -> ${json(after.timers)}`,
        );
    }
    if (
      res.outcome.ok &&
      (cmd.kind === 'open-hand' || cmd.kind === 'hint' || (cmd.kind === 'hand' && cmd.verb === 'refresh')) &&
      json(after.timers) !== json(before.timers)
    )
      fail('readonly-changed', `${cmd.kind} changed the timers`);
    // A timer frozen after its deadline passed (its firing refused as paused) is due at once after the resume.
    if (before.row.status === 'paused' && after.row.status === 'running') drained = false;
    invariants(after, res);
    effectChecks(cmd, before, after, res);
    if (stepNo % replayEvery === 0 || after.row.handIndex !== before.row.handIndex || after.row.status !== before.row.status)
      replayCheck(after);
    if (after.state !== null && engine.result(after.state) && !(before.state !== null && engine.result(before.state))) stats.hands++;
    remember(after);
    // The bot runs a sync after a resume that asks for a catch-up (src/bot/effects.ts `run`).
    if (res.outcome.catchUp) runCmd({ kind: 'sync', gameId: id }, 'catch-up');
    return res;
  };

  /** The scheduler's round at `now`: due reminders, then due deadlines, each as read at the start. */
  const readDue = () => ({
    rem: r.store.timers.remindersDue(r.clock.t).filter((x) => x.gameId === id),
    due: r.store.timers.due(r.clock.t).filter((x) => x.gameId === id),
  });
  const fireRead = (rd: ReturnType<typeof readDue>) => {
    for (const x of rd.rem) runCmd({ kind: 'remind', gameId: id, seat: x.seat }, 'remind');
    for (const x of rd.due) runCmd({ kind: 'timeout', gameId: id, seat: x.seat, timerKind: x.kind, deadline: x.deadline }, 'timeout');
  };
  const drain = () => {
    drained = false;
    for (let k = 0; k < 12; k++) {
      const rd = readDue();
      if (!rd.rem.length && !rd.due.length) {
        drained = true;
        return;
      }
      fireRead(rd);
    }
    const rd = readDue();
    if (rd.rem.length || rd.due.length) {
      lastCmd = 'drain';
      fail('stuck-timer', `still due after 12 scheduler rounds: ${json(rd)}`);
    }
    drained = true;
  };

  const humanSeats = () => users().filter((s) => !s.isAi && s.userId);
  const randomUser = () => (rnd() < 0.8 && humanSeats().length ? pick(rnd, humanSeats()).userId! : pick(rnd, everyUser()));

  /** Votes about a seat or claim window whose reminders offer a vote now; false when none does. */
  const voteRipe = (): boolean => {
    const ripe = r.store.timers.forGame(id).filter((t) => isOff(t.deadline) && (t.reminders ?? 0) >= 3);
    if (!ripe.length) return false;
    const t = pick(rnd, ripe);
    const arg = t.kind === 'claim' ? 'claims' : String(t.seat);
    const verb = rnd() < 0.85 ? 'absent-ai' : 'absent-end';
    for (const h of humanSeats())
      if ((h.seat !== t.seat || t.kind === 'claim') && rnd() < 0.8) {
        const res = runCmd({ kind: 'table', gameId: id, userId: h.userId!, ver: r.version(), verb, arg }, 'absent-vote-ripe');
        // A deciding End the match vote asks first (absent.ts): mostly confirmed.
        const yes = res?.outcome.confirm;
        if (yes && rnd() < 0.8)
          runCmd({ kind: 'table', gameId: id, userId: h.userId!, ver: r.version(), verb, arg: yes.arg }, 'absent-end-yes');
      }
    return true;
  };

  /** One random command (or clock move). */
  const randomAction = (): void => {
    const s = snap();
    const running = s.row.status === 'running';
    const result = s.state !== null && engine.result(s.state);
    const humanPending = s.pending.filter((d) => !s.seats[d.seat]?.isAi && s.seats[d.seat]?.userId);
    const x = rnd();
    if (s.row.status === 'finished') return void runCmd({ kind: 'sync', gameId: id }, 'sync');
    if (result && running) {
      // Between hands: mostly next hand; sometimes seat changes, end match, stale clicks.
      const y = rnd();
      const u = randomUser();
      // A result message's button (Next hand / End match) naming a hand, or (legacy) a version.
      const resultButton = (verb: 'next-hand' | 'end-match', userId: string, arg: string | undefined, ver = s.row.version) =>
        ({ kind: 'table', gameId: id, userId, ver, verb, ...(arg !== undefined ? { arg } : {}) }) as TableCommand;
      const hand = String(s.row.handIndex);
      const before = String(s.row.handIndex - 1);
      if (y < 0.55) return void runCmd(resultButton('next-hand', u, hand), 'next-hand');
      if (y < 0.6) return void runCmd(resultButton('next-hand', u, before), 'next-hand-stale');
      if (y < 0.62) return void runCmd(resultButton('next-hand', u, undefined, s.row.version - Math.floor(rnd() * 3)), 'next-hand-legacy');
      // End match asks first: its Yes (`confirm.<hand>`) ends the match; the click alone asks.
      if (y < 0.63) return void runCmd(resultButton('end-match', rnd() < 0.5 ? 'u0' : u, `confirm.${hand}`), 'end-match');
      if (y < 0.64) return void runCmd(resultButton('end-match', rnd() < 0.5 ? 'u0' : u, hand), 'end-match-asked');
      if (y < 0.67) return void runCmd(resultButton('end-match', u, before), 'end-match-stale');
      if (y < 0.77)
        return void runCmd(
          {
            kind: 'table',
            gameId: id,
            userId: u,
            ver: s.row.version,
            verb: 'leave-seat',
            ...(rnd() < 0.7 ? { arg: leaveConfirmArg(s.row.handIndex, true) } : rnd() < 0.5 ? { arg: 'confirm' } : {}),
          },
          'leave-seat',
        );
      if (y < 0.87) {
        const nu = pick(rnd, [...newcomers, randomUser()]);
        return void runCmd(
          {
            kind: 'table',
            gameId: id,
            userId: nu,
            ver: s.row.version,
            verb: 'take-seat',
            displayName: nu.toUpperCase(),
            ...(rnd() < 0.5 ? { arg: String(Math.floor(rnd() * s.seats.length)) } : {}),
          },
          'take-seat',
        );
      }
    }
    if (x < 0.5 && running && humanPending.length && !result) {
      // A legal click by a human from the current view.
      const d = pick(rnd, humanPending);
      const seat = s.seats[d.seat]!;
      const i = Math.floor(rnd() * d.options.length);
      const ver = r.token(d.seat);
      if (rnd() < 0.15)
        return void runCmd(
          { kind: 'move', gameId: id, seat: d.seat, action: d.options[i]!, ver: s.row.version, userId: seat.userId },
          'move',
        );
      if (rnd() < 0.1)
        return void runCmd({ kind: 'hand', gameId: id, userId: seat.userId!, ver, verb: 'pick', values: [String(i)] }, 'hand-pick');
      return void runCmd({ kind: 'hand', gameId: id, userId: seat.userId!, ver, verb: 'act', arg: String(i) }, 'hand');
    }
    if (x < 0.58) {
      // Stale or wrong clicks.
      const y = rnd();
      const u = randomUser();
      const seatOfU = s.seats.find((q) => q.userId === u)?.seat;
      const seat = seatOfU ?? Math.floor(rnd() * s.seats.length);
      const old = tokens.get(seat) ?? [];
      const cur = s.state === null ? 1 : r.token(seat);
      const stale = old.filter((t) => t !== cur);
      if (y < 0.5 && stale.length)
        return void runCmd(
          { kind: 'hand', gameId: id, userId: u, ver: pick(rnd, stale), verb: 'act', arg: String(Math.floor(rnd() * 3)) },
          'stale-click',
        );
      if (y < 0.7) {
        // Another seat's token (a view of someone else's decision).
        const other = Math.floor(rnd() * s.seats.length);
        return void runCmd(
          {
            kind: 'hand',
            gameId: id,
            userId: u,
            ver: s.state === null ? 1 : r.token(other),
            verb: 'act',
            arg: String(Math.floor(rnd() * 4)),
          },
          'wrong-seat-click',
        );
      }
      if (y < 0.8)
        return void runCmd({ kind: 'hand', gameId: id, userId: u, ver: cur, verb: 'act', arg: rnd() < 0.5 ? '999' : 'x' }, 'bad-option');
      if (y < 0.9) {
        const d = s.pending[0];
        if (d) return void runCmd({ kind: 'move', gameId: id, seat: d.seat, action: d.options[0]!, ver: s.row.version - 1 }, 'stale-move');
      }
      return void runCmd(
        { kind: 'hand', gameId: id, userId: u, ver: cur, verb: pick(rnd, ['refresh', 'retake', 'retake'] as const) },
        'refresh-retake',
      );
    }
    if (x < 0.75) {
      // The clock moves; the scheduler fires what is due.
      const y = rnd();
      if (y < 0.3) {
        r.clock.t += 1000 + Math.floor(rnd() * 20_000);
        drain();
      } else if (y < 0.65) {
        const next = r.store.timers.nextDue();
        if (next !== null && next < r.clock.t + 40 * 86_400_000) r.clock.t = Math.max(r.clock.t, next);
        else r.clock.t += 3600_000;
        drain();
      } else if (y < 0.75) {
        r.clock.t += Math.floor(rnd() * 3 * 86_400_000);
        drain();
      } else if (y < 0.85) {
        // Nobody clicks for a while: the scheduler's firings one after another (reminders, votes offered).
        const n = 2 + Math.floor(rnd() * 5);
        for (let k = 0; k < n; k++) {
          const next = r.store.timers.nextDue();
          if (next === null || next > r.clock.t + 40 * 86_400_000) break;
          r.clock.t = Math.max(r.clock.t, next);
          drain();
        }
        if (rnd() < 0.6) voteRipe();
      } else {
        // A race: the scheduler reads what is due, a click takes the game's lock first, then the firings run.
        const next = r.store.timers.nextDue();
        if (next !== null && next < r.clock.t + 40 * 86_400_000) r.clock.t = Math.max(r.clock.t, next);
        const rd = readDue();
        drained = false;
        randomAction();
        fireRead(rd);
        drain();
      }
      return;
    }
    if (x < 0.83) {
      // Pause / resume votes.
      const verb = s.row.status === 'paused' ? (rnd() < 0.85 ? 'resume' : 'pause') : rnd() < 0.85 ? 'pause' : 'resume';
      runCmd({ kind: 'table', gameId: id, userId: randomUser(), ver: s.row.version, verb }, verb);
      if (s.row.status === 'paused' || rnd() < 0.3) return;
      // Often the others follow (so the table does pause and resume).
      for (const h of humanSeats()) if (rnd() < 0.7) runCmd({ kind: 'table', gameId: id, userId: h.userId!, ver: r.version(), verb }, verb);
      return;
    }
    if (x < 0.88) {
      // /away on (then the table plays their waiting seats: a sync) or off.
      const u = randomUser();
      if (rnd() < 0.6) {
        r.store.prefs.setAway(u, r.clock.t + (rnd() < 0.5 ? 3600_000 : Math.floor(rnd() * 3 * 86_400_000)));
        if (r.store.games.get(id)!.status === 'running') runCmd({ kind: 'sync', gameId: id }, 'away-sync');
      } else r.store.prefs.setAway(u, null);
      return;
    }
    if (x < 0.92) {
      const all = prefsOf(cfg.game);
      const values = all.filter(() => rnd() < 0.3);
      return void runCmd({ kind: 'prefs', gameId: id, userId: randomUser(), values: rnd() < 0.1 ? ['bogus'] : values }, 'prefs');
    }
    if (x < 0.94) return void runCmd({ kind: 'sync', gameId: id }, 'sync');
    if (x < 0.96) {
      // Absent votes (tables without deadlines): mostly about a seat or window that may be voted on now.
      if (rnd() < 0.8 && voteRipe()) return;
      // Absent votes (tables without deadlines).
      const arg = rnd() < 0.5 ? 'claims' : String(Math.floor(rnd() * s.seats.length));
      return void runCmd(
        { kind: 'table', gameId: id, userId: randomUser(), ver: s.row.version, verb: rnd() < 0.85 ? 'absent-ai' : 'absent-end', arg },
        'absent-vote',
      );
    }
    if (x < 0.97) return void runCmd({ kind: 'start', gameId: id, userId: randomUser() }, 'start-again');
    if (x < 0.98)
      return void runCmd(
        {
          kind: 'table',
          gameId: id,
          userId: randomUser(),
          ver: s.row.version,
          verb: 'leave-seat',
          arg: leaveConfirmArg(s.row.handIndex, s.state !== null && engine.result(s.state) !== null),
        },
        'leave-seat',
      );
    if (x < 0.985) return void runCmd({ kind: 'open-hand', gameId: id, userId: randomUser() }, 'open-hand');
    if (x < 0.99) {
      const u = randomUser();
      const seat = s.seats.find((q) => q.userId === u)?.seat;
      const res = runCmd({ kind: 'hint', gameId: id, userId: u, ver: rnd() < 0.5 || seat === undefined ? null : r.token(seat) }, 'hint');
      if (res && res.outcome.applied !== 0) fail('hint-applied', 'a hint applied entries');
      return;
    }
    // A spurious scheduler firing for a seat (a stale read: the deadline it was read with is old).
    const seat = Math.floor(rnd() * s.seats.length);
    const t = s.timers.find((q) => q.seat === seat);
    if (rnd() < 0.5) runCmd({ kind: 'remind', gameId: id, seat }, 'remind-spurious');
    else
      runCmd(
        { kind: 'timeout', gameId: id, seat, timerKind: rnd() < 0.5 ? 'turn' : 'claim', deadline: (t?.deadline ?? r.clock.t) - 1000 },
        'timeout-stale',
      );
  };

  // Start: a non-host first sometimes, then the host.
  if (rnd() < 0.3) runCmd({ kind: 'start', gameId: id, userId: 'u1' }, 'start-nonhost');
  if (rnd() < 0.2) {
    const u = `u${cfg.seats.findIndex((k) => k === 'human')}`;
    r.store.prefs.setAway(u, r.clock.t + 86_400_000);
  }
  runCmd({ kind: 'start', gameId: id, userId: 'u0' }, 'start');
  remember(snap());
  while (stats.steps < steps && stats.failures.length < 20) {
    randomAction();
    if (r.store.games.get(id)!.status === 'finished') {
      stats.finished = true;
      runCmd({ kind: 'sync', gameId: id }, 'sync');
      break;
    }
  }
  replayCheck(snap());
  for (const e of r.store.games.logWithMeta(id)) {
    const k = `src:${e.source}`;
    stats.cmds[k] = (stats.cmds[k] ?? 0) + 1;
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------
// The bounded, fixed-seed runs (about 1–3 s per game on one core).

const RUNS: Record<GameId, string[]> = {
  phom: ['phom-0', 'phom-5', 'phom-100'],
  chan: ['chan-3', 'chan-27', 'chan-120'],
  'vn-mahjong': ['vn-mahjong-2', 'vn-mahjong-204', 'vn-mahjong-218'],
  'classic-mahjong': ['classic-mahjong-0', 'classic-mahjong-3', 'classic-mahjong-215'],
};
const STEPS = 260;

for (const game of Object.keys(RUNS) as GameId[]) {
  test(`${game}: act() under a random command stream keeps the table's invariants`, () => {
    const cov: Record<string, number> = {};
    const failures: string[] = [];
    for (const seed of RUNS[game]) {
      const cfg = randomConfig(game, seed);
      const st = fuzzRun(cfg, STEPS);
      for (const [k, v] of Object.entries(st.cmds)) cov[k] = (cov[k] ?? 0) + v;
      for (const f of st.failures) failures.push(`${seed} step ${f.step} [${f.check}] ${f.msg}\n    ${f.cmd.slice(0, 400)}`);
    }
    assert.deepEqual(failures, [], failures.join('\n'));
    // The stream reached the interesting paths (a change of the generator that stops doing so fails here).
    for (const k of ['hand', 'fx:ping', 'fx:result', 'notice:paused', 'notice:resumed', 'timeout', 'remind', 'src:player', 'src:ai'])
      assert.ok((cov[k] ?? 0) > 0, `${game}: the fuzz never produced ${k} (${JSON.stringify(cov)})`);
    // Phỏm's turn is several decisions (take, lay-down, sends, discard): the stream reached them.
    if (game === 'phom')
      assert.ok((cov['chk:follow-up-timed'] ?? 0) > 0, `phom: no follow-up decision was checked (${JSON.stringify(cov)})`);
  });
}
