/**
 * An AI that cannot answer never stops a table (src/table/act.ts `Step.decide`): when the engine's
 * `ai` throws (inline, or in the worker and then inline), the step goes on as for an AI move the
 * engine rejects: the decision's timeout default is played and the operator gets a warning. This
 * holds for every place that asks the AI: AI seats, an away player's seat, a deadline with on-timeout
 * `ai`, the open claims a vote hands to the AI; a hint that cannot be worked out is refused politely.
 * A takeover AI whose move the engine rejects at a deadline gives way to the timeout default too.
 * The rig's engine is a Proxy whose `ai` answers, throws or returns a bogus action on demand, and
 * whose `apply` can reject a seat's every move.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialState, type TimerPreset } from '../../src/store/index.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { actAsync, type AiPort, type TableCommand } from '../../src/table/act.js';
import { rig as tableRig, type Rig as TableRig } from '../support/table-rig.js';
import { logWarnings } from '../../src/bot/effects.js';
import { canonical } from '../../src/games/core/match.js';
import type { AnyEngine, BaseAction, Decision, GameId } from '../../src/games/core/types.js';

type Mode = 'answer' | 'throw' | 'bogus';

interface Rig extends TableRig {
  /** What the engine's `ai` does now, and how often the table layer called it. */
  ai: { mode: Mode; calls: number };
  /** Seats whose every move the engine rejects (a timeout default included). */
  rejects: Set<number>;
}

function rig(
  game: GameId,
  seats: ('human' | 'ai')[],
  o: { timeoutPolicy?: 'default' | 'ai'; seed?: string; timer?: TimerPreset } = {},
): Rig {
  const ai = { mode: 'answer' as Mode, calls: 0 };
  const rejects = new Set<number>();
  const rigged = (real: AnyEngine) =>
    new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'apply')
          return (s: unknown, seat: number, action: BaseAction) =>
            rejects.has(seat)
              ? { ok: false, error: { code: `${game}/rigged`, message: 'rejected by the test' } }
              : target.apply(s as never, seat, action);
        if (prop === 'ai')
          return (s: unknown, seat: number, level?: Parameters<AnyEngine['ai']>[2]) => {
            ai.calls++;
            if (ai.mode === 'throw') throw new Error('AI bug');
            if (ai.mode === 'bogus') return { type: 'bogus' };
            return target.ai(s as never, seat, level);
          };
        const v = Reflect.get(target, prop, receiver) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  const base = tableRig(game, seats, { ...o, seed: o.seed ?? `ai-failure-${game}`, now: Date.UTC(2026, 11, 1, 12), engine: rigged });
  return { ...base, ai, rejects };
}

/** The seat's first legal option, clicked on its hand view. */
const click = (r: Rig, seat: number): TableCommand => ({
  kind: 'hand',
  gameId: r.gameId,
  userId: `u${seat}`,
  ver: r.token(seat),
  verb: 'act',
  arg: '0',
});

/** Each AI entry of the log since `from` is the timeout default of the decision it answered. */
function aiPlayedDefaults(r: Rig, from: number, sources: readonly string[]): number {
  const g = r.store.games.load(r.gameId)!;
  const engine = engineOf(g.row.game);
  let state = initialState(engine, g.row.options, g.row.seats, g.row.seed);
  let n = 0;
  // The first hand (a next-hand entry, seat null, ends it).
  for (const e of r.store.games.logWithMeta(r.gameId)) {
    if (e.seat === null) break;
    if (e.seq > from && sources.includes(e.source)) {
      const d = (engine.pending(state) as Decision<BaseAction>[]).find((x) => x.seat === e.seat);
      assert.ok(d, `seq ${e.seq}: seat ${e.seat} had a decision`);
      assert.equal(canonical(e.action), canonical(d.timeoutDefault), `seq ${e.seq}: seat ${e.seat} played its timeout default`);
      n++;
    }
    const next = engine.apply(state, e.seat, e.action);
    assert.ok(next.ok);
    state = next.value;
  }
  return n;
}

test('AI seats whose AI throws play their timeout defaults: the table goes on, with a warning', () => {
  for (const game of ['phom', 'vn-mahjong'] as const) {
    const r = rig(game, ['human', 'ai', 'ai', 'ai']);
    r.ai.mode = 'throw';
    const start = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    assert.equal(start.outcome.ok, true);
    for (let k = 0; k < 8; k++) {
      if (!r.pending().some((d) => d.seat === 0)) break;
      const before = r.version();
      const res = r.run(click(r, 0));
      assert.equal(res.outcome.ok, true, `${game}: the click is taken`);
      assert.ok(r.version() > before, `${game}: the step is committed`);
    }
    assert.ok(r.ai.calls > 0, `${game}: the AI was asked`);
    const played = aiPlayedDefaults(r, 0, ['ai']);
    assert.ok(played > 0, `${game}: AI seats played (${played} moves), each its timeout default`);
    const g = r.store.games.load(r.gameId)!;
    assert.ok(engineOf(game).result(g.state) || r.pending().some((d) => d.seat === 0), `${game}: the person has a decision again`);
  }
});

test('the warning names the seat and the error', () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.ai.mode = 'throw';
  const res = r.run(click(r, 0));
  assert.equal(res.outcome.ok, true);
  assert.ok(
    res.warnings.some((w) => /^AI failed for seat [123] \(phom, normal\): AI bug; taking the timeout default$/.test(w)),
    JSON.stringify(res.warnings),
  );
});

test('the operator log: a step whose AI always fails logs each distinct warning once, with how often the step raised it', () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.ai.mode = 'throw';
  const res = r.run(click(r, 0));
  const distinct = [...new Set(res.warnings)];
  assert.ok(distinct.length < res.warnings.length, `the step repeats warnings: ${JSON.stringify(res.warnings)}`);
  const lines: { fields: Record<string, unknown>; msg: string }[] = [];
  logWarnings(
    { error: (fields: Record<string, unknown>, msg: string) => void lines.push({ fields, msg }) } as never,
    { gameId: r.gameId, kind: 'click' },
    res.warnings,
  );
  assert.deepEqual(
    lines.map((l) => l.msg),
    distinct,
    'one line per distinct warning, in the order first raised',
  );
  for (const l of lines)
    assert.deepEqual(l.fields, { gameId: r.gameId, kind: 'click', count: res.warnings.filter((w) => w === l.msg).length });
});

test('actAsync: a worker that fails and an inline AI that throws too leave the timeout default, not a rejected step', async () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.ai.mode = 'throw';
  const port: AiPort = () => Promise.reject(new Error('worker died'));
  const before = r.version();
  const res = await actAsync(r.ts, click(r, 0), r.clock.t, port);
  assert.equal(res.outcome.ok, true);
  assert.ok(r.version() > before + 1, 'the person and the AI seats played');
  assert.ok(res.warnings.some((w) => w.startsWith('AI failed for seat')));
  assert.ok(aiPlayedDefaults(r, before, ['ai']) > 0);
  // The next click works as well (the old code lost every step after the first failure).
  if (r.pending().some((d) => d.seat === 0)) assert.equal((await actAsync(r.ts, click(r, 0), r.clock.t, port)).outcome.ok, true);
});

test('a deadline with on-timeout ai and an AI that throws: the timeout default, the seat passes to the AI', () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.seat === 0 && timer.kind === 'turn');
  const d = r.pending().find((x) => x.seat === 0)!;
  const before = r.version();
  r.ai.mode = 'throw';
  r.clock.t = timer.deadline + 1;
  const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: 0, timerKind: 'turn' });
  assert.equal(res.outcome.ok, true);
  const first = r.store.games.logWithMeta(r.gameId).find((e) => e.seq === before + 1)!;
  assert.deepEqual([first.seat, first.source, canonical(first.action)], [0, 'timeout', canonical(d.timeoutDefault)]);
  assert.equal(r.store.games.seats(r.gameId)[0]!.isAi, true, 'the policy hands the seat to the AI');
  assert.ok(res.warnings.some((w) => w.startsWith('AI failed for seat 0 (phom, normal): AI bug')));
  assert.ok(r.version() > before + 1, 'the AI seats played on');
});

test('an away player with on-timeout ai and an AI that throws: the away seat plays its timeout default', () => {
  const r = rig('vn-mahjong', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'away-throws' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.store.prefs.setAway('u1', r.clock.t + 86_400_000);
  r.ai.mode = 'throw';
  const before = r.version();
  for (let k = 0; k < 10; k++) {
    const d = r.pending().find((x) => x.seat === 0);
    if (!d) break;
    assert.equal(r.run(click(r, 0)).outcome.ok, true);
  }
  assert.ok(aiPlayedDefaults(r, before, ['away']) > 0, 'the away seat was played, by its timeout default');
  assert.ok(!r.pending().some((d) => d.seat === 1), 'the away seat never waits');
});

test('a hint the AI cannot work out is refused with a message; nothing is recorded', () => {
  const r = rig('vn-mahjong', ['human', 'ai', 'ai', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.ok(r.pending().some((d) => d.seat === 0));
  const before = r.version();
  r.ai.mode = 'throw';
  const res = r.run({ kind: 'hint', gameId: r.gameId, userId: 'u0', ver: null });
  assert.equal(res.outcome.ok, false);
  assert.deepEqual(res.outcome.refusal, { key: 'errors:hint-failed', warn: true });
  assert.equal(res.outcome.seat, 0);
  assert.ok(res.warnings.some((w) => w === 'AI failed for seat 0 (vn-mahjong, strong): AI bug; no hint'));
  assert.equal(r.store.games.hints(r.gameId).length, 0);
  assert.equal(r.version(), before);
  r.ai.mode = 'answer';
  assert.equal(r.run({ kind: 'hint', gameId: r.gameId, userId: 'u0', ver: null }).outcome.ok, true, 'the next hint works');
});

/** A Chắn deal (default rules: no deadline) whose hand opens a claim window with two claimants. */
function claimWindow(): Rig {
  const chan = engineOf('chan');
  const options = defaultOptions(GAMES.chan.engine.options);
  for (let k = 0; k < 100; k++) {
    const seed = `ai-failure-claims-${k}`;
    let state = initialState(chan, options, 4, seed);
    let found = false;
    for (let n = 0; n < 600 && !chan.result(state) && !found; n++) {
      const pending = chan.pending(state) as Decision<BaseAction>[];
      if (pending.filter((d) => d.kind === 'claim').length >= 2) found = true;
      else state = (chan.apply(state, pending[0]!.seat, chan.ai(state, pending[0]!.seat) as BaseAction) as { value: unknown }).value;
    }
    if (!found) continue;
    const r = rig('chan', ['human', 'human', 'human', 'human'], { seed, timer: { name: 'async' } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let n = 0; n < 600; n++) {
      const pending = r.pending();
      if (pending.filter((d) => d.kind === 'claim').length >= 2) return r;
      const d = pending[0]!;
      const t = r.ts.load(r.gameId)!;
      const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: chan.ai(t.state, d.seat) as BaseAction, ver: null });
      assert.equal(res.outcome.ok, true);
    }
  }
  throw new Error('no deal with two claimants');
}

test('the open claims a vote hands to the AI: an AI that throws answers each with its timeout default', () => {
  const r = claimWindow();
  const claims = r.pending().filter((d) => d.kind === 'claim');
  // The server's number of reminders (3 by default) went out: the vote is open.
  for (const x of r.store.timers.forGame(r.gameId)) for (let k = 0; k < 3; k++) r.store.timers.markReminded(r.gameId, x.seat, null);
  r.ai.mode = 'throw';
  const before = r.version();
  const vote = (u: string) => r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: 0, verb: 'absent-ai', arg: 'claims' });
  vote('u0');
  const last = vote('u1'); // 2 of the 3 others (absent.ts voteClaims)
  assert.equal(last.outcome.ok, true);
  const answers = r.store.games.logWithMeta(r.gameId).filter((e) => e.seq > before);
  assert.ok(answers.length >= 1);
  const first = answers[0]!;
  const d = claims.find((x) => x.seat === first.seat)!;
  assert.deepEqual([first.source, canonical(first.action)], ['ai', canonical(d.timeoutDefault)]);
  assert.ok(last.warnings.some((w) => w.startsWith(`AI failed for seat ${first.seat} (chan, normal)`)));
});

test('a failing worker pool: the decision is made on the main thread, with a warning (not silently)', async () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.ai.calls = 0;
  const res = await actAsync(r.ts, click(r, 0), r.clock.t, () => Promise.reject(new Error('worker died')));
  assert.equal(res.outcome.ok, true);
  assert.ok(r.ai.calls > 0, 'decided inline');
  const pool = res.warnings.filter((w) => w.startsWith('AI worker pool failed'));
  assert.equal(pool.length, r.ai.calls, 'one warning per decision made on the main thread');
  assert.match(pool[0]!, /^AI worker pool failed \(worker died\); seat [123]'s decision \(phom, normal\) made on the main thread$/);
  assert.ok(!res.warnings.some((w) => w.startsWith('AI failed')), 'the inline AI answered');
});

test('a deadline with on-timeout ai and a takeover move the engine rejects: the timeout default, the seat passes to the AI', () => {
  for (const game of ['phom', 'chan'] as const) {
    const r = rig(game, ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: `tmo-${game}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const [timer] = r.store.timers.forGame(r.gameId);
    assert.ok(timer, `${game}: a person must decide`);
    const d = r.pending().find((x) => x.seat === timer.seat)!;
    const before = r.version();
    r.ai.mode = 'bogus';
    const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: timer.seat, timerKind: timer.kind });
    assert.equal(res.outcome.ok, true, `${game}: ${JSON.stringify(res.outcome.refusal)}`);
    assert.ok(
      res.warnings.some((w) => w.startsWith(`takeover AI move rejected (${game}:error.`) && w.endsWith('taking the timeout default')),
    );
    const first = r.store.games.logWithMeta(r.gameId).find((e) => e.seq === before + 1)!;
    assert.deepEqual([first.seat, first.source, canonical(first.action)], [timer.seat, 'timeout', canonical(d.timeoutDefault)]);
    // The table is consistent: the seat is the AI's (a turn; a claim stays the player's), and every
    // person who must decide now has a deadline.
    assert.equal(r.store.games.seats(r.gameId)[timer.seat]!.isAi, timer.kind === 'turn');
    const seats = r.store.games.seats(r.gameId);
    const timers = r.store.timers.forGame(r.gameId);
    for (const p of r.pending())
      assert.ok(seats[p.seat]!.isAi || timers.some((x) => x.seat === p.seat), `${game}: seat ${p.seat} has a deadline`);
    assert.ok(r.pending().length > 0);
  }
});

test('a deadline whose timeout default the engine rejects too: the seat keeps its decision with a new deadline', () => {
  for (const policy of ['default', 'ai'] as const) {
    const r = rig('phom', ['human', 'ai', 'ai', 'ai'], { timeoutPolicy: policy });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const [timer] = r.store.timers.forGame(r.gameId);
    assert.ok(timer && timer.seat === 0);
    const before = r.version();
    r.rejects.add(0);
    r.clock.t = timer.deadline + 1;
    const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: 0, timerKind: 'turn' });
    assert.equal(res.outcome.ok, false);
    assert.ok(
      res.warnings.some((w) => w === 'timeout default rejected (phom:error.rigged) for seat 0; a new deadline'),
      JSON.stringify(res.warnings),
    );
    assert.equal(r.version(), before, 'nothing played');
    assert.equal(r.store.games.seats(r.gameId)[0]!.isAi, false, `${policy}: the seat stays the player's`);
    const [again] = r.store.timers.forGame(r.gameId);
    assert.ok(again && again.seat === 0 && again.kind === 'turn', `${policy}: the seat still has a timer`);
    assert.ok(again.deadline > r.clock.t, `${policy}: a new deadline`);
  }
});
