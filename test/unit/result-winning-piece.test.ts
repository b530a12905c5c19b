/**
 * Issue #13 §5: a won hand's result names and marks the winning piece: which tile/card completed
 * the hand and how (self-drawn, on whose discard, robbing a kong; Phỏm: drawn or eaten; Chắn:
 * whose card, chíu or not). Every hand is played by the engine (scenario files and positions).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGS, translator } from '../../src/table/i18n.js';
import { pieceName } from '../../src/render/codes.js';
import { prettyCard } from '../../src/table/present/phom.js';
import { NAMES, codeAt, playScenario, resultOf, wonHands } from './winning-helpers.js';
import { engine as classic } from '../../src/games/classic-mahjong/index.js';
import { engine as vn } from '../../src/games/vn-mahjong/index.js';

for (const h of wonHands()) {
  test(`${h.label}: the result model marks the winning piece and says how it came`, () => {
    for (const lang of LANGS) {
      const m = resultOf(h, lang);
      const w = m.winner;
      assert.ok(w, 'a winner');
      if (h.piece === null) {
        assert.equal(w.winningCode, undefined, 'no winning piece');
        assert.equal(w.winningAt, undefined);
        continue;
      }
      assert.equal(w.winningCode, h.piece, `${lang}: the winning code`);
      assert.equal(codeAt(w), h.piece, `${lang}: winningAt points at the winning piece`);
      const piece = h.engine.id === 'phom' ? prettyCard(h.piece) : pieceName(h.engine.id, h.piece, lang);
      const t = translator(lang);
      let want = t(h.caption!.key, { piece, who: h.caption!.who === undefined ? '' : NAMES[h.caption!.who] });
      if (h.caption!.chiu) want = t('chan:winning.chiu', { text: want });
      assert.equal(w.caption, want, `${lang}: the caption`);
      assert.ok(w.caption!.includes(piece), `${lang}: the caption names the piece`);
      if (h.caption!.who !== undefined) assert.ok(w.caption!.includes(NAMES[h.caption!.who]!), `${lang}: the caption names the seat`);
      assert.doesNotMatch(w.caption!, /{{|}}|winning\./, `${lang}: no placeholder or key left`);
    }
  });
}

test('captions read as words in English', () => {
  const en = (label: string) =>
    resultOf(
      wonHands().find((h) => h.label.startsWith(label))!,
      'en',
    ).winner!.caption;
  assert.equal(en('classic: on a discard'), `Won on ${pieceName('classic-mahjong', '5z', 'en')} discarded by Chi`);
  assert.equal(en('classic: self-drawn (Ex 2)'), `Self-drawn ${pieceName('classic-mahjong', '3m', 'en')}`);
  assert.equal(en('classic: robbing'), `Robbed the kong: won on ${pieceName('classic-mahjong', '7p', 'en')} from An`);
  assert.equal(en('phom: Ù on an eaten'), 'Ù on 9♠, eaten from An');
  assert.equal(en('phom: Ù on a drawn'), 'Ù on 5♥, drawn');
  assert.equal(en('chan: chíu-ù'), `Ù on ${pieceName('chan', '4v', 'en')} discarded by Bình · by chíu`);
});

test('classic: a self-drawn Mah Jong names its tile in the last action (public once won)', () => {
  const s = playScenario(classic, '14-ex02-east-self-draw-concealed.json');
  assert.deepEqual(classic.publicView(s as never).lastAction, { seat: 0, type: 'mahjong', tile: '3m' });
});

test('vn-mahjong: the result lists bonus tiles and khung jokers apart (§2)', () => {
  const h = wonHands().find((x) => x.label.startsWith('vn: self-drawn'))!;
  const w = resultOf(h, 'vi').winner!;
  assert.deepEqual(w.flowers, ['2f']);
  assert.deepEqual(w.jokers, ['JA']);
  const t = resultOf(
    wonHands().find((x) => x.label.startsWith('vn: Thiên')),
    'vi',
  ).winner!;
  assert.deepEqual([t.flowers, t.jokers], [['1f'], ['JA']]);
  const d = resultOf(
    wonHands().find((x) => x.label.startsWith('vn: on a discard (E1)'))!,
    'vi',
  ).winner!;
  assert.deepEqual([d.flowers, d.jokers], [['3f', '1f'], undefined]);
  // The public end names the tile and the discarder.
  const pub = vn.publicView(h.state as never);
  assert.deepEqual([pub.end?.tile, pub.end?.from], ['3m', null]);
});
