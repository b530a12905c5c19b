/**
 * The notifier records a step's notices user after user. One failure for one user (a stored time
 * zone this runtime's Intl refuses, adopted from another shard unchecked: PrefsStore.adoptChoices;
 * a storage error) aborted the whole step: nobody after them was recorded or told. Now that user's
 * failure is logged and the others go on; and a zone Intl refuses reads as UTC.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { Notifier } from '../../src/notify/notifier.js';

function setUp() {
  const r = rig('phom', ['human', 'human', 'human'], { seed: 'per-user', timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (const u of ['u0', 'u1', 'u2']) r.store.prefs.setNotify(u, 'start', true);
  const sent: string[] = [];
  const errors: string[] = [];
  const log = { error: (_o: unknown, msg: string) => errors.push(msg) } as never;
  const n = new Notifier(r.store, r.ts, async (u) => (sent.push(u), 'sent' as const), { defaultLang: 'en', log });
  return { r, n, sent, errors };
}

test("a time zone Intl refuses, adopted from another shard, neither stops the others' notices nor the user's own", async () => {
  const { r, n, sent, errors } = setUp();
  // Another shard's runtime knew the zone; this one does not (the choice is copied as it is).
  r.store.prefs.adoptChoices('u0', { time_zone: 'Mars/Olympus_Mons', quiet_from: 60, quiet_to: 120 });
  assert.equal(r.store.prefs.get('u0').timeZone, null, 'read as UTC');
  await n.onEffects(r.ts.load(r.gameId)!, [{ kind: 'lobby' }], r.clock.t);
  assert.deepEqual(sent.sort(), ['u0', 'u1', 'u2']);
  assert.deepEqual(errors, []);
});

test("one user's failure is logged and the users after them are still told", async () => {
  const { r, n, sent, errors } = setUp();
  const get = r.store.prefs.get.bind(r.store.prefs);
  r.store.prefs.get = (u: string) => {
    if (u === 'u0') throw new Error('disk I/O error');
    return get(u);
  };
  await n.onEffects(r.ts.load(r.gameId)!, [{ kind: 'lobby' }], r.clock.t);
  assert.deepEqual(sent.sort(), ['u1', 'u2']);
  assert.deepEqual(errors, ['cannot record a DM notice']);
});
