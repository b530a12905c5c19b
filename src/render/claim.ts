/**
 * The claim image: the one piece a seat may claim now, highlighted on the felt, small and square
 * for the thumbnail beside the claim line of the seat's hand message (src/bot/layout.ts). It is an
 * image apart from the hand so that a claim window opening or closing leaves the hand image as it
 * was: kept by id, not uploaded again (issue #17 §3). The words of the offer are the line's text.
 */
import { pieceDims } from './sprites.js';
import { outputScale } from './scale.js';
import { drawPiece, encode, highlight, newImage, paletteColours } from './draw.js';
import { isMahjong } from './codes.js';
import type { ClaimModel } from './model.js';

/** Layout units of the square image (150 × 150 px at the card games' scale, 130 × 130 at the mahjongs'). */
export const CLAIM_SIZE = 200;

export interface ClaimLayout {
  width: number;
  height: number;
  /** The piece's width and its top left corner. */
  w: number;
  x: number;
  y: number;
  short: boolean;
}

export function layoutClaim(m: ClaimModel): ClaimLayout {
  const short = m.game === 'chan';
  // the tallest piece that leaves room for its glow and the wooden rim
  const room = CLAIM_SIZE - 56;
  const unit = pieceDims(m.game, 100, short);
  const w = Math.floor(Math.min(room, (room * unit.w) / unit.h));
  const d = pieceDims(m.game, w, short);
  return { width: CLAIM_SIZE, height: CLAIM_SIZE, w, x: Math.round((CLAIM_SIZE - d.w) / 2), y: Math.round((CLAIM_SIZE - d.h) / 2), short };
}

export function renderClaimPng(m: ClaimModel): Buffer {
  const L = layoutClaim(m);
  const img = newImage(L.width, L.height, outputScale(m.game), m);
  const { ctx } = img;
  const d = drawPiece(ctx, m.game, m.code, L.w, L.x, L.y, { label: isMahjong(m.game) ? m.locale : null, short: L.short });
  highlight(ctx, L.x, L.y, d.w, d.h);
  return encode(img, paletteColours(m.game));
}
