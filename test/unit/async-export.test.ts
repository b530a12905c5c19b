/**
 * The replay viewer's Export (issue #14 §6) for every game: a match played through `act` (with a
 * timeout among the moves) exported as a scenario, which the scenario runner replays to the same
 * results, hand after hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { runScenario } from '../../src/games/core/scenario.js';
import type { BaseAction, Decision, GameId, HandResult } from '../../src/games/core/types.js';
import type { BotContext } from '../../src/bot/context.js';
import { exportScenario } from '../../src/notify/replay-viewer.js';

for (const game of Object.keys(GAMES) as GameId[]) {
  test(`${game}: an exported match replays to the stored results`, () => {
    const clock = { t: Date.UTC(2026, 10, 30, 12) };
    const store = openStore(':memory:', engineOf, () => clock.t);
    const ts = tableStore(store);
    const engine = GAMES[game].engine;
    const options = defaultOptions(engine.options) as Record<string, unknown>;
    const n = engine.tableSize(options).default;
    const row = store.games.create({ game, guildId: 'g', hostUserId: 'u0', options, optionsHash: 'h', seed: `export-${game}`, seats: n });
    store.games.setSeats(
      row.id,
      Array.from({ length: n }, (_, seat) =>
        seat < 2
          ? { seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` }
          : { seat, userId: null, isAi: true, displayName: `AI ${seat}` },
      ),
    );
    assert.equal(act(ts, { kind: 'start', gameId: row.id, userId: 'u0' }, clock.t).outcome.ok, true);
    const results: HandResult[] = [];
    let timedOut = false;
    for (let hand = 0; hand < 2; hand++) {
      for (let k = 0; k < 3000; k++) {
        const g = store.games.get(row.id)!;
        const state = store.games.state(g);
        const r = engine.result(state) as HandResult | null;
        if (r) {
          results.push(r);
          break;
        }
        const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
        if (!timedOut) {
          timedOut = true;
          act(ts, { kind: 'timeout', gameId: row.id, seat: d.seat, timerKind: d.kind }, clock.t);
          continue;
        }
        const action = engine.ai(state, d.seat) as BaseAction;
        assert.equal(act(ts, { kind: 'move', gameId: row.id, seat: d.seat, action, ver: g.version }, clock.t).outcome.ok, true);
      }
      if (hand === 0) {
        const g = store.games.get(row.id)!;
        if (engine.matchOver(store.games.state(g))) break;
        assert.equal(act(ts, { kind: 'table', gameId: row.id, userId: 'u0', ver: g.version, verb: 'next-hand' }, clock.t).outcome.ok, true);
      }
    }
    assert.ok(results.length >= 1);
    const sc = exportScenario({ store } as unknown as BotContext, row.id, results.length - 1)!;
    // The file is JSON: what the CLI reads back.
    const rep = runScenario(engine, JSON.parse(JSON.stringify(sc)) as typeof sc);
    assert.deepEqual(rep.problems, []);
    assert.equal(rep.passed, true);
    assert.deepEqual((rep.result as HandResult).deltas, results.at(-1)!.deltas);
    if (results.length > 1) assert.deepEqual((sc.result as HandResult).deltas, results[0]!.deltas);
    store.close();
  });
}
