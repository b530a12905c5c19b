/**
 * The engines' memo tables are bounded (src/games/core/memo.ts): a process runs for months, and an
 * unbounded one grew by the hand (about +9,000 patterns each time the hands played doubled, up to
 * ~100 MB per table and thread). No module of src/games holds an empty Map or Set it fills at run
 * time but a BoundedMap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BoundedMap } from '../../src/games/core/memo.js';

test('a BoundedMap never holds more than its bound: full, it starts again empty', () => {
  const m = new BoundedMap<number, number>(3);
  for (let k = 0; k < 3; k++) m.set(k, k);
  m.set(1, 10); // a key it holds: no clearing
  assert.deepEqual(
    [...m.entries()],
    [
      [0, 0],
      [1, 10],
      [2, 2],
    ],
  );
  m.set(3, 3);
  assert.deepEqual([...m.entries()], [[3, 3]]);
  for (let k = 0; k < 1_000; k++) m.set(k, k);
  assert.ok(m.size <= 3);
});

test('no module-level memo in src/games is an unbounded Map or Set', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  const found = files('src/games').flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
      .filter(({ line }) => /^(export )?const \w+ = new (Map|Set)(<.*>)?\(\);/.test(line))
      .map(({ at, line }) => `${at}: ${line}`),
  );
  assert.deepEqual(found, [], 'use BoundedMap (src/games/core/memo.ts) for a table filled at run time');
});
