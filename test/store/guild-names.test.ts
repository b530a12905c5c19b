/**
 * Migration 42: the names of the servers the bot is in (store/guild-names.ts), for a DM notice another
 * shard sends about a table there (test/e2e/shards-notice-server.test.ts). A database of migration 41
 * gains the table, empty; a name is recorded, renamed and forgotten.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openDatabase, openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tempDir } from '../support/temp-dir.js';

test('migration 42 adds guild_names to a database of migration 41; names are kept, renamed and forgotten', (t) => {
  const path = join(tempDir('hq-m42-', t), 'hq.db');
  openStore(path, engineOf).close();
  // As a database of migration 41 holds it.
  const raw = openDatabase(path);
  raw.exec('DROP TABLE guild_names');
  raw.prepare('DELETE FROM schema_migrations WHERE version = 42').run();
  raw.close();
  let at = 1_000;
  const store = openStore(path, engineOf, () => at);
  t.after(() => store.close());
  assert.deepEqual(store.guildNames.ids(), []);
  store.guildNames.put([
    { id: '1', name: 'Hội Quán' },
    { id: '2', name: 'Quán Cũ' },
  ]);
  assert.equal(store.guildNames.get('1'), 'Hội Quán');
  const stamp = () => (store.db.prepare("SELECT updated_at AS t FROM guild_names WHERE guild_id = '1'").get() as { t: number }).t;
  at = 2_000;
  store.guildNames.put([{ id: '1', name: 'Hội Quán' }]);
  assert.equal(stamp(), 1_000, 'an unchanged name is not written again');
  store.guildNames.put([{ id: '1', name: 'Quán Mới' }]);
  assert.equal(store.guildNames.get('1'), 'Quán Mới');
  assert.equal(stamp(), 2_000);
  store.guildNames.forget('2');
  assert.equal(store.guildNames.get('2'), undefined);
  assert.deepEqual(store.guildNames.ids(), ['1']);
});
