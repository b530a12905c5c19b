/**
 * A player who goes /away while the table is paused: the resume leaves their decision to a `sync`
 * the bot runs next (`catchUp`, src/bot/effects.ts `run`), which plays it at once, as at a running
 * table, and does not ping them. The decision waited for its reminder or deadline (12 h at an async
 * table).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';

test('an away player’s decision is played right after the resume, and the resume does not ping them', () => {
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { timer: { name: 'async' }, seed: 'resume-away' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const seat = r.pending()[0]!.seat;
  const voters = ['u0', 'u1', 'u2'].filter((u) => u !== `u${seat}`);
  for (const u of voters) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: r.version(), verb: 'pause' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  r.store.prefs.setAway(`u${seat}`, r.clock.t + 86_400_000);
  assert.equal(r.run({ kind: 'sync', gameId: r.gameId }).outcome.applied, 0, 'nothing is played while paused');
  r.clock.t += 60_000;
  let resumed = r.run({ kind: 'table', gameId: r.gameId, userId: voters[0]!, ver: r.version(), verb: 'resume' });
  if (r.store.games.get(r.gameId)!.status === 'paused')
    resumed = r.run({ kind: 'table', gameId: r.gameId, userId: voters[1]!, ver: r.version(), verb: 'resume' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  assert.equal(resumed.outcome.catchUp, true);
  const pings = resumed.effects.filter((e) => e.kind === 'ping') as { turn: number[] }[];
  assert.ok(
    pings.every((p) => !p.turn.includes(seat)),
    'the away player is not pinged',
  );
  // The bot runs a sync next: the away player's decision is played (source away).
  const before = r.version();
  const sync = r.run({ kind: 'sync', gameId: r.gameId });
  assert.ok(sync.outcome.applied > 0);
  const log = r.store.games.log(r.gameId).filter((e) => e.seq > before);
  assert.ok(
    log.some((e) => e.seat === seat),
    'the away seat moved',
  );
  assert.ok(
    r.store.db
      .prepare('SELECT 1 FROM actions WHERE game_id = ? AND seq > ? AND seat = ? AND source = ?')
      .get(r.gameId, before, seat, 'away'),
    'logged as played for an away player',
  );
});

test('a resume with nobody away asks for no catch-up', () => {
  const r = rig('phom', ['human', 'human', 'ai'], { timer: { name: 'async' }, seed: 'resume-plain' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: r.version(), verb: 'pause' });
  let res = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'resume' });
  if (r.store.games.get(r.gameId)!.status === 'paused')
    res = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: r.version(), verb: 'resume' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  assert.equal(res.outcome.catchUp, undefined);
});
