/** A fixture of the rules-changed tests: a match whose log today's engine refuses. */
import assert from 'node:assert/strict';
import { rig, timeOutToResult, type Rig } from './table-rig.js';

/**
 * A Phỏm table `hands` hands in (one unless said), whose log then holds a move today's engine refuses
 * (appended as an old engine accepted it: a stand-in for a rule fix since).
 */
export function refusedTail(hands = 1): Rig {
  const r = rig('phom', ['human', 'ai', 'human', 'ai'], { seed: 'rules-changed' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let h = 0; h < hands; h++) {
    timeOutToResult(r);
    assert.ok(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand' }).outcome.ok);
  }
  const row = r.store.games.get(r.gameId)!;
  r.store.db
    .prepare('INSERT INTO actions (game_id, seq, hand, seat, action, source, user_id, created_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?)')
    .run(r.gameId, row.version + 1, row.handIndex, JSON.stringify({ type: 'discard', card: 'ZZ' }), 'player', 'u1', r.clock.t);
  r.store.db.prepare('UPDATE games SET version = version + 1 WHERE id = ?').run(r.gameId);
  r.store.games.forgetCache();
  return r;
}
