/**
 * Rule corners a rules review found (2026-12-06), each against its spec line (vn-mahjong.md) or the
 * seed: preset B's "nothing exposed", "all called pungs" and Nhân Ù (§9), the bounce and Hối Coong
 * after a joker exposure or a kong in the same turn (§7), Quân Cuối Cùng under `wall-reserve = 26`
 * (§9, §12), the dealer's lone bonus tile under `flower-discard = anytime` (§4.3) and the jokers'
 * frames for the Tổng Hợp combo (§2, §9, §15.12).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { Rng } from '../../src/games/core/rng.js';
import { wallFrames } from '../../src/games/vn-mahjong/frames.js';
import { scoreHand, type HandInput, type MeldIn } from '../../src/games/vn-mahjong/scoring/score.js';
import { fullSet, removeAll } from '../../src/games/vn-mahjong/tiles.js';
import { act, optionsOf, opts, pos, T } from './helpers.js';
import { vnMahjongPresenter } from '../../src/table/present/vn-mahjong.js';
import { translator } from '../../src/table/i18n.js';

const FA = '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z';
const FB = '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z';
const FC = '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z';

const ids = (items: readonly { id: string }[]) => items.map((x) => x.id);
const wonItems = (s: State) => (s.end?.kind === 'win' ? ids(s.end.score.items) : []);

/**
 * A `deck` start dealing `hands` (§4.2 order: the dealer's 14 first in each round, tiles in the order
 * written) whose first replacements from the back are `back`, in that order.
 */
function fromDeck(hands: string[], back: string[], o: Record<string, unknown>): State {
  const op = opts(o);
  const hs = hands.map(T);
  const order: string[] = [];
  const at = [0, 0, 0, 0];
  const take = (seat: number, n: number) => {
    for (let k = 0; k < n; k++) order.push(hs[seat]![at[seat]!++]!);
  };
  for (let r = 0; r < 3; r++) for (let seat = 0; seat < 4; seat++) take(seat, 4);
  for (let seat = 0; seat < 4; seat++) take(seat, 1);
  take(0, 1);
  const pool = removeAll(fullSet(op['joker-copies'], op['honour-joker']), [...order, ...back]);
  if (!pool) throw new Error('bad deck');
  const r = engine.fromScenario(op, 4, { deck: [...order, ...pool, ...back.slice().reverse()] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

// ---------------------------------------------------------------- §9 preset B: "nothing exposed"
const B = opts({ 'scoring-preset': 'B' });
const called = (tiles: string): MeldIn => ({
  kind: T(tiles)[0] === T(tiles)[1] ? 'pung' : 'chow',
  tiles: T(tiles),
  as: T(tiles),
  called: true,
  concealed: false,
});

test('preset B "nothing exposed" is nothing set aside (dựng), not "no called meld" (§9 B, §1, §14 E12)', () => {
  // §1: dựng = "expose bonus tile/joker"; §14 E12 has a called chow and "nothing exposed"; [RA-old]
  // "No Flowers or Honors: you have no flowers or jokers declared"
  const concealedChows: HandInput = {
    seat: 1,
    roundWind: 0,
    concealed: T('1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s'),
    melds: [],
    exposed: [{ tile: '2f' }],
    winningTile: '5s',
    winBy: 'discard',
  };
  const a = ids(scoreHand(concealedChows, B).items);
  assert.ok(!a.includes('mon-thanh-phinh') && !a.includes('mon-thanh'), `a bonus tile is exposed: ${a.join(' ')}`);
  const calledChow: HandInput = {
    ...concealedChows,
    concealed: T('4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s'),
    melds: [called('1m 2m 3m')],
    exposed: [],
  };
  assert.ok(ids(scoreHand(calledChow, B).items).includes('mon-thanh-phinh'), 'a called chow exposes nothing');
  const calledPungs: HandInput = {
    ...calledChow,
    concealed: T('5m 5m'),
    melds: [called('2m 2m 2m'), called('5p 5p 5p'), called('7p 7p 7p'), called('3s 3s 3s')],
  };
  assert.ok(ids(scoreHand(calledPungs, B).items).includes('mon-thanh'), 'nothing exposed, no honours, not all chows');
});

test('preset B starred limit "+1 mủn if nothing exposed" counts set-aside tiles, not calls (§9 B)', () => {
  // Đại Tứ Hỉ of four called wind pungs, nothing set aside: +1 mủn KK and +1 mủn nothing exposed
  const winds: HandInput = {
    seat: 1,
    roundWind: 0,
    concealed: T('5m 5m'),
    melds: ['1z', '2z', '3z', '4z'].map((w) => called(`${w} ${w} ${w}`)),
    exposed: [],
    winningTile: '5m',
    winBy: 'discard',
  };
  const got = ids(scoreHand(winds, B).items);
  assert.ok(got.includes('dai-tu-hi') && got.includes('limit-kk') && got.includes('limit-kin'), got.join(' '));
  // four concealed pungs with a bonus tile set aside: no "nothing exposed" extra
  const kk: HandInput = {
    seat: 1,
    roundWind: 0,
    concealed: T('2m 2m 2m 5p 5p 5p 7p 7p 7p 3s 3s 3s 9s 9s'),
    melds: [],
    exposed: [{ tile: '5f' }],
    winningTile: '9s',
    winBy: 'self-draw',
  };
  const k = ids(scoreHand(kk, B).items);
  assert.ok(k.includes('khan-khan') && !k.includes('limit-kin'), k.join(' '));
});

// ---------------------------------------------------------------- §9 preset B: all called pungs
test('preset B "all called pungs" also on a self-drawn pair (§9 B: no win-by-discard condition)', () => {
  const input: HandInput = {
    seat: 1,
    roundWind: 0,
    concealed: T('9s 9s'),
    melds: [called('2m 2m 2m'), called('5p 5p 5p'), called('7p 7p 7p'), called('3s 3s 3s')],
    exposed: [{ tile: '5f' }],
    winningTile: '9s',
    winBy: 'self-draw',
  };
  // §9 B: all called pungs 1 mủn, 2 with honours
  const valued = (h: HandInput) => scoreHand(h, B).items.map((x) => `${x.id}:${x.value}`);
  assert.ok(valued(input).includes('cau-nhan-pung:6'), 'self-drawn');
  assert.ok(valued({ ...input, winBy: 'discard' }).includes('cau-nhan-pung:6'), 'on a discard, as before');
  const honours = { ...input, melds: [...input.melds.slice(0, 3), called('6z 6z 6z')] };
  assert.ok(valued(honours).includes('cau-nhan-pung-chu:12'), 'with honours');
});

// ---------------------------------------------------------------- §9 preset B: Nhân Ù
test('preset B Nhân Ù: a non-dealer self-drawing before its first discard, no call (§9 B), not also Địa Ù', () => {
  // the dealer discarded 7s, nobody called; seat 1 self-draws 5s on its first draw
  const firstDraw = {
    hands: [FA, '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 9s 9s 5s', FB, FC],
    ponds: ['7s', '', '', ''],
    turn: 1,
    drawn: '5s',
    draws: [0, 1, 0, 0],
    discardCounts: [1, 0, 0, 0],
    anyCall: false,
  };
  const got = wonItems(act(pos(firstDraw, { 'scoring-preset': 'B' }), 1, { type: 'win' }));
  assert.ok(got.includes('nhan-u'), got.join(' '));
  assert.ok(!got.includes('dia-u'), "B's Địa Ù is a win on the dealer's first discard");
  // preset A keeps [RA]'s reading (§9 A, §15.5): this self-draw is Địa Ù there, not Nhân Ù
  const a = wonItems(act(pos(firstDraw), 1, { type: 'win' }));
  assert.ok(a.includes('dia-u') && !a.includes('nhan-u'), a.join(' '));
});

// ---------------------------------------------------------------- §7 bounce / Hối Coong: "you draw"
/** Seat 1 has phỗng'd 3s with Soọc, holds Tổng and has just drawn 3s; the replacement end gives 9m, 2m. */
function bouncePosition(o: Record<string, unknown> = {}, hand = '1m 2m 5m 4p 5p 9p 7p 8p 1z 3s JA'): State {
  return pos(
    {
      hands: [FA, hand, FB, FC],
      melds: [[], [{ tiles: '3s 3s JS' }], [], []],
      turn: 1,
      drawn: '3s',
      wallBack: '2m 9m',
    },
    o,
  );
}
const offers = (s: State, type: string, tile: string) => optionsOf(s, 1).some((a) => a.type === type && 'tile' in a && a.tile === tile);

test('a drawn tile still bounces its joker after a joker exposure in the same turn (§7 "you draw", bounce-source = drawn)', () => {
  const s = bouncePosition();
  assert.ok(offers(s, 'bounce', '3s'), 'right after the draw');
  const after = act(s, 1, { type: 'expose', tile: 'JA' });
  assert.equal(after.drawn, '9m', 'the replacement');
  assert.ok(offers(after, 'bounce', '3s'), 'after exposing Tổng: 3s was drawn this turn');
  const bounced = act(after, 1, { type: 'bounce', tile: '3s' });
  assert.deepEqual(bounced.players[1]!.melds[0]!.tiles, ['3s', '3s', '3s']);
  assert.ok(bounced.players[1]!.exposed.some((e) => e.tile === 'JS' && e.bounced));
  // the next turn: 3s drawn in an earlier turn is a held tile
  const later = pos(
    { hands: [FA, '1m 2m 5m 4p 5p 9p 7p 8p 1z 3s 9m', FB, FC], melds: [[], [{ tiles: '3s 3s JS' }], [], []], turn: 1, drawn: '9m' },
    {},
  );
  assert.ok(!offers(later, 'bounce', '3s'), 'a held 3s does not bounce under bounce-source = drawn');
});

test('a drawn tile still bounces after an Âm Coong in the same turn (§7)', () => {
  const s = pos({
    hands: [FA.replace('1m', '2m'), '1m 1m 1m 1m 5p 9p 7p 8p 1z 3s 2m', FB, FC],
    melds: [[], [{ tiles: '3s 3s JS' }], [], []],
    turn: 1,
    drawn: '3s',
    wallBack: '2m 9m',
  });
  const kong = act(s, 1, { type: 'am-coong', tile: '1m' });
  assert.ok(offers(kong, 'bounce', '3s'), `after the kong (replacement ${kong.drawn})`);
});

test('added-kong-from-hand = false: the drawn 4th tile makes a Hối Coong after a joker exposure too; one draw, one use (§7)', () => {
  const o = { 'added-kong-from-hand': false };
  const FA3 = FA.replace('3s', '2s'); // no 3s: seat 1 has all four
  const s = pos(
    {
      hands: [FA3, '1m 2m 5m 4p 5p 9p 7p 8p 1z 3s JA', FB, FC],
      melds: [[], [{ tiles: '3s 3s 3s' }], [], []],
      turn: 1,
      drawn: '3s',
      wallBack: '2m 9m',
    },
    o,
  );
  assert.ok(offers(s, 'hoi-coong', '3s'));
  const after = act(s, 1, { type: 'expose', tile: 'JA' });
  assert.ok(offers(after, 'hoi-coong', '3s'), 'after exposing Tổng');
  // jokers-in-kong: a drawn 3s bounces Soọc out of [3s 3s JS]; the held 3s left is no drawn 4th tile
  const o2 = { ...o, 'jokers-in-kong': true };
  const t = pos(
    {
      hands: [FA3, '1m 2m 5m 4p 5p 9p 7p 8p 1z 3s 3s', FB, FC],
      melds: [[], [{ tiles: '3s 3s JS' }], [], []],
      turn: 1,
      drawn: '3s',
      wallBack: '2m 9m',
    },
    o2,
  );
  const b = act(t, 1, { type: 'bounce', tile: '3s' });
  assert.deepEqual(b.players[1]!.melds[0]!.tiles, ['3s', '3s', '3s']);
  assert.ok(!offers(b, 'hoi-coong', '3s'), 'the draw was used by the bounce');
});

// ---------------------------------------------------------------- §9 cuoi under wall-reserve = 26
test('wall-reserve = 26: the discard after the last live tile is Quân Cuối Cùng after a replacement too (§9 cuoi, §12)', () => {
  const hands = [
    '1m 1m 2m 2m 3m 3m 4p 4p 5p 5p 6p 1s JA',
    '1s 2s 3s 4s 5s 6s 7s 8s 9s 7p 8p 5z 5z',
    '1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 4z 6z',
    '1m 9m 1p 9p 1s 9s 6z 7z 7z 7z 2m 3m 4m 5m',
  ];
  const front = ['9p'];
  const back = ['8s'];
  const rest = removeAll(fullSet(1, 'off'), [...hands.flatMap(T), ...front, ...back, '2f'])!;
  // live: 9p and 25 more = 26 tiles above the 26 reserved; seat 3's pond takes the rest
  const s0 = pos(
    {
      hands,
      ponds: ['', '', '', rest.slice(25).join(' ')],
      exposed: [[], ['2f'], [], []],
      turn: 3,
      drawn: '5m',
      wall: [...front, ...rest.slice(0, 25), ...back].join(' '),
    },
    { 'wall-reserve': '26' },
  );
  const s = act(s0, 3, { type: 'discard', tile: '9m' });
  assert.equal(s.turn, 0);
  assert.equal(s.wall.length - s.reserve, 0, 'seat 0 drew the last live tile');
  const direct = act(act(s, 0, { type: 'discard', tile: '9p' }), 1, { type: 'win' });
  assert.ok(wonItems(direct).includes('cuoi'), 'control: discarded straight away');
  const exposed = act(s, 0, { type: 'expose', tile: 'JA' });
  assert.equal(exposed.wall.length - exposed.reserve, -1, 'the replacement came out of the reserve');
  const won = act(act(exposed, 0, { type: 'discard', tile: '9p' }), 1, { type: 'win' });
  assert.ok(wonItems(won).includes('cuoi'), wonItems(won).join(' '));
});

// ---------------------------------------------------------------- §4.3 the dealer's lone bonus tile
test('flower-discard = anytime: a dealer with one bonus tile may still keep it, then discards it first (§4.3, seed)', () => {
  // seed: "trường hợp chỉ có 1 hoa có quyền đánh hoặc dựng, nhưng từ 2 hoa bắt buộc phải dựng"
  const hands = ['1m 1m 1m 2m 3m 4m 5p 6p 7p 8s 8s 9s 5z 1f', FB, FC, '4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z 7z'];
  for (const fd of ['dealer-single-only', 'anytime']) {
    const s = fromDeck(hands, [], { 'flower-discard': fd });
    assert.equal(s.phase, 'initial', fd);
    const keep = optionsOf(s, 0).find((a) => a.type === 'initial-expose' && a.keepFlower);
    assert.ok(keep, `${fd}: keep offered`);
    const t = act(s, 0, keep);
    assert.equal(t.phase, 'turn');
    assert.ok(t.players[0]!.hand.includes('1f') && t.players[0]!.exposed.length === 0, fd);
    assert.deepEqual(optionsOf(t, 0), [{ type: 'discard', tile: '1f' }], `${fd}: the kept bonus tile goes first`);
  }
  // two bonus tiles: no choice, both exposed (either option)
  const two = fromDeck(['1m 1m 1m 2m 3m 4m 5p 6p 7p 8s 8s 9s 1f 2f', FB, FC, hands[3]!], ['2s', '3s'], { 'flower-discard': 'anytime' });
  assert.equal(two.phase, 'turn');
  assert.deepEqual(two.players[0]!.exposed.map((e) => e.tile).sort(), ['1f', '2f']);
});

// ---------------------------------------------------------------- §2 frames, §9 Tổng Hợp combo
test('tong-hop-start-combo: 12 phán when the Tổng and Hợp exposed at the deal share a frame (§9, §15.12), k ≥ 2 only', () => {
  const o2 = opts({ 'joker-copies': 2, 'tong-hop-start-combo': true });
  const base: HandInput = {
    seat: 1,
    roundWind: 0,
    concealed: T('1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s'),
    melds: [],
    exposed: [],
    winningTile: '5s',
    winBy: 'discard',
  };
  const combo = (frames: [number | undefined, number | undefined], o = o2) =>
    ids(
      scoreHand(
        {
          ...base,
          exposed: [
            { tile: 'JA', initial: true, ...(frames[0] === undefined ? {} : { frame: frames[0] }) },
            { tile: 'JN', initial: true, ...(frames[1] === undefined ? {} : { frame: frames[1] }) },
          ],
        },
        o,
      ).items,
    ).filter((x) => x.startsWith('tong-hop'));
  assert.deepEqual(combo([1, 1]), ['tong-hop-start-combo-frame']);
  assert.deepEqual(combo([0, 1]), ['tong-hop-start-combo']);
  assert.deepEqual(combo([undefined, undefined]), ['tong-hop-start-combo']);
  assert.deepEqual(combo([0, 0], opts({ 'tong-hop-start-combo': true })), ['tong-hop-start-combo'], 'one copy: no "same frame"');
});

test('frames at the deal: each joker copy has its own, the Tổng Hợp combo follows them to the win (§2, §9)', () => {
  const o = { 'joker-copies': 2, 'tong-hop-start-combo': true };
  // E11's Thiên Ù with Hợp for the bonus tile: Tổng and Hợp exposed, 7p and 4z drawn from the back
  const play = (s: State) => {
    for (let k = 0; k < 4 && s.phase === 'initial'; k++) {
      const d = engine.pending(s)[0]!;
      const all = d.options.filter((a) => a.type === 'initial-expose' && !a.keepFlower);
      s = act(s, d.seat, d.seat === 0 ? all[all.length - 1]! : all[0]!);
    }
    return s;
  };
  // the dealer's Tổng and Hợp are the first copies dealt: frame 0 each (a deck start gives frames in deck order)
  const same = play(fromDeck(['JA JN 1m 1m 1m 2p 3p 4p 5p 6p 7s 8s 9s 4z', FA, FB, FC], ['7p', '4z'], o));
  assert.deepEqual(
    same.players[0]!.exposed.map((e) => [e.tile, e.frame]),
    [
      ['JA', 0],
      ['JN', 0],
    ],
  );
  const won = act(same, 0, { type: 'win' });
  assert.ok(
    wonItems(won).includes('tong-hop-start-combo-frame') && !wonItems(won).includes('tong-hop-start-combo'),
    wonItems(won).join(' '),
  );
  // seat 1 is dealt a Hợp before the dealer's (second round): the dealer's is the other copy
  const other = play(fromDeck(['JA 1m 1m 1m 2p 3p 4p JN 5p 6p 7s 8s 9s 4z', FA.replace('1m', 'JN'), FB, FC], ['7p', '4z'], o));
  assert.deepEqual(
    other.players[0]!.exposed.map((e) => [e.tile, e.frame]),
    [
      ['JA', 0],
      ['JN', 1],
    ],
  );
  const w2 = act(other, 0, { type: 'win' });
  assert.ok(wonItems(w2).includes('tong-hop-start-combo') && !wonItems(w2).includes('tong-hop-start-combo-frame'), wonItems(w2).join(' '));
  // one copy (default): no frames are kept
  const one = play(fromDeck(['JA JN 1m 1m 1m 2p 3p 4p 5p 6p 7s 8s 9s 4z', FA, FB, FC], ['7p', '4z'], { 'tong-hop-start-combo': true }));
  assert.ok(one.players[0]!.exposed.every((e) => e.frame === undefined));
  assert.ok(wonItems(act(one, 0, { type: 'win' })).includes('tong-hop-start-combo'));
});

test("frames are dealt by the RNG: each kind's copies take 0…k−1, in no fixed order (§2)", () => {
  const firstJa = new Set<number>();
  for (let i = 0; i < 30; i++) {
    const wall = new Rng(`frames${i}`).shuffle(fullSet(3, 'off'));
    const f = wallFrames(wall, 3, new Rng(`f${i}`));
    const jokers = wall.filter((t) => t.startsWith('J'));
    assert.equal(f.length, jokers.length);
    const per = new Map<string, number[]>();
    jokers.forEach((j, k) => per.set(j, [...(per.get(j) ?? []), f[k]!]));
    for (const [j, v] of per) assert.deepEqual([...v].sort(), [0, 1, 2], j);
    firstJa.add(per.get('JA')![0]!);
  }
  assert.deepEqual([...firstJa].sort(), [0, 1, 2], 'the first Tổng in the wall is not always frame 0');
  // a seeded deal: while the initial phase lasts, every copy of every kind is somewhere with its own frame
  let checked = 0;
  for (let i = 0; i < 20; i++) {
    const s = engine.setup(opts({ 'joker-copies': 2 }), 4, `frames${i}`, null);
    const fr = s.init?.frames;
    if (!fr) continue;
    checked++;
    const per = new Map<string, number[]>();
    const add = (t: string, f: number | undefined) => per.set(t, [...(per.get(t) ?? []), f ?? -1]);
    fr.held.forEach((h) => h.forEach((x) => add(x.tile, x.frame)));
    s.wall.filter((t) => t.startsWith('J')).forEach((t, k) => add(t, fr.wall[k]));
    s.players.forEach((p) => p.exposed.filter((e) => e.tile.startsWith('J')).forEach((e) => add(e.tile, e.frame)));
    for (const [t, v] of per) assert.deepEqual([...v].sort(), [0, 1], `frames${i} ${t}`);
    assert.equal(per.size, 8);
  }
  assert.ok(checked >= 5, `only ${checked} deals stopped for a decision`);
});

// ---------------------------------------------------------------- §4.3 a second JF beside the kept one
test('§4.3 (joker-copies 2): the opening button names a second JF the dealer must expose beside the one it kept', () => {
  // The dealer keeps its single JF and exposes JA and JN; their replacements are JF and JP.
  let s = fromDeck(
    [
      'JF JA JN 1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 3z',
      '1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p',
      '1s 2s 3s 4s 5s 6s 7s 8s 9s 1p 2p 3p 4p',
      '1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s',
    ],
    ['JF', 'JP'],
    { 'joker-copies': 2 },
  );
  s = act(s, 0, { type: 'initial-expose', jokers: T('JA JN'), keepFlower: true });
  assert.equal(s.mustDiscard, 'JF');
  const d = engine.pending(s).find((x) => x.seat === 0)!;
  const ctx = { lang: 'en', t: translator('en'), view: engine.view(s, 0), names: [] } as never;
  const labels = d.options.map((a) => vnMahjongPresenter.actionLabel(a as never, ctx));
  for (const l of labels) assert.match(l, / · expose bonus tile Joker Đại Hoa$/, JSON.stringify(labels));
  // …as the engine does whichever is chosen (initial.ts flowersToExpose).
  const after = act(s, 0, d.options[0]!);
  assert.ok(
    after.players[0]!.exposed.filter((e) => e.tile === 'JF').length === 1 && after.players[0]!.hand.filter((t) => t === 'JF').length === 1,
  );
});
