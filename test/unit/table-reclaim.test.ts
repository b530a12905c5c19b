/**
 * Chắn's reclaim window (`reclaim-window-s`, chan.md §6; src/table/reclaim.ts) through `act`, with a
 * fake clock: a person's Pass on a claim is held for N seconds, during which the seat may answer
 * otherwise; then the pass is committed as the player's answer, once, also after a restart. Nothing
 * public changes while it is held; timeouts, AI seats, away players and the CLI are not held.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { rig, type Rig, type RigOptions } from '../support/table-rig.js';
import { handView, tableView } from '../../src/table/views.js';
import { eraseUser, openStore } from '../../src/store/index.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const chan = engineOf('chan');
const N = 5;

/** A four-person Chắn table (reclaim window N s unless `options` says) played by `move`s to a claim with a choice. */
function atClaim(o: RigOptions = {}): { r: Rig; d: Decision<BaseAction> } {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { ...o, options: { 'reclaim-window-s': N, ...(o.options ?? {}) } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let n = 0; n < 2000; n++) {
    const pending = r.pending();
    const d = pending.find((x) => x.kind === 'claim' && x.options.length > 1);
    if (d) return { r, d };
    const p = pending[0]!;
    const state = r.store.games.load(r.gameId)!.state;
    const res = r.run({ kind: 'move', gameId: r.gameId, seat: p.seat, action: chan.ai(state, p.seat), ver: null });
    assert.equal(res.outcome.ok, true);
  }
  throw new Error('no claim decision with a choice');
}

const passIndex = (d: Decision<BaseAction>) => d.options.findIndex((a) => a.type === 'pass');
const click = (r: Rig, seat: number, i: number, ver = r.token(seat)) =>
  r.run({ kind: 'hand', gameId: r.gameId, userId: `u${seat}`, ver, verb: 'act', arg: String(i) });
const timerOf = (r: Rig, seat: number) => r.store.timers.forGame(r.gameId).find((x) => x.seat === seat);
/** What the scheduler does at `r.clock.t`: every due timer fires a timeout. */
function fireDue(r: Rig) {
  return r.store.timers
    .due(r.clock.t)
    .filter((x) => x.gameId === r.gameId)
    .map((x) => r.run({ kind: 'timeout', gameId: r.gameId, seat: x.seat, timerKind: x.kind, deadline: x.deadline }));
}
/** Everything anyone may see of the table: its message, the version its buttons carry, its last public change. */
function publicNow(r: Rig) {
  const t = r.ts.load(r.gameId)!;
  const v = tableView(t, 'en');
  return JSON.stringify({
    lines: v.lines,
    rows: v.rows,
    model: v.model,
    version: t.row.version,
    publicAt: t.row.publicAt,
    outbox: t.row.outbox,
  });
}

test('a pass is held for the window, changes nothing public, then is committed once as the player answer', () => {
  const { r, d } = atClaim();
  const before = { version: r.version(), public: publicNow(r), token: r.token(d.seat) };
  const start = r.clock.t;
  const res = click(r, d.seat, passIndex(d));
  assert.equal(res.outcome.ok, true);
  assert.equal(res.outcome.held, start + N * 1000);
  assert.deepEqual(res.effects, [], 'nothing to execute');
  assert.equal(r.version(), before.version, 'nothing logged');
  assert.ok(
    r.pending().some((x) => x.seat === d.seat),
    'the decision is still open',
  );
  assert.equal(publicNow(r), before.public, 'the table, its version and public_at are as they were');
  assert.equal(timerOf(r, d.seat)?.heldUntil, start + N * 1000);
  assert.equal(r.token(d.seat), before.token, "the seat's view keeps its token: its other answers stay clickable");

  // Its own view says so; Pass is greyed out, the other answers are not.
  const view = handView(res.table!, d.seat, 'en');
  assert.ok(
    view.lines.some((l) => l.includes('You passed: it becomes final <t:')),
    view.lines.join('\n'),
  );
  const acts = view.rows.flat().filter((c) => c.type === 'button' && c.verb === 'act');
  assert.deepEqual(
    acts.map((c) => c.type === 'button' && c.disabled === true),
    d.options.map((a) => a.type === 'pass'),
  );

  // Not due yet; then due at the end of the window (the scheduler's query and wake-up time).
  assert.equal(r.store.timers.nextDue(), start + N * 1000);
  r.clock.t = start + N * 1000 - 1;
  assert.deepEqual(fireDue(r), []);
  r.clock.t = start + N * 1000;
  const fired = fireDue(r);
  assert.equal(fired.length, 1);
  assert.equal(fired[0]!.outcome.ok, true);
  assert.equal(fired[0]!.ranOut, undefined, 'not a timeout: the seat is not told its time ran out');
  const log = r.store.games.logWithMeta(r.gameId).slice(before.version);
  assert.equal(log[0]!.seat, d.seat);
  assert.deepEqual(log[0]!.action, { type: 'pass' });
  assert.equal(log[0]!.source, 'player');
  assert.equal(log[0]!.userId, `u${d.seat}`);
  assert.equal(timerOf(r, d.seat)?.heldUntil, undefined, 'the hold is gone');
  assert.deepEqual(fireDue(r), [], 'nothing is due any more: the pass is not committed twice');

  // A click from the view shown while it was held is out of date now.
  const stale = click(r, d.seat, passIndex(d), before.token);
  assert.equal(stale.outcome.refusal?.key, 'errors:stale');
});

test('within the window another answer of the same decision is applied at once, and the pass never is', () => {
  const { r, d } = atClaim();
  const start = r.clock.t;
  const token = r.token(d.seat);
  click(r, d.seat, passIndex(d));
  r.clock.t = start + 2000;
  const other = d.options.findIndex((a) => a.type !== 'pass');
  const v = r.version();
  const res = click(r, d.seat, other, token);
  assert.equal(res.outcome.ok, true);
  assert.equal(res.outcome.held, undefined);
  const log = r.store.games.logWithMeta(r.gameId).slice(v);
  assert.deepEqual(log[0]!.action, d.options[other]);
  assert.equal(log[0]!.source, 'player');
  assert.equal(timerOf(r, d.seat)?.heldUntil ?? null, null, 'no pass is held any more');
  r.clock.t = start + N * 1000 + 1;
  fireDue(r);
  assert.ok(
    !r.store.games
      .logWithMeta(r.gameId)
      .slice(v)
      .some((e) => e.seat === d.seat && e.action.type === 'pass' && e.hand === log[0]!.hand && e.source === 'player'),
    'the held pass was not committed after all',
  );
});

test('once the held pass is final, a click on another answer is out of date, before the scheduler fires too', () => {
  // Its round busy with other tables, a firing retried after a failure, a restart's catch-up: the
  // scheduler may commit the pass seconds or minutes after its moment. The pass is final all the same.
  const { r, d } = atClaim();
  const start = r.clock.t;
  const token = r.token(d.seat);
  click(r, d.seat, passIndex(d));
  const v = r.version();
  r.clock.t = start + N * 1000 + 1000;
  const other = d.options.findIndex((a) => a.type !== 'pass');
  const late = click(r, d.seat, other, token);
  assert.equal(late.outcome.ok, false);
  // this click committed the pass: the player is told it stands, not "nothing was changed"
  assert.equal(late.outcome.refusal?.key, 'errors:pass-held-final');
  assert.equal(late.outcome.refusal?.warn, true, 'with the current view');
  const mine = r.store.games
    .logWithMeta(r.gameId)
    .slice(v)
    .filter((e) => e.seat === d.seat && e.hand === r.store.games.get(r.gameId)!.handIndex);
  assert.deepEqual(
    mine.map((e) => [e.action.type, e.source]),
    [['pass', 'player']],
    `the pass, committed once as the player's answer, not the late ${d.options[other]!.type}`,
  );
  assert.equal(timerOf(r, d.seat)?.heldUntil ?? null, null, 'no pass is held any more');
  assert.deepEqual(
    fireDue(r).filter((x) => x.outcome.applied),
    [],
    'nothing left for the scheduler to commit',
  );
});

test('Pass clicked again while held changes nothing and does not extend the window', () => {
  const { r, d } = atClaim();
  const start = r.clock.t;
  click(r, d.seat, passIndex(d));
  r.clock.t = start + 3000;
  const again = click(r, d.seat, passIndex(d));
  assert.equal(again.outcome.ok, true);
  assert.equal(again.outcome.held, start + N * 1000, 'the first moment still');
  assert.equal(timerOf(r, d.seat)?.heldUntil, start + N * 1000);
});

test('a restart during the window keeps the hold; after it the start-up sync commits the pass, once', () => {
  const { r, d } = atClaim();
  const start = r.clock.t;
  click(r, d.seat, passIndex(d));
  const v = r.version();
  // Within the window: the sync rewrites nothing and commits nothing.
  r.clock.t = start + 1000;
  assert.equal(r.run({ kind: 'sync', gameId: r.gameId }).outcome.applied, 0);
  assert.equal(timerOf(r, d.seat)?.heldUntil, start + N * 1000);
  // The bot was down past the window: the first sync commits it.
  r.clock.t = start + 60_000;
  assert.equal(r.run({ kind: 'sync', gameId: r.gameId }).outcome.applied >= 1, true);
  const mine = () =>
    r.store.games
      .logWithMeta(r.gameId)
      .slice(v)
      .filter((e) => e.seat === d.seat && e.source === 'player');
  assert.deepEqual(
    mine().map((e) => e.action),
    [{ type: 'pass' }],
  );
  // The scheduler's round after it, and another sync, commit nothing more.
  fireDue(r);
  r.run({ kind: 'sync', gameId: r.gameId });
  assert.equal(mine().length, 1);
});

test('no window, a timeout default, the CLI move: a pass is final at once', () => {
  // reclaim-window-s 0 (the default).
  const a = atClaim({ options: { 'reclaim-window-s': 0 } });
  const v0 = a.r.version();
  const res = click(a.r, a.d.seat, passIndex(a.d));
  assert.equal(res.outcome.held, undefined);
  assert.equal(a.r.version(), v0 + res.outcome.applied);
  assert.ok(res.outcome.applied >= 1);

  // A claim deadline that runs out (decision-timeout-s 30) plays its default at once.
  const b = atClaim({ options: { 'decision-timeout-s': 30 } });
  const t = timerOf(b.r, b.d.seat)!;
  b.r.clock.t = t.deadline;
  const v1 = b.r.version();
  const out = b.r.run({ kind: 'timeout', gameId: b.r.gameId, seat: b.d.seat, timerKind: 'claim', deadline: t.deadline });
  assert.equal(out.outcome.ok, true);
  assert.equal(b.r.store.games.logWithMeta(b.r.gameId)[v1]!.source, 'timeout');

  // The CLI's move (no clock of its own to wait on).
  const c = atClaim();
  const v2 = c.r.version();
  c.r.run({ kind: 'move', gameId: c.r.gameId, seat: c.d.seat, action: { type: 'pass' }, ver: null, source: 'system', userId: 'cli' });
  assert.ok(c.r.version() > v2);
  assert.equal(timerOf(c.r, c.d.seat)?.heldUntil ?? null, null);
});

test('a held pass is never final after the decision deadline, and the deadline commits it as the player answer', () => {
  const { r, d } = atClaim({ options: { 'decision-timeout-s': 30 } });
  const deadline = timerOf(r, d.seat)!.deadline;
  r.clock.t = deadline - 2000;
  const res = click(r, d.seat, passIndex(d));
  assert.equal(res.outcome.held, deadline, 'capped at the deadline');
  assert.equal(timerOf(r, d.seat)!.deadline, deadline, "the window's deadline (public) is unchanged");
  r.clock.t = deadline;
  const v = r.version();
  fireDue(r);
  const e = r.store.games.logWithMeta(r.gameId)[v]!;
  assert.deepEqual([e.seat, e.action, e.source], [d.seat, { type: 'pass' }, 'player']);
});

test('a seat that passes to the AI or an away player keeps their held pass, committed at once', () => {
  const { r, d } = atClaim();
  click(r, d.seat, passIndex(d));
  const v = r.version();
  // The player left the server: the AI takes the seat (its claim keeps its own time: seating.ts),
  // and the next step that plays the AI seats commits the held pass, not an answer of the AI's.
  r.run({ kind: 'member-gone', gameId: r.gameId, userId: `u${d.seat}` });
  r.run({ kind: 'sync', gameId: r.gameId });
  const e = r.store.games
    .logWithMeta(r.gameId)
    .slice(v)
    .find((x) => x.seat === d.seat)!;
  assert.deepEqual([e.action, e.source], [{ type: 'pass' }, 'player']);
  assert.equal(e.userId, `u${d.seat}`, 'logged as the player who clicked it, though the seat row names the AI now');

  const b = atClaim();
  click(b.r, b.d.seat, passIndex(b.d));
  const v2 = b.r.version();
  b.r.store.prefs.setAway(`u${b.d.seat}`, b.r.clock.t + 3600_000);
  // The next step (a sync here) plays the away seat: the held pass, not the stand-in's answer.
  b.r.run({ kind: 'sync', gameId: b.r.gameId });
  const e2 = b.r.store.games.logWithMeta(b.r.gameId)[v2]!;
  assert.deepEqual([e2.seat, e2.action, e2.source], [b.d.seat, { type: 'pass' }, 'player']);
});

test('pause and resume move a held pass as far as its deadline', () => {
  const store = openStore(':memory:', engineOf, () => 0);
  const g = store.games.create({
    game: 'chan',
    guildId: 'g',
    channelId: 'c',
    threadId: 'th',
    hostUserId: 'u0',
    options: {},
    optionsHash: 'h',
    seed: 's',
    seats: 4,
    timerPreset: { name: 'live' },
    timeoutPolicy: 'default',
  });
  store.timers.set(g.id, [
    { seat: 1, kind: 'claim', version: 3, deadline: 4e15, remindAt: null, heldUntil: 10_000 },
    { seat: 2, kind: 'claim', version: 3, deadline: 40_000, remindAt: null, heldUntil: 12_000 },
  ]);
  store.timers.pause(g.id, 8_000);
  store.timers.resume(g.id, 100_000);
  assert.deepEqual(
    store.timers.forGame(g.id).map((x) => [x.heldUntil, x.deadline]),
    [
      [102_000, 4e15 + 92_000],
      [104_000, 132_000],
    ],
  );
});

/**
 * A window with two human claimants, `a` (with a choice) and `x`, where `a`'s timer comes `first` or
 * last in the timers' order (how `due()` lists a tie: the order the scheduler fires them in).
 */
function atTwoClaims(policy: 'default' | 'ai', aFirst: boolean) {
  for (let k = 0; k < 300; k++) {
    const r = rig('chan', ['human', 'human', 'human', 'human'], {
      seed: `tie-${k}`,
      timeoutPolicy: policy,
      options: { 'reclaim-window-s': N, 'decision-timeout-s': 30 },
    });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let n = 0; n < 2000; n++) {
      const pending = r.pending();
      if (!pending.length || r.store.games.get(r.gameId)!.status !== 'running') break;
      const claims = pending.filter((x) => x.kind === 'claim');
      const order = r.store.timers.forGame(r.gameId).map((t) => t.seat);
      const a = claims.find((d) => d.options.length > 1);
      const x = claims.find((d) => d !== a);
      if (a && x && order.indexOf(a.seat) < order.indexOf(x.seat) === aFirst) return { r, a, x };
      const p = pending[0]!;
      const state = r.store.games.load(r.gameId)!.state;
      if (!r.run({ kind: 'move', gameId: r.gameId, seat: p.seat, action: chan.ai(state, p.seat), ver: null }).outcome.ok) break;
    }
  }
  throw new Error('no window with two claimants in that order');
}

for (const policy of ['default', 'ai'] as const)
  for (const aFirst of [false, true])
    test(`a pass held up to the window's deadline is the player's own answer when the other claimant's time runs out (timeout ${policy}, its timer ${aFirst ? 'first' : 'last'})`, () => {
      const { r, a, x } = atTwoClaims(policy, aFirst);
      const deadline = timerOf(r, a.seat)!.deadline;
      r.clock.t = deadline - 2_000;
      assert.equal(click(r, a.seat, passIndex(a)).outcome.held, deadline, 'held up to the window’s deadline');
      const v = r.version();
      r.clock.t = deadline;
      const [first, ...rest] = fireDue(r);
      const log = r.store.games.logWithMeta(r.gameId).slice(v);
      const ofA = log.find((e) => e.seat === a.seat);
      // Before: the other claimant's step played A's overdue claim as a timeout (the AI chíu'd after A passed).
      assert.deepEqual([ofA?.action, ofA?.source], [{ type: 'pass' }, 'player']);
      assert.ok(!first!.ranOut?.some((o) => o.seat === a.seat), 'A is not told its time ran out');
      assert.ok(
        log.some((e) => e.seat === x.seat),
        'the window ends in the first step: both claims answered at its deadline (one step, not one a claimant)',
      );
      assert.ok(
        rest.every((o) => !o.outcome.ok || o.outcome.applied === 0),
        'the other timer then finds nothing to do',
      );
    });

test('a claims vote that passes while a pass is held keeps the pass (the AI answers only the others)', () => {
  const { r, d } = atClaim({ options: { 'decision-timeout-s': 0 } });
  for (const t of r.store.timers.forGame(r.gameId)) for (let k = 0; k < 6; k++) r.store.timers.markReminded(r.gameId, t.seat, null);
  assert.ok(click(r, d.seat, passIndex(d)).outcome.held);
  const v = r.version();
  const voters = [0, 1, 2, 3].filter((s) => s !== d.seat);
  for (const s of voters.slice(0, 2)) r.run({ kind: 'table', gameId: r.gameId, userId: `u${s}`, ver: 0, verb: 'absent-ai', arg: 'claims' });
  const mine = r.store.games
    .logWithMeta(r.gameId)
    .slice(v)
    .find((e) => e.seat === d.seat);
  assert.deepEqual([mine?.action, mine?.source], [{ type: 'pass' }, 'player']);
});

for (const ask of ['open-hand', 'refresh', 'hint'] as const)
  test(`a view drawn after the held pass became final, before the scheduler fires, shows it final (${ask})`, () => {
    // Its round busy with other tables, a restart's catch-up: Open my hand, Refresh or Hint drew the
    // view saying "it becomes final" at a moment past, offering the other answers, which a click then
    // found out of date.
    const { r, d } = atClaim();
    const start = r.clock.t;
    click(r, d.seat, passIndex(d));
    const v = r.version();
    r.clock.t = start + N * 1000 + 1000;
    const user = `u${d.seat}`;
    const res =
      ask === 'open-hand'
        ? r.run({ kind: 'open-hand', gameId: r.gameId, userId: user })
        : ask === 'refresh'
          ? r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: r.token(d.seat), verb: 'refresh' })
          : r.run({ kind: 'hint', gameId: r.gameId, userId: user, ver: r.token(d.seat) });
    const view = handView(res.table!, d.seat, 'en');
    assert.ok(!view.lines.some((l) => l.includes('You passed: it becomes final')), view.lines.join('\n'));
    const mine = r.store.games
      .logWithMeta(r.gameId)
      .slice(v)
      .filter((e) => e.seat === d.seat && e.source === 'player');
    assert.deepEqual(
      mine.map((e) => [e.action, e.userId]),
      [[{ type: 'pass' }, user]],
      "the pass is committed, once, as the player's answer",
    );
    assert.equal(timerOf(r, d.seat)?.heldUntil ?? null, null, 'no pass is held any more');
    assert.equal(res.outcome.answered, 'claim', 'a public message of the commit is no follow-up of the click');
  });

test('a held pass of a player who left the server: committed as theirs; their erasure waits for the hand, then leaves it nobody’s', () => {
  const { r, d } = atClaim();
  click(r, d.seat, passIndex(d));
  const v = r.version();
  r.run({ kind: 'member-gone', gameId: r.gameId, userId: `u${d.seat}` });
  assert.equal(timerOf(r, d.seat)?.heldBy, `u${d.seat}`, 'still held, by them');
  // The hand the AI plays out for them is theirs until it ends (store/privacy.ts openSeatsOf): a
  // step under way would record it under their id after an erasure that could not wait for it.
  assert.deepEqual(eraseUser(r.store.db, `u${d.seat}`).ok, false, 'refused while their hand runs');
  r.run({ kind: 'sync', gameId: r.gameId });
  const entry = () =>
    r.store.games
      .logWithMeta(r.gameId)
      .slice(v)
      .find((x) => x.seat === d.seat)!;
  assert.deepEqual([entry().action, entry().source, entry().userId], [{ type: 'pass' }, 'player', `u${d.seat}`]);
  const row = r.store.games.get(r.gameId)!;
  assert.equal(r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt: row.publicAt, days: 30 }).outcome.ok, true);
  assert.deepEqual(eraseUser(r.store.db, `u${d.seat}`).ok, true, 'the match over: they may erase');
  assert.deepEqual([entry().action, entry().source, entry().userId], [{ type: 'pass' }, 'player', null]);
});
