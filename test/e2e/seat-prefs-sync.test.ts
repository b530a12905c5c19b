/**
 * With one database file per shard, a user's claim preferences set through /prefs are copied to every
 * shard's file (bot/user-sync.ts), so they "apply to all your tables of that game" (README). The same
 * preferences set in the seat view's "Claim preferences" select (act.ts 'prefs', routed as a table
 * click) stayed in this shard's file only: the user's tables on other shards' servers never saw them.
 * The router now tells the other shards after that select too (router.ts), as after /prefs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openHand, openTable, slash, withWorld } from './harness.js';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { readPrefs } from '../../src/table/prefs.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

test('claim preferences set in the seat view reach the other shards’ files, as /prefs ones do', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'seat-prefs-sync-'));
  process.env.DATABASE_PATH_TEMPLATE = join(dir, 'hq-{shard}.db');
  process.env.SHARD_COUNT = '2';
  openStore(join(dir, 'hq-1.db'), engineOf).close();
  try {
    await withWorld(
      async (w) => {
        const u = w.users[1]!.id;
        // Control: /prefs's select is copied.
        const panel = await (await slash(w, u, 'prefs')).reply();
        const sel = w.sim.components(panel).find((c) => String(c.custom_id) === 'x:prefs:c:chan')!;
        const h = await w.sim.select(u, panel.id, String(sel.custom_id), ['auto-pass']);
        await h.settled({ timeout: 30_000 });
        await w.bot.whenIdle();
        const other = () => {
          const s = openStore(join(dir, 'hq-1.db'), engineOf);
          try {
            return {
              chan: [...(readPrefs(s.db, 'chan', [u]).get(u) ?? [])],
              vn: [...(readPrefs(s.db, 'vn-mahjong', [u]).get(u) ?? [])],
            };
          } finally {
            s.close();
          }
        };
        assert.deepEqual(other().chan, ['auto-pass'], '/prefs reaches the other file');
        // The seat view's select at a Vietnamese mahjong table.
        const { gameId } = await openTable(w, 'vn-mahjong', 4, 0);
        const view = await openHand(w, u, gameId);
        const ps = w.sim.components(view).find((c) => decodeGameId(String(c.custom_id))?.verb === 'prefs');
        assert.ok(ps, 'the seat view has the claim preferences select');
        const h2 = await w.sim.select(u, view.id, String(ps.custom_id), ['never.chow']);
        await h2.settled({ timeout: 30_000 });
        await w.bot.whenIdle();
        assert.deepEqual([...(readPrefs(w.store.db, 'vn-mahjong', [u]).get(u) ?? [])], ['never.chow'], 'kept here');
        assert.deepEqual(other().vn, ['never.chow'], 'and in the other shard’s file');
      },
      { dbPath: join(dir, 'hq-0.db') },
    );
  } finally {
    delete process.env.DATABASE_PATH_TEMPLATE;
    delete process.env.SHARD_COUNT;
    rmSync(dir, { recursive: true, force: true });
  }
});
