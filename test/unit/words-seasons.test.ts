/** Vietnamese speaks the seasons as seasons ("Mùa Thu"), Winter once: its tile name is already "Mùa Đông" (not "Mùa Mùa Đông"). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spokenNamer } from '../../src/table/words.js';
import { pieceName } from '../../src/render/codes.js';

test('vi alt text and words: the four seasons, each said once as a season', () => {
  for (const game of ['classic-mahjong', 'vn-mahjong'] as const) {
    const say = spokenNamer(game, 'vi', (c) => pieceName(game, c, 'vi'));
    assert.deepEqual(['5f', '6f', '7f', '8f'].map(say), ['Mùa Xuân', 'Mùa Hạ', 'Mùa Thu', 'Mùa Đông'], game);
  }
});
