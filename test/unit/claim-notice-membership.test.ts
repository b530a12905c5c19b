/**
 * A DM claim notice refused with 50007 asks nothing about membership (notifier.ts `refused`): claim
 * notices go only to the seats that can claim, so a kicked claimant found gone, and leaving the table
 * in public at the next housekeeping round, would tell that their seat could claim (#13 §2), while a
 * kicked non-claimant is not asked. scheduler.ts asks at turn timers only, for the same reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWithAiUntil, rig } from '../support/table-rig.js';
import { chanTwoClaimantSeed } from '../e2e/seeded.js';
import { Notifier, type Membership } from '../../src/notify/notifier.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('a refused claim DM notice does not ask (and act on) whether the claimant is still a member', async () => {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: chanTwoClaimantSeed(), timer: { name: 'live' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAiUntil(r, () => r.pending().filter((d) => d.kind === 'claim').length >= 2, undefined, 300);
  const claims = r.pending().filter((d: Decision<BaseAction>) => d.kind === 'claim');
  assert.ok(claims.length >= 2, 'a claim window is open');
  const claimant = `u${claims[0]!.seat}`;
  r.clock.t += 10 * 60_000;
  r.store.prefs.setNotify(claimant, 'claim', true);
  r.store.notices.add({ userId: claimant, gameId: r.gameId, kind: 'claim', version: r.version(), hand: 0, dueAt: r.clock.t });
  const asked: string[] = [];
  const gone: string[] = [];
  const members: Membership = {
    isMember: async (_g, u) => (asked.push(u), false),
    gone: (_g, u) => void gone.push(u),
  };
  // The DM is refused with 50007 (the claimant was kicked from the server).
  await new Notifier(r.store, r.ts, async () => 'closed').due(r.clock.t, members);
  assert.equal(r.store.notices.all(claimant)[0]!.sentAt !== null, true, 'the notice was tried');
  assert.deepEqual(
    { asked, gone },
    { asked: [], gone: [] },
    'a claim notice (sent only to who can claim) must not decide who is found gone: the next housekeeping round removes the claimant in public',
  );
});
