/** `npm run bench -- <typo>` benchmarked nothing and exited 0: an unknown name is one error line, exit 2. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

test('bench refuses a name that is no benchmark module, running none', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'phmo'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.stdout, '', 'nothing benchmarked');
  assert.equal(
    r.stderr,
    'error: unknown benchmark "phmo"; benchmarks: phom, chan, vn-mahjong, classic-mahjong, render, ai, load, restart\n',
  );
  assert.equal(r.status, 2);
});

test("a module's own options (load's --tables 10) are not taken for benchmark names", () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'phmo', '--tables', '10'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.match(r.stderr, /^error: unknown benchmark "phmo"; /, 'only the typo is refused');
  assert.equal(r.status, 2);
});
