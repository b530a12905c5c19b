/**
 * Test hygiene: the temp directories tests make do not outlive them (a full run used to leave ~13,000
 * `hq-*` directories under the OS temp dir). test/support/temp-dir.ts makes and removes them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { removeTempDir, tempDb, tempDir } from '../support/temp-dir.js';

test("tempDir's directory lives as long as the test given, with what was written in it", async (t) => {
  let dir = '';
  let db = '';
  await t.test('a test that makes one', (st) => {
    dir = tempDir('hq-hygiene-', st);
    db = tempDb('hq-hygiene-', st);
    writeFileSync(join(dir, 'x.txt'), 'x');
    writeFileSync(db, '');
    assert.ok(existsSync(join(dir, 'x.txt')) && existsSync(db));
  });
  assert.equal(existsSync(dir), false, 'removed when its test ended');
  assert.equal(existsSync(join(db, '..')), false, "the database's directory too");
});

test('removeTempDir removes at once, and a directory already gone is no error', () => {
  const dir = tempDir('hq-hygiene-');
  removeTempDir(dir);
  assert.equal(existsSync(dir), false);
  removeTempDir(dir);
});

test('no test makes a temp dir it leaves behind: mkdtempSync only with rmSync in the same file (else test/support/temp-dir.ts)', () => {
  const root = join(import.meta.dirname, '..', '..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  const leaky = [...files(join(root, 'test')), ...files(join(root, 'src')).filter((f) => f.endsWith('.test.ts'))]
    .filter((f) => !f.endsWith(join('support', 'temp-dir.ts')) && f !== import.meta.filename)
    .filter((f) => {
      const src = readFileSync(f, 'utf8');
      return /\bmkdtemp(Sync)?\(/.test(src) && !/\brmSync\(/.test(src);
    })
    .map((f) => relative(root, f));
  assert.deepEqual(leaky, [], 'use tempDir/tempDb of test/support/temp-dir.ts (removed when the test ends)');
});
