/**
 * A resume pings every claimant again (act.ts 'resume': whether a claimant's preference answers is
 * hidden from the table), and the notifier DMed each of them "you may claim" before the catch-up
 * sync that answers the window at once for one whose claim preference (set while the table was
 * paused) answers it, or who went away during the pause. No DM for those; the others still get one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore, type TableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { writePrefs } from '../../src/table/prefs.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { Notifier } from '../../src/notify/notifier.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const eng = engineOf('classic-mahjong');

/** A classic mahjong table paused during a claim window of u1's (not a win), u1's claim notices on. */
function pausedAtClaimOfU1(): {
  clock: { t: number };
  store: Store;
  ts: TableStore;
  id: string;
  vote: (u: string, verb: 'pause' | 'resume') => ReturnType<typeof act>;
} {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  let id: string | null = null;
  for (let s = 0; s < 20 && !id; s++) {
    const row = store.games.create({
      game: 'classic-mahjong',
      guildId: 'g',
      channelId: 'c',
      threadId: `th${s}`,
      hostUserId: 'u0',
      options: defaultOptions(eng.options) as Record<string, unknown>,
      optionsHash: 'h',
      seed: `claim-${s}`,
      seats: 4,
      timerPreset: { name: 'async' },
      timeoutPolicy: 'default',
    });
    store.games.setSeats(
      row.id,
      [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
    );
    act(ts, { kind: 'start', gameId: row.id, userId: 'u0' }, clock.t);
    for (let k = 0; k < 400; k++) {
      const g = store.games.load(row.id)!;
      const p = eng.pending(g.state) as Decision<BaseAction>[];
      const mine = p.find((d) => d.seat === 1 && d.kind === 'claim' && !d.secret);
      if (mine && !mine.options.some((o) => o.type === 'mahjong')) {
        id = row.id;
        break;
      }
      if (!p.length) break;
      const d = p[0]!;
      const r = act(ts, { kind: 'move', gameId: row.id, seat: d.seat, action: eng.ai(g.state, d.seat) as BaseAction, ver: null }, clock.t);
      store.games.clearOutbox(row.id, r.outbox);
    }
  }
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
async function resume(x: ReturnType<typeof pausedAtClaimOfU1>, sent: string[]) {
  const { clock, store, ts, id, vote } = x;
  const n = new Notifier(store, ts, async (u) => (sent.push(u), 'sent' as const), { defaultLang: 'en' });
  vote('u0', 'resume');
  vote('u2', 'resume');
  const r = vote('u3', 'resume');
  assert.equal(store.games.get(id)!.status, 'running');
  const ping = r.effects.find((e) => e.kind === 'ping');
  assert.ok(ping && ping.kind === 'ping' && ping.claim.includes(1), 'the resume pings the claimants, u1 among them');
  await n.onEffects(r.table!, r.effects, clock.t);
  if (r.outcome.catchUp) store.games.clearOutbox(id, act(ts, { kind: 'sync', gameId: id }, clock.t).outbox);
  return (eng.pending(store.games.load(id)!.state) as Decision<BaseAction>[]).some((d) => d.seat === 1 && d.kind === 'claim');
}

test('no "you may claim" DM at a resume for a claim the user\'s preference (set while paused) answers at once', async () => {
  const x = pausedAtClaimOfU1();
  writePrefs(x.store.db, 'classic-mahjong', 'u1', ['auto-pass'], x.clock.t);
  const sent: string[] = [];
  assert.equal(await resume(x, sent), false, 'the preference answered the claim');
  assert.deepEqual(sent, []);
});

test('no "you may claim" DM at a resume for a claimant who went away during the pause', async () => {
  const x = pausedAtClaimOfU1();
  x.store.prefs.setAway('u1', x.clock.t + 86_400_000);
  const sent: string[] = [];
  assert.equal(await resume(x, sent), false, 'the away stand-in answered the claim');
  assert.deepEqual(sent, []);
});

test('a claimant with no preference that answers is DMed at the resume', async () => {
  const x = pausedAtClaimOfU1();
  const sent: string[] = [];
  assert.equal(await resume(x, sent), true, 'the claim waits for u1');
  assert.deepEqual(sent, ['u1']);
});
