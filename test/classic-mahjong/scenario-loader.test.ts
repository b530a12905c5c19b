/**
 * The `{position}` and seat checks of classical scenarios (docs/scenarios-classic-mahjong.md): a position
 * copied from a table after a claim loads, and positions or tables the rules cannot have are refused
 * with a line naming the problem.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/classic-mahjong/index.js';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { tileSet } from '../../src/games/classic-mahjong/state.js';

// Seat 2 punged seat 1's 5m: the discard stays listed as claimed, as the table keeps it.
const seatsAfterPung = () => [
  { concealed: ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '2z', '3z'], discards: ['9m'] },
  {
    concealed: ['2m', '3m', '4m', '2p', '3p', '4p', '6s', '7s', '8s', '4z', '4z', '6z', '6z'],
    discards: ['9p', { tile: '5m', claimedBy: 2 }] as unknown[],
  },
  {
    concealed: ['1p', '1p', '2s', '3s', '4s', '7p', '8p', '9p', '5z', '5z', '7z'],
    melds: [{ tiles: ['5m', '5m', '5m'], claimedFrom: 1 }],
    discards: [],
  },
  { concealed: ['6m', '7m', '8m', '1s', '1s', '2s', '3s', '4s', '5s', '6s', '9s', '9s', '7z'], discards: [] },
];

function run(position: Record<string, unknown>, extra: Partial<Scenario> = {}) {
  const sc = { name: 'loader', game: 'classic-mahjong', seats: 4, start: { position }, steps: [], ...extra } as unknown as Scenario;
  return runScenario(engine, sc);
}

test('a position after a claim, its discard listed as claimed, loads and plays on', () => {
  const r = run({ players: seatsAfterPung(), phase: 'discard-after-claim', turn: 2 }, {
    steps: [{ seat: 2, action: { type: 'discard', tile: '7z' } }],
  } as Partial<Scenario>);
  assert.deepEqual(r.problems, []);
  assert.ok(r.steps.every((s) => s.ok));
});

test('a claimed discard must name another seat of the table', () => {
  for (const claimedBy of [1, 7, -1, 'x']) {
    const players = seatsAfterPung();
    players[1]!.discards = ['9p', { tile: '5m', claimedBy }];
    const r = run({ players, phase: 'discard-after-claim', turn: 2 });
    assert.match(r.problems.join('\n'), /seat 1: discard 5m claimedBy must be another seat/, String(claimedBy));
  }
});

test('Original Call only at a table with original-call (§9.5)', () => {
  const players = seatsAfterPung();
  (players[0] as Record<string, unknown>).originalCall = true;
  const pos = { players, phase: 'discard-after-claim', turn: 2 };
  assert.match(run(pos).problems.join('\n'), /seat 0: this table has no Original Call/);
  assert.deepEqual(run(pos, { options: { 'original-call': true } }).problems, []);
});

test('wallCount is a whole number of tiles, not below 0', () => {
  for (const wallCount of [-5, 2.5, '10']) {
    const r = run({ players: seatsAfterPung(), phase: 'discard-after-claim', turn: 2, wallCount });
    assert.match(r.problems.join('\n'), /wallCount must be a whole number ≥ 0/, String(wallCount));
  }
  assert.deepEqual(run({ players: seatsAfterPung(), phase: 'discard-after-claim', turn: 2, wallCount: 20 }).problems, []);
});

test('a seat that is not an object is named, not a TypeError', () => {
  const players: unknown[] = seatsAfterPung();
  players[0] = null;
  const text = run({ players, phase: 'discard-after-claim', turn: 2 }).problems.join('\n');
  assert.match(text, /players\[0\] must be an object/);
  assert.doesNotMatch(text, /Cannot read/);
});

test('a tournament table has four seats whatever the start (seed 004 §3)', () => {
  const opts = resolveOptions(engine.options, { rotation: 'tournament' });
  assert.ok(opts.ok);
  const deck = tileSet(opts.value);
  for (const start of [{ seed: 's' }, { deck }, { position: { players: seatsAfterPung().slice(0, 3) } }]) {
    const r = runScenario(engine, {
      name: 't',
      game: 'classic-mahjong',
      seats: 3,
      options: { rotation: 'tournament' },
      start,
      steps: [{ autoplay: true }],
      next: { steps: [{ autoplay: true }] },
    } as unknown as Scenario);
    assert.deepEqual(r.problems, ['seats: these rules are played by 4 players, got 3'], JSON.stringify(Object.keys(start)));
  }
});
