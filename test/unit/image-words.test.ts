/**
 * The images in words (src/table/words.ts): what a screen reader reads for a hand, the table and a
 * result. Built from the render models the images are drawn from, so they say what the picture
 * shows: a hand's sets, eaten and drawn pieces and status; every seat's sets, discards, counts and
 * score; the winner's hand. Cards are spoken, Chắn's red cards say so, and zh-TW reads as zh-TW.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sampleModels } from '../render/samples.js';
import { imageAlt, presentCtx, tableView } from '../../src/table/views.js';
import { lastLine } from '../../src/table/present/common.js';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { GAMES } from '../../src/table/manifests.js';
import { translator, type Lang } from '../../src/table/i18n.js';
import { piecesInWords, resultInWords, spokenCard, tableInWords } from '../../src/table/words.js';
import type { BaseAction, GameId } from '../../src/games/core/types.js';

const alt = (g: GameId, lang: Lang, which: 'hand' | 'table' | 'result') => {
  const s = sampleModels(g, lang);
  return imageAlt(GAMES[g].presenter, s[which] as never, { lang, t: translator(lang), names: [] });
};

test('a hand in words has the loose pieces, the sets (a pung after it is claimed), the eaten and drawn pieces and the status', () => {
  const phom = alt('phom', 'en', 'hand');
  assert.match(phom, /^Your hand \(10\): 3 of Spades, 9 of Spades, 3 of Hearts, /);
  assert.match(phom, /7 of Hearts \(eaten\)/);
  assert.match(phom, /Drawn: Queen of Diamonds\./);
  assert.match(phom, /Round 3 — discard a card$/);
  const vn = alt('vn-mahjong', 'en', 'hand');
  assert.match(vn, /Exposed: Pung White: White, White \(claimed\), White\./, 'the exposed pung, its claimed tile marked');
  assert.match(vn, /Flowers: Plum, King 1, Joker Tổng/);
  assert.match(vn, /7 Crak ×2/, 'equal pieces once with their count');
});

test('the table in words has every seat: whose turn, dealer, score, hand count, sets, flowers, discards with the last one marked, the stock', () => {
  const t = alt('vn-mahjong', 'en', 'table');
  // The title first: the round's wind is in it, which only the image showed before.
  assert.match(t, /^Mahjong · Hand 3 · East round\. Wall \d+\. Hoàng Long discarded 9 Bam\./);
  assert.match(t, /Minh Anh \(to play, dealer, East, score \+24, 11 in hand\)\. Pung: White, White \(claimed\), White\. Flowers: Plum/);
  assert.match(t, /Discards \(8\): South, 7 Dot, 1 Crak, 9 Bam, 6 Dot, 4 Crak, 8 Bam, 9 Bam \(last discard\)/);
  assert.match(t, /Tuấn Kiệt \(West, score \+12, 10 in hand\)\. Chow: 3 Dot \(claimed\), 4 Dot, 5 Dot/);
  for (const name of ['Minh Anh', 'Bảo Trâm', 'Tuấn Kiệt', 'Hoàng Long']) assert.ok(t.includes(name), name);
  // A seat sitting out this round has no "Discards (0)" after its name.
  assert.match(t, /Thu Hà \(Red \(reserve\), score 0, 0 in hand, sitting out this round\)$/);
});

test("Chắn's red cards, told apart by ink colour in the art, say so; Phỏm cards are spoken, not suit symbols", () => {
  const chan = alt('chan', 'en', 'hand');
  assert.match(chan, /Chi Chi \(red\)/);
  assert.match(chan, /Bát Vạn \(red\)/);
  assert.doesNotMatch(chan, /Nhất Vạn \(red\)/, 'rank one is black');
  assert.match(alt('chan', 'vi', 'hand'), /Chi Chi \(đỏ\)/);
  assert.equal(spokenCard('10D', 'en'), '10 of Diamonds');
  assert.equal(spokenCard('AS', 'vi'), 'Át bích');
  assert.equal(spokenCard('KH', 'zh-TW'), '紅心K');
  for (const which of ['hand', 'table', 'result'] as const)
    assert.doesNotMatch(alt('phom', 'en', which), /[♠♥♣♦]/, `${which}: the presenter's "7♥" is said too`);
  assert.match(alt('phom', 'en', 'table'), /Hoàng Tú ate Ngọc Ánh’s 7 of Hearts\./);
});

test('a result in words names the winner and their whole hand, the winning piece, the scoring and the payments', () => {
  const r = alt('classic-mahjong', 'en', 'result');
  assert.match(r, /Lin Mei-hua\. Concealed kong: 7 Bam, face down ×2, 7 Bam; Pung of Green: /);
  assert.match(r, /In hand: 2 Crak, 3 Crak, 4 Crak, /);
  assert.match(r, /Win: 4 Crak\./);
  assert.match(r, /Payments: Wang Jun pays Lin Mei-hua 400, Chen Hao pays Lin Mei-hua 200/);
});

test('zh-TW reads as zh-TW: full-width stops, colons and brackets, 、 between pieces, ； between sets', () => {
  assert.match(alt('classic-mahjong', 'zh-TW', 'result'), /碰 發：發、發（他家打出）、發/, 'a claimed tile is not 吃 (a chow) in mahjong');
  const h = alt('chan', 'zh-TW', 'hand');
  assert.match(h, /^你的手牌（19）：一萬、一索、支支（紅）/);
  assert.match(h, /明牌：同點：二索、二萬（吃）；對子：/);
  assert.doesNotMatch(h, /\. |: /);
});

test('equal neighbours once with their count; alt text at most 1,024 characters, cut at a grapheme', () => {
  assert.equal(
    piecesInWords(['1m', '1m', '2m', '1m'], (c) => c, ', '),
    '1m ×2, 2m, 1m',
  );
  const s = sampleModels('vn-mahjong', 'vi');
  const table = structuredClone(s.table);
  for (const seat of table.seats) seat.discards = [...seat.discards, ...seat.discards, ...seat.discards, ...seat.discards];
  const full = tableInWords(table, 'vn-mahjong', (c) =>
    GAMES['vn-mahjong'].presenter.pieceName(c, { lang: 'vi', t: translator('vi'), names: [] }),
  );
  assert.ok(full.length > 1024, `a long table (${full.length})`);
  const a = imageAlt(GAMES['vn-mahjong'].presenter, table, { lang: 'vi', t: translator('vi'), names: [] });
  assert.equal(a.length, 1024);
  assert.ok(a.endsWith('…'));
});

test("zh-TW: a table's last action joins the player and the move with the language's colon", () => {
  for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const) {
    const r = rig(game, ['human', 'human', 'human', 'human']);
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    let line: string | undefined;
    let t = r.ts.load(r.gameId)!;
    // Moves until the table shows one (an opening's secret choices show none).
    for (let k = 0; k < 30 && !line; k++) {
      const d = r.pending()[0]!;
      r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: t.engine.ai(t.state, d.seat) as BaseAction, ver: null });
      t = r.ts.load(r.gameId)!;
      line = lastLine(t.presenter, t.engine.publicView(t.state), presentCtx(t, 'zh-TW'));
    }
    assert.ok(line, game);
    assert.match(line, /：/, `${game}: ${line}`);
    assert.doesNotMatch(line, /: /, `${game}: ${line}`);
  }
});

test('after a Phỏm hand the shown hands are captioned "In hand" (they hold the eaten cards again), in the image and in words', () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'p1' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = timeOutToResult(r);
  const model = tableView(t, 'en').model!;
  for (const s of model.seats) assert.equal(s.groups.at(-1)!.label, 'In hand', s.name);
  const words = imageAlt(t.presenter, model, presentCtx(t, 'en'));
  assert.equal(words.match(/In hand: /g)?.length, 4, words);
});

test('a payment in words is a sentence, its notes aside ("An pays Bình 56 (pays the winner, East ×2)"), no arrow or dots', () => {
  const m = sampleModels('classic-mahjong', 'en').result;
  const said = resultInWords({ ...m, payments: [{ from: 'AI 2', to: 'Lin', amount: '56 · Pays the winner · East ×2' }] }, (c) =>
    GAMES['classic-mahjong'].presenter.pieceName(c, { lang: 'en', t: translator('en'), names: [] }),
  );
  assert.match(said, /Payments: AI 2 pays Lin 56 \(Pays the winner, East ×2\)/);
  assert.doesNotMatch(said, /→/);
});
