/**
 * /healthz's storage check after the host clock steps back (src/store/health.ts): one storage error
 * held it at 503 for as long as the step (the minute was measured on the wall clock).
 */
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src/store/db.js';
import { databaseWritable, noteStorageError, STORAGE_ERROR_MS } from '../../src/store/health.js';

test('a storage error noted before the wall clock stepped back 2 h holds /healthz for a minute, not 2 h', (t) => {
  const db = openDatabase(':memory:');
  t.after(() => db.close());
  const T = Date.UTC(2026, 11, 6, 12);
  // Both clocks under the test's hand: the wall clock (Date) and the monotonic one (performance.now).
  mock.timers.enable({ apis: ['Date'], now: T });
  let mono = 1_000_000;
  const now = mock.method(performance, 'now', () => mono);
  t.after(() => {
    now.mock.restore();
    mock.timers.reset();
  });
  const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  assert.equal(noteStorageError(full), true);
  mono += 1_000;
  mock.timers.setTime(T + 1_000);
  assert.equal(databaseWritable(db), false, 'unhealthy right after the error');
  // NTP steps the wall clock back 2 hours; a minute and 5 s pass, and the disk is fine again.
  mono += STORAGE_ERROR_MS + 5_000;
  mock.timers.setTime(T - 2 * 3600_000 + STORAGE_ERROR_MS + 5_000);
  assert.equal(databaseWritable(db), true, 'healthy a minute after the error, whatever the wall clock says');
  // A new error still counts for its minute.
  assert.equal(noteStorageError(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' })), true);
  mono += 30_000;
  assert.equal(databaseWritable(db), false);
  mono += STORAGE_ERROR_MS;
  assert.equal(databaseWritable(db), true);
});

test('a caller-supplied time before the last error (a clock that went back) does not hold the check unhealthy', (t) => {
  const db = openDatabase(':memory:');
  t.after(() => db.close());
  const T = 5e9;
  assert.equal(noteStorageError({ code: 'SQLITE_IOERR' }, T), true);
  assert.equal(databaseWritable(db, T + 1_000), false);
  assert.equal(databaseWritable(db, T - 2 * 3600_000 + STORAGE_ERROR_MS + 5_000), true);
});
