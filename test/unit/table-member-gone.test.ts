/**
 * A seated player who is no longer a member of the table's server (act.ts 'member-gone', seating.ts
 * `memberGone`): each of their seats passes for good to a new AI at the takeover level, in one step,
 * whatever the table is doing; they vote no more, the host passes on, nothing of theirs acts there
 * again, and the log still replays. The bot side (GUILD_BAN_ADD, the DM click check) is e2e
 * member-gone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { canonical } from '../../src/games/core/match.js';
import { replayLog } from '../../src/store/index.js';
import { rig, timeOutToResult, type Rig } from '../support/table-rig.js';
import type { Effect } from '../../src/table/effects.js';
import { windowKind } from '../../src/table/timers.js';

const row = (r: Rig) => r.store.games.get(r.gameId)!;
const seats = (r: Rig) => r.store.games.seats(r.gameId);
const gone = (r: Rig, userId: string) => r.run({ kind: 'member-gone', gameId: r.gameId, userId });
const notice = (effects: Effect[]) => effects.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table')?.notice;
const replaysToLive = (r: Rig) => {
  const g = row(r);
  const engine = engineOf(g.game);
  const replayed = replayLog(engine, g.options, g.seats, g.seed, r.store.games.log(r.gameId));
  assert.equal(canonical(replayed), canonical(r.store.games.load(r.gameId)!.state), 'the log replays to the live state');
};

test("Phỏm, the host's turn: the AI (takeover level) plays the seat at once, the host passes on, the seat change is logged for the next deal", () => {
  const r = rig('phom', ['human', 'human', 'human'], { takeoverLevel: 'strong', timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.equal(r.pending()[0]!.seat, 0, 'the host starts');
  // u0 had voted to pause (1 of 2 needed): the vote goes with them.
  r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'pause' });
  assert.deepEqual(row(r).pauseVotes, ['pause:u0']);
  const v0 = r.version();
  const res = gone(r, 'u0');
  assert.equal(res.outcome.ok, true);
  const ai = seats(r)[0]!;
  // The hand in play stays theirs in the record (member-gone-record.test.ts): the seat remembers whose it is.
  assert.deepEqual(
    { ...ai, displayName: '' },
    { seat: 0, userId: null, isAi: true, displayName: '', aiLevel: 'strong', handFor: { userId: 'u0', displayName: 'P0' } },
  );
  assert.equal(row(r).hostUserId, 'u1', 'the host passed to the next person');
  assert.deepEqual(row(r).pauseVotes, []);
  assert.ok(r.version() > v0, 'the AI played the turn');
  assert.notEqual(r.pending()[0]!.seat, 0);
  const log = r.store.games.logWithMeta(r.gameId).slice(v0);
  assert.ok(log.length > 0 && log.every((e) => e.source === 'ai' || e.seat !== 0), 'seat 0 played by the AI only');
  // Logged at once (the hand plays on), so the next deal applies the starter rule (§3) as for a leaver.
  assert.deepEqual(log[0]!.action, { type: '@seat-change', left: [0], joined: [0], host: 1 });
  assert.deepEqual(notice(res.effects), { key: 'member-gone', seat: 0, name: 'P0', ai: ai.displayName });
  assert.ok(
    res.effects.some((e) => e.kind === 'ping'),
    'the next person is pinged',
  );
  replaysToLive(r);
  // Nothing of theirs acts at the table again.
  for (const verb of ['retake', 'refresh'] as const)
    assert.equal(r.run({ kind: 'hand', gameId: r.gameId, userId: 'u0', ver: 0, verb }).outcome.refusal?.key, 'errors:not-your-hand', verb);
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'pause' }).outcome.refusal?.key, 'errors:not-seated');
  assert.equal(r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' }).outcome.ok, false);
  // A second word of the same departure changes nothing.
  const again = gone(r, 'u0');
  assert.equal(again.outcome.refusal?.key, 'errors:not-seated');
  assert.equal(again.effects.length, 0);
});

test('Phỏm between hands: the seat change is logged as a leaver’s, and the new host ends the match', () => {
  const r = rig('phom', ['human', 'human', 'ai'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  const res = gone(r, 'u0');
  assert.equal(res.outcome.ok, true);
  const last = r.store.games.logWithMeta(r.gameId).at(-1)!;
  assert.equal(last.action.type, '@seat-change');
  assert.deepEqual((last.action as unknown as { left: number[]; joined: number[] }).left, [0]);
  assert.deepEqual(notice(res.effects), { key: 'member-gone', seat: 0, name: 'P0', ai: seats(r)[0]!.displayName });
  assert.equal(seats(r)[0]!.isAi, true);
  assert.ok(!res.effects.some((e) => e.kind === 'result'), 'the result is not posted again');
  replaysToLive(r);
  // The host (u0) could alone end the match; now u1 does.
  const end = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: r.version(), verb: 'end-match', arg: 'confirm.0' });
  assert.equal(end.outcome.ok, true);
  assert.equal(row(r).status, 'finished');
});

test('a game without seat changes (classical mahjong): the AI takes the seat mid-hand and between hands, nothing logged that replay would refuse', () => {
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const d = r.pending()[0]!;
  const v0 = r.version();
  assert.equal(gone(r, `u${d.seat}`).outcome.ok, true);
  assert.equal(seats(r)[d.seat]!.isAi, true);
  assert.ok(r.version() > v0);
  replaysToLive(r);
  timeOutToResult(r);
  const other = seats(r).find((s) => s.userId && s.userId !== 'u0')!;
  assert.equal(gone(r, other.userId!).outcome.ok, true);
  assert.ok(!r.store.games.log(r.gameId).some((e) => e.action.type === '@seat-change'));
  replaysToLive(r);
});

test('a paused table: the seat passes now, the one person left resumes alone, and the AI then plays the seat', () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: 0, verb: 'pause' });
  assert.equal(row(r).status, 'paused');
  const v0 = r.version();
  const res = gone(r, 'u0');
  assert.equal(res.outcome.ok, true);
  assert.equal(row(r).status, 'paused', 'still paused: nothing is played');
  assert.equal(r.version(), v0 + 1, 'only the seat change is logged (Phỏm: for the next deal)');
  assert.equal(r.store.games.logWithMeta(r.gameId).at(-1)!.action.type, '@seat-change');
  assert.ok(res.effects.some((e) => e.kind === 'unarchive'));
  assert.equal(notice(res.effects)?.key, 'member-gone');
  const resumed = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'resume' });
  assert.equal(row(r).status, 'running', 'one voter: one vote resumes');
  assert.equal(resumed.outcome.catchUp, true, 'the AI seat waits: the bot syncs next');
  r.run({ kind: 'sync', gameId: r.gameId });
  assert.ok(r.version() > v0 + 1, 'the AI played the seat');
  assert.equal(r.pending()[0]!.seat, 1);
});

test('the last person at a table of AIs leaves the server: the match ends, and the table says why', () => {
  const r = rig('phom', ['human', 'ai', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const res = gone(r, 'u0');
  assert.equal(res.outcome.ok, true);
  assert.equal(row(r).status, 'finished');
  assert.equal(row(r).hostUserId, null);
  assert.deepEqual(notice(res.effects), { key: 'member-gone', seat: 0, name: 'P0', ai: seats(r)[0]!.displayName, ended: true });
  assert.ok(res.effects.some((e) => e.kind === 'end-match'));
  assert.equal(gone(r, 'u0').outcome.refusal?.key, 'errors:game-ended');
});

test('an away player who leaves the server is not taken back from away by it (not a click of theirs)', () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.store.prefs.setAway('u0', r.clock.t + 86_400_000);
  gone(r, 'u0');
  assert.ok(r.store.prefs.isAway('u0', r.clock.t), 'still away elsewhere');
});

/**
 * A classical mahjong table of four people driven by timeouts until a claim window is open (with
 * `onlyOne`, one whose only decision is a single claim).
 */
function atClaimWindow(onlyOne = false): Rig | null {
  for (let k = 0; k < 40; k++) {
    const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: `gone-claim-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let n = 0; n < 200; n++) {
      const t = r.ts.load(r.gameId)!;
      if (t.engine.result(t.state)) break;
      const p = r.pending();
      if (
        onlyOne ? p.length === 1 && windowKind(p[0]!) === 'claim' && !p[0]!.secret : p.some((d) => windowKind(d) === 'claim' && !d.secret)
      )
        return r;
      const x = r.store.timers.forGame(r.gameId)[0]!;
      r.clock.t = x.deadline + 1;
      r.run({ kind: 'timeout', gameId: r.gameId, seat: x.seat, timerKind: x.kind, deadline: x.deadline });
    }
  }
  return null;
}

test('a claimant who leaves: the claim is not answered at that moment (who may claim is hidden); the step shows what a non-claimant’s leaving shows', () => {
  const claimant = atClaimWindow();
  const other = atClaimWindow();
  assert.ok(claimant && other, 'a claim window opens');
  const claims = claimant.pending().map((d) => d.seat);
  const c = claims[0]!;
  const n = [0, 1, 2, 3].find((s) => !claims.includes(s) && s !== c)!;
  const v0 = claimant.version();
  const a = gone(claimant, `u${c}`);
  const b = gone(other, `u${n}`);
  assert.equal(a.outcome.ok, true);
  assert.equal(claimant.version(), v0, 'nothing played now');
  assert.ok(
    claimant.pending().some((d) => d.seat === c),
    'the claim waits for its own time',
  );
  assert.equal(claimant.store.games.seats(claimant.gameId)[c]!.isAi, true, 'yet the seat is the AI’s');
  const shape = (effects: Effect[]) => effects.map((e) => (e.kind === 'table' ? `table:${e.notice?.key}` : e.kind));
  assert.deepEqual(shape(a.effects), shape(b.effects), 'the same effects whether or not they could claim');
  assert.equal(other.version(), v0, 'a non-claimant: nothing to play either');
  // Its timer answers it (the AI seat's claim runs out as anyone's does).
  const x = claimant.store.timers.forGame(claimant.gameId).find((t) => t.seat === c)!;
  claimant.clock.t = x.deadline + 1;
  assert.equal(
    claimant.run({ kind: 'timeout', gameId: claimant.gameId, seat: c, timerKind: 'claim', deadline: x.deadline }).outcome.ok,
    true,
  );
  assert.ok(!claimant.pending().some((d) => d.seat === c && windowKind(d) === 'claim'));
  replaysToLive(claimant);
});

test('a paused table resumes alike whether or not the member gone meanwhile held the open claim (#13 §2)', () => {
  const resumed = (who: 'claimant' | 'other') => {
    const r = atClaimWindow(true);
    assert.ok(r, 'a claim window with one claimant');
    const c = r.pending()[0]!.seat;
    const gone = who === 'claimant' ? c : [0, 1, 2, 3].find((s) => s !== c)!;
    const voters = [0, 1, 2, 3].filter((s) => s !== gone);
    for (const s of voters) r.run({ kind: 'table', gameId: r.gameId, userId: `u${s}`, ver: 0, verb: 'pause' });
    assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
    assert.equal(r.run({ kind: 'member-gone', gameId: r.gameId, userId: `u${gone}` }).outcome.ok, true);
    let res: ReturnType<Rig['run']> | undefined;
    for (const s of voters) {
      res = r.run({ kind: 'table', gameId: r.gameId, userId: `u${s}`, ver: 0, verb: 'resume' });
      if (r.store.games.get(r.gameId)!.status === 'running') break;
    }
    if (res!.outcome.catchUp) r.run({ kind: 'sync', gameId: r.gameId });
    return {
      catchUp: res!.outcome.catchUp === true,
      kinds: res!.effects.map((e) => e.kind),
      claimPing: res!.effects.some((e) => e.kind === 'ping' && e.claim.length > 0),
      stillOpen: r.pending().some((d) => d.seat === c && windowKind(d) === 'claim'),
    };
  };
  const claimant = resumed('claimant');
  assert.deepEqual(claimant, resumed('other'));
  assert.equal(claimant.claimPing, true, 'claims are open again: pinged, naming nobody');
  assert.equal(claimant.stillOpen, true, 'the window keeps its own time');
});

test('Phỏm: a member gone mid-hand is a seat change for the next deal: the host starts it, not the AI that won in their seat (§3)', () => {
  for (let k = 0; k < 30; k++) {
    const r = rig('phom', ['human', 'human', 'human'], { timeoutPolicy: 'ai', seed: `mg-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    assert.equal(gone(r, 'u1').outcome.ok, true);
    const t = timeOutToResult(r);
    if ((t.state as { end: { winner: number } }).end.winner !== 1) continue;
    assert.equal(
      r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: row(r).version, verb: 'next-hand', arg: '0' }).outcome.ok,
      true,
    );
    assert.equal((r.ts.load(r.gameId)!.state as { starter: number }).starter, 0, 'starter-reset any-change: the host starts');
    replaysToLive(r);
    return;
  }
  assert.fail('no seed where the seat of the gone member won');
});
