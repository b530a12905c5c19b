/**
 * §11.1 "no other choice" exception with jokers and bonus tiles in the discarder's hand (seed 000:
 * "không còn đường nào lựa chọn"). A held tile the discarder could have discarded instead, and that
 * W could not win on as a tile of the warned category, was a safe choice: no exemption. A joker it
 * may not discard (§5 `joker-discard`) is no choice; one whose domain covers the category, or a bonus
 * tile (it acts as Tổng, §6), is no safe one. Deal-in (§11.1, §11.4), feeding (§15.7) and the score CLI.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { act, feedThenDraw, pos } from './helpers.js';

const FB = '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z';
const FC = '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z';
const NO_VAN = '1m 4m 7m 3s 6s 9s 1z 3z 5z 7z 2s 5s 8s';
const VAN_MELDS = [
  { tiles: '1p 2p 3p', from: 2 },
  { tiles: '5p 5p 5p', from: 1 },
  { tiles: '7p 8p 9p', from: 2 },
];
const NO_HONOUR = ['3m 6m 9m 1p 4p 7p 2s 5s 8s 1s 4s 7s 9p', '2m 5m 8m 3p 6p 9p 1s 4s 7s 2p 8p 3s 9m'];
/** Seat 1's concealed Văn tiles beside one more tile `x` (13 in all, after its discard). */
const vanWith = (x: string) => `1p 1p 2p 2p 3p 3p 7p 7p 8p 8p 9p 9p ${x}`;

const liableOf = (s: State) => (s.end?.kind === 'win' ? s.end.liable : 'not a win');
const payers = (s: State) => engine.result(s)!.payments.map((p) => [p.from, p.amount]);
/** E7 (§14) normal payment: 134 from the discarder, 70 from each other seat. */
const E7_NORMAL = [
  [0, 70],
  [1, 134],
  [2, 70],
];
/** E7 with seat 1 liable: it pays 134 + 70 + 70. */
const E7_LIABLE = [[1, 274]];

/** E7: seat 1 (holding `hand`, exposing `exposed`) has discarded 6p into seat 3's Văn Toàn Hàng; seat 3 wins. */
function e7(hand: string, o: Record<string, unknown> = {}, exposed: string[] = []): State {
  const s = pos(
    {
      hands: [FC, hand, FB, '4p 4p 6p 6p'],
      melds: [[], [], [], VAN_MELDS],
      exposed: [[], exposed, [], ['4f']],
      claim: { tile: '6p', from: 1 },
    },
    o,
  );
  return act(s, 3, { type: 'win' });
}

test('§11.1: a discarder that held a discardable joker outside the category had a safe choice and pays for all', () => {
  // the reviewer's replay: seat 1 is offered JM and 6p, discards 6p, seat 3 wins on it
  let s = pos({
    hands: [FC, `${vanWith('JM')} 6p`, FB, '4p 4p 6p 6p'],
    melds: [[], [], [], VAN_MELDS],
    exposed: [[], [], [], ['4f']],
    turn: 1,
    drawn: '6p',
  });
  const offered = engine.pending(s).find((d) => d.seat === 1)!.options;
  assert.ok(
    offered.some((a) => a.type === 'discard' && a.tile === 'JM'),
    'JM may be discarded: no seat bonus tile (§5)',
  );
  s = act(act(s, 1, { type: 'discard', tile: '6p' }), 3, { type: 'win' });
  assert.deepEqual(liableOf(s), { seat: 1, rule: 'cuu-chuong' });
  assert.deepEqual(payers(s), E7_LIABLE);
  // Hỉ (winds) is outside Văn too
  assert.deepEqual(liableOf(e7(vanWith('JW'))), { seat: 1, rule: 'cuu-chuong' });
});

test('§11.1: a joker the discarder may not discard is no choice: it stays exempt (§5 seat bonus tile, joker-discard)', () => {
  // seat 1 is South: 2f is its own bonus tile ("hoa đúng cửa … không được đánh khung nữa")
  const flower = e7(vanWith('JM'), {}, ['2f']);
  assert.equal(liableOf(flower), null);
  assert.deepEqual(payers(flower), E7_NORMAL);
  assert.equal(liableOf(e7(vanWith('JM'), { 'joker-discard': 'never' })), null);
  // tong-hop-anytime: Màn is barred by the seat bonus tile, Hợp never (and Hợp covers Văn, below)
  assert.equal(liableOf(e7(vanWith('JM'), { 'joker-discard': 'tong-hop-anytime' }, ['2f'])), null);
  // another seat's bonus tile bars nothing: JM could still go
  assert.deepEqual(liableOf(e7(vanWith('JM'), {}, ['1f'])), { seat: 1, rule: 'cuu-chuong' });
});

test('§11.1: a discardable joker whose domain covers the category is no safe choice: it stays exempt', () => {
  for (const j of ['JP', 'JA', 'JN']) {
    const s = e7(vanWith(j));
    assert.equal(liableOf(s), null, `${j} (§2 domain has Văn tiles)`);
    assert.deepEqual(payers(s), E7_NORMAL, j);
  }
  // a held bonus tile (flower-discard = anytime) would be discarded as Tổng (§6): no safe choice either
  assert.equal(liableOf(e7(vanWith('1f'), { 'flower-discard': 'anytime' })), null);
  // and an ordinary tile outside Văn is the safe choice it always was
  assert.deepEqual(liableOf(e7(vanWith('1m'))), { seat: 1, rule: 'cuu-chuong' });
});

test('§15.7: the same reading for feeding (Thập Nhị Chướng) and for Bắc Báo', () => {
  // E8: seat 2 feeds seat 3's 4th Văn meld (4p); seat 3 then self-draws 6p (P = 14, 3 × 140)
  const e8 = (feeder: string, exposed: string[] = []) =>
    feedThenDraw(
      pos({
        hands: [FC, NO_VAN, feeder, '4p 4p 6p 2z'],
        melds: [[], [], [], VAN_MELDS],
        exposed: [[], [], exposed, ['4f']],
        claim: { tile: '4p', from: 2 },
        wallFront: '9m 9s 1m 6p',
      }),
      3,
      '4p',
      '2z',
      '6p',
    );
  const feeder = '1p 1p 2p 2p 3p 3p 6p 6p 7p 7p 8p 8p JM';
  const fed = e8(feeder);
  assert.deepEqual(liableOf(fed), { seat: 2, rule: 'thap-nhi-chuong' });
  assert.deepEqual(payers(fed), [[2, 420]]);
  // seat 2 is West: 3f is its own bonus tile, so JM could not go
  assert.equal(liableOf(e8(feeder, ['3f'])), null);
  assert.equal(liableOf(e8(feeder.replace('JM', 'JA'))), null);

  // Bắc Báo (§11.4): seat 1 discards the 4th wind into seat 3's Đại Tứ Hỉ, holding honours and a joker
  const bac = (j: string, o: Record<string, unknown> = {}, exposed: string[] = []) =>
    act(
      pos(
        {
          hands: [NO_HONOUR[0], `1z 2z 3z 5z 5z 5z 5z 6z 6z 6z 7z 7z ${j}`, NO_HONOUR[1], '4z 4z 5m 5m'],
          melds: [
            [],
            [],
            [],
            [
              { tiles: '1z 1z 1z', from: 2 },
              { tiles: '2z 2z 2z', from: 1 },
              { tiles: '3z 3z 3z', from: 2 },
            ],
          ],
          exposed: [[], exposed, [], []],
          claim: { tile: '4z', from: 1 },
        },
        o,
      ),
      3,
      { type: 'win' },
    );
  assert.deepEqual(liableOf(bac('JM')), { seat: 1, rule: 'bac-bao' });
  assert.equal(liableOf(bac('JW')), null, 'Hỉ covers the winds: no safe choice');
  assert.equal(liableOf(bac('JM', {}, ['2f'])), null, 'barred by the seat bonus tile');
  // tong-hop-anytime: Hợp (suits only) may go despite the seat bonus tile, and is outside Chữ
  assert.deepEqual(liableOf(bac('JN', { 'joker-discard': 'tong-hop-anytime' }, ['2f'])), { seat: 1, rule: 'bac-bao' });
});

type Out = { valid: boolean; reason?: string; liable: { seat: number; rule: string } | null };
const score = (x: unknown) => engine.cli!.score!(x) as Out;

test('score CLI: discarderHand jokers read as in play; discarderSeatFlower bars them, discarderNfnl frees them (§5, §11.1, §13)', () => {
  const e7cli = {
    seatWind: '4z',
    concealed: '4p 4p 6p 6p',
    melds: VAN_MELDS,
    flowers: ['4f'],
    winningTile: '6p',
    winBy: 'discard',
    from: 1,
  };
  const liable = (x: Record<string, unknown>) => {
    const o = score({ ...e7cli, ...x });
    assert.equal(o.valid, true, o.reason);
    return o.liable;
  };
  assert.equal(liable({ discarderHand: '1p 2p 3p 9p' }), null);
  assert.deepEqual(liable({ discarderHand: '1p 2p 3p JM' }), { seat: 1, rule: 'cuu-chuong' });
  assert.equal(liable({ discarderHand: '1p 2p 3p JM', discarderSeatFlower: true }), null);
  assert.equal(liable({ discarderHand: '1p 2p 3p JM', options: { 'joker-discard': 'never' } }), null);
  assert.equal(liable({ discarderHand: '1p 2p 3p JA' }), null);
  // An NFNL discarder may discard any joker (§13), as in the engine: its JM was a safe choice.
  const nfnl = { 'joker-discard': 'never', nfnl: 'true-nfnl' };
  assert.deepEqual(liable({ discarderHand: '1p 2p 3p JM', discarderNfnl: true, options: nfnl }), { seat: 1, rule: 'cuu-chuong' });
  assert.equal(liable({ discarderHand: '1p 2p 3p JM', options: nfnl }), null);
  assert.equal(score({ ...e7cli, discarderSeatFlower: 'yes' }).valid, false, 'a flag is true or false');
});
