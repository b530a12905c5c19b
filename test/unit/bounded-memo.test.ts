/**
 * The engines' memo tables are bounded (src/games/core/memo.ts): a process runs for months, and an
 * unbounded one grew by the hand (Vietnamese mahjong's win check: 56,000 patterns in 2,000 self-play
 * hands, 97,000 in 8,000; up to ~100 MB per table and thread). No module of src/games holds an empty Map or Set it fills at run
 * time but a BoundedMap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BoundedMap } from '../../src/games/core/memo.js';

test('a BoundedMap holds at most twice its bound, and keeps the keys still in use', () => {
  const m = new BoundedMap<number, number>(3);
  for (let k = 0; k < 3; k++) m.set(k, k * 10);
  m.set(1, 11); // a key it holds: no new generation
  assert.equal(m.size, 3);
  m.set(3, 30); // full: 0, 1, 2 become the old generation
  assert.equal(m.get(0), 0, 'found in the old generation, moved up');
  assert.equal(m.get(1), 11);
  m.set(4, 40); // full again: 3, 0, 1 become the old generation, 2 is dropped
  assert.equal(m.get(2), undefined, 'not used since: gone');
  assert.equal(m.get(0), 0, 'used: kept');
  for (let k = 0; k < 1_000; k++) m.set(k, k);
  assert.ok(m.size <= 6);
  m.clear();
  assert.equal(m.size, 0);
  assert.equal(m.get(999), undefined);
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
