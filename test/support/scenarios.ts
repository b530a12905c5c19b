/** Registers one node:test per scenario file under test/scenarios/<game>/ (style.md §7). */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import type { AnyEngine } from '../../src/games/core/types.js';

export const SCENARIO_ROOT = join(import.meta.dirname, '..', 'scenarios');

export function scenarioFiles(game: string): string[] {
  const dir = join(SCENARIO_ROOT, game);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

export function registerScenarioTests(engine: AnyEngine): void {
  const files = scenarioFiles(engine.id);
  for (const file of files) {
    const sc = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
    test(`scenario ${engine.id}: ${sc.name}`, () => {
      const report = runScenario(engine, sc);
      const failures = [
        ...report.problems,
        ...report.steps.filter((s) => !s.ok).map((s) => `step ${s.index} ${s.what}: ${s.problems.join('; ')}`),
      ];
      assert.deepEqual(failures, [], `${file}\n${failures.join('\n')}`);
    });
  }
}
