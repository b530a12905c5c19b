/**
 * Hints through `act` (src/table/act.ts `hint`): a Hint answers the decision its view showed or
 * nothing (the view's version is judged as a move from it would be), never a forced move; asked
 * again at the same state it is answered from the recorded hint (one row, the AI not asked again);
 * its reason is worked out where the choice is, in the AI pool's worker in the bot.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, actAsync, type AiAsk } from '../../src/table/act.js';
import { answerAsk } from '../../src/table/ai-answer.js';
import { createAiPool } from '../../src/table/ai-pool.js';
import decideInWorker from '../../src/table/ai-worker.js';
import { engineOf } from '../../src/table/manifests.js';
import { canonical } from '../../src/games/core/match.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';
import { rig, type Rig } from '../support/table-rig.js';

/** The token the seat's hand view carries now (seat-token.ts): what its Hint and buttons send. */
const ver = (r: Rig, seat: number) => r.token(seat);
const hint = (r: Rig, seat: number, v: number | null) => r.run({ kind: 'hint', gameId: r.gameId, userId: `u${seat}`, ver: v });

/** Plays the AI's choice for the first pending seat (as the CLI does) until `stop` says so. */
function playUntil(r: Rig, stop: (p: Decision<BaseAction>[]) => boolean, max = 400): Decision<BaseAction>[] {
  for (let k = 0; k < max; k++) {
    const p = r.pending();
    if (stop(p)) return p;
    const g = r.store.games.load(r.gameId)!;
    const d = p[0]!;
    const action = engineOf(g.row.game).ai(g.state, d.seat) as BaseAction;
    assert.equal(r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null }).outcome.ok, true);
  }
  assert.fail('never reached');
}

test("a Hint on a view drawn before the seat's decision changed is out of date: no hint, nothing recorded", () => {
  // The audit's case: a Phỏm seat's view drawn at its draw; the seat draws from another message;
  // Hint on the old view once answered the discard that followed, a decision that view never showed.
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'hint2' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const first = r.pending()[0]!;
  r.run({ kind: 'hand', gameId: r.gameId, userId: `u${first.seat}`, ver: ver(r, first.seat), verb: 'act', arg: '0' });
  const d = r.pending()[0]!;
  const v0 = ver(r, d.seat);
  const draw = d.options.findIndex((a) => a.type === 'draw');
  assert.ok(draw >= 0, 'the view drawn at v0 shows the draw');
  assert.equal(r.run({ kind: 'hand', gameId: r.gameId, userId: `u${d.seat}`, ver: v0, verb: 'act', arg: String(draw) }).outcome.ok, true);
  const now = r.pending().find((p) => p.seat === d.seat);
  assert.ok(now && now.options.length > 1, 'the seat decides again (its discard), with a choice');
  const old = hint(r, d.seat, v0);
  assert.equal(old.outcome.ok, false);
  assert.deepEqual(old.outcome.refusal, { key: 'errors:stale', warn: true });
  assert.equal(old.outcome.hint, undefined);
  assert.equal(old.outcome.seat, d.seat, 'the bot redraws the asker’s view');
  assert.equal(r.store.games.hints(r.gameId).length, 0, 'nothing recorded');
  // Nor a forged token, nor the state version (a hand view never carries it: it counts hidden answers).
  assert.equal(hint(r, d.seat, (ver(r, d.seat) % 999_999_999) + 1).outcome.refusal?.key, 'errors:stale');
  assert.equal(hint(r, d.seat, r.version()).outcome.refusal?.key, 'errors:stale');
  // The current view's Hint answers.
  const fresh = hint(r, d.seat, ver(r, d.seat));
  assert.equal(fresh.outcome.ok, true);
  assert.ok(now.options.some((a) => canonical(a) === canonical(fresh.outcome.hint!.action)));
});

test("a claimant's Hint on a view drawn before another claimant's pass still answers: its decision is the same", () => {
  let found = false;
  for (let k = 0; k < 8 && !found; k++) {
    const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: `hint-claims-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const p = playUntil(r, (x) => x.filter((d) => d.kind === 'claim').length >= 2 || !x.length, 600);
    const claims = p.filter((d) => d.kind === 'claim');
    if (claims.length < 2) continue;
    const [a, b] = claims as [Decision<BaseAction>, Decision<BaseAction>];
    const v = r.version();
    const vb = ver(r, b.seat);
    const pass = a.options.findIndex((x) => canonical(x) === canonical(a.timeoutDefault));
    assert.equal(
      r.run({ kind: 'hand', gameId: r.gameId, userId: `u${a.seat}`, ver: ver(r, a.seat), verb: 'act', arg: String(pass) }).outcome.ok,
      true,
    );
    const still = r.pending().find((d) => d.seat === b.seat);
    if (!still || canonical(still.options) !== canonical(b.options)) continue;
    assert.ok(r.version() > v, 'the pass moved the version');
    const res = hint(r, b.seat, vb);
    assert.equal(res.outcome.ok, true, JSON.stringify(res.outcome.refusal));
    assert.equal(res.outcome.hint?.decision, 'claim');
    found = true;
  }
  assert.ok(found, 'a window with two claimants');
});

test('a Hint on a forced move (one legal option) is refused with its own message; the AI is not asked', () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'hint-forced' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const p = playUntil(r, (x) => x.some((d) => d.options.length === 1));
  const d = p.find((x) => x.options.length === 1)!;
  const engine = engineOf('phom');
  const ai = engine.ai;
  let asked = 0;
  engine.ai = (...a: Parameters<typeof ai>) => (asked++, ai(...a));
  try {
    const res = hint(r, d.seat, ver(r, d.seat));
    assert.equal(res.outcome.ok, false);
    assert.deepEqual(res.outcome.refusal, { key: 'errors:hint-forced', warn: false });
    assert.equal(res.outcome.seat, d.seat);
  } finally {
    engine.ai = ai;
  }
  assert.equal(asked, 0, 'no AI asked');
  assert.equal(r.store.games.hints(r.gameId).length, 0, 'nothing recorded');
});

/** A started table of people only (5 at Chắn, else 4), played on to the first decision with a choice. */
function atChoice(game: GameId, seed: string) {
  const r = rig(
    game,
    Array.from({ length: game === 'chan' ? 5 : 4 }, () => 'human' as const),
    { seed },
  );
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const d = playUntil(r, (x) => x.some((y) => y.options.length > 1)).find((y) => y.options.length > 1)!;
  return { r, d };
}

test('a double click on Hint: the same answer from the recorded hint, one row, the AI asked once', () => {
  for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as GameId[]) {
    const { r, d } = atChoice(game, `hint-twice-${game}`);
    const engine = engineOf(game);
    const ai = engine.ai;
    let asked = 0;
    engine.ai = (...a: Parameters<typeof ai>) => (asked++, ai(...a));
    let one, two;
    try {
      one = hint(r, d.seat, ver(r, d.seat));
      two = hint(r, d.seat, ver(r, d.seat));
    } finally {
      engine.ai = ai;
    }
    assert.equal(one.outcome.ok, true, game);
    assert.deepEqual(two.outcome, one.outcome, `${game}: the same answer, its reason too`);
    assert.equal(asked, 1, `${game}: the strong AI was asked once`);
    assert.equal(r.store.games.hints(r.gameId).length, 1, `${game}: one row in hints (and so in /history)`);
    // The table moves on (a claim pass elsewhere, a move): a new state is a new hint.
    const before = r.version();
    const g = r.store.games.load(r.gameId)!;
    const move = engine.ai(g.state, d.seat) as BaseAction;
    assert.equal(r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: move, ver: before }).outcome.ok, true);
    const next = r.pending().find((y) => y.options.length > 1);
    if (next) {
      assert.equal(hint(r, next.seat, ver(r, next.seat)).outcome.ok, true);
      assert.equal(r.store.games.hints(r.gameId).length, 2, `${game}: the next state's hint is recorded`);
    }
  }
});

test("a hint's reason is worked out in the AI pool's worker with the choice, not on the main thread", async () => {
  const pool = createAiPool(1);
  try {
    for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as GameId[]) {
      const { r, d } = atChoice(game, `hint-pool-${game}`);
      // What the inline path answers (the CLI, tests): the same hint.
      const want = act(r.ts, { kind: 'hint', gameId: r.gameId, userId: `u${d.seat}`, ver: null }, r.clock.t).outcome.hint;
      assert.ok(want?.reason, `${game}: the engine explains its choice`);
      r.store.db.prepare('DELETE FROM hints').run();
      const engine = engineOf(game);
      const { ai, explain } = engine;
      const asks: AiAsk[] = [];
      engine.ai = () => {
        throw new Error('engine.ai ran on the main thread');
      };
      engine.explain = () => {
        throw new Error('engine.explain ran on the main thread');
      };
      let res;
      try {
        res = await actAsync(r.ts, { kind: 'hint', gameId: r.gameId, userId: `u${d.seat}`, ver: ver(r, d.seat) }, r.clock.t, (ask) => {
          asks.push(ask);
          return pool.port(ask);
        });
      } finally {
        engine.ai = ai;
        engine.explain = explain;
      }
      assert.deepEqual(res.warnings, [], game);
      assert.deepEqual(res.outcome.hint, want, `${game}: the worker's hint, reason included`);
      assert.deepEqual(
        asks.map((a) => [a.seat, a.level, a.explain]),
        [[d.seat, 'strong', true]],
      );
    }
  } finally {
    await pool.close();
  }
});

test('an explain that throws where the hint is worked out: the choice still answers, with the generic line and a warning', async () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'hint-explain-throws' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const d = playUntil(r, (x) => x.some((y) => y.options.length > 1)).find((y) => y.options.length > 1)!;
  const engine = engineOf('phom');
  const explain = engine.explain;
  engine.explain = () => {
    throw new Error('explain broke');
  };
  try {
    // The worker's own function (ai-worker.ts), run here: the failure comes back as data.
    const g = r.store.games.load(r.gameId)!;
    const answer = decideInWorker({ game: 'phom', state: g.state, seat: d.seat, level: 'strong', explain: true });
    assert.ok(answer.ok && answer.reasonError === 'explain broke' && !answer.reason, JSON.stringify(answer));
    const res = await actAsync(r.ts, { kind: 'hint', gameId: r.gameId, userId: `u${d.seat}`, ver: ver(r, d.seat) }, r.clock.t, (ask) =>
      Promise.resolve(answerAsk(ask.engine, ask)),
    );
    assert.equal(res.outcome.ok, true);
    assert.ok(res.outcome.hint && !res.outcome.hint.reason);
    assert.deepEqual(res.warnings, [`hint reason failed for seat ${d.seat} (phom): explain broke`]);
  } finally {
    engine.explain = explain;
  }
});
