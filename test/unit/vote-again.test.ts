/**
 * A second "AI plays for …" click of the same voter (src/table/absent.ts `voteAbsent`) was taken as a
 * new vote: it committed a step, posted the public "vote" notice again with the same count and moved
 * public_at (which the idle-days end counts from). Now it is answered to the clicker alone, as a
 * second Pause vote is (errors:already-voted, README Pause / Resume). The claims vote: in
 * table-absent-claims.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';

const row = (r: Rig) => r.store.games.get(r.gameId)!;
const table = (r: Rig, userId: string, verb: 'absent-ai', arg?: string) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: row(r).version, verb, ...(arg !== undefined ? { arg } : {}) });

test('a second absent-seat vote of the same voter posts nothing new in public', () => {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { timer: { name: 'live' } });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.kind === 'turn');
  const absent = timer.seat;
  const voter = [0, 1, 2, 3].find((s) => s !== absent)!;
  for (let i = 0; i < 3; i++) {
    r.clock.t = r.store.timers.forGame(r.gameId).find((x) => x.seat === absent)!.remindAt!;
    r.run({ kind: 'remind', gameId: r.gameId, seat: absent });
  }
  const first = table(r, `u${voter}`, 'absent-ai', String(absent));
  assert.equal(first.outcome.ok, true);
  const v = row(r).version;
  const publicAt = row(r).publicAt;
  r.clock.t += 60_000;
  const again = table(r, `u${voter}`, 'absent-ai', String(absent));
  const notices = again.effects.filter((e) => e.kind === 'table' && e.notice);
  assert.deepEqual(
    { ok: again.outcome.ok, refusal: again.outcome.refusal?.key, notices: notices.length, publicAtMoved: row(r).publicAt !== publicAt },
    { ok: false, refusal: 'errors:already-voted', notices: 0, publicAtMoved: false },
    'answered to the clicker alone, as a second Pause vote is',
  );
  assert.equal(row(r).version, v);
});
