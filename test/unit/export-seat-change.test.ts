/**
 * /history's Export after a Phỏm seat change between hands (README: the exported scenario "replays
 * to the same result"). Live, a `@seat-change` log entry marks the finished hand and the host starts
 * the next one (phom.md §3, §15.7); the export wrote no such mark, so its hand 2 was dealt with the
 * previous winner as starter and every exported move of it was refused (`phom/not-your-turn`).
 * A `next` hand's `seatChange` (docs/scenarios.md § Multi-hand scenarios) carries it now.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { exportScenario } from '../../src/notify/replay-viewer.js';
import { rig, type Rig } from '../support/table-rig.js';
import type { BaseAction, HandResult } from '../../src/games/core/types.js';
import type { BotContext } from '../../src/bot/context.js';

const phom = engineOf('phom');
const stateOf = (r: Rig) => r.store.games.load(r.gameId)!.state as { starter: number };

function finishHand(r: Rig): HandResult {
  for (let i = 0; i < 2000; i++) {
    const state = r.store.games.load(r.gameId)!.state;
    const result = phom.result(state) as HandResult | null;
    if (result) return result;
    const d = phom.pending(state)[0]!;
    const action = phom.ai(state, d.seat) as BaseAction;
    assert.equal(r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null, userId: `u${d.seat}` }).outcome.ok, true);
  }
  assert.fail('the hand did not end');
}

/** A table whose hand 1 is won by seat 2 or 3: neither host seat below, so the starter tells who started. */
function afterHandOne(): Rig {
  for (let k = 0; k < 40; k++) {
    const r = rig('phom', ['human', 'human', 'human', 'ai'], { seed: `export-seat-change-${k}` });
    assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
    if (finishHand(r).winners[0]! >= 2) return r;
  }
  assert.fail('no seed whose hand 1 is won by seat 2 or 3');
}

/** Hand 2 played to its end, and the export of hands 1–2 replayed. */
function exportedReplay(r: Rig): { sc: Scenario; problems: string[] } {
  finishHand(r);
  const sc = exportScenario({ store: r.store } as unknown as BotContext, r.gameId, 1);
  assert.ok(sc);
  const rep = runScenario(phom, JSON.parse(JSON.stringify(sc)) as Scenario);
  const problems = [...rep.problems, ...rep.steps.filter((s) => !s.ok).map((s) => `${s.what}: ${s.problems.join('; ')}`)];
  assert.equal(rep.passed, problems.length === 0);
  return { sc, problems };
}

test('a player leaves between hands: the export says so, and its hand 2 starts with the host as it did live', () => {
  const r = afterHandOne();
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: r.version(), verb: 'leave-seat', arg: 'confirm.0.b' }).outcome.ok,
    true,
  );
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand', arg: '0' }).outcome.ok, true);
  assert.equal(stateOf(r).starter, 0, 'live: the host starts hand 2 (§3)');
  const { sc, problems } = exportedReplay(r);
  assert.deepEqual(problems.slice(0, 3), [], 'the export replays to the same results');
  assert.deepEqual(sc.next?.seatChange, { left: [1], joined: [1] });
});

test('the host leaves and a newcomer takes the seat: one change, the new host starts (§15.7)', () => {
  const r = afterHandOne();
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'leave-seat', arg: 'confirm.0.b' }).outcome.ok,
    true,
  );
  const took = r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: r.version(), verb: 'take-seat', arg: '0', displayName: 'New' });
  assert.equal(took.outcome.ok, true);
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: r.version(), verb: 'next-hand', arg: '0' }).outcome.ok, true);
  assert.equal(stateOf(r).starter, 1, 'live: the host passed to seat 1, who starts hand 2');
  const { sc, problems } = exportedReplay(r);
  assert.deepEqual(problems.slice(0, 3), [], 'the export replays to the same results');
  // Two log entries (the leave, then the take), written as the one change they make together.
  assert.deepEqual(sc.next?.seatChange, { left: [0], joined: [0], host: 1 });
});

test('a player removed from the server during hand 1: the change logged mid-hand marks the next deal', () => {
  let r: Rig | null = null;
  for (let k = 0; k < 40 && !r; k++) {
    const c = rig('phom', ['human', 'human', 'human', 'ai'], { seed: `export-member-gone-${k}` });
    assert.equal(c.run({ kind: 'start', gameId: c.gameId, userId: 'u0' }).outcome.ok, true);
    assert.equal(c.run({ kind: 'member-gone', gameId: c.gameId, userId: 'u1' }).outcome.ok, true);
    assert.equal(phom.result(c.store.games.load(c.gameId)!.state), null, 'the change was logged during the hand');
    if (finishHand(c).winners[0]! >= 2) r = c;
  }
  assert.ok(r, 'a seed whose hand 1 is won by seat 2 or 3');
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand', arg: '0' }).outcome.ok, true);
  assert.equal(stateOf(r).starter, 0, 'live: the host starts hand 2 (§3)');
  const { sc, problems } = exportedReplay(r);
  assert.deepEqual(problems.slice(0, 3), [], 'the export replays to the same results');
  assert.deepEqual(sc.next?.seatChange, { left: [1], joined: [1] });
});

test('an export without a seat change has no seatChange', () => {
  const r = afterHandOne();
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand', arg: '0' }).outcome.ok, true);
  const { sc, problems } = exportedReplay(r);
  assert.equal(sc.next !== undefined && Object.hasOwn(sc.next, 'seatChange'), false);
  assert.deepEqual(problems.slice(0, 3), []);
});

// ---- the field itself, in a hand-written scenario ----
const twoHands = (seatChange: unknown, game = 'phom', starter = 0): Scenario =>
  ({
    name: 'seat change',
    game,
    seats: 4,
    start: { seed: 'seat-change' },
    steps: [{ autoplay: true }],
    next: { seatChange, public: { starter }, steps: [{ autoplay: true }] },
  }) as Scenario;

test('seatChange marks the finished hand before the deal: the host it names starts', () => {
  const winner = (runScenario(phom, { ...twoHands(undefined), next: undefined }).result as HandResult).winners[0]!;
  const host = (winner + 1) % 4;
  const rep = runScenario(phom, twoHands({ left: [1], joined: [1], host }, 'phom', host));
  assert.deepEqual(rep.problems, []);
  assert.equal(rep.passed, true);
  // Without it, the previous winner starts (§3).
  assert.deepEqual(runScenario(phom, { ...twoHands(undefined, 'phom', winner), next: { public: { starter: winner } } }).problems, []);
});

test('a bad seatChange is a clear scenario error, and hand 2 is not played', () => {
  const cases: [unknown, RegExp][] = [
    [{ left: [4], joined: [4] }, /^hand 2: "seatChange": "left" has 4, not a seat from 0 to 3$/],
    [{ left: [], joined: [-1] }, /^hand 2: "seatChange": "joined" has -1, not a seat from 0 to 3$/],
    [{ left: [1], joined: [1], host: 7 }, /^hand 2: "seatChange": "host" must be a seat from 0 to 3, got 7$/],
    [{ left: ['1'], joined: [] }, /"left" has "1"/],
    [{ left: [1] }, /"joined" must be an array of seats/],
    [{ left: [1], joined: [1], seatOf: [0] }, /unknown key "seatOf" \(allowed: left, joined, host\)/],
    [[1], /"seatChange": must be \{ "left"/],
  ];
  for (const [change, want] of cases) {
    const rep = runScenario(phom, twoHands(change));
    assert.equal(rep.passed, false, JSON.stringify(change));
    assert.equal(rep.problems.length, 1, `${JSON.stringify(change)}: ${rep.problems.join('; ')}`);
    assert.match(rep.problems[0]!, want);
    assert.equal(rep.steps.length, 1, 'only hand 1 was played');
  }
});

test('a game without seat changes refuses seatChange', () => {
  const chan = engineOf('chan');
  const rep = runScenario(chan, {
    ...twoHands({ left: [], joined: [1] }, 'chan'),
    next: { seatChange: { left: [], joined: [1] } },
  } as Scenario);
  assert.equal(rep.passed, false);
  assert.deepEqual(rep.problems, ['hand 2: "seatChange": chan has no seat changes between hands']);
});
