import type { GameId, HandModel, Locale, ResultModel, SeatModel, TableModel } from '../../src/render/model.js';
import { createCanvas, loadImage } from 'canvas';
import { outputScale, renderResult, setTextProbe } from '../../src/render/index.js';
import { sampleModels } from './samples.js';

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(b: Buffer): { width: number; height: number } {
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

export const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const LONG_NAME = 'Nguyễn Thị Phương Thảo Hoàng Bảo Ngọc Trâm Anh (khách mời từ Hội Quán Sài Gòn)';
const LONG_LABEL = 'Phỗng bằng khung Nguyên để chặn Tam Nguyên — báo đền cả làng';

/** Stress versions of the samples: long names and labels, 6 seats, long captions everywhere. */
export function stressModels(game: GameId, locale: Locale): { hand: HandModel; table: TableModel; result: ResultModel } {
  const s = sampleModels(game, locale);
  const hand: HandModel = {
    ...s.hand,
    title: LONG_NAME,
    status: 'Đến lượt bạn — hãy đánh một quân bài trước khi hết giờ, nếu không máy sẽ đánh thay',
    groups: s.hand.groups.map((g) => ({ ...g, label: LONG_LABEL })),
    keys: s.hand.keys?.map((k) => (k ? k + 'WW' : k)),
  };
  const base = s.table.seats[0]!;
  const seats: SeatModel[] = Array.from({ length: 6 }, (_, i) => {
    const src = s.table.seats[i % s.table.seats.length] ?? base;
    return {
      ...src,
      name: `${LONG_NAME} ${i}`,
      wind: i < 4 ? `${i + 1}z` : 'Trung (dự bị, ngồi ngoài vòng này)',
      score: '+1 234 567 890 điểm',
      note: i >= 4 ? 'ngồi ngoài ván này vì đến lượt dự bị theo luật sáu người' : undefined,
      groups: src.groups.map((g) => ({ ...g, label: LONG_LABEL })),
      discards: [...src.discards, ...src.discards, ...src.discards, ...src.discards],
    } as SeatModel;
  });
  const table: TableModel = {
    ...s.table,
    title: `${LONG_NAME} — ${LONG_LABEL}`,
    seats,
    stockLabel: 'Số quân còn lại trong nọc bài chưa bốc',
    lastAction: `${LONG_NAME} vừa đánh ra một quân và ${LONG_LABEL}`,
    timer: '12:34:56 còn lại',
    lastDiscard: { seat: 5, index: seats[5]!.discards.length - 1 },
    ...(s.table.centreCodes ? { centreLabel: LONG_LABEL + ' ' + LONG_LABEL } : {}),
  };
  const result: ResultModel = {
    ...s.result,
    title: `${LONG_NAME} ${LONG_LABEL}`,
    winner: s.result.winner
      ? { ...s.result.winner, name: LONG_NAME, groups: s.result.winner.groups.map((g) => ({ ...g, label: LONG_LABEL })) }
      : undefined,
    lines: [...s.result.lines, { label: LONG_LABEL + ' ' + LONG_LABEL, value: '1 234 567 890 phán' }],
    totals: seats.map((x) => ({ name: x.name, delta: '−1 234 567 890' })),
    payments: seats.map((x) => ({ from: x.name, to: LONG_NAME, amount: '1 234 567 890 điểm' })),
  };
  return { hand, table, result };
}

/**
 * Whether the gold highlight's stroke is just left of a layout box, half-way down: the pixels
 * around 5 units left of it (the stroke is 3.5 units wide, ~2–3 px at the device scale).
 */
export async function goldBeside(png: Buffer, b: { x: number; y: number; w: number; h: number }, game: GameId): Promise<boolean> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const k = outputScale(game);
  const px = Math.round((b.x - 5) * k);
  const py = Math.round((b.y + b.h / 2) * k);
  const d = ctx.getImageData(px - 1, py, 3, 1).data;
  const isGold = (o: number) => d[o]! > 200 && d[o + 1]! > 160 && d[o + 2]! < 140;
  return isGold(0) || isGold(4) || isGold(8);
}

/** A result image and every text run drawn into it (the render's text probe). */
export function renderResultProbed(m: ResultModel): { png: Buffer; seen: string[] } {
  const seen: string[] = [];
  setTextProbe((r) => seen.push(r.drawn));
  try {
    return { png: renderResult(m), seen };
  } finally {
    setTextProbe(null);
  }
}
