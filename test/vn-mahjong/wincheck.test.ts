import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/games/core/rng.js';
import { isWinningTiles, isStandardWin } from '../../src/games/vn-mahjong/wincheck.js';
import { countVector, GROUP_MASK, groupOf, ORDINARY, type JokerKind } from '../../src/games/vn-mahjong/tiles.js';

const h = (s: string) => s.split(/\s+/).filter(Boolean);
const win = (s: string, melds = 0) => isWinningTiles(h(s), melds, { sevenPairs: true });

/** Reference: plain decomposition of 34 counts (no jokers). */
function plainWin(c: number[], pair = false): boolean {
  const i = c.findIndex((x) => x > 0);
  if (i < 0) return pair;
  if (c[i]! >= 3) {
    c[i]! -= 3;
    const r = plainWin(c, pair);
    c[i]! += 3;
    if (r) return true;
  }
  if (!pair && c[i]! >= 2) {
    c[i]! -= 2;
    const r = plainWin(c, true);
    c[i]! += 2;
    if (r) return true;
  }
  if (i < 27 && i % 9 <= 6 && c[i + 1]! > 0 && c[i + 2]! > 0) {
    c[i]!--;
    c[i + 1]!--;
    c[i + 2]!--;
    const r = plainWin(c, pair);
    c[i]!++;
    c[i + 1]!++;
    c[i + 2]!++;
    if (r) return true;
  }
  return false;
}
/** Reference: try every assignment of each joker to a tile of its domain. */
function bruteWin(c: number[], jokers: JokerKind[]): boolean {
  if (jokers.length === 0) return plainWin([...c]);
  const [j, ...rest] = jokers;
  for (let t = 0; t < 34; t++) {
    if (((GROUP_MASK[j!] >> groupOf(t)) & 1) === 0) continue;
    c[t]!++;
    const r = bruteWin(c, rest);
    c[t]!--;
    if (r) return true;
  }
  return false;
}

test('joker win-check agrees with brute force over every joker assignment (exactness)', () => {
  const rng = new Rng('exact');
  const kinds: JokerKind[] = ['JA', 'JP', 'JS', 'JM', 'JW', 'JD', 'JN', 'JH'];
  let wins = 0;
  for (let k = 0; k < 1500; k++) {
    const nj = k % 3 === 0 ? 1 : 2;
    const tiles: string[] = [];
    // biased towards near-winning hands: a few sets and a pair, some noise
    for (let m = 0; m < 4; m++) {
      const i = rng.int(34);
      if (i < 27 && i % 9 < 7 && rng.int(2) === 0) tiles.push(ORDINARY[i]!, ORDINARY[i + 1]!, ORDINARY[i + 2]!);
      else tiles.push(ORDINARY[i]!, ORDINARY[i]!, ORDINARY[i]!);
    }
    const p = ORDINARY[rng.int(34)]!;
    tiles.push(p, p);
    const jk: JokerKind[] = [];
    for (let j = 0; j < nj; j++) {
      tiles.splice(rng.int(tiles.length), 1);
      jk.push(kinds[rng.int(kinds.length)]!);
    }
    if (rng.int(3) === 0) tiles[rng.int(tiles.length)] = ORDINARY[rng.int(34)]!;
    const c = countVector(tiles);
    if (c.some((x) => x > 4)) continue;
    const fast = isStandardWin(c, jk);
    const ref = bruteWin([...c], jk);
    if (fast) wins++;
    assert.equal(fast, ref, `${tiles.join(' ')} + ${jk.join(' ')}`);
  }
  assert.ok(wins > 100, `some hands should win (${wins})`);
});

// substitution domain of each joker kind (vn-mahjong.md §2.2)
test('JA (Tổng) stands for any ordinary tile', () => {
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z JA'));
  assert.ok(win('1m 2m JA 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z 1z'));
});
test('JP (Thùng) stands only for dots', () => {
  assert.ok(win('1m 2m 3m 4p 5p JP 7s 8s 9s 5z 5z 5z 1z 1z'));
  assert.ok(!win('1m 2m JP 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z 1z'));
});
test('JS (Soọc) stands only for bamboo', () => {
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s JS 9s 5z 5z 5z 1z 1z'));
  assert.ok(!win('1m 2m 3m 4p 5p JS 7s 8s 9s 5z 5z 5z 1z 1z'));
});
test('JM (Màn) stands only for characters', () => {
  assert.ok(win('1m JM 3m 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z 1z'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s JM 9s 5z 5z 5z 1z 1z'));
});
test('JW (Hỉ) stands only for winds, JD (Nguyên) only for dragons', () => {
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z JW'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z JW 6z 6z'));
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z JD 1z 1z'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z JD'));
});
test('JN (Hợp) stands for any suited tile, never an honour', () => {
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s JN 9s 5z 5z 5z 1z 1z'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z JN 1z 1z'));
});
test('JH (honour joker) stands for any honour; JF (Đại Hoa) is never wild', () => {
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z JH 1z 1z'));
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z JH'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s JH 9s 5z 5z 5z 1z 1z'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 5z 1z JF'));
});
test('joker-only sets and pairs need a common domain', () => {
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z JA JM JN'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z JD JM JP'));
  assert.ok(win('1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z JD JA'));
  assert.ok(!win('1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z JD JM'));
});
test('seven pairs and thirteen orphans with jokers (§8)', () => {
  assert.ok(win('1m 1m 3p 3p 5s 5s 7s 7s 1z 1z 6z 6z 9m JM'));
  assert.ok(!isWinningTiles(h('1m 1m 3p 3p 5s 5s 7s 7s 1z 1z 6z 6z 9m JM'), 0, { sevenPairs: false }));
  assert.ok(win('1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z JD JA'));
  assert.ok(!win('1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z JP JM'));
});
test('declared melds reduce the concealed size; a bonus tile in hand never wins', () => {
  assert.ok(win('4p 4p 6p 6p 6p', 3));
  assert.ok(!win('4p 4p 6p 6p 1f', 3));
  assert.ok(!win('1m 2m 3m', 0));
});

test('a hand of 13–14 jokers of few kinds is checked in a few thousand search nodes, not every group for every joker', () => {
  // jokers of one kind take groups in rising order (wincheck.ts `assign`): the slowest multisets of
  // 13–14 jokers (4 copies, with JH) took 230,000–257,000 nodes trying every group for every joker
  const cases: [string, boolean][] = [
    ['JA JA JA JA JP JS JM JH JH JH JH JD JD JD', false],
    ['JA JA JA JA JS JM JH JH JH JH JD JD JD 1p', false],
    ['JA JA JA JP JS JM JH JH JH JH JD JD JN 5z', false],
    ['JA JA JA JA JP JS JM JH JH JH JH JD JD JN', true],
  ];
  for (const [hand, wins] of cases) {
    const tiles = h(hand);
    const work = { nodes: 0 };
    const jokers = tiles.filter((t) => t.startsWith('J')) as JokerKind[];
    assert.equal(isStandardWin(countVector(tiles.filter((t) => !t.startsWith('J'))), jokers, work), wins, hand);
    assert.ok(work.nodes > 0 && work.nodes <= 5000, `${hand}: ${work.nodes} nodes`);
  }
});
