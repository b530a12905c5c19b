/**
 * One table whose AI hangs, sharing the AI pool with the others (one worker: the default on a
 * 2-core host). Before, the hung table asked the pool again for each AI decision of its step, each
 * holding the only worker for the whole AI_TIMEOUT_MS, and a request's time counted its wait in the
 * queue: another table's healthy decision, queued behind the hung one, ran out of time before a
 * worker took it (or right after, its healthy worker stopped for the time it had waited).
 * Now a step asks nothing more of the pool once a request went unanswered (act.ts `actAsync`), and a
 * request's time in the queue and its time in a worker are counted apart (ai-pool.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { actAsync, type AiAnswer, type AiAsk, type TableCommand } from '../../src/table/act.js';
import { createAiPool } from '../../src/table/ai-pool.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { rig, type Rig } from '../support/table-rig.js';
import type { GameId } from '../../src/games/core/types.js';

const hangsOnChan = fileURLToPath(new URL('../support/chan-hangs-ai-worker.ts', import.meta.url));

function ask(game: GameId, players: number): AiAsk {
  const engine = engineOf(game);
  const resolved = resolveOptions(engine.options, {});
  assert.ok(resolved.ok);
  const state = engine.setup(resolved.value, players, 'hung-table', null);
  const d = engine.pending(state)[0]!;
  return { engine, game, state, seat: d.seat, level: 'normal' };
}
const move = (r: Rig): TableCommand => {
  const d = r.pending().find((x) => x.seat === 0)!;
  return { kind: 'move', gameId: r.gameId, seat: 0, action: d.options[0]!, ver: null };
};

test('a step whose AI request went unanswered asks the pool nothing more: its other AI decisions take their timeout defaults', async () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai'], { seed: 'hung-step' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  let asked = 0;
  const port = async (): Promise<AiAnswer> => {
    asked++;
    return { ok: false, error: 'no answer within 5000 ms', unanswered: true };
  };
  const before = r.version();
  const res = await actAsync(r.ts, move(r), r.clock.t, port);
  assert.equal(res.outcome.ok, true);
  const played = r.store.games.logWithMeta(r.gameId).filter((e) => e.seq > before + 1);
  assert.ok(played.length >= 3, `the AI seats played (${played.length} moves)`);
  assert.ok(
    played.every((e) => e.source === 'ai'),
    'their timeout defaults, as the AI seats',
  );
  assert.equal(asked, 1, `the pool was asked once in the step (${played.length} AI moves)`);
  const failed = res.warnings.filter((w) => w.startsWith('AI failed for seat'));
  assert.match(failed[0]!, /: no answer within 5000 ms; taking the timeout default$/);
  assert.ok(
    failed
      .slice(1)
      .every((w) =>
        /: not asked: an earlier request of this step got no answer \(no answer within 5000 ms\); taking the timeout default$/.test(w),
      ),
    JSON.stringify(failed),
  );
  assert.equal(res.aiSkipped, played.length - 1, 'the step tells how many it did not ask (the metric counts them)');
  // A later step asks again (the AI may answer this time), once.
  for (let k = 0; k < 6 && asked < 2 && r.pending().some((d) => d.seat === 0); k++) {
    const n = asked;
    assert.equal((await actAsync(r.ts, move(r), r.clock.t, port)).outcome.ok, true);
    assert.ok(asked - n <= 1, `one request per step (${asked - n})`);
  }
  assert.equal(asked, 2, 'a later step asked the pool again');
});

test("another table's healthy decision queued behind a hung one waits for the worker, then runs with its own time", async () => {
  const pool = createAiPool(1, { timeoutMs: 2_000, filename: hangsOnChan });
  try {
    const warm = await pool.port(ask('phom', 4));
    assert.ok(warm.ok, JSON.stringify(warm));
    const t0 = performance.now();
    const hung = pool.port(ask('chan', 4));
    const healthy = pool.port(ask('phom', 4));
    const [h, g] = await Promise.all([hung, healthy]);
    assert.ok(
      g.ok,
      `the healthy request queued behind it is answered: ${JSON.stringify(g)} after ${Math.round(performance.now() - t0)} ms`,
    );
    assert.deepEqual(h, { ok: false, error: 'no answer within 2000 ms', unanswered: true }, 'the hung request: stopped');
  } finally {
    await pool.close();
  }
});

test('a request that waits past its queue time is answered a failure, and stops no worker', async () => {
  const pool = createAiPool(1, { timeoutMs: 1_500, queueMs: 200, filename: hangsOnChan });
  try {
    const warm = await pool.port(ask('phom', 4));
    assert.ok(warm.ok, JSON.stringify(warm));
    const hung = pool.port(ask('chan', 4));
    const t0 = performance.now();
    const late = await pool.port(ask('phom', 4));
    const waited = performance.now() - t0;
    assert.ok(waited < 1_200, `answered after its queue time, not the hung one's (${Math.round(waited)} ms: ${JSON.stringify(late)})`);
    assert.deepEqual(late, { ok: false, error: 'no AI worker free within 200 ms', unanswered: true });
    assert.deepEqual(await hung, { ok: false, error: 'no answer within 1500 ms', unanswered: true });
    const after = await pool.port(ask('phom', 4));
    assert.ok(after.ok, `the pool answers again: ${JSON.stringify(after)}`);
  } finally {
    await pool.close();
  }
});
