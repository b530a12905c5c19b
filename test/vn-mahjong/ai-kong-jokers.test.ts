/**
 * Jokers and Âm Coong under `jokers-in-kong` (§7), a review of 2026-12-07: `normal` and `strong` put
 * a joker into an Âm Coong instead of laying it down, and the first one offered, Tổng (JA) before a
 * narrower joker. The kong scores `coong` 1 phán and the joker in it nothing; laid down, the joker
 * scores `khung` (§2), brings a replacement tile too and keeps the concealed pung. Now the joker is
 * laid down when it is worth a phán, and a kong that must take one takes the narrowest.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { kongOrFlower } from '../../src/games/vn-mahjong/ai.js';
import { scoreHand } from '../../src/games/vn-mahjong/scoring/score.js';
import { countOf, isWild, type Tile } from '../../src/games/vn-mahjong/tiles.js';
import type { VnAction } from '../../src/games/vn-mahjong/actions.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { opts, pos, T } from './helpers.js';

const OTHERS = [
  '1m 4m 7m 2p 5p 6p 3s 6s 9s 1z 3z 5z 7z',
  '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z',
  '3m 6m 9m 9m 4p 7p 2s 5s 8s 1z 2z 3z 4z',
];
const KONG = { 'jokers-in-kong': true };

test('the scorer pays no less for a joker laid down than for the same joker in an Âm Coong, more for Tổng and Hợp', () => {
  const rest = T('1p 2p 3p 4s 5s 6s 7s 8s 9s 6z 6z');
  for (const preset of ['A', 'B'])
    for (const j of ['JA', 'JN', 'JM'])
      for (let seat = 0; seat < 4; seat++) {
        const o = opts({ ...KONG, 'scoring-preset': preset });
        const common = { seat, roundWind: 0, winningTile: '9s', winBy: 'self-draw' as const };
        const kong = scoreHand(
          {
            ...common,
            concealed: rest,
            melds: [{ kind: 'kong', tiles: ['5m', '5m', '5m', j], as: ['5m', '5m', '5m', '5m'], called: false, concealed: true }],
            exposed: [],
          },
          o,
        );
        const laid = scoreHand({ ...common, concealed: [...T('5m 5m 5m'), ...rest], melds: [], exposed: [{ tile: j }] }, o);
        assert.ok(kong.valid && laid.valid);
        // coong 1 phán against khung 1–3: never less, more for Tổng and Hợp (2+)
        assert.ok(
          laid.phan >= kong.phan && (j === 'JM' || laid.phan > kong.phan),
          `${preset} ${j} seat ${seat}: laid down ${laid.phan} ${JSON.stringify(laid.items)}, in the kong ${kong.phan} ${JSON.stringify(kong.items)}`,
        );
      }
});

for (const level of ['normal', 'strong', 'easy'] as AiLevel[])
  test(`${level}: lays the joker down rather than completing an Âm Coong with it`, () => {
    for (const mine of [
      '5m 5m 5m JA JM 2p 3p 4s 5s 7s 8s 6z 6z',
      '5m 5m 5m JA 1p 2p 3p 4s 5s 7s 8s 6z 6z',
      '5m 5m 5m JM 1p 2p 3p 4s 5s 7s 8s 6z 6z',
    ]) {
      const s = pos({ hands: [`${mine} 2m`, ...OTHERS], turn: 0, drawn: '2m', wallSeed: 'w' }, KONG);
      const d = engine.pending(s).find((x) => x.seat === s.seatPerson[0])!;
      assert.ok(d.options.some((a) => a.type === 'am-coong'));
      const a = engine.ai(s, d.seat, level);
      assert.equal(a.type, 'expose', `${mine}: ${JSON.stringify(a)}`);
    }
  });

test('a kong that must take a joker takes the one worth least, never Tổng first', () => {
  const hand = T('5m 5m 5m JA JM 2p 3p 4s 5s 7s 8s 6z 6z 2m');
  const offered: VnAction[] = [
    { type: 'expose', tile: 'JA' },
    { type: 'expose', tile: 'JM' },
    { type: 'am-coong', tile: '5m', joker: 'JA' },
    { type: 'am-coong', tile: '5m', joker: 'JM' },
    { type: 'discard', tile: '2m' },
  ];
  const o = opts(KONG);
  // exposeMin 2 at South: JA (2 phán) is laid down, JM (1) goes into the kong
  assert.deepEqual(kongOrFlower(offered, hand, 1, o, 2), { type: 'expose', tile: 'JA' });
  // nothing worth laying down: the kong takes JM (9 kinds), not JA (34)
  assert.deepEqual(kongOrFlower(offered, hand, 1, o, 99), { type: 'am-coong', tile: '5m', joker: 'JM' });
  assert.deepEqual(kongOrFlower(offered.slice(2), hand, 1, o), { type: 'am-coong', tile: '5m', joker: 'JM' });
  // four natural copies: the kong, whatever the jokers
  assert.deepEqual(kongOrFlower([{ type: 'am-coong', tile: '2m' }, ...offered], [...hand, '2m', '2m', '2m'], 1, o), {
    type: 'am-coong',
    tile: '2m',
  });
});

test('normal and strong self-play: no Âm Coong takes a joker whose laying down is offered', () => {
  let chances = 0;
  for (const level of ['normal', 'strong'] as AiLevel[])
    for (const copies of [1, 2]) {
      const o = opts({ ...KONG, 'joker-copies': copies });
      for (let h = 0; h < 25; h++) {
        let s = engine.setup(o, 4, `kong-jokers-${level}-${copies}-${h}`, null) as State;
        for (let i = 0; i < 3000 && !engine.result(s); i++) {
          const d = engine.pending(s)[0]!;
          const hand: Tile[] = s.players[s.seatPerson.indexOf(d.seat)]!.hand;
          const a = engine.ai(s, d.seat, level) as VnAction;
          if (d.options.some((x) => x.type === 'am-coong' && countOf(hand, x.tile) < 4)) chances++;
          if (a.type === 'am-coong') {
            if (countOf(hand, a.tile) < 4) {
              const j = a.joker ?? hand.find(isWild);
              assert.ok(
                !d.options.some((x) => x.type === 'expose' && x.tile === j),
                `${level} ${copies} deal ${h}: ${JSON.stringify(a)} from ${hand.join(' ')}`,
              );
            }
          }
          const r = engine.apply(s, d.seat, a);
          assert.ok(r.ok, JSON.stringify(r));
          s = r.value as State;
        }
      }
    }
  assert.ok(chances >= 10, `Âm Coong with a joker offered ${chances} times`);
});
