/**
 * Âm Coong and bounce carry the joker when there is a choice of jokers (vn-mahjong.md §7,
 * `jokers-in-kong`, `max-jokers-per-call` = 2; engine turn.ts): the buttons read "Âm Coong 5 Dot"
 * twice until the label named the joker, in every language.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { vnMahjongPresenter } from '../../src/table/present/vn-mahjong.js';
import { translator, type Lang } from '../../src/table/i18n.js';
import type { BaseAction } from '../../src/games/core/types.js';

const act = (x: Record<string, unknown>) => x as unknown as BaseAction;

for (const lang of ['en', 'vi', 'zh-TW'] as Lang[])
  test(`${lang}: two Âm Coong or bounce options differing by their joker read differently`, () => {
    // On the seat's own view (one with a hand): the buttons.
    const ctx = { lang, t: translator(lang), names: ['a', 'b', 'c', 'd'], view: { hand: ['5p', '5p', '5p', 'JA', 'JP'] } as never };
    for (const type of ['am-coong', 'bounce']) {
      const one = vnMahjongPresenter.actionLabel(act({ type, tile: '5p', joker: 'JA' }), ctx);
      const two = vnMahjongPresenter.actionLabel(act({ type, tile: '5p', joker: 'JP' }), ctx);
      assert.notEqual(one, two, `${type}: ${one}`);
      assert.doesNotMatch(one, /\{\{|undefined/);
      // Without a joker (one joker to choose from, older logs): as before.
      assert.equal(
        vnMahjongPresenter.actionLabel(act({ type, tile: '5p' }), ctx),
        translator(lang)(`vn-mahjong:action.${type}`, { tile: vnMahjongPresenter.pieceName!('5p', ctx) }),
      );
    }
  });

test('a public label (a timeout notice of the takeover AI) never names the joker inside an Âm Coong', () => {
  const ctx = { lang: 'en' as Lang, t: translator('en'), names: ['a', 'b', 'c', 'd'], view: { seats: [] } as never };
  const label = vnMahjongPresenter.actionLabel(act({ type: 'am-coong', tile: '5p', joker: 'JP' }), ctx);
  assert.equal(label, vnMahjongPresenter.actionLabel(act({ type: 'am-coong', tile: '5p' }), ctx));
  assert.doesNotMatch(label, /Joker|Thùng|JP/);
});
