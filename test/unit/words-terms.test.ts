/**
 * Words players read, as a language review found them: a name said twice, two pieces with one name,
 * a limit hand worth "1 limit", suits called flowers, AI seats named in the table's language.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { vnMahjongPresenter } from '../../src/table/present/vn-mahjong.js';
import { resultLines, TILE_CODE } from '../../src/table/present/common.js';
import { pieceName } from '../../src/render/codes.js';
import { playedNamesIn } from '../../src/table/views.js';
import { LANGS, translator, type Lang } from '../../src/table/i18n.js';
import type { BaseAction, HandResult } from '../../src/games/core/types.js';

test('the opening exposure names each joker once (its name already says joker)', () => {
  const want: Record<Lang, RegExp> = {
    en: /^Expose Joker Tổng, Joker Hỉ/,
    vi: /^Dựng Khung Tổng, Khung Hỉ/,
    'zh-TW': /^亮 總 百搭、喜 百搭/,
  };
  for (const lang of LANGS) {
    const ctx = { lang, t: translator(lang), names: ['a', 'b', 'c', 'd'], view: { seats: [] } as never };
    const label = vnMahjongPresenter.actionLabel({ type: 'initial-expose', jokers: ['JA', 'JW'] } as unknown as BaseAction, ctx);
    assert.match(label, want[lang], label);
    assert.doesNotMatch(label, /Khung Khung|jokers Joker|百搭 總/, label);
  }
});

test('Winter and East are two names in Vietnamese (both were "Đông")', () => {
  for (const game of ['vn-mahjong', 'classic-mahjong'] as const)
    for (const lang of LANGS) assert.notEqual(pieceName(game, '8f', lang), pieceName(game, '1z', lang), `${game} ${lang}`);
  assert.equal(pieceName('classic-mahjong', '8f', 'vi'), 'Mùa Đông');
});

test('a limit hand is worth "limit", not "1 limit"', () => {
  const r = {
    winners: [0],
    deltas: [1500, -500, -500, -500],
    unit: 'point',
    endedBy: 'mahjong',
    payments: [],
    items: [
      { id: 'thirteen-orphans', seat: 0, value: 1, unit: 'limit' },
      { id: 'one-suit', seat: 0, value: 3, unit: 'doubles' },
    ],
  } as unknown as HandResult;
  const want: Record<Lang, [string, string]> = { en: ['limit', '3 doubles'], vi: ['tối đa', '3 phán'], 'zh-TW': ['滿貫', '3 番'] };
  for (const lang of LANGS) {
    const ctx = { lang, t: translator(lang), names: ['A', 'B', 'C', 'D'] };
    const { lines } = resultLines('classic-mahjong', r, ctx, { code: TILE_CODE, name: (c) => pieceName('classic-mahjong', c, lang) });
    assert.deepEqual(
      lines.map((l) => l.value),
      want[lang],
    );
  }
});

test('classical mahjong in Vietnamese calls a suit hàng, as seed 000 does; flowers stay hoa', () => {
  const t = translator('vi');
  for (const k of ['one-suit', 'one-suit-with-honours', 'concealed-one-suit']) {
    assert.doesNotMatch(t(`classic-mahjong:item.${k}`), /hoa/i, k);
    assert.match(t(`classic-mahjong:item.${k}`), /hàng/, k);
  }
  assert.match(t('classic-mahjong:item.all-flowers'), /hoa/);
  // zh-TW says 胡 for a win, as seed 004 does ("需高喊'胡'"); its 和牌 is a drawn hand (和局 here).
  assert.equal(translator('zh-TW')('classic-mahjong:item.heaven'), '天胡');
  assert.equal(translator('zh-TW')('classic-mahjong:item.earth'), '地胡');
  assert.doesNotMatch(readFileSync(new URL('../../locales/zh-TW/classic-mahjong.json', import.meta.url), 'utf8'), /天和|地和|詐和|和滿貫/);
});

test("a finished hand's AI seats are named in the reader's words; a person's, or the AI playing for one, as stored", () => {
  const played = [
    { displayName: 'Lan', isAi: false, userId: 'u1' },
    { displayName: 'Máy 2', isAi: true, userId: null },
    { displayName: 'Binh', isAi: false, userId: null },
  ];
  assert.deepEqual(playedNamesIn(played, translator('zh-TW')), ['Lan', '電腦 2', 'Binh']);
  assert.deepEqual(playedNamesIn(played, translator('en')), ['Lan', 'AI 2', 'Binh']);
});
