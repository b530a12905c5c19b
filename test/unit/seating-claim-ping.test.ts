/**
 * Players who left during the hand (phom.md §11.3; the engine plays their seat out) are not mentioned
 * by the claim part of a ping nor by a claim reminder (src/table/views.ts `claimAudience`), and those
 * messages still reveal nothing (issue #13 §2): they are the same whichever seats may claim. Today
 * only Phỏm has seat changes, and it has no claim windows: each game with claims is given a leaver
 * here (its engine's `seating.leftSeats`, what a game with both would say).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';
import { claimReminderText, pingView } from '../../src/table/views.js';
import type { Table } from '../../src/table/store.js';
import { pendingOf, withClaimants } from '../support/claim-variants.js';
import type { BaseAction, GameId } from '../../src/games/core/types.js';

/** Plays AI choices (as the people's moves) until a claim window is open; null at the hand's end. */
function untilClaim(r: Rig): Table | null {
  for (let n = 0; n < 600; n++) {
    const t = r.ts.load(r.gameId)!;
    if (t.engine.result(t.state)) return null;
    const p = pendingOf(t);
    if (p.some((d) => d.kind === 'claim')) return t;
    const d = p[0]!;
    const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: t.engine.ai(t.state, d.seat) as BaseAction, ver: null });
    assert.equal(res.outcome.ok, true);
  }
  return null;
}

for (const game of ['chan', 'vn-mahjong', 'classic-mahjong'] as GameId[]) {
  test(`${game}: a player who left during the hand is not mentioned for claims, and the claim ping still names no claimant`, () => {
    let t: Table | null = null;
    for (let k = 0; k < 6 && !t; k++) {
      const r = rig(game, ['human', 'human', 'human', 'human'], { timeoutPolicy: 'ai', seed: `left-claims-${game}-${k}` });
      assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
      t = untilClaim(r);
    }
    assert.ok(t, 'a claim window');
    const claimants = pendingOf(t)
      .filter((d) => d.kind === 'claim')
      .map((d) => d.seat);
    // The leaver: a seat with no claim (the engine plays a leaver's seat out).
    const left = [0, 1, 2, 3].find((s) => !claimants.includes(s))!;
    const others = [0, 1, 2, 3].filter((s) => s !== left);
    const base = withClaimants(t, claimants, [left]);
    const ping = pingView(base, [], claimants, 'en');
    assert.deepEqual(
      ping.users,
      others.map((s) => `u${s}`),
      'everyone seated but the leaver',
    );
    assert.ok(!ping.lines.join('\n').includes(`<@u${left}>`), 'the leaver is not mentioned');
    const reminder = claimReminderText(base, 'en', { n: 3, vote: true });
    assert.deepEqual(
      reminder.users,
      others.map((s) => `u${s}`),
    );
    assert.ok(!reminder.text.includes(`<@u${left}>`));
    // Whichever of the others may claim, the same words and mentions.
    for (const v of [others.slice(0, 1), others.slice(1), others]) {
      const alt = withClaimants(t, v, [left]);
      assert.deepEqual(pingView(alt, [], v, 'en'), ping, `claimants ${claimants} vs ${v}`);
      assert.deepEqual(claimReminderText(alt, 'en', { n: 3, vote: true }), reminder);
      const live = new Set([others[0]!]);
      assert.deepEqual(pingView(alt, [], v, 'en', live), pingView(base, [], claimants, 'en', live));
    }
    // The control: with nobody left, every person seated is mentioned.
    const none = withClaimants(t, claimants, []);
    assert.deepEqual(
      pingView(none, [], claimants, 'en').users,
      [0, 1, 2, 3].map((s) => `u${s}`),
    );
  });
}

test('vn-mahjong at 6 people: the two reserves sitting the hand out are not mentioned for claims (§3)', () => {
  const r = rig('vn-mahjong', ['human', 'human', 'human', 'human', 'human', 'human'], { seed: 'reserve-claims' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  // The opening window (secret jokers to expose) is a claim window too: its ping leaves them out as well.
  const checks: Table[] = [];
  const t0 = r.ts.load(r.gameId)!;
  if (pendingOf(t0).some((d) => d.kind === 'claim')) checks.push(t0);
  const t = untilClaim(r);
  assert.ok(t, 'a claim window');
  checks.push(t);
  for (const c of checks) {
    const out = (c.engine.publicView(c.state) as { sittingOut: number[] }).sittingOut;
    assert.equal(out.length, 2, 'two reserves');
    const playing = [0, 1, 2, 3, 4, 5].filter((s) => !out.includes(s)).map((s) => `u${s}`);
    const claimants = pendingOf(c)
      .filter((d) => d.kind === 'claim')
      .map((d) => d.seat);
    assert.deepEqual(pingView(c, [], claimants, 'en').users, playing);
    assert.deepEqual(claimReminderText(c, 'en', { n: 3, vote: true }).users, playing);
  }
});
