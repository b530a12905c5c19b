/**
 * The process tests run the compiled programs only when dist/ is as new as every source file and as
 * the compiler settings (test/support/program.ts): a tsconfig changed since the build (a new target,
 * module kind or option) means the build is stale and the sources run under tsx.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIsFreshAt } from '../support/program.js';

test('dist/ is stale when a source or a tsconfig is newer than its build', () => {
  const root = mkdtempSync(join(tmpdir(), 'hq-fresh-'));
  try {
    const put = (p: string, t: number) => {
      mkdirSync(join(root, p, '..'), { recursive: true });
      writeFileSync(join(root, p), '');
      utimesSync(join(root, p), t, t);
    };
    put('tsconfig.json', 100);
    put('tsconfig.build.json', 100);
    put('src/a.ts', 100);
    put('commands/b.ts', 100);
    put('dist/src/a.js', 200);
    put('dist/commands/b.js', 200);
    assert.equal(buildIsFreshAt(root), true);
    put('tsconfig.build.json', 300);
    assert.equal(buildIsFreshAt(root), false, 'settings newer than the build');
    put('tsconfig.build.json', 100);
    put('src/a.ts', 300);
    assert.equal(buildIsFreshAt(root), false, 'a source newer than its build');
    put('src/a.ts', 100);
    put('src/c.ts', 100);
    assert.equal(buildIsFreshAt(root), false, 'a source never built');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
