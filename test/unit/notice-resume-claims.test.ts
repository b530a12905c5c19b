/**
 * A resume pings every claimant again (act.ts 'resume': whether a claimant's preference answers is
 * hidden from the table), and the notifier DMed each of them "you may claim" before the catch-up
 * sync that answers the window at once for one whose claim preference (set while the table was
 * paused) answers it, or who went away during the pause. No DM for those; the others still get one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { TableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { writePrefs } from '../../src/table/prefs.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { claimWindowOfU1, noticeWorld, recordingNotifier } from '../support/notice-tables.js';

const eng = engineOf('classic-mahjong');

/** A classic mahjong table paused during a claim window of u1's (not a win), u1's claim notices on. */
function pausedAtClaimOfU1(): {
  clock: { t: number };
  store: Store;
  ts: TableStore;
  id: string;
  vote: (u: string, verb: 'pause' | 'resume') => ReturnType<typeof act>;
} {
  const w = noticeWorld();
  const { clock, store, ts } = w;
  const id = claimWindowOfU1(w, (mine) => !mine.options.some((o) => o.type === 'mahjong'));
  assert.ok(id, 'a claim window of u1');
  store.prefs.setNotify('u1', 'claim', true);
  const vote = (u: string, verb: 'pause' | 'resume') => {
    const r = act(ts, { kind: 'table', gameId: id, userId: u, ver: 0, verb }, clock.t);
    store.games.clearOutbox(id, r.outbox);
    return r;
  };
  for (const u of ['u0', 'u2', 'u3']) vote(u, 'pause');
  assert.equal(store.games.get(id)!.status, 'paused');
  clock.t += 3_600_000;
  return { clock, store, ts, id, vote };
}

/** The resume, executed as bot/effects.ts `run` does: the step's effects (the notifier last), then the catch-up sync. */
async function resume(x: ReturnType<typeof pausedAtClaimOfU1>): Promise<{ waits: boolean; sent: string[] }> {
  const { clock, store, ts, id, vote } = x;
  const { n, sent } = recordingNotifier(store, ts);
  vote('u0', 'resume');
  vote('u2', 'resume');
  const r = vote('u3', 'resume');
  assert.equal(store.games.get(id)!.status, 'running');
  const ping = r.effects.find((e) => e.kind === 'ping');
  assert.ok(ping && ping.kind === 'ping' && ping.claim.includes(1), 'the resume pings the claimants, u1 among them');
  await n.onEffects(r.table!, r.effects, clock.t);
  if (r.outcome.catchUp) store.games.clearOutbox(id, act(ts, { kind: 'sync', gameId: id }, clock.t).outbox);
  const waits = (eng.pending(store.games.load(id)!.state) as Decision<BaseAction>[]).some((d) => d.seat === 1 && d.kind === 'claim');
  return { waits, sent };
}

test('no "you may claim" DM at a resume for a claim the user\'s preference (set while paused) answers at once', async () => {
  const x = pausedAtClaimOfU1();
  writePrefs(x.store.db, 'classic-mahjong', 'u1', ['auto-pass'], x.clock.t);
  const { waits, sent } = await resume(x);
  assert.equal(waits, false, 'the preference answered the claim');
  assert.deepEqual(sent, []);
});

test('no "you may claim" DM at a resume for a claimant who went away during the pause', async () => {
  const x = pausedAtClaimOfU1();
  x.store.prefs.setAway('u1', x.clock.t + 86_400_000);
  const { waits, sent } = await resume(x);
  assert.equal(waits, false, 'the away stand-in answered the claim');
  assert.deepEqual(sent, []);
});

test('a claimant with no preference that answers is DMed at the resume', async () => {
  const x = pausedAtClaimOfU1();
  const { waits, sent } = await resume(x);
  assert.equal(waits, true, 'the claim waits for u1');
  assert.deepEqual(sent, ['u1']);
});
