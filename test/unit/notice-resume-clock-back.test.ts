/**
 * A resume pings again at the same state version, and the notifier makes that version's notice wait
 * again (NoticeStore.rearm). Whether the resume already did so (its effects executed again after a
 * restart) was decided by time order, `sent_at < since`: after the host clock stepped back, a DM sent
 * before the pause was stamped ahead of the resume, and the resume's DM was never sent. It is now the
 * resume the notice was made to wait for (migration 32 `armed_for`), compared for equality.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phomWithNotices } from '../support/notice-tables.js';

const HOUR = 3_600_000;

test('after the clock steps back, a resume still DMs the player to move', async () => {
  const { r, sent, step, vote } = phomWithNotices('resume-dm-1');
  await step({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const mover = `u${r.pending()[0]!.seat}`;
  const other = mover === 'u0' ? 'u1' : 'u0';
  assert.deepEqual(sent, [mover]);
  r.clock.t -= 3 * HOUR; // NTP steps a fast host clock back 3 h
  await vote('u0', 'pause');
  await vote('u1', 'pause');
  r.clock.t += HOUR; // an hour later (still before the first DM's stamp)
  await vote(mover, 'resume');
  await vote(other, 'resume');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  assert.deepEqual(sent, [mover, mover], 'told again after the resume');
});

test("the resume's effects executed again after the clock stepped back send no second DM", async () => {
  const { r, n, sent, step, vote } = phomWithNotices('resume-dm-1');
  await step({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const mover = `u${r.pending()[0]!.seat}`;
  const other = mover === 'u0' ? 'u1' : 'u0';
  await vote('u0', 'pause');
  await vote('u1', 'pause');
  r.clock.t += 5 * HOUR;
  await vote(mover, 'resume');
  const resumed = await vote(other, 'resume');
  assert.deepEqual(sent, [mover, mover], 'told again after the resume');
  // The clock steps back an hour, then a restart executes the resume's effects again.
  r.clock.t -= HOUR;
  await n.onEffects(r.ts.load(r.gameId)!, resumed.effects, r.clock.t);
  await n.due(r.clock.t);
  assert.deepEqual(sent, [mover, mover], 'one DM for the resume');
});

test('a notice the resume recorded first is not sent twice when its effects run again after the clock stepped back', async () => {
  // Nobody asked for notices before the pause: the resume's ping records the first notice.
  const { r, n, sent, step, vote } = phomWithNotices('resume-dm-1', []);
  await step({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const mover = `u${r.pending()[0]!.seat}`;
  const other = mover === 'u0' ? 'u1' : 'u0';
  await vote('u0', 'pause');
  await vote('u1', 'pause');
  r.store.prefs.setNotify(mover, 'turn', true);
  r.clock.t += 5 * HOUR;
  await vote(mover, 'resume');
  const resumed = await vote(other, 'resume');
  assert.deepEqual(sent, [mover]);
  assert.equal(r.store.notices.all(mover)[0]!.armedFor, r.clock.t, 'recorded for this resume');
  r.clock.t -= HOUR;
  await n.onEffects(r.ts.load(r.gameId)!, resumed.effects, r.clock.t);
  await n.due(r.clock.t);
  assert.deepEqual(sent, [mover], 'one DM for the resume');
});

test('a second pause and resume DMs the player once more', async () => {
  const { r, sent, step, vote } = phomWithNotices('resume-dm-1');
  await step({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const mover = `u${r.pending()[0]!.seat}`;
  const other = mover === 'u0' ? 'u1' : 'u0';
  for (let k = 0; k < 2; k++) {
    await vote('u0', 'pause');
    await vote('u1', 'pause');
    r.clock.t += 5 * HOUR;
    await vote(mover, 'resume');
    await vote(other, 'resume');
  }
  assert.deepEqual(sent, [mover, mover, mover]);
});
