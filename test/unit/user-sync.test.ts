/**
 * bot/user-sync.ts with one database file per shard: a user's own choices made through one shard
 * (/notify, /prefs, /away: in DMs always shard 0) reach the other shards' files; delivery state does not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import pino from 'pino';
import type { Client } from 'discord.js';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { userSync } from '../../src/bot/user-sync.js';
import { readPrefs, writePrefs } from '../../src/table/prefs.js';
import type { BotContext } from '../../src/bot/context.js';
import { tempDir } from '../support/temp-dir.js';

test("a user's choices made on one shard's file are copied to the others'; DMs found closed and the last digest stay per file", async (t) => {
  const dir = tempDir('hq-user-sync-', t);
  const [a, b] = [join(dir, 'hq-0.db'), join(dir, 'hq-1.db')].map((p) => openStore(p, engineOf)) as [
    ReturnType<typeof openStore>,
    ReturnType<typeof openStore>,
  ];
  b.close();
  const ctx = { store: a, client: {} as Client, clock: { now: () => Date.now() }, log: pino({ level: 'silent' }) } as unknown as BotContext;
  const sync = userSync(ctx, [join(dir, 'hq-0.db'), join(dir, 'hq-1.db')]);
  const before = a.prefs.choices('u1');
  a.prefs.setTimeZone('u1', 'Europe/London');
  a.prefs.setQuiet('u1', { from: 22 * 60, to: 7 * 60 });
  a.prefs.setNotify('u1', 'turn', true);
  a.prefs.setAway('u1', Date.now() + 3_600_000);
  a.prefs.markDigest('u1', 123);
  a.seatChannels.setPlace('u1', 'dm', 'vi');
  a.prefs.setSwitch('u1', 'large', true);
  a.prefs.setSwitch('u1', 'words', true);
  writePrefs(a.db, 'chan', 'u1', ['auto-pass'], Date.now());
  await sync.changed('u1', before);
  const b2 = openStore(join(dir, 'hq-1.db'), engineOf);
  try {
    const p = b2.prefs.get('u1');
    assert.equal(p.timeZone, 'Europe/London');
    assert.deepEqual(p.quiet, { from: 22 * 60, to: 7 * 60 });
    assert.equal(p.notify.turn, true);
    assert.equal(b2.prefs.isAway('u1', Date.now()), true);
    assert.equal(p.lastDigestAt, null, 'delivery state stays with its file');
    assert.equal(b2.seatChannels.place('u1').place, 'dm');
    assert.equal(p.largeHand, true);
    assert.equal(p.cardsInWords, true);
    assert.deepEqual(readPrefs(b2.db, 'chan', ['u1']).get('u1'), new Set(['auto-pass']), 'claim preferences too');
    assert.deepEqual(b2.prefs.choices('u1'), a.prefs.choices('u1'));
    // Only what changed is copied: a change made meanwhile through the other file holds.
    b2.prefs.setTimeZone('u1', 'Asia/Taipei');
    const again = a.prefs.choices('u1');
    a.prefs.setDigestOver('u1', 5);
    b2.close();
    await sync.changed('u1', again);
    const b3 = openStore(join(dir, 'hq-1.db'), engineOf);
    try {
      assert.equal(b3.prefs.get('u1').digestOver, 5);
      assert.equal(b3.prefs.get('u1').timeZone, 'Asia/Taipei', "the other file's own change holds");
    } finally {
      b3.close();
    }
  } finally {
    if (b2.db.open) b2.close();
    a.close();
  }
});
