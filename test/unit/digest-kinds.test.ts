/**
 * A user with only "my move" notices on (claim notices off) and digest-over 1: one table where it is
 * their move and another where they may claim. The digest counted and listed every table waiting on
 * them, the claim window too (a kind they turned off): they got "2 tables are waiting" instead of the
 * one "your move" DM. A digest lists what a notice would tell (notifier.ts `digestLists`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { Notifier } from '../../src/notify/notifier.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

/** A store on a clock, and a way to start a table of `game` there with people u0…u(n-1) in every seat. */
function world() {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  const start = (game: 'phom' | 'classic-mahjong', seats: number, seed: string): string => {
    const row = store.games.create({
      game,
      guildId: 'g',
      channelId: 'c',
      threadId: `th-${seed}`,
      hostUserId: 'u0',
      options: defaultOptions(engineOf(game).options) as Record<string, unknown>,
      optionsHash: 'h',
      seed,
      seats,
      timerPreset: { name: 'async' },
      timeoutPolicy: 'default',
    });
    store.games.setSeats(
      row.id,
      Array.from({ length: seats }, (_, seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
    );
    act(ts, { kind: 'start', gameId: row.id, userId: 'u0' }, clock.t);
    return row.id;
  };
  return { clock, store, ts, start };
}

test('a digest does not count a claim window for a user whose claim notices are off', async () => {
  const { clock, store, ts, start } = world();
  const eng = engineOf('classic-mahjong');
  const mk = (seed: string) => start('classic-mahjong', 4, seed);
  const pend = (id: string) => {
    const g = store.games.load(id)!;
    return { st: g.state, p: eng.pending(g.state) as Decision<BaseAction>[] };
  };
  const playUntil = (id: string, want: (p: Decision<BaseAction>[]) => boolean) => {
    for (let k = 0; k < 400; k++) {
      const { st, p } = pend(id);
      if (want(p)) return true;
      if (!p.length) return false;
      const d = p[0]!;
      const a = eng.ai(st, d.seat) as BaseAction;
      const r = act(ts, { kind: 'move', gameId: id, seat: d.seat, action: a, ver: null }, clock.t);
      store.games.clearOutbox(id, r.outbox);
    }
    return false;
  };
  let claimTable: string | null = null;
  for (let s = 0; s < 20 && !claimTable; s++) {
    const id = mk('claim-' + s);
    if (playUntil(id, (p) => p.some((d) => d.seat === 1 && d.kind === 'claim'))) claimTable = id;
  }
  assert.ok(claimTable, 'a claim for u1');
  const turnTable = mk('turn-x');
  assert.ok(playUntil(turnTable, (p) => p.some((d) => d.seat === 1 && d.kind !== 'claim' && !d.secret)));
  store.prefs.setNotify('u1', 'turn', true); // claim notices stay off
  store.prefs.setDigestOver('u1', 1);
  clock.t += 10 * 60_000;
  const sent: string[] = [];
  const n = new Notifier(store, ts, async (_u, p) => (sent.push(p.content), 'sent' as const), { defaultLang: 'en' });
  await n.onEffects(ts.load(turnTable)!, [{ kind: 'ping', turn: [1], claim: [] }], clock.t);
  assert.equal(sent.length, 1);
  assert.doesNotMatch(sent[0]!, /claim/i, 'the DM tells about a claim window the user asked not to be told about');
});

test('a digest that did not go out does not start the hour between digests: the next round sends it', async () => {
  const { clock, store, ts, start } = world();
  const eng = engineOf('phom');
  // Two tables where it is u0's move (u0 deals Phỏm's first hand: seat 0 opens).
  const ids = ['a', 'b'].map((seed) => start('phom', 2, `digest-fail-${seed}`));
  for (const id of ids) {
    const g = store.games.load(id)!;
    assert.equal((eng.pending(g.state) as Decision<BaseAction>[])[0]!.seat, 0, "u0's move");
  }
  store.prefs.setNotify('u0', 'turn', true);
  store.prefs.setDigestOver('u0', 1);
  clock.t += 10 * 60_000;
  const outcomes: string[] = [];
  let fail = true;
  const n = new Notifier(store, ts, async () => {
    const r = fail ? ('failed' as const) : ('sent' as const);
    outcomes.push(r);
    return r;
  });
  await n.onEffects(ts.load(ids[0]!)!, [{ kind: 'ping', turn: [0], claim: [] }], clock.t);
  assert.deepEqual(outcomes, ['failed'], 'the digest was tried');
  // A minute later the other table pings: the digest goes out, not held for an hour.
  fail = false;
  clock.t += 60_000;
  await n.onEffects(ts.load(ids[1]!)!, [{ kind: 'ping', turn: [0], claim: [] }], clock.t);
  await n.due(clock.t);
  assert.deepEqual(outcomes, ['failed', 'sent']);
});
