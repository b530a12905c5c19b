/**
 * Issue #13 §5: a won hand's result names and marks the winning piece: which tile/card completed
 * the hand and how (self-drawn, on whose discard, robbing a kong; Phỏm: drawn or eaten; Chắn:
 * whose card, chíu or not). Every hand is played by the engine (scenario files and positions).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGS, translator } from '../../src/table/i18n.js';
import { pieceName } from '../../src/render/codes.js';
import { NAMES, codeAt, playScenario, resultOf, wonHands } from './winning-helpers.js';
import { engine as classic } from '../../src/games/classic-mahjong/index.js';
import { engine as vn } from '../../src/games/vn-mahjong/index.js';
import { engine as phom } from '../../src/games/phom/index.js';
import { phomPresenter, prettyCard } from '../../src/table/present/phom.js';
import type { AnyPresenter } from '../../src/table/present/types.js';
import { GAMES } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import type { GameId, HandResult } from '../../src/games/core/types.js';
import type { ClassicResult } from '../../src/games/classic-mahjong/index.js';
import type { PublicView as VnPublic } from '../../src/games/vn-mahjong/views.js';
import type { PublicView as PhomPublic } from '../../src/games/phom/index.js';
import type { ChanPublicView } from '../../src/games/chan/views.js';
import type { ResultModel, ResultWinner } from '../../src/render/model.js';
import { rig } from '../support/table-rig.js';
import { resultView } from '../../src/table/views.js';

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
      const t = translator(lang);
      // Chắn in Chinese names its cards from the catalogue (一萬), elsewhere the pieces' own names
      const piece =
        h.engine.id === 'phom'
          ? prettyCard(h.piece)
          : h.engine.id === 'chan' && lang === 'zh-TW'
            ? t(`chan:card.${h.piece}`)
            : pieceName(h.engine.id, h.piece, lang);
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

test('phom: a drawn card sent away before the Ù is named with the phỏm it went to, not as if in the hand (§8.2 u-by-sending)', () => {
  // Ex 14's variant: Chi draws 10♦ and sends it to An's run before declaring Ù tròn; the image
  // shows Chi's phỏm without it, so the caption says where it is (it said "Ù on 10♦, drawn").
  const h = { label: 'phom: sent', engine: phom, presenter: phomPresenter as AnyPresenter, piece: '10D' };
  const state = playScenario(phom, '14-14-u-tron-by-sending-last-card.json');
  const said = Object.fromEntries(LANGS.map((lang) => [lang, resultOf({ ...h, state }, lang).winner!]));
  assert.equal(said.en!.caption, "Ù on 10♦, drawn and sent to An's phỏm");
  for (const lang of LANGS) {
    assert.equal(said[lang]!.winningAt, undefined, `${lang}: not in the winner's cards`);
    assert.ok(said[lang]!.caption!.includes('An') && said[lang]!.caption!.includes(prettyCard('10D')), `${lang}: ${said[lang]!.caption}`);
  }
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
    wonHands().find((x) => x.label.startsWith('vn: Thiên'))!,
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

/** The winning piece as each engine records it (public once won), or null. */
function recorded(game: GameId, pub: unknown, r: HandResult): string | null {
  if (game === 'classic-mahjong') return (r as ClassicResult).win?.tile ?? null;
  if (game === 'vn-mahjong') return (pub as VnPublic).end?.tile ?? null;
  if (game === 'phom') return (pub as PhomPublic).winning?.taken?.card ?? null;
  return (pub as ChanPublicView).result?.winningCard ?? null;
}

const RAW: Record<GameId, RegExp> = {
  phom: /(^|[^\w♠♣♦♥])(?:10|[2-9AJQK])[SHCD](?![\w])/,
  chan: /(^|[^\w])(?:[1-9][vns]|CC|LA|TH)(?![\w])/,
  'vn-mahjong': /(^|[^\w])(?:1[0-6]f|[1-9][mpszf]|J[A-Z])(?![\w])/,
  'classic-mahjong': /(^|[^\w])(?:1[0-6]f|[1-9][mpszf])(?![\w])/,
};

for (const game of Object.keys(GAMES) as GameId[]) {
  test(`${game}: seeded play, two hands a match: every won hand marks the piece the engine recorded`, () => {
    const { engine, presenter } = GAMES[game];
    const o = resolveOptions(engine.options, {});
    assert.ok(o.ok);
    const seats = engine.tableSize(o.value).default;
    let won = 0;
    let marked = 0;
    for (let m = 0; m < 8; m++) {
      let prev: unknown = null;
      for (let hand = 0; hand < 2; hand++) {
        let s = engine.setup(o.value, seats, handSeed(`winning-${game}-${m}`, hand), prev);
        for (let i = 0; i < 5000 && !engine.result(s); i++) {
          const d = engine.pending(s)[0]!;
          const a = engine.apply(s, d.seat, engine.ai(s, d.seat));
          assert.ok(a.ok);
          s = a.value;
        }
        prev = s;
        const r = engine.result(s) as HandResult | null;
        if (!r || !r.winners.length) continue;
        won++;
        const pub = engine.publicView(s);
        const piece = recorded(game, pub, r);
        for (const lang of LANGS) {
          const model: ResultModel = presenter.resultModel(pub, r, { lang, t: translator(lang), names: NAMES.slice(0, r.deltas.length) });
          const w: ResultWinner = model.winner!;
          assert.equal(w.name, NAMES[r.winners[0]!], `${game} ${m}/${hand}: the winner's name`);
          assert.equal(w.winningCode, piece ?? undefined, `${game} ${m}/${hand}: the recorded piece`);
          if (!piece) continue;
          // Phỏm: a completing card later sent onto another seat's phỏm is not in the winner's hand.
          if (w.winningAt) assert.equal(codeAt(w), piece, `${game} ${m}/${hand}: winningAt`);
          else assert.equal(game, 'phom', `${game} ${m}/${hand}: winningAt is set`);
          assert.ok(w.caption, 'a caption');
          assert.doesNotMatch(w.caption, RAW[game], `${lang}: no raw code in "${w.caption}"`);
          assert.doesNotMatch(w.caption, /{{|}}|winning\./, `${lang}: no placeholder or key in "${w.caption}"`);
        }
        if (piece) marked++;
      }
    }
    assert.ok(won > 0 && marked > 0, `${game}: won hands with a winning piece were played (${won}/${marked})`);
  });
}

test('the result message says the winning piece and how it came, as the image captions it (every game, AI tables)', () => {
  for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const) {
    let captioned = 0;
    for (let k = 0; k < 6 && captioned === 0; k++) {
      const r = rig(game, ['ai', 'ai', 'ai', 'ai'], { seed: `caption-${game}-${k}` });
      assert.ok(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok);
      const t = r.ts.load(r.gameId)!;
      const v = resultView(t, 'en', false);
      if (!v) continue;
      const caption = v.model.winner?.caption;
      if (!caption) continue;
      captioned++;
      assert.ok(v.lines.includes(caption), `${game}: "${caption}" is a line of the result message`);
      assert.ok(v.lines.indexOf(caption) <= 2, `${game}: right under the title and the winner`);
    }
    assert.ok(captioned > 0, `${game}: some AI hand was won with a winning piece`);
  }
});
