/**
 * Every box a table image draws for a seat (name line, note, sets with their captions and tags,
 * discards) lies inside that seat's panel, and the panels inside the image: over real self-played
 * positions of every game and seat count, with the seats' own notes when a hand has them (classical
 * Original Call, which a seat here takes whenever offered, Phỏm's "left", a sitting-out seat; they
 * are rare) and with a note put on each seat in turn and on every seat. A noted seat that was the tallest
 * of its row drew its last row of tiles 26 units below the panel (its note's line was not counted).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import { translator } from '../../src/table/i18n.js';
import { registerFonts, RENDER_GAMES } from '../../src/render/index.js';
import { layoutTable, tableBoxes } from '../../src/render/table.js';
import type { TableModel } from '../../src/render/model.js';
import type { AnyEngine, BaseAction, Decision } from '../../src/games/core/types.js';

registerFonts();

function assertInside(what: string, m: TableModel): void {
  const T = layoutTable(m);
  for (const { seat, panel, boxes } of tableBoxes(m, T)) {
    assert.ok(
      panel.x >= 0 && panel.y >= 0 && panel.x + panel.w <= T.width && panel.y + panel.h <= T.height,
      `${what}: panel ${seat} outside the image`,
    );
    for (const b of boxes)
      assert.ok(
        b.x >= panel.x && b.y >= panel.y && b.x + b.w <= panel.x + panel.w && b.y + b.h <= panel.y + panel.h,
        `${what}: seat ${seat} (${m.seats[seat]!.note ?? 'no note'}) ${b.what} ${JSON.stringify(b)} outside its panel ${JSON.stringify(panel)}`,
      );
  }
}

/** The table models of a self-played hand, every `every`-th state; `call` makes a seat take every call offered. */
function* handModels(game: (typeof RENDER_GAMES)[number], seats: number, seed: string, options: Record<string, unknown>, every: number) {
  const { engine, presenter } = GAMES[game] as unknown as {
    engine: AnyEngine;
    presenter: { tableModel: (pub: unknown, ctx: unknown) => TableModel };
  };
  const names = Array.from({ length: seats }, (_, k) => ['Lan', 'Minh', 'Hùng', 'Mai', 'Tú', 'Bảo'][k]!);
  const ctx = { lang: 'en', t: translator('en'), names, scores: names.map(() => '+12') };
  let s = engine.setup(options, seats, seed, null);
  for (let step = 0; step < 3000 && !engine.result(s); step++) {
    if (step % every === 0) yield { step, m: presenter.tableModel(engine.publicView(s), ctx) };
    const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
    // take a call when offered (classical Original Call), the AI's choice otherwise
    const call = (d.options as unknown as { call?: boolean }[] | undefined)?.find((o) => o.call === true) as BaseAction | undefined;
    const r = engine.apply(s, d.seat, call ?? engine.ai(s, d.seat));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  }
  yield { step: -1, m: presenter.tableModel(engine.publicView(s), ctx) };
}

for (const game of RENDER_GAMES) {
  test(`${game}: every seat's content lies inside its panel, with and without notes`, () => {
    const engine = GAMES[game].engine as AnyEngine;
    const options = {
      ...(defaultOptions(engine.options) as Record<string, unknown>),
      ...(game === 'classic-mahjong' ? { 'original-call': true } : {}),
    };
    for (let seats = engine.minSeats; seats <= engine.maxSeats; seats++) {
      for (let k = 0; k < 2; k++) {
        for (const { step, m } of handModels(game, seats, handSeed(`boxes-${game}-${seats}`, k), options, 3)) {
          const what = `${game} ${seats} seats hand ${k} step ${step}`;
          assertInside(what, m);
          // a note on each seat in turn, and on every seat
          m.seats.forEach((_, i) =>
            assertInside(`${what} note on ${i}`, { ...m, seats: m.seats.map((x, j) => (j === i ? { ...x, note: 'Original Call' } : x)) }),
          );
          assertInside(`${what} notes on all`, { ...m, seats: m.seats.map((x) => ({ ...x, note: x.note ?? 'left' })) });
        }
      }
    }
  });
}
