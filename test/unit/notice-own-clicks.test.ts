/**
 * "At the table" (notifier.ts AT_TABLE_MS, store/listing.ts lastActionBy) counts the user's own clicks
 * only. A claim preference's automatic pass is logged with the player's user id (source
 * 'preference'): counted, it stopped the "your move" DM of the turn that came right after it,
 * although the player had clicked nothing for half an hour.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { writePrefs } from '../../src/table/prefs.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { Notifier } from '../../src/notify/notifier.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const eng = engineOf('classic-mahjong');

/** A table (u1 auto-passes every claim) at the discard of seat 0 after which only u1 may claim, not a win. */
function atDiscardOnlyU1Claims(seed: string) {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  const row = store.games.create({
    game: 'classic-mahjong',
    guildId: 'g',
    channelId: 'c',
    threadId: 'th',
    hostUserId: 'u0',
    options: defaultOptions(eng.options) as Record<string, unknown>,
    optionsHash: 'h',
    seed,
    seats: 4,
    timerPreset: { name: 'async' },
    timeoutPolicy: 'default',
  });
  store.games.setSeats(
    row.id,
    [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
  );
  writePrefs(store.db, 'classic-mahjong', 'u1', ['auto-pass'], clock.t);
  act(ts, { kind: 'start', gameId: row.id, userId: 'u0' }, clock.t);
  for (let k = 0; k < 300; k++) {
    const g = store.games.load(row.id)!;
    const p = eng.pending(g.state) as Decision<BaseAction>[];
    if (!p.length) return null;
    const d = p[0]!;
    if (d.seat === 0 && d.kind !== 'claim' && !d.secret) {
      const pick = d.options.find((a) => {
        const r = eng.apply(g.state, 0, a);
        if (!r.ok) return false;
        const q = eng.pending(r.value) as Decision<BaseAction>[];
        return q.length === 1 && q[0]!.seat === 1 && q[0]!.kind === 'claim' && !q[0]!.options.some((o) => o.type === 'mahjong');
      });
      if (pick) return { clock, store, ts, gameId: row.id, pick };
    }
    const r = act(ts, { kind: 'move', gameId: row.id, seat: d.seat, action: eng.ai(g.state, d.seat) as BaseAction, ver: null }, clock.t);
    store.games.clearOutbox(row.id, r.outbox);
  }
  return null;
}

test('the turn right after a claim preference passed for the user is DMed (the pass is not a click of theirs)', async () => {
  let checked = false;
  for (let s = 0; s < 40 && !checked; s++) {
    const x = atDiscardOnlyU1Claims(`pp-${s}`);
    if (!x) continue;
    const { clock, store, ts, gameId, pick } = x;
    store.prefs.setNotify('u1', 'turn', true);
    clock.t += 30 * 60_000; // nobody has clicked for half an hour
    const sent: string[] = [];
    const n = new Notifier(store, ts, async (u) => (sent.push(u), 'sent' as const), { defaultLang: 'en' });
    const r = act(ts, { kind: 'move', gameId, seat: 0, action: pick, ver: null, userId: 'u0' }, clock.t);
    const ping = r.effects.find((e) => e.kind === 'ping') as { turn: number[] } | undefined;
    if (!ping || !ping.turn.includes(1)) continue; // u1 did not get the next turn (the wall ran out…)
    const last = store.games.logWithMeta(gameId).filter((e) => e.userId === 'u1');
    assert.equal(last.at(-1)!.source, 'preference', "u1's last logged answer is their preference's");
    assert.equal(last.at(-1)!.createdAt, clock.t, 'made a moment ago');
    checked = true;
    await n.onEffects(r.table!, r.effects, clock.t);
    assert.deepEqual(sent, ['u1'], 'u1 (who has not clicked for 30 minutes) gets the "your move" DM');
  }
  assert.ok(checked, 'a discard of seat 0 only u1 could claim, followed by their turn');
});

test('a move the user clicked a moment ago still counts as being at the table: no DM', async () => {
  let checked = false;
  for (let s = 0; s < 40 && !checked; s++) {
    const x = atDiscardOnlyU1Claims(`pp-${s}`);
    if (!x) continue;
    const { clock, store, ts, gameId, pick } = x;
    store.prefs.setNotify('u1', 'turn', true);
    const r = act(ts, { kind: 'move', gameId, seat: 0, action: pick, ver: null, userId: 'u0' }, clock.t);
    const ping = r.effects.find((e) => e.kind === 'ping') as { turn: number[] } | undefined;
    if (!ping || !ping.turn.includes(1)) continue;
    store.games.clearOutbox(gameId, r.outbox);
    // u1 plays their turn (a draw, then a discard…) by clicks of their own, until it is someone else's.
    for (let k = 0; k < 5; k++) {
      const p = eng.pending(store.games.load(gameId)!.state) as Decision<BaseAction>[];
      const mine = p.find((d) => d.seat === 1 && d.kind !== 'claim');
      if (!mine) break;
      const st = store.games.load(gameId)!.state;
      const m = act(ts, { kind: 'move', gameId, seat: 1, action: eng.ai(st, 1) as BaseAction, ver: null, userId: 'u1' }, clock.t);
      store.games.clearOutbox(gameId, m.outbox);
    }
    checked = true;
    clock.t += 60_000; // a minute later (within AT_TABLE_MS)
    const sent: string[] = [];
    const n = new Notifier(store, ts, async (u) => (sent.push(u), 'sent' as const), { defaultLang: 'en' });
    await n.onEffects(ts.load(gameId)!, [{ kind: 'ping', turn: [1], claim: [] }], clock.t);
    assert.deepEqual(sent, [], 'u1 clicked a minute ago: they are playing');
  }
  assert.ok(checked);
});
