/**
 * Deadlines that follow each game's rules (issue #14 §3, src/table/timers.ts, src/table/absent.ts):
 * one precedence for presets and a game's own timeout options, and Chắn's `decision-timeout-s` = 0
 * (the seed: no automatic deadline) never plays anything automatically: the table reminds the player
 * after 12 h, 24 h, then daily, and after the server's number of reminders the others may vote.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { durations, isOff } from '../../src/table/timers.js';
import { rig, type Rig } from '../support/table-rig.js';
import { pingView } from '../../src/table/views.js';

const H = 3600_000;

test('one precedence: custom seconds, then a game that turns deadlines off, then live numbers or the async preset', () => {
  const chanOff = { turn: 'off', claim: 'off' } as const;
  assert.deepEqual(durations({ name: 'live' }, chanOff), { turnMs: null, claimMs: null });
  assert.deepEqual(durations({ name: 'async' }, chanOff), { turnMs: null, claimMs: null }, '0 = off whatever the preset');
  assert.deepEqual(durations({ name: 'custom', turnMs: 90_000, claimMs: 20_000 }, chanOff), { turnMs: 90_000, claimMs: 20_000 });
  assert.deepEqual(durations({ name: 'live' }, { turn: 30, claim: 30 }), { turnMs: 30_000, claimMs: 30_000 });
  assert.deepEqual(durations({ name: 'async' }, { turn: 25, claim: 25 }), { turnMs: 24 * H, claimMs: 12 * H });
  assert.deepEqual(durations({ name: 'live' }, {}), { turnMs: 60_000, claimMs: 30_000 });
});

/** Sends every due reminder as the bot's scheduler does, up to `until`. */
function remindUntil(r: Rig, until: number): { seat: number; n?: number; vote?: boolean }[] {
  const sent: { seat: number; n?: number; vote?: boolean }[] = [];
  for (let i = 0; i < 100; i++) {
    const due = r.store.timers.remindersDue(until).sort((a, b) => a.remindAt! - b.remindAt!)[0];
    if (!due) break;
    r.clock.t = due.remindAt!;
    const res = r.run({ kind: 'remind', gameId: r.gameId, seat: due.seat });
    for (const e of res.effects)
      if (e.kind === 'remind') sent.push({ seat: e.seat, ...(e.n ? { n: e.n } : {}), ...(e.vote ? { vote: true } : {}) });
    assert.deepEqual(r.store.timers.due(r.clock.t), [], 'never due');
  }
  r.clock.t = until;
  return sent;
}

test('Chắn with decision-timeout-s 0: a week passes, nothing is played, reminders at 12 h, 24 h, then daily; then the vote', () => {
  const r = rig('chan', ['human', 'human', 'human', 'ai'], { timer: { name: 'live' } });
  const t0 = r.clock.t;
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer, 'a person must decide');
  assert.ok(isOff(timer.deadline), 'no automatic deadline');
  assert.equal(timer.remindAt, t0 + 12 * H);
  const version = r.store.games.get(r.gameId)!.version;
  const sent = remindUntil(r, t0 + 7 * 24 * H);
  assert.equal(r.store.games.get(r.gameId)!.version, version, 'nothing was played in a week');
  assert.ok(!r.store.games.logWithMeta(r.gameId).some((e) => e.source === 'timeout'));
  // 12 h, 24 h, 48 h, … 168 h: 8 reminders; the vote is offered from the third (vote-after default 3).
  assert.deepEqual(
    sent.map((s) => [s.seat, s.n, s.vote ?? false]),
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [timer.seat, n, n >= 3]),
  );
  // The waiting seat cannot vote about itself; the others vote by majority.
  const absent = timer.seat;
  const others = [0, 1, 2].filter((s) => s !== absent);
  const ver = r.store.games.get(r.gameId)!.version;
  const vote = (seat: number) =>
    r.run({ kind: 'table', gameId: r.gameId, userId: `u${seat}`, ver, verb: 'absent-ai', arg: String(absent) });
  assert.equal(vote(absent).outcome.refusal?.key, 'errors:vote-own-seat');
  const first = vote(others[0]!);
  assert.equal(first.outcome.ok, true);
  const n = first.effects.find((e) => e.kind === 'table');
  assert.equal(n?.kind === 'table' && n.notice?.key, 'vote-absent');
  assert.equal(r.store.games.get(r.gameId)!.version, ver, 'one vote of two changes nothing');
  const second = vote(others[1]!);
  assert.equal(second.outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[absent]!.isAi, true, 'the AI plays the seat');
  assert.ok(r.store.games.logWithMeta(r.gameId).some((e) => e.seat === absent && e.source === 'ai'));
});

test('the vote is refused before enough reminders, and ending the match by vote finishes it', () => {
  const r = rig('chan', ['human', 'human', 'ai', 'ai'], { timer: { name: 'async' } });
  const t0 = r.clock.t;
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const absent = r.store.timers.forGame(r.gameId)[0]!.seat;
  const other = absent === 0 ? 1 : 0;
  const ver = () => r.store.games.get(r.gameId)!.version;
  const end = (arg = String(absent)) =>
    r.run({ kind: 'table', gameId: r.gameId, userId: `u${other}`, ver: ver(), verb: 'absent-end', arg });
  remindUntil(r, t0 + 30 * H); // two reminders
  assert.equal(end().outcome.refusal?.key, 'errors:no-absent-vote');
  remindUntil(r, t0 + 50 * H); // the third
  // The deciding vote (two people: any) asks first (absent.ts `askEnd`); its Yes ends the match.
  const ask = end();
  assert.equal(ask.outcome.refusal?.key, 'common:end-match.vote-confirm');
  assert.equal(end(ask.outcome.confirm!.arg).outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
});

test('the turn ping names a deadline only where there is one (Chắn with none, Phỏm with async)', () => {
  const ping = (game: 'chan' | 'phom') => {
    const r = rig(game, ['human', 'human', 'human', 'human'], { seed: 'ping-deadline', timer: { name: 'async' } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const t = r.ts.load(r.gameId)!;
    const turn = r
      .pending()
      .filter((d) => d.kind !== 'claim')
      .map((d) => d.seat);
    assert.ok(turn.length, 'someone has a turn');
    return { lines: pingView(t, turn, [], 'en').lines.join('\n'), off: t.timers.every((x) => isOff(x.deadline)) };
  };
  const chan = ping('chan');
  assert.ok(chan.off, 'Chắn decision-timeout-s 0: no deadline');
  assert.doesNotMatch(chan.lines, /Deadline/, 'no "Deadline in 126,000 years"');
  const phom = ping('phom');
  assert.match(phom.lines, /Deadline <t:\d+:R>/);
});
