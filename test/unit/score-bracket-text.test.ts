/**
 * `score --game phom` and `--game chan`: a `phom` / `melds` text kept only what was inside
 * [brackets]. Cards outside them ("4S 5S 6S 7S 8S" without brackets, or a bracket left open) were
 * dropped silently: Phỏm settled the seat as if it had laid nothing (Móm) with `valid: true`, Chắn
 * counted the hand without those melds. Such a text is now refused, naming what is outside.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../../src/table/manifests.js';

type Score = (x: unknown) => { valid: boolean; reason?: string; ranking?: unknown };
const scoreOf = (game: 'phom' | 'chan') => (ENGINES[game] as unknown as { cli: { score: Score } }).cli.score;

const phomPosition = (phom0: string) => ({
  first: 0,
  seats: [
    { phom: phom0, loose: '8H 2D QC' },
    { phom: [['JD', 'QD', 'KD']], loose: ['3C', '5H', 'AD', '2C'] },
    { loose: '9S 3H 3D 6C 7H JC 5D 9C 4C', mom: true },
  ],
});

test('phom: a phom text with cards outside its brackets is refused, not read as fewer phỏm', () => {
  const score = scoreOf('phom');
  for (const [text, reason] of [
    ['4S 5S 6S 7S 8S', 'seats[0].phom: "4S 5S 6S 7S 8S" is outside the brackets; write each phỏm in brackets'],
    ['[4S 5S 6S 7S 8S] 10H 10C 10D', 'seats[0].phom: "10H 10C 10D" is outside the brackets'],
    ['[4S 5S 6S 7S 8S] [10H 10C 10D', 'seats[0].phom: a bracket is not closed or not opened ("[4S 5S 6S 7S 8S] [10H 10C 10D")'],
    ['[4S 5S 6S 7S 8S]] [10H 10C 10D]', 'seats[0].phom: a bracket is not closed or not opened'],
  ]) {
    const out = score(phomPosition(text!));
    assert.equal(out.valid, false, `${text}: answered ${JSON.stringify(out).slice(0, 200)}`);
    assert.ok(out.reason?.startsWith(reason!), `${text}: ${out.reason}`);
  }
  // The documented forms still read: groups apart by spaces or commas, or none at all.
  for (const text of ['[4S 5S 6S 7S 8S] [10H 10C 10D]', ' [4S 5S 6S 7S 8S],[10H 10C 10D] '])
    assert.equal(score(phomPosition(text)).valid, true, text);
  const none = score({ ...phomPosition(''), seats: [{ phom: '', loose: '8H 2D QC', mom: true }, ...phomPosition('').seats.slice(1)] });
  assert.equal(none.valid, true, JSON.stringify(none));
});

test('chan: a melds text with cards outside its brackets is refused, not counted without them', () => {
  const score = scoreOf('chan');
  const hand = (melds: unknown) => ({
    players: 5,
    concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v',
    card: '3v',
    how: 'own-draw',
    announced: 'chi, tam-do, leox2',
    options: { stake: 1 },
    preset: 'san-dinh',
    melds,
  });
  for (const melds of [['[5n5n5n5n]', '[7v7s]'], '[5n5n5n5n] [7v7s]', '[5n5n5n5n], [7v7s]'])
    assert.equal(score(hand(melds)).valid, true, JSON.stringify(melds));
  for (const [melds, reason] of [
    ['[5n5n5n5n] 7v7s', 'melds: "7v7s" is outside the brackets; write each meld in brackets'],
    ['5n5n5n5n 7v7s', 'melds: "5n5n5n5n 7v7s" is outside the brackets'],
    ['[5n5n5n5n] [7v7s', 'melds: a bracket is not closed or not opened'],
  ]) {
    const out = score(hand(melds));
    assert.equal(out.valid, false, melds);
    assert.ok(out.reason?.startsWith(reason!), `${melds}: ${out.reason}`);
  }
});
