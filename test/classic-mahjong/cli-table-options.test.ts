/**
 * The classic-mahjong score CLI judges a hand as the table could produce it under the given options
 * (cli.ts `parseCliHand`): no Original Call double without `original-call` (§9.5), no robbed-kong win
 * without robbing (`robbing-kong` off, preset seed; §6) nor on a tile the winner already held, Kong upon
 * Kong only on a second kong's loose tile, no Blessing with an exposed set (§8.3), and the table's size
 * and tile set (§3, §2; seed §3: tournaments have four). The CLI scored all of these.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import type { Options } from '../../src/games/classic-mahjong/options.js';
import { cliScore, type CliOutput } from '../../src/games/classic-mahjong/scoring/cli.js';

const T = (s: string): string[] => s.match(/\d[mpszf]/g) ?? [];
const score = (h: object) => cliScore(h) as CliOutput;
const rules = (o: CliOutput) => (o.items ?? []).map((i) => i.rule);
function opts(over: Record<string, unknown> = {}, preset?: string): Options {
  const o = resolveOptions(engine.options, over, preset);
  if (!o.ok) throw new Error(JSON.stringify(o.errors));
  return o.value;
}
function pos(o: Options, p: Record<string, unknown>): State {
  const r = engine.fromScenario(o, 4, { position: p });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const seat = (s: string) => ({ concealed: T(s) });

// D1 ---------------------------------------------------------------------------------------------
test('D1 original-call=false (default): the table never offers the call, the CLI still scores its double', () => {
  const players = [
    seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m 1z'),
    seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'),
    seat('5m5m 1p2p3p 4s5s6s 7z7z 2z 9m 8m'),
    seat('1s1s 2p3p 4s4s4s 6z6z 7z 2z 3z 4p'),
  ];
  const p = { players, turn: 0, drawn: '1z', discardCount: 0 };
  const calls = (s: State) => engine.pending(s)[0]!.options.filter((a) => a.type === 'discard' && (a as { call?: boolean }).call);
  assert.equal(calls(pos(opts(), p)).length, 0, 'default table: no Original Call');
  assert.ok(calls(pos(opts({ 'original-call': true }), p)).length > 0, 'with the option: offered');
  const h = { seatWind: '2z', won: true, winBy: 'discard', winningTile: '9m', concealed: T('2m3m4m 5p6p7p 3s4s5s 7s8s9s 9m9m') };
  const off = score({ ...h, originalCall: true });
  // expected: invalid (or no original-call item) without the option, as §9.5 says "only if original-call"
  assert.ok(!off.valid || !rules(off).includes('original-call'), `CLI, option off: ${JSON.stringify(off)}`);
});

// D2 ---------------------------------------------------------------------------------------------
test('D2 robbing-kong=off (preset seed): the table offers no rob, the CLI scores a robbed-kong win', () => {
  const players = [
    seat('5m8m2p6p1s5s8s3z7z4m8m2p7p'),
    { concealed: T('5p1s2s3s4m4m6z6z6z9m1z'), melds: [{ tiles: T('5p5p5p') }] },
    seat('2s6s1z5z3m7m2p7p3s6s3z7z5m'),
    seat('4p6p1m2m3m7s8s9s2z2z2z9p9p'),
  ];
  const p = { players, turn: 1, drawn: '5p', source: 'wall', discardCount: 12 };
  const dflt = engine.apply(pos(opts(), p), 1, { type: 'added-kong', tile: '5p' });
  assert.ok(dflt.ok && dflt.value.phase === 'rob-kong', 'default: N may rob the 5p');
  const seed = engine.apply(pos(opts({}, 'seed'), p), 1, { type: 'added-kong', tile: '5p' });
  assert.ok(seed.ok && seed.value.phase === 'turn', 'preset seed: nobody may rob');
  const h = { seatWind: '4z', won: true, winBy: 'robbed-kong', winningTile: '5p', concealed: T('4p5p6p 1m2m3m 7s8s9s 2z2z2z 9p9p') };
  for (const o of [score({ ...h, preset: 'seed' }), score({ ...h, options: { 'robbing-kong': 'off' } })])
    assert.equal(o.valid, false, `CLI, robbing-kong off: ${JSON.stringify(o)}`);
});

test('D2b a robbed tile the winner already holds three of (6 copies on the table) is scored', () => {
  const o = score({ seatWind: '2z', won: true, winBy: 'robbed-kong', winningTile: '5z', concealed: T('2m3m4m 5p6p7p 3s4s5s 5z5z5z 9m9m') });
  assert.equal(o.valid, false, JSON.stringify(o));
});

// D3 ---------------------------------------------------------------------------------------------
test('D3 kongUponKong on a discard, with no kong at all, scores the limit', () => {
  const o = score({
    seatWind: '2z',
    won: true,
    winBy: 'discard',
    winningTile: '9m',
    kongUponKong: true,
    concealed: T('2m3m4m 5p6p7p 3s4s5s 7s8s9s 9m9m'),
  });
  assert.equal(o.valid, false, JSON.stringify(o));
  const one = score({
    seatWind: '2z',
    won: true,
    winBy: 'replacement',
    winningTile: '9m',
    kongUponKong: true,
    concealed: T('2m3m4m 5p6p7p 3s4s5s 9m9m'),
    melds: [{ tiles: T('7s7s7s7s') }],
  });
  assert.equal(one.valid, false, JSON.stringify(one));
});

// D4 ---------------------------------------------------------------------------------------------
test('D4 Heaven / Earth with an exposed (claimed) set score the limit', () => {
  const h = { won: true, concealed: T('2m3m4m 5p6p7p 3s4s5s 9m9m'), melds: [{ tiles: T('7s8s9s') }] };
  assert.equal(score({ ...h, seatWind: '1z', blessing: 'heaven' }).valid, false);
  assert.equal(score({ ...h, seatWind: '2z', blessing: 'earth', winningTile: '9m' }).valid, false);
});

// D5 ---------------------------------------------------------------------------------------------
test('D5 table options the CLI ignores: players, use-bonus-tiles, tournament size', () => {
  const h = { won: true, winBy: 'discard', winningTile: '9m', concealed: T('2m3m4m 5p6p7p 3s4s5s 9m9m') };
  assert.equal(engine.setup(opts({ players: 3 }), 3, 'x').players.length, 3, 'a 3-seat table: E S W only (§3)');
  assert.equal(
    engine.setup(opts({ 'use-bonus-tiles': false }), 4, 'x').players.every((p) => p.bonus.length === 0),
    true,
  );
  assert.throws(() => engine.setup(opts({ rotation: 'tournament', players: 3 }), 3, 'x'), /four players/);
  const accepted = (
    [
      ['North at 3 players', { ...h, seatWind: '4z', melds: [{ tiles: T('4z4z4z') }], options: { players: 3 } }],
      ['West at 2 players', { ...h, seatWind: '3z', melds: [{ tiles: T('3z3z3z') }], options: { players: 2 } }],
      [
        'flowers without bonus tiles',
        { ...h, seatWind: '2z', melds: [{ tiles: T('7s8s9s') }], flowers: ['2f', '6f'], options: { 'use-bonus-tiles': false } },
      ],
      [
        'tournament at 3 players',
        { ...h, seatWind: '1z', melds: [{ tiles: T('7s8s9s') }], eastConsecutiveWins: 9, options: { rotation: 'tournament', players: 3 } },
      ],
    ] as [string, object][]
  )
    .filter(([, x]) => score(x).valid)
    .map(([n, x]) => `${n}: ${JSON.stringify(score(x)).slice(0, 120)}`);
  assert.deepEqual(accepted, []);
});

test('the same facts stand where the table allows them', () => {
  const h = { seatWind: '2z', won: true, winBy: 'discard', winningTile: '9m', concealed: T('2m3m4m 5p6p7p 3s4s5s 7s8s9s 9m9m') };
  const call = score({ ...h, originalCall: true, options: { 'original-call': true } });
  assert.ok(call.valid && rules(call).includes('original-call'), JSON.stringify(call));
  const robbed = score({
    seatWind: '4z',
    won: true,
    winBy: 'robbed-kong',
    winningTile: '5p',
    concealed: T('4p5p6p 1m2m3m 7s8s9s 2z2z2z 9p9p'),
  });
  assert.ok(robbed.valid && rules(robbed).includes('robbing-kong'), JSON.stringify(robbed));
  const twofold = score({
    seatWind: '2z',
    won: true,
    winBy: 'replacement',
    winningTile: '9m',
    kongUponKong: true,
    concealed: T('2m3m4m 5p6p7p 9m9m'),
    melds: [{ tiles: T('7s7s7s7s') }, { tiles: T('3s3s3s3s'), exposed: false }],
  });
  assert.ok(twofold.valid, JSON.stringify(twofold));
  assert.ok(score({ ...h, seatWind: '3z', options: { players: 3 } }).valid);
  assert.ok(score({ ...h, flowers: ['2f'] }).valid);
});
