/** mergeEffects (src/table/effects.ts): one table redraw, quiet only when every merged redraw was. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeEffects, type Effect } from '../../src/table/effects.js';

const tableOf = (effects: Effect[]) => effects.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table');

test('a quiet redraw merged with quiet ones stays quiet since the earliest version; with a public one it is not quiet', () => {
  assert.deepEqual(tableOf(mergeEffects([], [{ kind: 'table', quiet: 7 }])), { kind: 'table', quiet: 7 });
  assert.deepEqual(tableOf(mergeEffects([{ kind: 'table', quiet: 4 }], [{ kind: 'table', quiet: 7 }])), { kind: 'table', quiet: 4 });
  // An undelivered public redraw (a crash cut it off) must still be drawn after a hidden step.
  assert.deepEqual(tableOf(mergeEffects([{ kind: 'table' }], [{ kind: 'table', quiet: 7 }])), { kind: 'table' });
  const noticed = tableOf(mergeEffects([{ kind: 'table', notice: { key: 'away', seat: 1 } }], [{ kind: 'table', quiet: 7 }]));
  assert.deepEqual(noticed, { kind: 'table', notice: { key: 'away', seat: 1 } });
  assert.deepEqual(tableOf(mergeEffects([{ kind: 'table', quiet: 3 }], [{ kind: 'table' }])), { kind: 'table' });
});
