/**
 * Option `concealed-kong-tile` (§7, §13; seed 004): under `drawn` (preset seed) a concealed kong on a
 * turn needs the fourth tile just drawn, live or loose, as `added-kong-tile=drawn` does for an added
 * kong: 「如果你有暗刻踫牌（三張相同的牌）在手，並從四方城裡摸得第四張相同的牌時，你便擁有暗槓了」. The
 * only other kong of held tiles is the opening kong (「如果你是在遊戲開始時有槓牌在手…」, §4.5), which
 * stays. `any` (the default, every other preset, and a stored game whose options lack the key) keeps
 * every four held on your own turn.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions } from '../../src/games/core/options.js';
import { deepFreeze } from '../../src/games/core/match.js';
import { engine, type Action, type State } from '../../src/games/classic-mahjong/index.js';
import type { Options } from '../../src/games/classic-mahjong/options.js';
import { opts, play, T } from './helpers.js';

function position(o: Options, pos: Record<string, unknown>): State {
  const r = engine.fromScenario(o, 4, { position: pos });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The kongs of held tiles offered to the seat to act. */
function kongs(s: State): Action[] {
  return engine.pending(s)[0]!.options.filter((a) => a.type === 'concealed-kong' || a.type === 'added-kong' || a.type === 'opening-kong');
}

const seat = (c: string, melds: string[] = []) => ({
  concealed: T(c),
  ...(melds.length ? { melds: melds.map((m) => ({ tiles: T(m) })) } : {}),
});

// The reviewer's position (t3.ts): S holds 3m3m3m3m from earlier turns and has drawn 5p.
const HELD = {
  players: [
    seat('1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 4z 5z'),
    seat('3m3m3m3m 7z 9s9s 5p', ['6z6z6z', '7z7z7z']),
    seat('2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 3z 4z 6z'),
    seat('2m 5m 8m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z'),
  ],
  turn: 1,
  drawn: '5p',
  discardCount: 6,
};

test('preset seed: four tiles held from earlier turns make no concealed kong, and the refusal names the rule', () => {
  const s = deepFreeze(position(opts({}, 'seed'), HELD));
  assert.deepEqual(kongs(s), [], 'neither the held 3m nor the held 7z is a kong');
  assert.equal(s.opts['concealed-kong-tile'], 'drawn');
  const r = engine.apply(s, 1, { type: 'concealed-kong', tile: '3m' });
  assert.equal(r.ok, false);
  if (!r.ok) assert.equal(r.error.code, 'classic-mahjong/concealed-kong-not-drawn', r.error.message);
  // four tiles the seat does not hold still say so
  const none = engine.apply(s, 1, { type: 'concealed-kong', tile: '9s' });
  assert.ok(!none.ok && none.error.code === 'classic-mahjong/no-concealed-kong');
  // the AIs choose among the legal options: no level declares the held kong
  for (const level of ['easy', 'normal', 'strong'] as const) assert.notEqual(engine.ai(s, 1, level).type, 'concealed-kong', level);
});

test('dmjl (default) and the other presets: the same held four is a concealed kong, as before', () => {
  for (const preset of [undefined, 'dmjl', 'millington', 'bradfield', 'tournament', 'roof-off']) {
    const o = opts({}, preset);
    assert.equal(o['concealed-kong-tile'], 'any', String(preset));
    assert.deepEqual(kongs(position(o, HELD)), [
      { type: 'concealed-kong', tile: '3m' },
      ...(o['added-kong-tile'] === 'any' ? [{ type: 'added-kong', tile: '7z' }] : []),
    ]);
  }
  // each half of the seed's reading can be set alone
  assert.deepEqual(kongs(position(opts({ 'added-kong-tile': 'drawn' }), HELD)), [{ type: 'concealed-kong', tile: '3m' }]);
  assert.deepEqual(kongs(position(opts({ 'concealed-kong-tile': 'drawn' }), HELD)), [{ type: 'added-kong', tile: '7z' }]);
});

test('a stored game whose options lack concealed-kong-tile plays as any', () => {
  const s = structuredClone(position(opts({}, 'seed'), HELD));
  delete (s.opts as Partial<Options>)['concealed-kong-tile'];
  assert.deepEqual(kongs(s), [{ type: 'concealed-kong', tile: '3m' }]);
  assert.equal(play(s, 1, { type: 'concealed-kong', tile: '3m' }).players[1]!.melds[2]!.kongType, 'concealed');
});

test('the option is validated like the others: any or drawn', () => {
  const bad = resolveOptions(engine.options, { 'concealed-kong-tile': 'held' });
  assert.equal(bad.ok, false);
  assert.equal(opts({ 'concealed-kong-tile': 'drawn' })['concealed-kong-tile'], 'drawn');
  // a server preset seed with the option set back to any
  assert.equal(opts({ 'concealed-kong-tile': 'any' }, 'seed')['concealed-kong-tile'], 'any');
});

// Nobody holds 1m/2m but S; the dead wall's tail (the next loose tile) is 2m.
const CHAIN = {
  players: [
    seat('3m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 4z 5z'),
    seat('1m1m1m1m 2m2m2m 5p6p7p 9s9s 7z 6z'),
    seat('5m 8m 3p 6p 9p 1s 4s 7s 2z 3z 4z 6z 6z'),
    seat('6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 5z 7z'),
  ],
  turn: 1,
  drawn: '1m',
  discardCount: 6,
  deadWall: T('1p1p1p 9p9p9p 8s8s 3s3s 4s4s 7s 2m'),
};

test('preset seed: the fourth tile just drawn makes the kong, and so does a loose tile after a kong (Kong upon Kong stays possible)', () => {
  const s = position(opts({}, 'seed'), CHAIN);
  assert.deepEqual(kongs(s), [{ type: 'concealed-kong', tile: '1m' }], 'the drawn 1m; not the 2m held');
  const k = play(s, 1, { type: 'concealed-kong', tile: '1m' });
  assert.equal(k.drawn, '2m');
  assert.equal(k.source, 'loose-tile');
  assert.deepEqual(kongs(k), [{ type: 'concealed-kong', tile: '2m' }]);
  const k2 = play(k, 1, { type: 'concealed-kong', tile: '2m' });
  assert.equal(k2.kongChain, 2);
});

test('preset seed: the loose tile that replaces a drawn flower is drawn too', () => {
  const players = [
    seat('1z 4m 7m 2p 5p 8p 3s 6s 9s 2z 4z 5z 1m 2m'),
    seat('3m3m3m 5p6p7p 9s9s 7z 6z 4p4p 8p'),
    seat('5m 8m 3p 6p 9p 1s 4s 7s 2z 3z 4z 6z 6z'),
    seat('6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 5z 7z'),
  ];
  const s = structuredClone(
    position(opts({}, 'seed'), { players, turn: 0, drawn: '2m', discardCount: 6, deadWall: T('1p1p1p 9p9p9p 8s8s 3s3s 4s4s 7s 3m') }),
  );
  // the next live tile is a flower
  s.wall.splice(s.wall.indexOf('1f'), 1);
  s.wall.unshift('1f');
  assert.deepEqual(engine.checkInvariants(s), []);
  const d = play(s, 0, { type: 'discard', tile: '1z' });
  assert.equal(d.turn, 1);
  assert.deepEqual(d.players[1]!.bonus, ['1f']);
  assert.equal(d.drawn, '3m');
  assert.deepEqual(kongs(d), [{ type: 'concealed-kong', tile: '3m' }]);
});

test('preset seed: a four held at the deal is still an opening kong (§4.5); passed, it is no kong on East’s first turn', () => {
  const players = [
    seat('8m8m8m8m 2p3p4p 5s6s7s 1z1z 9p 9p'),
    seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'),
    seat('5m5m 1p1p 2s2s 6s6s 7p7p 3z3z 4m'),
    seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m'),
  ];
  const s = position(opts({}, 'seed'), { players, phase: 'setup' });
  assert.equal(s.phase, 'opening-kong');
  assert.deepEqual(kongs(s), [{ type: 'opening-kong', tile: '8m' }]);
  const k = play(s, 0, { type: 'opening-kong', tile: '8m' });
  assert.equal(k.players[0]!.melds[0]!.kongType, 'concealed');
  const passed = play(s, 0, { type: 'pass' });
  assert.equal(passed.phase, 'turn');
  assert.deepEqual(kongs(passed), [], 'seed: the chance was the opening');
  const dmjl = play(position(opts(), { players, phase: 'setup' }), 0, { type: 'pass' });
  assert.deepEqual(kongs(dmjl), [{ type: 'concealed-kong', tile: '8m' }], 'dmjl: still a kong on the turn');
});
