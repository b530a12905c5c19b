/**
 * An --out the CLI cannot write is one error line naming the path: `backup --out /proc/x.db` said
 * only SQLite's "unable to open database file", `backup --out /proc/none/x.db` never returned (a
 * recursive mkdir under /proc loops in Node 20), and `render --out /proc/self/x` printed Node's raw
 * "ENOENT: no such file or directory, mkdir '/proc/self/x'". Linux only (/proc).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cli, oneErrorLine } from './cli-capture.js';
import { phomTable } from './cli-table.js';
import { programArgs } from '../support/program.js';

const noProc = existsSync('/proc/self') ? null : 'needs /proc (Linux)';

test('backup into a file that cannot be made: the file named', async (t) => {
  if (noProc) return t.skip(noProc);
  const { path, store } = phomTable('hq-cli-out-', 'out-paths');
  store.close();
  assert.match(
    oneErrorLine(await cli('backup', '--db', path, '--out', '/proc/x.db')),
    /^error: --out \/proc\/x\.db: cannot write \/proc\/x\.db\.partial: [a-z ]+ \((ENOENT|EACCES)\)$/,
  );
});

test('backup into a folder that cannot be made: the folder named, at once', (t) => {
  if (noProc) return t.skip(noProc);
  const { path, store } = phomTable('hq-cli-out-', 'out-paths');
  store.close();
  // In a child process: the old code never returned from this one.
  const r = spawnSync(process.execPath, [...programArgs('src/cli/main.ts'), 'backup', '--db', path, '--out', '/proc/none/x.db'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(r.status, 2, `exit ${r.status} (${r.signal ?? 'no signal'}): ${r.stderr}`);
  assert.match(r.stderr, /^error: --out \/proc\/none\/x\.db: cannot create the folder \/proc\/none: [a-z ]+ \((ENOENT|EACCES)\)\n$/);
});

test('render into a folder that cannot be made: the folder named, not a raw ENOENT', async (t) => {
  if (noProc) return t.skip(noProc);
  assert.match(
    oneErrorLine(await cli('render', '--game', 'phom', '--out', '/proc/self/x')),
    /^error: cannot create the folder \/proc\/self\/x: [a-z ]+ \((ENOENT|EACCES)\)$/,
  );
});
