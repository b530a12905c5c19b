/**
 * One database file per shard (DATABASE_PATH with `{shard}`) fixes the shard count for the life of the
 * data: each file records the shard and count it was opened for (src/store/shard-layout.ts), and the
 * launcher (src/ops/sharding.ts `claimShardFiles`) refuses another count before any shard starts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { openDatabase } from '../../src/store/db.js';
import { readShardLayout } from '../../src/store/shard-layout.js';
import { shardOf } from '../../src/store/shards.js';
import { engineOf } from '../../src/table/manifests.js';
import { claimShardFiles, shardsConfigProblem } from '../../src/ops/sharding.js';
import { tempDir } from '../support/temp-dir.js';

const layoutOf = (path: string) => {
  const db = openDatabase(path, []);
  try {
    return readShardLayout(db);
  } finally {
    db.close();
  }
};

/** A server on shard 1 of 2 and shard 2 of 3. */
const GUILD = String(5n << 22n);

const addGame = (path: string, guildId: string) => {
  const s = openStore(path, engineOf);
  s.games.create({ game: 'phom', guildId, channelId: '1', options: {}, optionsHash: 'x', seed: 's', seats: 2 });
  s.close();
};

test('a first start records each file’s shard and count; the same count starts again, another is refused and records nothing', (t) => {
  const dir = tempDir('hq-layout-', t);
  const tpl = join(dir, 'hq-{shard}.db');
  assert.equal(claimShardFiles(tpl, 2), null);
  assert.deepEqual(
    [0, 1].map((k) => layoutOf(join(dir, `hq-${k}.db`))),
    [
      { shard: 0, count: 2 },
      { shard: 1, count: 2 },
    ],
  );
  addGame(join(dir, 'hq-1.db'), GUILD);
  assert.equal(claimShardFiles(tpl, 2), null, 'same count: fine');
  const grow = claimShardFiles(tpl, 3);
  assert.match(grow ?? '', /hq-0\.db was made for 2 shards \(it is shard 0's file\), but SHARDS=3: .* Start with SHARDS=2 again/);
  assert.doesNotMatch(grow!, /\n/, 'one line');
  assert.equal(existsSync(join(dir, 'hq-2.db')), false, 'a refused start creates no file');
  assert.match(claimShardFiles(tpl, 1) ?? '', /made for 2 shards .* but SHARDS=1/);
  assert.deepEqual(layoutOf(join(dir, 'hq-0.db')), { shard: 0, count: 2 }, 'unchanged by the refusals');
});

test('files from before the record: checked by their servers, recorded when they fit, refused when a server is another shard’s', (t) => {
  const dir = tempDir('hq-layout-old-', t);
  const tpl = join(dir, 'hq-{shard}.db');
  assert.deepEqual([shardOf(GUILD, 2), shardOf(GUILD, 3)], [1, 2]);
  openStore(join(dir, 'hq-0.db'), engineOf).close();
  addGame(join(dir, 'hq-1.db'), GUILD);
  const wrong = claimShardFiles(tpl, 3);
  assert.match(wrong ?? '', new RegExp(`hq-1\\.db holds server ${GUILD}, which SHARDS=3 puts on shard 2, not 1: .*another shard count`));
  assert.equal(layoutOf(join(dir, 'hq-0.db')), null, 'nothing recorded while any file is refused (hq-0 fits 3 too)');
  assert.equal(existsSync(join(dir, 'hq-2.db')), false);
  assert.equal(claimShardFiles(tpl, 2), null, 'the count they were made with');
  assert.deepEqual(layoutOf(join(dir, 'hq-1.db')), { shard: 1, count: 2 });
});

test('two shard files swapped (renamed, or DATABASE_PATH changed) are refused', (t) => {
  const dir = tempDir('hq-layout-swap-', t);
  const tpl = join(dir, 'hq-{shard}.db');
  assert.equal(claimShardFiles(tpl, 2), null);
  renameSync(join(dir, 'hq-0.db'), join(dir, 'x.db'));
  renameSync(join(dir, 'hq-1.db'), join(dir, 'hq-0.db'));
  renameSync(join(dir, 'x.db'), join(dir, 'hq-1.db'));
  assert.match(claimShardFiles(tpl, 2) ?? '', /hq-0\.db is shard 1's file \(of 2\), not shard 0's/);
});

test('SHARDS=auto, or no SHARDS, with {shard} in DATABASE_PATH is refused; a number or one shared file is fine', () => {
  assert.match(shardsConfigProblem('auto', 'data/hq-{shard}.db') ?? '', /^SHARDS=auto cannot be used with \{shard\} in DATABASE_PATH/);
  assert.match(shardsConfigProblem(null, 'data/hq-{shard}.db') ?? '', /SHARDS is not set/);
  assert.equal(shardsConfigProblem(3, 'data/hq-{shard}.db'), null);
  assert.equal(shardsConfigProblem('auto', 'data/hq.db'), null);
  assert.equal(shardsConfigProblem(null, undefined), null);
});
