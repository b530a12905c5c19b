/**
 * "At the table" (notifier.ts AT_TABLE_MS, store/listing.ts lastActionBy) counts the user's own clicks
 * only. A claim preference's automatic pass is logged with the player's user id (source
 * 'preference'): counted, it stopped the "your move" DM of the turn that came right after it,
 * although the player had clicked nothing for half an hour.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { act } from '../../src/table/act.js';
import { writePrefs } from '../../src/table/prefs.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { aiMove, fourPeople, noticeWorld, recordingNotifier } from '../support/notice-tables.js';

const eng = engineOf('classic-mahjong');

/** A table (u1 auto-passes every claim) at the discard of seat 0 after which only u1 may claim, not a win. */
function atDiscardOnlyU1Claims(seed: string) {
  const w = noticeWorld();
  const { clock, store, ts } = w;
  const gameId = fourPeople(store, seed);
  writePrefs(store.db, 'classic-mahjong', 'u1', ['auto-pass'], clock.t);
  act(ts, { kind: 'start', gameId, userId: 'u0' }, clock.t);
  for (let k = 0; k < 300; k++) {
    const g = store.games.load(gameId)!;
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
      if (pick) return { clock, store, ts, gameId, pick };
    }
    aiMove(w, gameId, g.state, d.seat);
  }
  return null;
}

/**
 * Tries the seeds pp-0…pp-39 until `check` has checked one: each table that gets there is handed to it
 * with u1's turn notices on, and it says whether it could check (not when u1 did not get the next turn).
 */
async function checkOne(check: (x: NonNullable<ReturnType<typeof atDiscardOnlyU1Claims>>) => Promise<boolean>): Promise<boolean> {
  for (let s = 0; s < 40; s++) {
    const x = atDiscardOnlyU1Claims(`pp-${s}`);
    if (!x) continue;
    x.store.prefs.setNotify('u1', 'turn', true);
    if (await check(x)) return true;
  }
  return false;
}

test('the turn right after a claim preference passed for the user is DMed (the pass is not a click of theirs)', async () => {
  const checked = await checkOne(async ({ clock, store, ts, gameId, pick }) => {
    clock.t += 30 * 60_000; // nobody has clicked for half an hour
    const { n, sent } = recordingNotifier(store, ts);
    const r = act(ts, { kind: 'move', gameId, seat: 0, action: pick, ver: null, userId: 'u0' }, clock.t);
    const ping = r.effects.find((e) => e.kind === 'ping') as { turn: number[] } | undefined;
    if (!ping || !ping.turn.includes(1)) return false; // u1 did not get the next turn (the wall ran out…)
    const last = store.games.logWithMeta(gameId).filter((e) => e.userId === 'u1');
    assert.equal(last.at(-1)!.source, 'preference', "u1's last logged answer is their preference's");
    assert.equal(last.at(-1)!.createdAt, clock.t, 'made a moment ago');
    await n.onEffects(r.table!, r.effects, clock.t);
    assert.deepEqual(sent, ['u1'], 'u1 (who has not clicked for 30 minutes) gets the "your move" DM');
    return true;
  });
  assert.ok(checked, 'a discard of seat 0 only u1 could claim, followed by their turn');
});

test('a move the user clicked a moment ago still counts as being at the table: no DM', async () => {
  const checked = await checkOne(async (x) => {
    const { clock, store, ts, gameId, pick } = x;
    const r = act(ts, { kind: 'move', gameId, seat: 0, action: pick, ver: null, userId: 'u0' }, clock.t);
    const ping = r.effects.find((e) => e.kind === 'ping') as { turn: number[] } | undefined;
    if (!ping || !ping.turn.includes(1)) return false;
    store.games.clearOutbox(gameId, r.outbox);
    // u1 plays their turn (a draw, then a discard…) by clicks of their own, until it is someone else's.
    for (let k = 0; k < 5; k++) {
      const st = store.games.load(gameId)!.state;
      const p = eng.pending(st) as Decision<BaseAction>[];
      if (!p.some((d) => d.seat === 1 && d.kind !== 'claim')) break;
      aiMove(x, gameId, st, 1, 'u1');
    }
    clock.t += 60_000; // a minute later (within AT_TABLE_MS)
    const { n, sent } = recordingNotifier(store, ts);
    await n.onEffects(ts.load(gameId)!, [{ kind: 'ping', turn: [1], claim: [] }], clock.t);
    assert.deepEqual(sent, [], 'u1 clicked a minute ago: they are playing');
    return true;
  });
  assert.ok(checked);
});
