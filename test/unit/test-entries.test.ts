/** `npm test`'s list (test/batches/config.ts): every test file runs, exactly once, alone or in one batch. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ALONE, GROUPS, LONG, ROOT, batchMembers, entries, testFiles } from '../batches/config.js';

test('every test file is an entry of npm test or a member of one batch, once', () => {
  const runs = entries().flatMap((e) => {
    const m = /^test\/batches\/(.+)-(\d+)\.batch\.ts$/.exec(e);
    return m ? batchMembers(m[1]!, Number(m[2])) : [e];
  });
  const all = ['test', 'src'].flatMap(testFiles);
  assert.deepEqual([...runs].sort(), all, 'each test file once');
  assert.ok(all.length > 300);
});

test('the files kept alone exist and lie in batched folders; every batch has files', () => {
  const dirs = Object.values(GROUPS).flatMap((g) => g.dirs);
  for (const f of ALONE) {
    assert.ok(existsSync(join(ROOT, f)), `${f} exists`);
    assert.ok(LONG.includes(f) || dirs.some((d) => f.startsWith(`${d}/`)), `${f} is in a batched folder`);
  }
  assert.deepEqual(entries().slice(0, LONG.length), LONG, 'the long files first in the list (node --test sorts it again)');
  for (const [g, { batches }] of Object.entries(GROUPS))
    for (let k = 1; k <= batches; k++) assert.ok(batchMembers(g, k).length > 0, `${g}-${k} has files`);
  assert.throws(() => batchMembers('unit', GROUPS.unit!.batches + 1), /no batch/);
});

test("a batch's report names the file of each failure, and a file that cannot load fails alone", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'hq-batch-report-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const members = ['fails', 'cannot-load', 'passes'].map((f) => `test/support/batch-report/${f}.ts`);
  const entry = join(dir, 'report.batch.mts'); // .mts: an ES module outside the project's package
  const runner = pathToFileURL(join(ROOT, 'test/batches/run-batch.ts')).href;
  writeFileSync(entry, `import { runFiles } from '${runner}';\nawait runFiles(${JSON.stringify(members)});\n`);
  // Without NODE_TEST_CONTEXT: under a runner's `--test` the child would report to it, not print.
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', entry], {
    cwd: ROOT,
    env,
  }).then(
    () => assert.fail('the batch has failures'),
    (e: { stdout: string }) => e.stdout,
  );
  // TAP: a suite's line follows its tests' lines, at the indent one level up.
  assert.match(out, /not ok 1 - a test that fails[\s\S]*?\nnot ok 1 - test\/support\/batch-report\/fails\.ts\n/);
  assert.match(out, /\nnot ok 2 - test\/support\/batch-report\/cannot-load\.ts\n[\s\S]*?cannot load on purpose/);
  assert.match(out, /\nok 3 - test\/support\/batch-report\/passes\.ts\n/, 'the files after it still run');
  assert.match(out, /^# pass 1$/m);
  assert.match(out, /^# fail 1$/m);
});
