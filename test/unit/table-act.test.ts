/**
 * Table behaviour through `act` (src/table/act.ts) with an in-memory SQLite store and no Discord:
 * start, AI seats, deadlines, timeouts, AI takeover, next hand, match over, pause votes, clicks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { rig, type Rig } from '../support/table-rig.js';
import { canonical } from '../../src/games/core/match.js';
import { handView, resultView } from '../../src/table/views.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const kinds = (effects: { kind: string }[]) => effects.map((e) => e.kind);

/** Plays the AI's choice for seat through a hand click, as a person would. */
function clickAsAi(r: Rig, seat: number) {
  const g = r.store.games.load(r.gameId)!;
  const engine = engineOf(g.row.game);
  const d = (engine.pending(g.state) as Decision<BaseAction>[]).find((x) => x.seat === seat)!;
  const want = canonical(engine.ai(g.state, seat));
  const i = d.options.findIndex((a) => canonical(a) === want);
  return r.run({ kind: 'hand', gameId: r.gameId, userId: `u${seat}`, ver: r.token(seat), verb: 'act', arg: String(i) });
}

test('start: AI seats play until the person must act; one deadline, one ping, all in one commit', () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai']);
  const res = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.equal(res.outcome.ok, true);
  const row = r.store.games.get(r.gameId)!;
  assert.equal(row.status, 'running');
  assert.equal(row.seats, 4);
  assert.equal(r.store.games.log(r.gameId).length, row.version, 'every AI move is in the log');
  assert.equal(res.outcome.applied, row.version);
  const pending = r.pending();
  assert.deepEqual(
    pending.map((d) => d.seat),
    [0],
    'the person is the one to act',
  );
  const timers = r.store.timers.forGame(r.gameId);
  assert.deepEqual(
    timers.map((x) => [x.seat, x.kind, x.deadline - r.clock.t]),
    [[0, 'turn', 25_000]],
    "Phỏm's own turn-timeout-s applies with the live preset",
  );
  assert.deepEqual(kinds(res.effects), ['unarchive', 'lobby', 'ping', 'table']);
  assert.deepEqual(
    res.effects.find((e) => e.kind === 'ping'),
    { kind: 'ping', turn: [0], claim: [] },
  );
  assert.deepEqual(res.outbox, res.effects, 'the effects are in the outbox, committed with the step');
  // Refusals change nothing.
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.refusal?.key, 'errors:lobby-started');
});

test('only the host starts, and only with enough players', () => {
  const r = rig('chan', ['human', 'human', 'ai']);
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u1' }).outcome.refusal?.key, 'errors:host-only');
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.refusal?.key, 'errors:not-enough-players');
  assert.equal(r.store.games.get(r.gameId)!.status, 'lobby');
});

test('a timeout plays the default move, says so on the table, and the next decision gets its own deadline', () => {
  const r = rig('phom', ['human', 'human']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [t0] = r.store.timers.forGame(r.gameId);
  assert.ok(t0);
  const before = r.store.games.get(r.gameId)!.version;
  r.clock.t = t0.deadline + 1;
  const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: t0.seat, timerKind: t0.kind });
  assert.equal(res.outcome.ok, true);
  const log = r.store.games.logWithMeta(r.gameId).slice(before);
  assert.equal(log[0]!.source, 'timeout');
  const table = res.effects.find((e) => e.kind === 'table');
  assert.equal(table?.kind === 'table' && table.notice?.key, 'timeout');
  const timers = r.store.timers.forGame(r.gameId);
  assert.equal(timers.length, 1);
  assert.notEqual(timers[0]!.seat, t0.seat);
  assert.equal(timers[0]!.deadline, r.clock.t + 25_000);
  // A timer that fires for a decision that is gone changes nothing but itself.
  const again = r.run({ kind: 'timeout', gameId: r.gameId, seat: t0.seat, timerKind: t0.kind });
  assert.equal(again.outcome.ok, false);
  assert.equal(r.store.games.get(r.gameId)!.version, before + 1);
});

test('on-timeout ai: the AI takes the seat and plays on; the person takes it back', () => {
  const r = rig('phom', ['human', 'human'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [t0] = r.store.timers.forGame(r.gameId);
  r.clock.t = t0!.deadline + 1;
  const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: t0!.seat, timerKind: 'turn' });
  assert.equal(res.outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[t0!.seat]!.isAi, true);
  assert.ok(
    r.store.timers.forGame(r.gameId).every((x) => x.seat !== t0!.seat),
    'no deadline for an AI seat',
  );
  const user = `u${t0!.seat}`;
  const back = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: 0, verb: 'retake' });
  assert.equal(back.outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[t0!.seat]!.isAi, false);
  const retook = (x: typeof back) => x.effects.some((e) => e.kind === 'table' && e.notice?.key === 'retook');
  assert.ok(retook(back), 'the table says the player is back');
  // A second click (or one from an older message) changes nothing and says nothing in public.
  const version = r.store.games.get(r.gameId)!.version;
  const twice = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: 0, verb: 'retake' });
  assert.equal(twice.outcome.ok, true);
  assert.equal(retook(twice), false);
  assert.deepEqual(twice.effects, []);
  assert.equal(r.store.games.get(r.gameId)!.version, version);
});

test('a hand played to its end by timeouts: one result row per seat, no deadline left, Next hand deals', () => {
  const r = rig('phom', ['human', 'ai', 'ai'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t0 = r.store.timers.forGame(r.gameId)[0]!;
  r.clock.t = t0.deadline + 1;
  // The person's seat goes to the AI, which plays the rest of the hand in the same step.
  const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: 0, timerKind: t0.kind });
  assert.ok(kinds(res.effects).includes('result'));
  assert.equal(r.store.results.handsOf(r.gameId).length, 3);
  assert.deepEqual(r.store.timers.forGame(r.gameId), []);
  const row = r.store.games.get(r.gameId)!;
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: row.version - 1, verb: 'next-hand' }).outcome.refusal?.key,
    'errors:stale',
  );
  const next = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: row.version, verb: 'next-hand' });
  assert.equal(next.outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.handIndex, 1);
  assert.equal(r.store.games.log(r.gameId).find((e) => e.seq === row.version + 1)!.action.type, '@next-hand');
  const table = next.effects.find((e) => e.kind === 'table');
  assert.equal(table?.kind === 'table' && table.notice?.key, 'next-hand');
  // A restart sweep does not record the first hand again.
  r.run({ kind: 'sync', gameId: r.gameId });
  assert.equal(r.store.results.handsOf(r.gameId).filter((h) => h.hand === 0).length, 3);
});

test('Next hand / End match name their hand, not the version: a second or older click deals or ends nothing', () => {
  const r = rig('phom', ['human', 'ai', 'ai'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t0 = r.store.timers.forGame(r.gameId)[0]!;
  r.clock.t = t0.deadline + 1;
  assert.ok(kinds(r.run({ kind: 'timeout', gameId: r.gameId, seat: 0, timerKind: t0.kind }).effects).includes('result'));
  // The result message's buttons: the hand they follow as their argument (bot/effects.ts posts them at version 0).
  const view = resultView(r.ts.load(r.gameId)!, 'en', false)!;
  const args = Object.fromEntries(view.rows.flat().map((c) => [c.verb, c.type === 'button' ? c.arg : undefined]));
  assert.equal(args['next-hand'], '0');
  assert.equal(args['end-match'], '0');
  const click = (verb: 'next-hand' | 'end-match', arg: string) =>
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb, arg });
  assert.equal(click('next-hand', '1').outcome.refusal?.key, 'errors:stale', 'a hand that is not the one ended');
  const next = click('next-hand', '0');
  assert.equal(next.outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.handIndex, 1);
  const version = r.store.games.get(r.gameId)!.version;
  // The same result message clicked again (Next hand, or End match by someone else meanwhile): stale.
  assert.equal(click('next-hand', '0').outcome.refusal?.key, 'errors:stale');
  assert.equal(click('end-match', '0').outcome.refusal?.key, 'errors:stale', 'no match ended in the middle of the next hand');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  assert.equal(r.store.games.get(r.gameId)!.version, version, 'dealt once');
});

test('a fixed-length match ends by itself after its last hand; the finished game leaves the state cache', () => {
  const r = rig('classic-mahjong', ['human', 'ai'], { timeoutPolicy: 'ai', options: { 'match-rounds': 1 } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t0 = r.store.timers.forGame(r.gameId)[0]!;
  r.clock.t = t0.deadline + 1;
  let res = r.run({ kind: 'timeout', gameId: r.gameId, seat: t0.seat, timerKind: t0.kind });
  let hands = 1;
  while (r.store.games.get(r.gameId)!.status === 'running' && hands < 60) {
    assert.ok(kinds(res.effects).includes('result'), `hand ${hands} ended`);
    const row = r.store.games.get(r.gameId)!;
    res = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: row.version, verb: 'next-hand' });
    assert.equal(res.outcome.ok, true);
    hands++;
  }
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
  const last = res.effects.find((e) => e.kind === 'result');
  assert.deepEqual(last, { kind: 'result', hand: hands - 1, matchOver: true });
  assert.ok(kinds(res.effects).includes('end-match'));
  assert.deepEqual(r.store.timers.forGame(r.gameId), []);
  assert.equal(r.store.results.handsOf(r.gameId).length, 2 * hands, 'one result row per seat per hand');
  assert.equal(r.store.games.cachedStates(), 0, 'the finished game left the state cache');
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand' }).outcome.refusal?.key,
    'errors:game-ended',
  );
});

test('pause and resume by majority vote freeze and restore the deadlines', () => {
  const r = rig('phom', ['human', 'human', 'human']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const deadline = r.store.timers.forGame(r.gameId)[0]!.deadline;
  const v1 = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'pause' });
  const n1 = v1.effects.find((e) => e.kind === 'table');
  assert.deepEqual(n1?.kind === 'table' && n1.notice, { key: 'vote', seat: 1, verb: 'pause', n: 1, needed: 2 });
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  r.clock.t += 5_000;
  r.run({ kind: 'table', gameId: r.gameId, userId: 'u2', ver: 0, verb: 'pause' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  assert.equal(r.store.timers.forGame(r.gameId)[0]!.pausedLeft, deadline - r.clock.t);
  const mover = r.pending()[0]!.seat;
  assert.equal(clickAsAi(r, mover).outcome.refusal?.key, 'errors:paused', 'no move while paused');
  r.clock.t += 3600_000;
  r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'resume' });
  r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'resume' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  assert.equal(r.store.timers.forGame(r.gameId)[0]!.deadline, deadline + 3600_000, 'the deadline moved by the pause');
});

test('hand clicks: a stale view, a pick with two values and a forged announce on a non-Chắn game change nothing', () => {
  const r = rig('phom', ['human', 'human']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const seat = r.pending()[0]!.seat;
  const user = `u${seat}`;
  const v = r.store.games.get(r.gameId)!.version;
  const tv = r.token(seat);
  // The state version is not what a hand view carries (it counts the others' hidden answers).
  const byVersion = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: v, verb: 'act', arg: '0' });
  assert.equal(byVersion.outcome.refusal?.key, 'errors:stale');
  const forged = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: tv, verb: 'announce', arg: 'k.1.0' });
  assert.equal(forged.outcome.refusal?.key, 'errors:no-such-option');
  const two = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: tv, verb: 'pick', values: ['0', '1'] });
  assert.equal(two.outcome.refusal?.key, 'errors:no-such-option');
  const none = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: tv, verb: 'act', arg: '999' });
  assert.equal(none.outcome.refusal?.key, 'errors:no-such-option');
  const other = r.run({ kind: 'hand', gameId: r.gameId, userId: 'u9', ver: tv, verb: 'act', arg: '0' });
  assert.equal(other.outcome.refusal?.key, 'errors:not-your-hand');
  assert.equal(r.store.games.get(r.gameId)!.version, v);
  const pick = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: tv, verb: 'pick', values: ['0'] });
  assert.equal(pick.outcome.ok, true);
  // The same click again (a double click): judged against the seat's own decision, which is gone.
  const again = r.run({ kind: 'hand', gameId: r.gameId, userId: user, ver: tv, verb: 'pick', values: ['0'] });
  assert.equal(again.outcome.refusal?.key, 'errors:stale');
  assert.equal(r.store.games.get(r.gameId)!.version, v + 1, 'applied once');
});

test('a click costs one game load, and the state comes from the cache', () => {
  const r = rig('phom', ['human', 'human']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const seat = r.pending()[0]!.seat;
  const reads = r.store.games.reads;
  const g = r.store.games.get(r.gameId)!;
  const ver = r.token(seat); // the view's token (its own load, before the click's)
  const { loads, rebuilds } = reads;
  const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${seat}`, ver, verb: 'act', arg: '0' });
  assert.equal(res.outcome.ok, true);
  assert.equal(reads.loads - loads, 1, 'one load');
  assert.equal(reads.rebuilds - rebuilds, 0, 'no rebuild from SQLite');
  assert.equal(res.table!.row.version, g.version + 1, 'the bot draws from the table act returns');
});

test('restart: the outbox re-derives undelivered effects once; a delivered step is only redrawn', () => {
  const r = rig('phom', ['human', 'human'], { keepOutbox: true });
  const start = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  // Crash before the effects were executed: the sweep gets the ping again.
  const sync = r.run({ kind: 'sync', gameId: r.gameId });
  assert.ok(kinds(sync.effects).includes('ping'));
  assert.deepEqual(sync.outbox, start.outbox);
  r.store.games.clearOutbox(r.gameId, sync.outbox);
  const again = r.run({ kind: 'sync', gameId: r.gameId });
  // Nothing new to show: no second ping, and an archived thread is not reopened.
  assert.deepEqual(kinds(again.effects), ['table'], 'no second ping');
  assert.equal(r.store.games.get(r.gameId)!.version, start.table!.row.version, 'a sync writes nothing');
});

test('simultaneous claims: a pass by one claimant does not make another claimant’s click out of date (#13 §2)', () => {
  for (const game of ['vn-mahjong', 'classic-mahjong'] as const) {
    let found = false;
    for (let k = 0; k < 8 && !found; k++) {
      const r = rig(game, ['human', 'human', 'human', 'human'], { options: {} });
      r.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(`sim-${game}-${k}`, r.gameId);
      r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
      for (let step = 0; step < 400; step++) {
        const g = r.store.games.load(r.gameId)!;
        const engine = engineOf(game);
        if (engine.result(g.state)) break;
        const p = engine.pending(g.state) as Decision<BaseAction>[];
        const claims = p.filter((d) => d.kind === 'claim');
        if (claims.length >= 2) {
          const [a, b] = claims as [Decision<BaseAction>, Decision<BaseAction>];
          // Both views drawn before either answered (seat-token.ts): each carries its own token.
          const verA = r.token(a.seat);
          const ver = r.token(b.seat);
          const passA = a.options.findIndex((x) => canonical(x) === canonical(a.timeoutDefault));
          const passB = b.options.findIndex((x) => canonical(x) === canonical(b.timeoutDefault));
          const first = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${a.seat}`, ver: verA, verb: 'act', arg: String(passA) });
          assert.equal(first.outcome.ok, true);
          const still = (engine.pending(r.store.games.load(r.gameId)!.state) as Decision<BaseAction>[]).find((d) => d.seat === b.seat);
          if (!still || canonical(still.options) !== canonical(b.options)) break; // the window changed for b: not this case
          assert.ok(r.version() > g.row.version, 'the pass moved the state version');
          assert.equal(r.token(b.seat), ver, `${game}: another claimant's pass leaves b's view token as it was`);
          // …and so b's hand view, whose components carry it, not the state version (seat-token.ts).
          const redrawn = handView(r.ts.load(r.gameId)!, b.seat, 'en');
          assert.equal(redrawn.ver, ver);
          assert.notEqual(redrawn.ver, r.version());
          const second = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${b.seat}`, ver, verb: 'act', arg: String(passB) });
          assert.equal(second.outcome.refusal, undefined, `${game}: the second claimant's click stands`);
          assert.equal(second.outcome.applied >= 1, true);
          found = true;
          break;
        }
        const d = p[0]!;
        const res = clickAsAi(r, d.seat);
        assert.equal(res.outcome.ok, true, JSON.stringify(res.outcome.refusal));
      }
    }
    assert.ok(found, `${game}: a claim window with two claimants was reached`);
  }
});

test('unarchive only when the step shows something in public: a claim pass that changes nothing public does not reopen the thread', () => {
  let found = false;
  for (let k = 0; k < 8 && !found; k++) {
    const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: `unarchive-${k}` });
    const start = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    assert.ok(kinds(start.effects).includes('unarchive'), 'the start shows the table');
    for (let step = 0; step < 400 && !found; step++) {
      const p = r.pending();
      if (!p.length) break;
      const claims = p.filter((d) => d.kind === 'claim');
      if (claims.length >= 2) {
        const a = claims[0]!;
        const ver = r.token(a.seat);
        const pass = a.options.findIndex((x) => x.type === 'pass');
        const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${a.seat}`, ver, verb: 'act', arg: String(pass) });
        assert.equal(res.outcome.ok, true);
        if (r.pending().filter((d) => d.kind === 'claim').length === 0) break; // the window closed: public
        assert.deepEqual(kinds(res.effects), ['table'], 'a hidden pass: the table (unchanged) only, no unarchive');
        found = true;
        break;
      }
      const res = clickAsAi(r, p[0]!.seat);
      assert.equal(res.outcome.ok, true);
      if (p[0]!.kind === 'turn') assert.ok(kinds(res.effects).includes('unarchive'), 'a turn played is public');
    }
  }
  assert.ok(found, 'a window with two claimants');
});

test('a seat with nothing to decide keeps its view token while the others play (its live view is not edited for nothing)', () => {
  const r = rig('phom', ['human', 'human', 'human']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const first = r.pending()[0]!.seat;
  const waiting = [0, 1, 2].find((s) => s !== first && s !== (first + 1) % 3)!;
  const t0 = r.token(waiting);
  const t = r.ts.load(r.gameId)!;
  const v0 = handView(t, waiting, 'en');
  clickAsAi(r, first);
  assert.ok(!r.pending().some((d) => d.seat === waiting), 'still waiting');
  assert.equal(r.token(waiting), t0);
  assert.equal(handView(r.ts.load(r.gameId)!, waiting, 'en').ver, v0.ver);
  // The seat that now decides has a new token.
  const next = r.pending()[0]!.seat;
  assert.notEqual(r.token(next), t0);
});
