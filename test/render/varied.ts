/**
 * Models of many different sizes (the memory regression test and the benchmark): tables with 2–6
 * seats and 0–24 discards each, hands of 1…all pieces, results with more or fewer lines. Each
 * index gives a different model; most give an image of a size not seen just before.
 */
import type { HandModel, RenderKind, RenderRequestMap, TableModel } from '../../src/render/model.js';
import { RENDER_GAMES, LOCALES } from '../../src/render/model.js';
import { allCodes } from '../../src/render/codes.js';
import { sampleModels } from './samples.js';

export type AnyRequest = { [K in RenderKind]: { kind: K; model: RenderRequestMap[K] } }[RenderKind];

export function variedRequest(i: number): AnyRequest {
  const game = RENDER_GAMES[i % RENDER_GAMES.length]!;
  const locale = LOCALES[Math.floor(i / 4) % LOCALES.length]!;
  const s = sampleModels(game, locale);
  const codes = allCodes(game);
  switch (i % 3) {
    case 0: {
      const nSeats = 2 + (Math.floor(i / 3) % 5);
      const seats = Array.from({ length: nSeats }, (_, k) => {
        const src = s.table.seats[k % s.table.seats.length]!;
        const n = (i * 7 + k * 5) % 25;
        return { ...src, name: `${src.name} ${k}`, discards: Array.from({ length: n }, (_, j) => codes[(i + j * 3 + k) % codes.length]!) };
      });
      const table: TableModel = { ...s.table, seats, stockCount: i % 90, lastAction: `#${i}` };
      return { kind: 'table', model: table };
    }
    case 1: {
      const n = 1 + ((i * 11) % codes.length);
      const hand: HandModel = {
        ...s.hand,
        hand: codes.slice(0, n),
        keys: codes.slice(0, n + 1).map((_, k) => String(k + 1)),
        status: `#${i}`,
      };
      return { kind: 'hand', model: hand };
    }
    default: {
      const lines = Array.from({ length: 1 + (i % 9) }, (_, k) => ({ label: `line ${k}`, value: String(k * i) }));
      return { kind: 'result', model: { ...s.result, lines } };
    }
  }
}

/**
 * The largest table of a hand: 4 seats (Phỏm/Chắn: as many as they seat), every seat with its
 * exposed sets and flowers and as many discards as a hand can leave (mahjong: ~24 per seat).
 */
export function lateTable(game: (typeof RENDER_GAMES)[number], locale: (typeof LOCALES)[number] = 'vi'): TableModel {
  const s = sampleModels(game, locale);
  const codes = allCodes(game).filter((c) => !/f$|^J/.test(c));
  const mahjong = game === 'vn-mahjong' || game === 'classic-mahjong';
  const nDisc = mahjong ? 24 : game === 'chan' ? 18 : 4;
  const melds = (k: number) =>
    mahjong
      ? [
          { codes: [codes[k]!, codes[k]!, codes[k]!], label: 'Phỗng', marked: [1] },
          { codes: [codes[k + 3]!, codes[k + 4]!, codes[k + 5]!], label: 'Ăn', marked: [0] },
          { codes: [codes[k + 9]!, codes[k + 9]!, codes[k + 9]!, codes[k + 9]!], label: 'Minh Cống', marked: [3] },
        ]
      : s.table.seats[k % s.table.seats.length]!.groups.concat(s.table.seats[(k + 1) % s.table.seats.length]!.groups);
  const flowers = game === 'vn-mahjong' ? ['1f', '5f', '9f', '13f', 'JA', 'JM'] : game === 'classic-mahjong' ? ['1f', '6f'] : undefined;
  const seats = Array.from({ length: 4 }, (_, k) => ({
    ...s.table.seats[k % s.table.seats.length]!,
    isTurn: k === 2,
    handCount: mahjong ? 4 : 6,
    groups: melds(k * 2),
    ...(flowers ? { flowers } : {}),
    discards: Array.from({ length: nDisc }, (_, j) => codes[(k * 7 + j * 5) % codes.length]!),
  }));
  return { ...s.table, seats, stockCount: 3, lastDiscard: { seat: 1, index: nDisc - 1 } };
}
