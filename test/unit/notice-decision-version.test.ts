/**
 * A move notice is recorded under its decision's version (the seat's timer's), not the table's: a
 * ping executed again after later steps (one Discord refused, posted by housekeeping; one a crash cut
 * off before its notices, posted by the restart) sends its DMs once. Keyed by the table's version,
 * a claimant's hidden pass in between made the kept ping DM the other claimants a second time, a DM
 * that told them someone had answered (#13 §2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { act } from '../../src/table/act.js';
import type { Effect } from '../../src/table/effects.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { aiMove, fourPeople, noticeWorld, recordingNotifier } from '../support/notice-tables.js';

const eng = engineOf('classic-mahjong');

/** A classic mahjong table of four people (async) at the step that opened a claim window of two claimants or more. */
function twoClaimants() {
  const w = noticeWorld();
  const { clock, store, ts } = w;
  for (let s = 0; s < 30; s++) {
    const id = fourPeople(store, `two-claimants-${s}`, `th${s}`);
    store.games.clearOutbox(id, act(ts, { kind: 'start', gameId: id, userId: 'u0' }, clock.t).outbox);
    for (let k = 0; k < 400; k++) {
      const g = store.games.load(id)!;
      const p = eng.pending(g.state) as Decision<BaseAction>[];
      if (!p.length) break;
      clock.t += 60_000;
      const r = aiMove(w, id, g.state, p[0]!.seat);
      const ping = r.effects.find((e): e is Extract<Effect, { kind: 'ping' }> => e.kind === 'ping');
      const claims = (eng.pending(store.games.load(id)!.state) as Decision<BaseAction>[]).filter(
        (x) => x.kind === 'claim' && !x.secret && x.options.some((o) => o.type === 'pass'),
      );
      if (ping && ping.claim.length >= 2 && claims.length >= 2) return { clock, store, ts, id, opened: r, ping, claims };
    }
  }
  throw new Error('no claim window of two claimants');
}

test('a claim ping executed again after another claimant passed does not DM the claimant still deciding a second time', async () => {
  const { clock, store, ts, id, opened, ping, claims } = twoClaimants();
  for (const u of ['u0', 'u1', 'u2', 'u3']) store.prefs.setNotify(u, 'claim', true);
  const { n, sent } = recordingNotifier(store, ts);
  const [a, b] = [claims[0]!, claims[1]!];
  const B = `u${b.seat}`;
  // The step that opened the window: its ping's notices go out (bot/effects.ts `execute`).
  await n.onEffects(opened.table!, opened.effects, clock.t);
  assert.equal(sent.filter((u) => u === B).length, 1, 'B is told once that they may claim');
  // A passes: a hidden step that moves the table's version; B's decision is the same one.
  clock.t += 60_000;
  const pass = a.options.find((o) => o.type === 'pass')!;
  const r = act(ts, { kind: 'move', gameId: id, seat: a.seat, action: pass, ver: null }, clock.t);
  store.games.clearOutbox(id, r.outbox);
  const after = ts.load(id)!;
  assert.ok(after.row.version > opened.table!.row.version, 'the pass moved the version');
  assert.ok(
    (eng.pending(after.state) as Decision<BaseAction>[]).some((d) => d.seat === b.seat && d.kind === 'claim'),
    'B still decides',
  );
  // The same ping executed again at the table as it is now (housekeeping posting a kept ping, a
  // restart after a crash before the outbox was cleared), later.
  clock.t += 10 * 60_000;
  await n.onEffects(after, [{ ...ping }], clock.t);
  await n.due(clock.t + 1000);
  assert.equal(sent.filter((u) => u === B).length, 1, 'no second "you may claim" DM for B');
  assert.equal(sent.filter((u) => u === `u${a.seat}`).length, 1, 'nor one for A, who answered');
});

test('a claim ping whose notices a crash cut off is DMed when it is executed again, once', async () => {
  const { clock, store, ts, id, ping, claims } = twoClaimants();
  for (const u of ['u0', 'u1', 'u2', 'u3']) store.prefs.setNotify(u, 'claim', true);
  const { n, sent } = recordingNotifier(store, ts);
  // The step's notices never went out (the crash); the restart executes its ping at the table as it is.
  clock.t += 10 * 60_000;
  const t = ts.load(id)!;
  await n.onEffects(t, [ping], clock.t);
  await n.onEffects(t, [ping], clock.t + 1000);
  assert.deepEqual([...sent].sort(), claims.map((d) => `u${d.seat}`).sort(), 'every claimant is told once');
});
