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

// ---- positions no table produces (review of the loader against rules.ts, walls.ts) -----------------

const L = (s: string): string[] => s.match(/\d[mpszf]/g) ?? [];
const OTHERS = [
  { concealed: L('1m4m7m2p5p8p3s6s9s1z2z3z4z') },
  { concealed: L('2m5m8m3p6p9p1s4s7s1z2z3z4z') },
  { concealed: L('3m6m9m1p4p7p2s5s8s1z2z3z4z') },
];
/** A complete hand of 14: 234m 5p5p 789s 345p 6z6z6z. */
const WIN14 = { concealed: L('2m3m4m 5p5p 7s8s9s 3p4p5p 6z6z6z') };
/** South's hand with the 345p chow replaced by `kongs` (4 tiles each, `kongType` as given). */
const southKongs = (...types: string[]) => ({
  concealed: L(types.length === 1 ? '2m3m4m 5p5p 7s8s9s 6z6z6z' : '2m3m4m 5p5p 7s8s9s'),
  melds: types.map((kongType, i) => ({ tiles: Array(4).fill(['5z', '7z'][i]), kongType })),
});
/** South (seat 1) on its turn, having drawn 5p from the wall; `south` replaces its seat. */
const southTurn = (extra: Record<string, unknown> = {}, south: object = WIN14) => ({
  players: [OTHERS[0], south, OTHERS[1], OTHERS[2]],
  phase: 'turn',
  turn: 1,
  drawn: '5p',
  discardCount: 8,
  ...extra,
});
/** East (seat 0) at its first turn, on the dealt tiles. */
const eastFirst = (extra: Record<string, unknown> = {}, east: object = WIN14) => ({
  players: [east, ...OTHERS],
  phase: 'turn',
  turn: 0,
  ...extra,
});
const problems = (position: Record<string, unknown>, extra: Partial<Scenario> = {}) => run(position, extra).problems.join('\n');
const loads = (position: Record<string, unknown>, extra: Partial<Scenario> = {}) => assert.deepEqual(run(position, extra).problems, []);

test("a turn with no drawn tile is East's first turn only (§4.6): South without one is a bad start, not an engine error at Mah Jong", () => {
  const mahjong = { steps: [{ seat: 1, action: { type: 'mahjong' } }] } as Partial<Scenario>;
  const { drawn: _drawn, discardCount: _count, ...noDrawn } = southTurn();
  const r = run(noDrawn, mahjong);
  assert.match(
    r.problems[0] ?? '',
    /^start rejected: .*seat 1's turn has no drawn tile, so it would start on the dealt tiles \(source deal\).*give drawn/,
  );
  assert.match(problems(southTurn({ source: 'deal' })), /source deal is East's first turn \(turn 0, discardCount 0\) only/);
  assert.match(problems(southTurn({ drawn: 5 })), /drawn must be a tile code/);
  assert.match(problems(eastFirst({ discardCount: 4 })), /seat 0's turn has no drawn tile/);
  const pung = { concealed: L('2m3m4m 5p5p 7s8s9s 3p4p5p'), melds: [{ tiles: L('6z6z6z') }] };
  assert.match(problems(eastFirst({}, pung)), /before East's first discard nobody has claimed/);
  const kong = { concealed: L('2m3m4m 5p5p 7s8s9s 3p4p5p'), melds: [{ tiles: L('6z6z6z6z'), exposed: false }] };
  assert.match(problems(eastFirst({}, kong), { options: { 'opening-kongs': false } }), /opening kongs, and this table has none/);
  loads(eastFirst({}, kong));
  loads(eastFirst(), { steps: [{ seat: 0, action: { type: 'mahjong' } }] } as Partial<Scenario>);
});

test('the last live tile leaves the wall empty, and a tile drawn from an empty wall was its last (walls.ts, rules.ts drawFor)', () => {
  assert.match(
    problems(southTurn({ source: 'last-wall-tile' })),
    /source last-wall-tile is the last live tile, but \d+ live tiles are left/,
  );
  assert.match(
    problems(southTurn({ wallCount: 0, discardCount: 40 })),
    /the live wall is empty, so the tile drawn from it was its last: source last-wall-tile/,
  );
  loads(southTurn({ wallCount: 0, discardCount: 40, source: 'last-wall-tile' }));
});

test('source loose-tile needs a kong, or a flower replaced from the dead wall (§4.4, §5.2)', () => {
  assert.match(
    problems(southTurn({ source: 'loose-tile' })),
    /source loose-tile: a loose tile comes after a kong, or for a flower .* seat 1 has neither/,
  );
  loads(southTurn({ source: 'loose-tile' }, southKongs('concealed')));
  const flower = { ...WIN14, bonus: ['2f'] };
  loads(southTurn({ source: 'loose-tile' }, flower));
  assert.match(
    problems(southTurn({ source: 'loose-tile' }, flower), { options: { 'bonus-replacement-source': 'live-wall' } }),
    /seat 1 has neither/,
  );
});

test('kongChain: a whole number, as long as the kongs allow, the second concealed or added (rules.ts kongChainAfter)', () => {
  for (const kongChain of ['x', 2.5, 5, -1])
    assert.match(
      problems(southTurn({ source: 'loose-tile', kongChain }, southKongs('concealed'))),
      /kongChain must be a whole number from 0 to 4/,
      String(kongChain),
    );
  assert.match(problems(southTurn({ source: 'loose-tile', kongChain: 2 })), /source loose-tile: .* seat 1 has neither/);
  assert.match(problems(southTurn({ source: 'loose-tile', kongChain: 2 }, southKongs('concealed'))), /kongChain 2 needs 2 kongs of seat 1/);
  assert.match(
    problems(southTurn({ source: 'loose-tile', kongChain: 2 }, southKongs('claimed', 'claimed'))),
    /a claimed kong never continues a chain.*\(2 claimed\)/,
  );
  assert.match(
    problems(southTurn({ kongChain: 1 }, southKongs('concealed'))),
    /kongChain 1: a kong chain goes on through the kong's loose tile, not source wall/,
  );
  const o = resolveOptions(engine.options, {});
  assert.ok(o.ok);
  const s = engine.fromScenario(o.value, 4, {
    position: southTurn({ source: 'loose-tile', kongChain: 2 }, southKongs('claimed', 'concealed')),
  });
  assert.ok(s.ok, s.ok ? '' : s.error.message);
  const won = engine.apply(s.value, 1, { type: 'mahjong' });
  assert.ok(won.ok && won.value.outcome?.kind === 'win' && won.value.outcome.kongUponKong, 'Kong upon Kong');
});

test('discardCount and wallCount: whole numbers in range; before any discard the dead wall holds its size (§4.2)', () => {
  for (const discardCount of ['abc', -5, 2.5])
    assert.match(
      problems(southTurn({ discardCount })),
      /discardCount must be a whole number from 0 \(the discards listed\)/,
      String(discardCount),
    );
  const discarded = { ...WIN14, discards: ['9m'] };
  assert.match(problems(southTurn({ discardCount: 0 }, discarded)), /discardCount must be a whole number from 1 \(the discards listed\)/);
  assert.match(
    problems(southTurn({ wallCount: 0, discardCount: 0, source: 'last-wall-tile' })),
    /wallCount 0 leaves 91 tiles for the dead wall, which holds at most 14/,
  );
  assert.match(problems(southTurn({ wallCount: 80 })), /wallCount 80 leaves 11 tiles for the dead wall, which keeps at least 13/);
  loads(southTurn({ wallCount: 78 }));
});

test('a seat: Original Call with at most one set claimed before it (§9.5), no bonus tile among the discards (§4.4)', () => {
  const called = { concealed: L('2m3m4m 5p5p 7s8s9s 3p4p5p'), melds: [{ tiles: L('6z6z6z') }], originalCall: true };
  loads(southTurn({}, called), { options: { 'original-call': true } });
  const twice = { ...called, concealed: L('5p5p 7s8s9s 3p4p5p'), melds: [{ tiles: L('6z6z6z') }, { tiles: L('2m3m4m') }] };
  assert.match(
    problems(southTurn({}, twice), { options: { 'original-call': true } }),
    /seat 1: Original Call is declared with the first discard, before which at most one set was claimed.*at most one exposed set/,
  );
  loads(southTurn({}, { ...WIN14, originalCall: true, discards: ['9m'] }), { options: { 'original-call': true } });
  assert.match(problems(southTurn({}, { ...WIN14, discards: ['1f'] })), /seat 1: discard 1f is a bonus tile/);
});

test('roundWind is one the match plays (match-rounds, §3)', () => {
  assert.match(problems(southTurn({ roundWind: '3z' })), /roundWind 3z is never played: a match of 1 prevailing wind plays 1z/);
  loads(southTurn({ roundWind: '3z' }), { options: { 'match-rounds': 3 } });
  loads(southTurn({ roundWind: '4z' }), { options: { rotation: 'tournament' } });
});

test('discard-after-claim follows a claimed chow or pung: source claim, no drawn tile, no kong chain (rules.ts resolveClaim)', () => {
  const pos = { players: seatsAfterPung(), phase: 'discard-after-claim', turn: 2 };
  assert.match(problems({ ...pos, source: 'wall' }), /phase discard-after-claim follows a claimed chow or pung: source claim, not wall/);
  assert.match(problems({ ...pos, drawn: '7z', source: 'claim' }), /follows a claim, not a draw: no drawn tile/);
  assert.match(problems({ ...pos, kongChain: 1 }), /runs no kong chain/);
  assert.match(problems({ ...pos, turn: 3 }), /seat 3 claimed a chow or pung \(§5.3\), but shows no exposed one/);
});
