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

// ---- facts no table produces (review of the CLI against the engine, rules.ts) -----------------------

/** South's concealed 14 tiles: 234m 5p5p 789s 345p and a 6z pung, won on 7s. */
const CLOSED = { seatWind: '2z', won: true, winningTile: '7s', concealed: T('2m3m4m 5p5p 7s8s9s 3p4p5p 6z6z6z') };
/** The same with the 345p chow replaced by a kong (`k`), won on a loose tile. */
const withKongs = (...kongs: object[]) => ({ ...CLOSED, winBy: 'replacement', concealed: T('2m3m4m 5p5p 7s8s9s 6z6z6z'), melds: kongs });
const kong = (t: string, how: 'concealed' | 'added' | 'claimed') => ({
  tiles: [t, t, t, t],
  ...(how === 'concealed' ? { exposed: false } : how === 'claimed' ? { claimed: true } : {}),
});
/** Refused, with a reason matching `re`. */
function refused(h: object, re: RegExp): void {
  const o = score(h);
  assert.equal(o.valid, false, `${JSON.stringify(h)} → ${JSON.stringify(o)}`);
  assert.match(o.reason!, re, JSON.stringify(h));
}
function accepted(h: object): CliOutput {
  const o = score(h);
  assert.ok(o.valid, `${JSON.stringify(h)} → ${JSON.stringify(o)}`);
  return o;
}

test('winBy replacement needs a kong, or a flower replaced from the dead wall (§4.4, §5.2)', () => {
  const loose = { ...CLOSED, winBy: 'replacement' };
  refused(loose, /winBy replacement is a win on a loose tile.*neither a kong nor a flower/);
  refused({ ...loose, options: { 'use-bonus-tiles': false } }, /neither a kong nor a flower/);
  refused({ ...loose, flowers: ['3f'], options: { 'bonus-replacement-source': 'live-wall' } }, /replaced from the live wall/);
  assert.ok(rules(accepted({ ...loose, flowers: ['3f'] })).includes('loose-tile'));
  assert.ok(rules(accepted(withKongs(kong('1s', 'concealed')))).includes('loose-tile'));
  assert.ok(
    rules(accepted({ ...withKongs(kong('1s', 'claimed')), options: { 'bonus-replacement-source': 'live-wall' } })).includes('loose-tile'),
  );
});

test('kongUponKong: the second kong is concealed or added; a claimed kong never continues the chain (rules.ts kongChainAfter)', () => {
  const twoClaimed = { ...withKongs(kong('1s', 'claimed'), kong('1p', 'claimed')), concealed: T('2m3m4m 5p5p 7s8s9s'), kongUponKong: true };
  refused(twoClaimed, /a claimed kong never continues the chain/);
  for (const second of ['concealed', 'added'] as const) {
    const o = accepted({ ...twoClaimed, melds: [kong('1s', 'claimed'), kong('1p', second)] });
    assert.deepEqual(rules(o), ['kong-upon-kong'], second);
  }
});

test('Original Call: at most one set claimed before it (and the Mah Jong claim), no Kong upon Kong, a loose tile only for a flower, no blessing (rules.ts discardOptions, turnOptions)', () => {
  const call = { originalCall: true, options: { 'original-call': true } };
  assert.ok(rules(accepted({ ...CLOSED, ...call, winBy: 'self-draw' })).includes('original-call'));
  // A pung claimed before the first discard, then the call (Kajongg: one claim before it, one for Mah Jong).
  const exposed = { ...CLOSED, ...call, winBy: 'discard', concealed: T('2m3m4m 5p5p 7s8s9s 3p4p5p'), melds: [{ tiles: T('6z6z6z') }] };
  assert.ok(rules(accepted(exposed)).includes('original-call'));
  const three = {
    ...exposed,
    concealed: T('5p5p 3p4p5p'),
    melds: [{ tiles: T('6z6z6z') }, { tiles: T('2m3m4m') }, { tiles: T('7s8s9s') }],
  };
  refused(three, /before which at most one set was claimed.*at most one exposed set \(§9\.5\)/);
  // The Mah Jong claim's set is the winning tile's, among the concealed tiles here: never a second meld.
  const two = { ...exposed, melds: [{ tiles: T('6z6z6z') }, { tiles: T('2m3m4m') }], concealed: T('5p5p 7s8s9s 3p4p5p') };
  refused(two, /at most one exposed set/);
  refused({ ...two, winBy: 'self-draw' }, /at most one exposed set/);
  refused(
    { ...exposed, won: false, winBy: undefined, winningTile: undefined, melds: [{ tiles: T('6z6z6z') }, { tiles: T('7s8s9s') }] },
    /at most one exposed set/,
  );
  const kongs = { ...withKongs(kong('1s', 'concealed'), kong('1p', 'concealed')), concealed: T('2m3m4m 5p5p 7s8s9s'), ...call };
  refused({ ...kongs, kongUponKong: true }, /a called hand declares no kong.*Kong upon Kong/);
  refused(kongs, /originalCall with winBy replacement: .*replaces a flower from the dead wall/);
  assert.ok(rules(accepted({ ...kongs, flowers: ['2f'] })).includes('original-call'));
  refused({ ...CLOSED, ...call, seatWind: '1z', blessing: 'heaven' }, /blessing heaven is won before the winner's first discard/);
  refused({ ...CLOSED, ...call, blessing: 'earth' }, /blessing earth is won before the winner's first discard/);
});

test("a blessing's kongs are opening kongs: none with opening-kongs false (§4.5, §8.3)", () => {
  const kongHand = { ...CLOSED, concealed: T('2m3m4m 5p5p 7s8s9s 6z6z6z'), melds: [kong('5z', 'concealed')] };
  const heaven = { ...kongHand, seatWind: '1z', blessing: 'heaven' };
  const earth = { ...kongHand, blessing: 'earth', winningTile: '5p' };
  for (const h of [heaven, earth]) {
    assert.equal(accepted(h).limit, true);
    refused({ ...h, options: { 'opening-kongs': false } }, /a blessing's kongs are opening kongs, and this table has none/);
  }
});

test('lastTileOfWall goes with self-draw or discard only: refused with a loose tile, a robbed kong or a blessing, not dropped', () => {
  assert.ok(rules(accepted({ ...CLOSED, winBy: 'self-draw', lastTileOfWall: true })).includes('last-wall-tile'));
  assert.ok(rules(accepted({ ...CLOSED, winBy: 'discard', lastTileOfWall: true })).includes('last-discard'));
  refused({ ...withKongs(kong('1s', 'concealed')), lastTileOfWall: true }, /lastTileOfWall .* not with winBy replacement/);
  refused({ ...CLOSED, winBy: 'robbed-kong', winningTile: '2m', lastTileOfWall: true }, /not with winBy robbed-kong/);
  refused({ ...CLOSED, seatWind: '1z', blessing: 'heaven', lastTileOfWall: true }, /blessing heaven is won at the start of the hand/);
  refused({ ...CLOSED, blessing: 'earth', lastTileOfWall: true }, /blessing earth is won at the start of the hand/);
});

test("a loser's hand has no win type: originalCall as the table allows it, no lastTileOfWall or kongUponKong", () => {
  const loser = { seatWind: '3z', concealed: T('1m4m7m2p5p8p3s6s9s1z2z3z4z') };
  refused({ ...loser, originalCall: true }, /this table has no Original Call \(option original-call, §9.5\)/);
  accepted({ ...loser, originalCall: true, options: { 'original-call': true } });
  refused({ ...loser, lastTileOfWall: true }, /did not win has no lastTileOfWall/);
  refused({ ...loser, kongUponKong: true }, /did not win has no kongUponKong/);
  accepted({ ...loser, lastTileOfWall: false, kongUponKong: false });
});

test('claimed on a pung or chow restates exposed (an exposed pung or chow was claimed, §6): agreeing is the same hand, contradicting is refused', () => {
  const h = { ...CLOSED, winBy: 'discard', concealed: T('2m3m4m 5p5p 7s8s9s 6z6z6z'), melds: [{ tiles: T('3p4p5p') }] };
  const plain = accepted(h);
  assert.deepEqual(score({ ...h, melds: [{ tiles: T('3p4p5p'), claimed: true }] }), plain);
  const pung = { ...h, concealed: T('2m3m4m 5p5p 7s8s9s 3p4p5p'), melds: [{ tiles: T('6z6z6z') }] };
  assert.deepEqual(score({ ...pung, melds: [{ tiles: T('6z6z6z'), exposed: true, claimed: true }] }), accepted(pung));
  refused({ ...pung, melds: [{ tiles: T('6z6z6z'), claimed: false }] }, /an exposed pung is one claimed from a discard/);
  refused({ ...h, melds: [{ tiles: T('3p4p5p'), exposed: false, claimed: true }] }, /a chow held in hand .* was not claimed/);
  // a concealed set says so either way
  assert.deepEqual(
    score({ ...h, melds: [{ tiles: T('3p4p5p'), exposed: false, claimed: false }] }),
    score({ ...h, melds: [{ tiles: T('3p4p5p'), exposed: false }] }),
  );
});

test('unknown keys are refused by name, and a list where a text is expected is refused, not read as its String()', () => {
  const h = { ...CLOSED, winBy: 'self-draw' };
  refused({ ...h, lastTileofWall: true }, /^unknown key "lastTileofWall" \(allowed: seatWind, .*lastTileOfWall/);
  refused({ ...h, foo: 1, bar: 2 }, /^unknown keys "foo", "bar"/);
  refused({ ...h, melds: [{ tiles: T('6z6z6z'), exposd: false }] }, /^meld: unknown key "exposd" \(allowed: tiles, exposed, claimed\)/);
  for (const [k, v] of [
    ['seatWind', ['2z']],
    ['roundWind', ['1z']],
    ['winningTile', ['7s']],
    ['winBy', ['self-draw']],
    ['preset', ['dmjl']],
  ] as const)
    refused({ ...h, [k]: v }, new RegExp(`^${k} must be a text, not \\[`));
  refused({ ...CLOSED, seatWind: '1z', blessing: ['heaven'] }, /^blessing must be a text/);
});

test('eastConsecutiveWins stops at the limit (its win passes the deal, setup.ts nextMatch); roundWind within match-rounds', () => {
  const east = { ...CLOSED, seatWind: '1z', winBy: 'self-draw', options: { rotation: 'tournament' } };
  assert.equal(accepted({ ...east, eastConsecutiveWins: 9 }).limit, true);
  refused({ ...east, eastConsecutiveWins: 10 }, /East's 9th win in a row is a limit hand and passes the deal/);
  const mill = { ...east, options: { rotation: 'tournament', preset: 'millington' } };
  accepted({ ...mill, eastConsecutiveWins: 13 });
  refused({ ...mill, eastConsecutiveWins: 14 }, /East's 13th win/);
  accepted({ ...east, eastConsecutiveWins: 20, options: { rotation: 'tournament', 'east-streak-limit': 'off' } });
  const south = { ...CLOSED, winBy: 'self-draw', roundWind: '2z' };
  refused(south, /roundWind 2z is never played: a match of 1 prevailing wind plays 1z \(option match-rounds/);
  refused({ ...south, roundWind: '4z', options: { 'match-rounds': 3 } }, /plays 1z, 2z, 3z/);
  accepted({ ...south, options: { 'match-rounds': 2 } });
  accepted({ ...south, roundWind: '4z', options: { rotation: 'tournament' } });
});
