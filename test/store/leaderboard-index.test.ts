/**
 * /leaderboard's ranking reads every result row of a game on a server, on the event loop: from one
 * covering index (`results_board`, migrations 39 and 40) it takes 0.44 s for 400,000 hands where the lookups
 * in the table took 1.4 s (docs/scaling.md §1). A change of the query that needs a column outside the
 * index would bring the lookups back unnoticed: its plan is checked here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openStore } from './helpers.js';
import { toyEngine } from '../support/toy-engine.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';

test("the leaderboard's ranking reads the results through the covering index only", () => {
  const store = openStore(join(tempDir('hq-board-'), 'test.db'), () => toyEngine as AnyEngine);
  const seen: string[] = [];
  const prepare = store.db.prepare.bind(store.db);
  (store.db as { prepare: (sql: string) => unknown }).prepare = (sql: string) => {
    seen.push(sql);
    return prepare(sql);
  };
  store.results.leaderboard('g', 'phom', 'all');
  (store.db as { prepare: unknown }).prepare = prepare;
  const ranking = seen.find((s) => /FROM results r LEFT JOIN ratings/.test(s));
  assert.ok(ranking, 'the ranking query was run');
  const plan = (prepare(`EXPLAIN QUERY PLAN ${ranking}`).all('g', 'phom', 0, 'g', 'phom') as { detail: string }[]).map((r) => r.detail);
  const results = plan.filter((d) => /\br\b/.test(d) && /results|INDEX/.test(d) && !/ratings/.test(d));
  assert.ok(
    results.some((d) => d.includes('USING COVERING INDEX results_board')),
    plan.join(' | '),
  );
  store.close();
});
