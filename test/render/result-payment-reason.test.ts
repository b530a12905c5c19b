/**
 * A result's payment reads "payer → payee | amount · reason". With a long payee the row's second
 * line ("→ payee · reason") was ellipsized at its end, so the reason (why this was paid, shown
 * nowhere else in the image) was dropped. The payee is cut instead: in every game's real results,
 * with long names, each payment's reason is drawn whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from 'canvas';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { translator } from '../../src/table/i18n.js';
import { drawResult, layoutResult } from '../../src/render/result.js';
import { LOCALES, registerFonts, RENDER_GAMES, setTextProbe } from '../../src/render/index.js';
import type { FitResult } from '../../src/render/text.js';
import type { ResultModel } from '../../src/render/model.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { firstAiHand } from '../support/walk.js';

registerFonts();

const NAMES = ['WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW', 'Nguyễn Thị Ngọc Hường', 'Tôn Nữ Thị Phương Thảo Hoàng Bảo Ngọc', 'Lan'];

for (const game of RENDER_GAMES) {
  test(`${game}: a payment's reason is drawn whole beside a long payee`, () => {
    const e = GAMES[game].engine as AnyEngine;
    const options = defaultOptions(e.options) as Record<string, unknown>;
    const { pub, r } = firstAiHand(
      e,
      options,
      4,
      (k) => `pay-reason-${k}`,
      (x) => x.payments.length > 0,
    );
    const seen: FitResult[] = [];
    setTextProbe((x) => seen.push(x));
    try {
      for (const lang of LOCALES)
        for (const shift of [0, 1, 2, 3]) {
          const names = NAMES.map((_, k) => NAMES[(k + shift) % NAMES.length]!);
          const m: ResultModel = GAMES[game].presenter.resultModel(pub, r, { lang, t: translator(lang), names });
          const L = layoutResult(m);
          seen.length = 0;
          drawResult(createCanvas(L.width, L.height).getContext('2d'), m, L);
          for (const p of m.payments) {
            const reason = p.amount.split(' · ').slice(1).join(' · ');
            assert.ok(reason, `${game}/${lang}: a payment with a reason`);
            // the row's amount ("amount · reason"), or its second line ("reason", "→ payee · reason")
            const drawn = seen.filter(
              (x) => (x.text === p.amount || x.text === reason || x.text.includes('→')) && x.drawn.endsWith(reason),
            );
            assert.ok(drawn.length > 0, `${game}/${lang} ${p.from} → ${p.to}: reason "${reason}" not drawn whole`);
          }
        }
    } finally {
      setTextProbe(null);
    }
  });
}
