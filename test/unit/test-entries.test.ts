/** `npm test`'s list (test/batches/config.ts): every test file runs, exactly once, alone or in one batch. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
  assert.deepEqual(entries().slice(0, LONG.length), LONG, 'the long files first');
  for (const [g, { batches }] of Object.entries(GROUPS))
    for (let k = 1; k <= batches; k++) assert.ok(batchMembers(g, k).length > 0, `${g}-${k} has files`);
  assert.throws(() => batchMembers('unit', GROUPS.unit!.batches + 1), /no batch/);
});
