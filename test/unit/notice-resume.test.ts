/**
 * A resumed table pings again at the same state version (act.ts 'resume'): the DM notice of that
 * version, already sent before the pause or dropped while paused, is sent once more, and only once
 * even when the resume's effects are executed twice (a restart before the bot cleared its outbox).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phomWithNotices } from '../support/notice-tables.js';

const DAY = 86_400_000;

test('after a resume, the player to move is told again by DM (the notice of that version was sent before the pause)', async () => {
  const { r, n, sent, step, vote } = phomWithNotices('resume-dm-1');
  await step({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const mover = `u${r.pending()[0]!.seat}`;
  assert.deepEqual(sent, [mover], 'their move, told once');
  const other = mover === 'u0' ? 'u1' : 'u0';
  await vote('u0', 'pause');
  await vote('u1', 'pause');
  r.clock.t += 3 * DAY;
  // The other player's vote decides (the voter who decides is at the table: see the next test).
  await vote(mover, 'resume');
  const resumed = await vote(other, 'resume');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  assert.deepEqual(sent, [mover, mover], 'told again after the resume');
  // The same effects executed again (a restart before the outbox was cleared): no second DM.
  await n.onEffects(r.ts.load(r.gameId)!, resumed.effects, r.clock.t + 1000);
  await n.due(r.clock.t + 2000);
  assert.deepEqual(sent, [mover, mover]);
});

test('a "your move" notice held through quiet hours and dropped because the table was paused is sent after the resume', async () => {
  const { r, n, sent, step, vote } = phomWithNotices('resume-dm-2');
  // Quiet all day but one minute (UTC): the start's notice waits.
  for (const u of ['u0', 'u1']) r.store.prefs.setQuiet(u, { from: 0, to: 1439 });
  await step({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const mover = `u${r.pending()[0]!.seat}`;
  assert.deepEqual(sent, []);
  await vote('u0', 'pause');
  await vote('u1', 'pause');
  // Quiet hours over (23:59 UTC) while the table is paused: not the user's move, so dropped.
  const quietEnd = Math.ceil((r.clock.t + 1) / DAY) * DAY - 60_000;
  r.clock.t = quietEnd;
  await n.due(r.clock.t);
  assert.deepEqual(sent, []);
  assert.equal(r.store.notices.waiting(mover).length, 0, 'dropped while paused');
  r.clock.t += 10_000;
  await vote(mover, 'resume');
  await vote(mover === 'u0' ? 'u1' : 'u0', 'resume');
  assert.deepEqual(sent, [mover], 'sent after the resume');
});

test('the player whose vote resumes the table is at it: no DM for them', async () => {
  const { r, sent, step, vote } = phomWithNotices('resume-dm-3');
  await step({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const mover = `u${r.pending()[0]!.seat}`;
  await vote('u0', 'pause');
  await vote('u1', 'pause');
  r.clock.t += 3 * DAY;
  await vote(mover === 'u0' ? 'u1' : 'u0', 'resume');
  await vote(mover, 'resume');
  assert.deepEqual(sent, [mover], 'only the notice from before the pause');
});

test('a delivery round that began before the resume and sent after it does not make the resume send the notice again', async () => {
  const { r, n, sent, vote } = phomWithNotices('resume-dm-4');
  for (const u of ['u0', 'u1']) r.store.prefs.setQuiet(u, { from: 0, to: 1439 });
  const start = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  await n.onEffects(r.ts.load(r.gameId)!, start.effects, r.clock.t);
  const mover = `u${r.pending()[0]!.seat}`;
  await vote('u0', 'pause');
  await vote('u1', 'pause');
  // Quiet hours end at D0, when a delivery round starts; the resume commits while it is still busy.
  const d0 = Math.ceil((r.clock.t + 1) / DAY) * DAY - 60_000;
  r.clock.t = d0 + 5_000;
  r.run({ kind: 'table', gameId: r.gameId, userId: mover, ver: 0, verb: 'resume' });
  const resumed = r.run({ kind: 'table', gameId: r.gameId, userId: mover === 'u0' ? 'u1' : 'u0', ver: 0, verb: 'resume' });
  // The round reaches this user now (the table runs again: sent), with the round's older `now`.
  await n.due(d0);
  assert.deepEqual(sent, [mover]);
  // Then the resume's effects reach the notifier: already sent after the resume.
  await n.onEffects(r.ts.load(r.gameId)!, resumed.effects, r.clock.t + 2_000);
  assert.deepEqual(sent, [mover], 'one DM');
});
