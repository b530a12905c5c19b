/**
 * An open claim window at a table without deadlines (issue #14 §3 with #13 §2; src/table/absent.ts
 * `voteClaims`, act.ts `remind`). Who may claim is hidden, so the window is reminded once for
 * everybody (12 h, 24 h, then daily), every seated player may vote after the server's number of
 * reminders to let the AI answer the open claims or end the match, and every public effect (the
 * reminders, the vote notices, the result) is the same whichever seats still have a decision:
 * three tables with the same deal are compared, one where both claimants are still deciding and
 * two where one or the other already passed (the claimant seats swapped).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import type { Effect } from '../../src/table/effects.js';
import { claimReminderText, tableView } from '../../src/table/views.js';
import { isOff } from '../../src/table/timers.js';
import { summarize } from '../../src/notify/tables.js';

const H = 3600_000;
const chan = engineOf('chan');

/** A Chắn deal (default rules: no deadline) whose hand, played by the AI, opens a window with two claimants. */
function twoClaimantSeed(): string {
  const options = defaultOptions(GAMES.chan.engine.options);
  for (let k = 0; k < 100; k++) {
    const seed = `absent-claims-${k}`;
    let state = initialState(chan, options, 4, seed);
    for (let n = 0; n < 600 && !chan.result(state); n++) {
      const pending = chan.pending(state) as Decision<BaseAction>[];
      if (pending.filter((d) => d.kind === 'claim').length >= 2) return seed;
      const d = pending[0]!;
      const r = chan.apply(state, d.seat, chan.ai(state, d.seat) as BaseAction);
      assert.ok(r.ok);
      state = r.value;
    }
  }
  throw new Error('no deal with two claimants');
}
const SEED = twoClaimantSeed();

/** Four people at the table, played (as the AI would, one decision at a time) up to that window. */
function atWindow(): { r: Rig; claimants: number[] } {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: SEED, timer: { name: 'async' } });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  for (let n = 0; n < 600; n++) {
    const pending = r.pending();
    const claims = pending.filter((d) => d.kind === 'claim');
    if (claims.length >= 2) return { r, claimants: claims.map((d) => d.seat) };
    const d = pending[0]!;
    const t = r.ts.load(r.gameId)!;
    const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: chan.ai(t.state, d.seat) as BaseAction, ver: null });
    assert.equal(res.outcome.ok, true);
  }
  throw new Error('the window never opened');
}

/** A claimant passes (as they would with their hand view's Pass). */
function pass(r: Rig, seat: number): void {
  const d = r.pending().find((x) => x.seat === seat && x.kind === 'claim')!;
  const i = d.options.findIndex((a) => a.type === 'pass');
  const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${seat}`, ver: r.token(seat), verb: 'act', arg: String(i) });
  assert.equal(res.outcome.ok, true);
}

/** Every due reminder, as the scheduler sends them (one remind command per due timer), up to `until`. */
function remindUntil(r: Rig, until: number): Effect[] {
  const sent: Effect[] = [];
  for (let i = 0; i < 100; i++) {
    const due = r.store.timers.remindersDue(until).sort((a, b) => a.remindAt! - b.remindAt!);
    if (!due.length) break;
    r.clock.t = due[0]!.remindAt!;
    for (const d of due.filter((x) => x.remindAt === due[0]!.remindAt)) {
      const res = r.run({ kind: 'remind', gameId: r.gameId, seat: d.seat });
      sent.push(...res.effects.filter((e) => e.kind === 'remind' || e.kind === 'remind-claims'));
    }
    assert.deepEqual(r.store.timers.due(r.clock.t), [], 'never due');
  }
  r.clock.t = until;
  return sent;
}

const noticeOf = (effects: Effect[]) => effects.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table')?.notice;

/** Three tables at the same window: both claimants deciding, only the second, only the first. */
function threeTables() {
  const a = atWindow();
  const [c1, c2] = a.claimants as [number, number];
  const b = atWindow();
  pass(b.r, c1);
  const c = atWindow();
  pass(c.r, c2);
  return { tables: [a.r, b.r, c.r], c1, c2 };
}

test('an open claim window without a deadline is reminded once for everybody, the same whichever seats may claim', () => {
  const { tables, c1, c2 } = threeTables();
  const t0 = tables[0]!.clock.t;
  const claimSeats = (r: Rig) =>
    r
      .pending()
      .filter((d) => d.kind === 'claim')
      .map((d) => d.seat);
  assert.deepEqual(claimSeats(tables[0]!).sort(), [c1, c2].sort());
  assert.deepEqual(claimSeats(tables[1]!), [c2]);
  assert.deepEqual(claimSeats(tables[2]!), [c1]);
  for (const r of tables) assert.ok(r.store.timers.forGame(r.gameId).every((x) => x.kind === 'claim' && isOff(x.deadline)));
  const versions = tables.map((r) => r.store.games.get(r.gameId)!.version);
  const sent = tables.map((r) => remindUntil(r, t0 + 7 * 24 * H));
  // 12 h, 24 h, 48 h … 168 h: one reminder each time (not one per claimant), the vote from the third.
  assert.deepEqual(
    sent[0],
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ kind: 'remind-claims', n, ...(n >= 3 ? { vote: true } : {}) })),
  );
  assert.deepEqual(sent[1], sent[0], 'the same reminders with the claimants swapped');
  assert.deepEqual(sent[2], sent[0], 'the same reminders with the claimants swapped');
  tables.forEach((r, k) => {
    assert.equal(r.store.games.get(r.gameId)!.version, versions[k], 'nothing was played in a week');
    assert.ok(!r.store.games.logWithMeta(r.gameId).some((e) => e.source === 'timeout' || e.source === 'ai'));
  });
  // The public words: the reminder and the table message are the same for the three tables.
  for (const lang of ['en', 'vi', 'zh-TW'] as const) {
    const views = tables.map((r) => {
      const t = r.ts.load(r.gameId)!;
      const strip = (x: unknown) => JSON.parse(JSON.stringify(x).replaceAll(r.gameId, 'G')) as unknown;
      return strip([claimReminderText(t, lang, { n: 3, vote: true }), tableView(t, lang)]);
    });
    assert.deepEqual(views[1], views[0], lang);
    assert.deepEqual(views[2], views[0], lang);
    const text = claimReminderText(tables[0]!.ts.load(tables[0]!.gameId)!, lang, { n: 3, vote: true });
    assert.deepEqual(text.users, ['u0', 'u1', 'u2', 'u3'], 'everybody is mentioned, claimant or not');
    assert.equal(text.rows[0]?.length, 2, 'the two vote buttons');
  }
});

test('the vote: every seated player may vote (a claimant too), by majority; the AI answers the open claims; the same result', () => {
  const { tables } = threeTables();
  const t0 = tables[0]!.clock.t;
  const vote = (r: Rig, user: string) => r.run({ kind: 'table', gameId: r.gameId, userId: user, ver: 0, verb: 'absent-ai', arg: 'claims' });
  const results = tables.map((r) => {
    remindUntil(r, t0 + 30 * H); // two reminders: not yet
    const early = [0, 1, 2, 3].map((s) => vote(r, `u${s}`).outcome.refusal?.key);
    assert.deepEqual(early, Array(4).fill('errors:no-absent-vote'), 'refused alike for claimants and the others');
    remindUntil(r, t0 + 50 * H); // the third
    const window = Math.min(...r.store.timers.forGame(r.gameId).map((x) => x.version));
    const before = r.store.games.get(r.gameId)!.version;
    const claimants = r
      .pending()
      .filter((d) => d.kind === 'claim')
      .map((d) => d.seat);
    const notices = [0].map((s) => {
      const res = vote(r, `u${s}`);
      assert.equal(res.outcome.ok, true);
      return noticeOf(res.effects);
    });
    assert.equal(r.store.games.get(r.gameId)!.version, before, 'one vote of four changes nothing');
    // A majority of the others (one of the four is taken to be the absent claimant): 2 of 3.
    const last = vote(r, 'u2');
    assert.equal(last.outcome.ok, true);
    const added = r.store.games.logWithMeta(r.gameId).filter((e) => e.seq > before);
    const answers = added.slice(0, claimants.length);
    assert.ok(answers.length > 0);
    assert.deepEqual(
      answers.map((e) => [e.seat, e.source, e.userId]),
      claimants.map((s) => [s, 'ai', null]),
      'the AI answered each open claim, logged with source ai',
    );
    assert.ok(
      r.store.games.seats(r.gameId).every((s) => !s.isAi),
      'no seat is handed to the AI (that would tell who could claim)',
    );
    assert.ok(!r.store.timers.forGame(r.gameId).some((x) => x.kind === 'claim' && x.version === window), 'the window is closed');
    assert.deepEqual(r.store.games.get(r.gameId)!.pauseVotes, [], 'the votes are spent');
    return { notices, result: noticeOf(last.effects) };
  });
  assert.deepEqual(results[0]!.notices, [{ key: 'vote-claims', seat: 0, verb: 'absent-ai', n: 1, needed: 2 }]);
  assert.deepEqual(results[0]!.result, { key: 'claims-ai' });
  assert.deepEqual(results[1], results[0], 'the same public result with the claimants swapped');
  assert.deepEqual(results[2], results[0], 'the same public result with the claimants swapped');
});

test('a second claims vote of the same voter is answered to them alone: no public notice, nothing stored', () => {
  const { r } = atWindow();
  remindUntil(r, r.clock.t + 50 * H);
  const vote = () => r.run({ kind: 'table', gameId: r.gameId, userId: 'u3', ver: 0, verb: 'absent-ai', arg: 'claims' });
  assert.equal(noticeOf(vote().effects)?.key, 'vote-claims');
  const row = r.store.games.get(r.gameId)!;
  r.clock.t += 60_000;
  const again = vote();
  assert.deepEqual(
    [again.outcome.ok, again.outcome.refusal?.key, again.outcome.refusal?.vars, noticeOf(again.effects)],
    [false, 'errors:already-voted', { n: 1, needed: 2 }, undefined],
  );
  const after = r.store.games.get(r.gameId)!;
  assert.deepEqual([after.version, after.publicAt, after.pauseVotes], [row.version, row.publicAt, row.pauseVotes]);
});

test('ending the match by vote finishes it, with the same notice', () => {
  const { r } = atWindow();
  remindUntil(r, r.clock.t + 50 * H);
  const end = (u: string) => r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: 0, verb: 'absent-end', arg: 'claims' });
  assert.equal(noticeOf(end('u3').effects)?.key, 'vote-claims');
  // The deciding vote asks first (absent.ts `askEnd`); its Yes ends the match.
  const ask = end('u2');
  // worded for the claims (no seat to take back there), not for a seat
  assert.equal(ask.outcome.refusal?.key, 'common:end-match.vote-confirm-claims');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  const arg = ask.outcome.confirm!.arg;
  assert.match(arg, /^confirm\.claims\.\d+$/);
  const last = r.run({ kind: 'table', gameId: r.gameId, userId: 'u2', ver: 0, verb: 'absent-end', arg });
  assert.deepEqual(noticeOf(last.effects), { key: 'claims-end' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
  assert.ok(last.effects.some((e) => e.kind === 'end-match'));
  assert.equal(r.store.timers.forGame(r.gameId).length, 0);
});

test('reminder counts and votes survive a restart (the sync step rewrites the timers)', () => {
  const { r } = atWindow();
  const t0 = r.clock.t;
  remindUntil(r, t0 + 30 * H); // two reminders
  assert.equal(r.run({ kind: 'sync', gameId: r.gameId }).outcome.ok, true);
  assert.ok(
    r.store.timers.forGame(r.gameId).every((x) => x.reminders === 2),
    'the count is kept',
  );
  const third = remindUntil(r, t0 + 50 * H);
  assert.deepEqual(third, [{ kind: 'remind-claims', n: 3, vote: true }]);
  const v = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'absent-ai', arg: 'claims' });
  assert.equal(v.outcome.ok, true);
  r.run({ kind: 'sync', gameId: r.gameId });
  const again = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'absent-ai', arg: 'claims' });
  assert.deepEqual(noticeOf(again.effects), { key: 'claims-ai' }, 'the first vote still counts: the second makes the majority');
});

test("a claimant who passes after two reminders leaves the window's count as it was: the third reminder offers the vote", () => {
  const { r, claimants } = atWindow();
  const t0 = r.clock.t;
  remindUntil(r, t0 + 30 * H);
  pass(r, claimants[0]!);
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.equal(timer?.seat, claimants[1]);
  assert.equal(timer?.reminders, 2, 'the other claimant keeps the count');
  assert.deepEqual(remindUntil(r, t0 + 50 * H), [{ kind: 'remind-claims', n: 3, vote: true }]);
});

test('/games and DM notices show no deadline for a decision without one', () => {
  const { r, claimants } = atWindow();
  const t = r.ts.load(r.gameId)!;
  const mine = summarize(t, `u${claimants[0]}`);
  assert.equal(mine.mine, 'claim');
  assert.equal(mine.deadline, null, 'not a date in the year 128,000');
  const other = [0, 1, 2, 3].find((s) => !claimants.includes(s))!;
  assert.equal(summarize(t, `u${other}`).deadline, null);
});

test('a forged vote about one seat during the claim window is refused alike for claimants and the others', () => {
  const { r } = atWindow();
  remindUntil(r, r.clock.t + 50 * H);
  const refusals = [0, 1, 2, 3].map((seat) =>
    [0, 1, 2, 3].map(
      (voter) =>
        r.run({ kind: 'table', gameId: r.gameId, userId: `u${voter}`, ver: 0, verb: 'absent-ai', arg: String(seat) }).outcome.refusal?.key,
    ),
  );
  assert.deepEqual(refusals, Array(4).fill(Array(4).fill('errors:no-absent-vote')));
  assert.ok(r.store.games.seats(r.gameId).every((s) => !s.isAi));
});
