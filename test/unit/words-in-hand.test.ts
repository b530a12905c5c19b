/**
 * The table in words counts a seat's hand in the game's own word: Phỏm's cards are lá in Vietnamese
 * (seed 002: "được chia 10 lá bài"), Chắn's and the mahjongs' pieces quân.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { tableView } from '../../src/table/views.js';
import { tableInWords } from '../../src/table/words.js';
import { pieceName } from '../../src/render/codes.js';

for (const [game, word] of [
  ['phom', 'lá'],
  ['chan', 'quân'],
  ['vn-mahjong', 'quân'],
] as const)
  test(`${game}: the table in Vietnamese words counts ${word} in hand`, () => {
    const r = rig(game, ['human', 'human', 'human', 'human'], { seed: 'in-hand' });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const model = tableView(r.ts.load(r.gameId)!, 'vi').model!;
    const words = tableInWords(model, game, (c) => pieceName(game, c, 'vi'));
    assert.match(words, new RegExp(`\\d+ ${word} trên tay`), words);
    assert.doesNotMatch(words, new RegExp(`\\d+ ${word === 'lá' ? 'quân' : 'lá'} trên tay`), words);
  });
