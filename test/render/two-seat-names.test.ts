/**
 * Two-seat tables (Phỏm, classical mahjong) stack their seats with the name in a 250-unit info
 * column: beside the turn arrow and the hand count an ordinary full Vietnamese name was cut
 * ("Nguyễn Thị Ngọc Hường" → "Nguyễn Thị N…"; two such names then read alike). Over self-played
 * positions in every locale, both names are drawn whole, and each seat's drawn texts (name, badges,
 * hand count) stay inside its info column.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from 'canvas';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import { translator } from '../../src/table/i18n.js';
import { LOCALES, registerFonts, setTextProbe } from '../../src/render/index.js';
import type { FitResult } from '../../src/render/text.js';
import type { TableModel } from '../../src/render/model.js';
import { drawTable, layoutTable } from '../../src/render/table.js';
import type { AnyEngine, BaseAction, Decision } from '../../src/games/core/types.js';

registerFonts();

const NAMES = ['Nguyễn Thị Ngọc Hường', 'Trần Hoàng Bảo Long'];

for (const game of ['phom', 'classic-mahjong'] as const) {
  test(`${game}: two-seat tables draw ordinary full Vietnamese names whole`, () => {
    const engine = GAMES[game].engine as AnyEngine;
    const presenter = GAMES[game].presenter as unknown as { tableModel: (pub: unknown, ctx: unknown) => TableModel };
    const seen: FitResult[] = [];
    setTextProbe((r) => seen.push(r));
    try {
      for (let k = 0; k < 2; k++) {
        let s = engine.setup(defaultOptions(engine.options), 2, handSeed(`two-seat-${game}`, k), null);
        for (let step = 0; step < 3000 && !engine.result(s); step++) {
          if (step % 9 === 0)
            for (const lang of LOCALES) {
              const scores = step % 2 ? ['+12', '−12'] : ['−1,024', '+1,024'];
              const m = presenter.tableModel(engine.publicView(s), { lang, t: translator(lang), names: NAMES, scores });
              const T = layoutTable(m);
              seen.length = 0;
              drawTable(createCanvas(T.width, T.height).getContext('2d'), m, T);
              const what = `${game} hand ${k} step ${step} ${lang}`;
              for (const [i, name] of NAMES.entries()) {
                const r = seen.find((x) => x.text === name);
                assert.ok(r && !r.ellipsized, `${what}: "${name}" drawn "${r?.drawn}"`);
                const L = T.seats[i]!;
                // every text of the seat's info column (name, badges, count) inside it
                for (const x of seen.filter((x) => x.box.x < L.x + 250 && x.box.y >= L.y && x.box.y < L.y + L.h))
                  assert.ok(
                    x.box.x >= L.x + 16 && x.box.x + x.width <= L.x + 250 && x.box.y + x.box.h <= L.y + L.h,
                    `${what}: "${x.drawn}" ${JSON.stringify(x.box)} outside seat ${i}'s info column`,
                  );
              }
            }
          const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
          const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
          if (!r.ok) throw new Error(r.error.message);
          s = r.value;
        }
      }
    } finally {
      setTextProbe(null);
    }
  });
}
