/**
 * Chắn's private xướng facts (dealt hand without a chắn: Phá thiên; Thông) are the hand image's
 * status and appear nowhere else: beside an ordinary full name ("Nguyễn Thị Ngọc Hường") they were
 * shrunk to 13 units and cut ("… · Thông: bạ…"). They are drawn whole at a readable size, beside
 * the name or on a line of their own, and an ordinary name stays whole too; the hand's boxes do not
 * overlap the taller header.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../../src/table/i18n.js';
import { LOCALES, registerFonts, renderHand, setTextProbe } from '../../src/render/index.js';
import type { FitResult } from '../../src/render/text.js';
import type { HandModel } from '../../src/render/model.js';
import { handBoxes, layoutHand } from '../../src/render/hand.js';

registerFonts();

const NAMES = ['Lan', 'Nguyễn Thị Ngọc Hường', 'Trần Hoàng Bảo Long', 'Tôn Nữ Thị Phương Thảo'];

test('Chắn: the xướng facts badge is whole and readable beside an ordinary full name', () => {
  const seen: FitResult[] = [];
  setTextProbe((r) => seen.push(r));
  try {
    for (const l of LOCALES) {
      const t = translator(l);
      for (const status of [
        [t('chan:ui.dealt-no-chan'), t('chan:ui.won-previous')].join(' · '),
        [t('chan:ui.dealt-chan'), t('chan:ui.won-previous')].join(' · '),
        t('chan:ui.won-previous'),
      ])
        for (const name of NAMES)
          for (const large of [false, true]) {
            const hand = ['1v', '1v', '2n', '2n', '3s', '3s', 'CC', 'CC'];
            const m: HandModel = {
              game: 'chan',
              locale: l,
              title: name,
              status,
              hand,
              groups: [],
              keys: hand.map((_, k) => String(k + 1)),
              large,
            };
            seen.length = 0;
            renderHand(m);
            const what = `${l} "${name}" "${status}"${large ? ' large' : ''}`;
            const st = seen.find((r) => r.text === status);
            assert.ok(st, `${what}: status drawn`);
            assert.ok(!st.ellipsized && st.size >= 18, `${what}: status whole at ≥ 18 (drawn "${st.drawn}" at ${st.size})`);
            const nm = seen.find((r) => r.text === name);
            assert.ok(nm && !nm.ellipsized, `${what}: name whole (drawn "${nm?.drawn}")`);
            const L = layoutHand(m);
            const head = handBoxes(m, L)[0]!;
            assert.ok(st.box.y + st.box.h <= head.y + head.h && nm.box.y + nm.box.h <= head.y + head.h, `${what}: texts inside the header`);
            assert.ok(st.box.y >= nm.box.y + nm.box.h || st.box.x >= nm.box.x + nm.box.w, `${what}: status clear of the name`);
          }
    }
  } finally {
    setTextProbe(null);
  }
});
