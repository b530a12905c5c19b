/**
 * The Vietnamese mahjong score CLI refuses a hand no table could produce under the given options
 * (vn-mahjong.md §2–§9), with a reason naming the rule, and settles a hand play can make as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/vn-mahjong/index.js';

type Out = { valid: boolean; reason?: string; phan: number; liable: { seat: number; rule: string } | null; payments: { deltas: number[] } };
const score = (x: unknown) => engine.cli!.score!(x) as Out;
const ok = (x: Record<string, unknown>): Out => {
  const o = score(x);
  assert.equal(o.valid, true, o.reason);
  return o;
};
/** Refused, with a reason matching `why`. */
const refused = (x: Record<string, unknown>, why: RegExp): void => {
  const o = score(x);
  assert.equal(o.valid, false, `accepted: ${JSON.stringify(x)}`);
  assert.match(o.reason!, why);
};

/** Seat 1 wins on seat 0's 3m. */
const H = { seatWind: 1, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', winningTile: '3m', winBy: 'discard', from: 0 };
/** Seat 1 wins on a discarded 9s with one declared meld. */
const M = { seatWind: 1, concealed: '4p 5p 6p 7p 8p 9p 3s 4s 5s 9s', winningTile: '9s', winBy: 'discard', from: 0 };
/** The dealer's Thiên Ù (E11 without its exposures). */
const THIEN = { seatWind: 0, concealed: '1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s 4z 4z', winBy: 'thien-u' };

test('§7 a meld that is not a set is refused by the engine check (chow of 1-5-9, 1m 1m 2m, an honour chow, a run as a kong, a joker out of its domain)', () => {
  refused({ ...M, melds: [{ tiles: '1m 5m 9m' }] }, /meld 1m 5m 9m is not a set \(§7\): bad chow/);
  refused({ ...M, melds: [{ tiles: '1m 1m 2m' }] }, /not a set \(§7\): bad chow/);
  refused({ ...M, melds: [{ tiles: '1z 2z 3z' }] }, /not a set \(§7\): bad chow/);
  refused({ ...M, melds: [{ tiles: '1m 2m 3m 4m' }] }, /not a set \(§7\): bad kong/);
  refused({ ...M, melds: [{ tiles: '5m 5m JS(5m)' }] }, /not a set \(§7\): tile JS cannot stand for 5m/);
  // a chow is a chow in any order, as before
  ok({ ...M, melds: [{ tiles: '3m 1m 2m' }] });
  ok({ ...M, melds: [{ tiles: '5m 5m JM(5m)' }] });
});

test('§2 the tile set: no more copies than it holds, and no joker the options remove', () => {
  refused(
    { ...M, concealed: '5m 5m 4p 5p 6p 7p 8p 9p 9s 9s', winningTile: '5m', melds: [{ tiles: '5m 5m 5m' }] },
    /5m is used 6 times: the set holds 4 \(§2, four of each tile\)/,
  );
  refused({ ...H, concealed: 'JA JA 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s' }, /JA is used 2 times.*joker-copies = 1/);
  ok({ ...H, concealed: 'JA JA 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', options: { 'joker-copies': 2 } });
  refused({ ...H, flowers: ['JH'] }, /JH is not in the tile set with honour-joker = off \(§2/);
  ok({ ...H, flowers: ['JH'], options: { 'honour-joker': 'replaces-JW' } });
  refused(
    { ...H, flowers: ['JW'], options: { 'honour-joker': 'replaces-JW' } },
    /JW is not in the tile set with honour-joker = replaces-JW/,
  );
  refused({ ...H, flowers: ['1f', '1f', '5f'] }, /1f is used 2 times.*one of each bonus tile/);
  refused({ ...H, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s JA', flowers: ['JA'] }, /JA is used 2 times/);
  // the discarder's hand is made of the same tiles
  refused(
    { ...H, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', discarderHand: '9s 9s 9s' },
    /9s is used 5 times \(with discarderHand\)/,
  );
  // §6 robbing: the declarer's pung of the robbed tile holds its natural copies (3 by default)
  const rob = { seatWind: 1, concealed: '3m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', winningTile: '3m', winBy: 'rob-kong', from: 3 };
  refused(rob, /3m is used 6 times \(with the declarer's pung/);
  ok({ ...rob, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s' });
});

test('§4.3, §5 a bonus tile held in the hand, or self-drawn as the winning tile, never wins', () => {
  refused({ seatWind: 1, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 6f', winningTile: '9s' }, /concealed holds bonus tile 6f.*§4\.3/);
  refused(
    { seatWind: 1, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 6f', winningTile: '3m', options: { 'flower-discard': 'anytime' } },
    /concealed holds bonus tile 6f/,
  );
  refused(
    { seatWind: 1, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', winningTile: '3f' },
    /winningTile 3f: a drawn bonus tile.*§5/,
  );
  refused({ ...THIEN, concealed: '1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s 4z JF' }, /bonus tile JF/);
  // a discarded one is won on, as Tổng (§6): from the dealer, who kept it
  ok({ ...H, concealed: '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s', winningTile: '5f', from: 0 });
});

test('§4.3 only the dealer discards a bonus tile (its kept one, first), unless flower-discard = anytime or an NFNL seat drew it', () => {
  const bonus = { ...H, concealed: '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s', winningTile: '5f' };
  refused({ ...bonus, from: 2 }, /winningTile 5f from seat 2: only the dealer discards a bonus tile.*§4\.3/);
  refused({ ...bonus, seatWind: 0, from: 3 }, /only the dealer discards a bonus tile/);
  // the dealer's first discard: no meld yet, every exposure initial
  refused({ ...bonus, concealed: '4p 5p 6p 7p 8p 9p 3s 4s 5s 9s', melds: [{ tiles: '1m 2m 3m' }] }, /before any meld/);
  refused({ ...bonus, flowers: ['2f'] }, /mark 2f initial: true/);
  ok({ ...bonus, flowers: [{ tile: '2f', initial: true }] });
  // without `from`, the discarder is the dealer (the only seat that can discard it)
  assert.deepEqual(ok(bonus).liable, { seat: 0, rule: 'flower-joker' });
  ok({ ...bonus, from: 2, options: { 'flower-discard': 'anytime' } });
  ok({ ...bonus, from: 2, options: { nfnl: 'true-nfnl' } });
});

test("§4.4 Thiên Ù is the dealer's, before any meld, with initial exposures only", () => {
  ok(THIEN);
  refused({ ...THIEN, seatWind: 2 }, /thien-u is the dealer's win \(seat 0, §4\.4\)/);
  refused({ ...THIEN, concealed: '2p 3p 4p 5p 6p 7p 7s 8s 9s 4z 4z', melds: [{ tiles: '1m 1m 1m' }] }, /thien-u comes before any meld/);
  refused({ ...THIEN, flowers: [{ tile: 'JA', initial: false }] }, /mark JA initial: true/);
  ok({ ...THIEN, flowers: [{ tile: 'JA', initial: true }] });
});

test('§6, §7 melds the options rule out: kong on a discard, jokers in kongs, too many jokers in a call', () => {
  const kong = { ...M, melds: [{ tiles: '5m 5m 5m 5m' }] };
  ok(kong);
  refused({ ...kong, options: { 'kong-on-discard': false } }, /needs kong-on-discard \(§6\)/);
  ok({ ...M, melds: [{ tiles: '5m 5m 5m 5m', added: true }], options: { 'kong-on-discard': false } });
  const am = { ...M, melds: [{ tiles: '5m 5m 5m JM(5m)', exposed: false }] };
  refused(am, /no joker in a kong without jokers-in-kong \(§7\)/);
  ok({ ...am, options: { 'jokers-in-kong': true } });
  refused({ ...M, melds: [{ tiles: '5m 5m JM(5m) 5m', added: true }] }, /no joker in a Hối Coong without jokers-in-kong/);
  refused({ ...M, melds: [{ tiles: '5m JM(5m) JA(5m)' }] }, /2 jokers in a called pung: max-jokers-per-call allows 1 \(§7\)/);
  ok({ ...M, melds: [{ tiles: '5m JM(5m) JA(5m)' }], options: { 'max-jokers-per-call': '2' } });
  // the claimed tile is always natural (§7)
  refused({ ...M, melds: [{ tiles: 'JM(1m) JA(2m) JN(3m)' }], options: { 'max-jokers-per-call': '2' } }, /3 jokers in a called chow/);
  refused({ ...M, melds: [{ tiles: '3p 3p 3p', exposed: false }] }, /Âm Coong, a kong of four tiles/);
});

test("§6 feeders: a chow only from the previous seat, never the winner's own discard", () => {
  refused({ ...M, melds: [{ tiles: '1m 2m 3m', from: 2 }] }, /a chow is claimed only from the previous seat 0 \(§6 Ăn\), not from seat 2/);
  refused({ ...M, melds: [{ tiles: '5m 5m 5m', from: 1 }] }, /cannot claim its own discard/);
  ok({ ...M, melds: [{ tiles: '5m 5m 5m', from: 2 }] });
});

test('§6 every exposed meld was claimed: called: false on one is refused (it scored Kín)', () => {
  const exp = { seatWind: 1, concealed: '4p 5p 6p 7p 8p 9p 3s 4s 5s 9s', winningTile: '9s' };
  refused({ ...exp, melds: [{ tiles: '5m 5m 5m', called: false }] }, /claimed from a discard \(called\).*§6/);
  ok({ ...exp, melds: [{ tiles: '5m 5m 5m', called: true }] });
});

test('§5, §9 winBy and its flags as play sets them: rob-bounce needs its option; lastTile, replacement where they can be', () => {
  const rb = { seatWind: 1, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', winningTile: '3m', from: 3 };
  refused({ ...rb, winBy: 'rob-bounce' }, /rob-bounce option.*§7, §13/);
  ok({ ...rb, winBy: 'rob-bounce', options: { 'rob-bounce': true } });
  refused({ ...rb, winBy: 'rob-kong', lastTile: true }, /lastTile is the last live tile.*not a rob-kong win/);
  refused({ ...THIEN, lastTile: true }, /not a thien-u win/);
  refused({ ...THIEN, replacement: true }, /replacement is a self-drawn tile from the back/);
  refused({ ...H, replacement: true }, /not a discard win/);
  const sd = { seatWind: 1, concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', winningTile: '3m' };
  refused({ ...sd, replacement: true, lastTile: true }, /replacement and lastTile exclude each other/);
  ok({ ...sd, replacement: true });
  ok({ ...sd, lastTile: true });
  ok({ ...H, lastTile: true });
});

test('§7 exposures: bounced is a joker out of a called pung, never initial, never a bonus tile', () => {
  refused({ ...H, flowers: [{ tile: '2f', bounced: true }] }, /bounced is a joker put out of a pung \(§7\)/);
  refused({ ...H, flowers: [{ tile: 'JA', bounced: true, initial: true }] }, /not in the initial phase/);
  refused({ ...H, flowers: [{ tile: 'JS', bounced: true }] }, /1 bounced joker\(s\), but the winner's called pungs had room for 0/);
  ok({ ...M, melds: [{ tiles: '5m 5m 5m' }], flowers: [{ tile: 'JM', bounced: true }] });
  refused({ ...M, melds: [{ tiles: '5m 5m JA(5m)' }], flowers: [{ tile: 'JM', bounced: true }] }, /had room for 0/);
  refused({ ...H, flowers: [{ tile: 'JA', frame: 1 }] }, /frame must be a copy index 0…0/);
  ok({ ...H, flowers: [{ tile: 'JA', frame: 1 }], options: { 'joker-copies': 2 } });
});

test('§11 a liable seat pays the winner: it is never the winner', () => {
  refused({ ...H, liable: 1 }, /liable.seat 1 is the winner/);
  refused({ ...H, liable: { seat: 's', rule: 'bach-bao' } }, /is the winner/);
  ok({ ...H, liable: 2 });
});

test("seat words are winds, never an object's own names; null is no default", () => {
  for (const w of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    refused({ ...H, from: w }, /from must be another seat/);
    refused({ ...H, seatWind: w }, /seatWind must be a seat 0…3 or a wind/);
    refused({ ...H, roundWind: w }, /roundWind must be a seat 0…3 or a wind/);
    refused({ ...H, liable: w }, /liable.seat must be a seat/);
    refused({ ...H, liable: { seat: w } }, /liable.seat must be a seat/);
    refused({ ...M, melds: [{ tiles: '5m 5m 5m', from: w }] }, /"from" must be a seat/);
  }
  refused({ ...H, seatWind: null }, /seatWind must be .*not null/);
  refused({ ...H, roundWind: null }, /roundWind must be .*not null/);
  refused({ ...H, winBy: null }, /winBy must be one of .*not null/);
  refused({ ...H, winBy: 3 }, /winBy must be one of/);
  ok({ ...H, seatWind: 'S', roundWind: 'east', from: 'e' });
});

test('winningTile is a tile code; discarderHand entries are tiles, never dropped', () => {
  refused({ ...H, winningTile: 5 }, /winningTile must be a tile code/);
  refused({ ...THIEN, winningTile: 5 }, /winningTile must be a tile code/);
  refused({ ...H, discarderHand: [1, 2] }, /discarderHand must be tile codes/);
  refused({ ...H, discarderHand: 'zz qq' }, /discarderHand must be tile codes/);
  refused({ ...H, discarderHand: ['1p', null] }, /discarderHand must be tile codes/);
  ok({ ...H, discarderHand: '1p 2p 3p' });
});

test('the winning tile is one of the 14 tiles given with it (a 5f that never reached the hand scored Bắt Hoa)', () => {
  const full = { ...H, concealed: '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s' };
  refused({ ...full, winningTile: '7z' }, /winningTile 7z is not among the concealed tiles/);
  refused({ ...full, winningTile: '5f' }, /winningTile 5f is not among the concealed tiles/);
  ok({ ...full, winningTile: '3m' });
});
