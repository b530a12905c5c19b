/**
 * /history's viewer and /score's best hand replay one hand (src/bot/replays.ts `replayHand`). They
 * replayed the whole match from its first deal on every page, on the event loop (0.7 s for a
 * 3,000-entry Chắn match, 1.4 s for 1,700 Vietnamese mahjong entries: a reviewer's measure). The
 * state each hand starts from is stored with its @next-hand entry (store hand_starts, migration 30),
 * and a hand dealt before that is stored by the first full replay that passes it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult, type Rig } from '../support/table-rig.js';
import { replayHand } from '../../src/bot/replays.js';
import { canonical } from '../../src/games/core/match.js';
import { NEXT_HAND } from '../../src/store/replay.js';
import type { BotContext } from '../../src/bot/context.js';

function threeHands(): Rig {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: 'hand-starts' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let h = 0; h < 3; h++) {
    timeOutToResult(r);
    if (h < 2) assert.ok(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand' }).outcome.ok);
  }
  return r;
}
const ctxOf = (r: Rig) => ({ store: r.store }) as unknown as BotContext;
const stored = (r: Rig) =>
  r.store.db.prepare('SELECT hand, seq FROM hand_starts WHERE game_id = ? ORDER BY hand').all(r.gameId) as { hand: number; seq: number }[];
/** Everything a replay gives, as a value. */
const replayed = (r: Rig, hand: number) => canonical(replayHand(ctxOf(r), r.gameId, hand));

test('each hand start is stored with its @next-hand entry; a hand replays from it alone, as the whole match would', () => {
  const r = threeHands();
  const deals = r.store.games
    .logWithMeta(r.gameId)
    .filter((e) => e.action.type === NEXT_HAND)
    .map((e) => ({ hand: e.hand, seq: e.seq }));
  assert.deepEqual(stored(r), deals);
  assert.equal(deals.length, 2);
  const full = [0, 1, 2].map((h) => replayed(r, h));
  // Break an entry of the first hand: a replay of hand 2 that still reads it fails; one from hand 2's start does not.
  // (The log is append-only: its trigger is dropped for this test only.)
  r.store.db.exec('DROP TRIGGER actions_append_only_update');
  r.store.db.prepare('UPDATE actions SET action = ? WHERE game_id = ? AND seq = 3').run(JSON.stringify({ type: 'bogus' }), r.gameId);
  assert.equal(replayHand(ctxOf(r), r.gameId, 0)!.cutShort, true, 'hand 0 is replayed from the first deal: it meets the entry');
  assert.equal(replayed(r, 2), full[2], 'hand 2 from its own start: the same replay');
  assert.equal(replayed(r, 1), full[1]);
});

test('a hand dealt before migration 30 is replayed in full once; the hands it passed are stored for next time', () => {
  const r = threeHands();
  const full = replayed(r, 2);
  r.store.db.prepare('DELETE FROM hand_starts WHERE game_id = ?').run(r.gameId);
  assert.equal(replayed(r, 2), full);
  assert.deepEqual(
    stored(r).map((x) => x.hand),
    [1, 2],
  );
  // A stored start of another engine state shape is not used (and replaced by the next full replay).
  r.store.db.prepare("UPDATE hand_starts SET format = 'chan@0', state = '{}' WHERE game_id = ?").run(r.gameId);
  assert.equal(replayed(r, 2), full);
  assert.ok(
    (r.store.db.prepare('SELECT format FROM hand_starts WHERE game_id = ?').all(r.gameId) as { format: string }[]).every(
      (x) => x.format !== 'chan@0',
    ),
  );
});
