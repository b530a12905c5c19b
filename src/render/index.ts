/**
 * Hội Quán images, drawn with node-canvas from render models (style.md §1: render draws views
 * only). Synchronous renderers return PNG buffers; `renderAsync` in `pool.ts` runs them in worker
 * threads so the bot's event loop never blocks.
 */
export type {
  DeckInk,
  GameId,
  Locale,
  PieceGroup,
  HandModel,
  ClaimModel,
  SeatModel,
  TableModel,
  ResultModel,
  ResultWinner,
  StandingsModel,
  RatingModel,
  RenderKind,
  RenderRequestMap,
} from './model.js';
export { BACK, LOCALES, RENDER_GAMES } from './model.js';
export { registerFonts } from './fonts.js';
export { allCodes, sortCodes, pieceName } from './codes.js';
export { renderKey, stableJson, RENDER_VERSION } from './key.js';
export { fitText, measureFit, setTextProbe, type Box, type FitOptions, type FitResult } from './text.js';
import type { GameId, HandModel, Locale, ResultModel, TableModel, RenderKind, RenderRequestMap } from './model.js';
import { renderHandPng, layoutHand } from './hand.js';
import { renderClaimPng, layoutClaim } from './claim.js';
import type { ClaimModel } from './model.js';
import { renderTablePng, layoutTable } from './table.js';
import { renderResultPng, layoutResult } from './result.js';
import { renderSheetPng, sheetSize } from './sheet.js';
import { renderStandingsPng, layoutStandings, renderRatingPng, layoutRating } from './chart.js';
import type { StandingsModel, RatingModel } from './model.js';
import { outputSize } from './scale.js';
export { outputScale } from './scale.js';

/** PNG of a seat's own hand. */
export function renderHand(m: HandModel): Buffer {
  return renderHandPng(m);
}
/** PNG of the piece a seat may claim (the thumbnail beside its claim line). */
export function renderClaim(m: ClaimModel): Buffer {
  return renderClaimPng(m);
}
/** PNG of the public table. */
export function renderTable(m: TableModel): Buffer {
  return renderTablePng(m);
}
/** PNG of a hand's result. */
export function renderResult(m: ResultModel): Buffer {
  return renderResultPng(m);
}
/** PNG with every tile/card of a game. */
export function renderSheet(game: GameId, locale: Locale): Buffer {
  return renderSheetPng(game, locale);
}

/** PNG of a match's standings: a line chart of every player's running total by hand. */
export function renderStandings(m: StandingsModel): Buffer {
  return renderStandingsPng(m);
}
/** PNG of a player's rating history (OpenSkill ordinal over time). */
export function renderRating(m: RatingModel): Buffer {
  return renderRatingPng(m);
}

/** The pixel size an image will have (the renderers use the same layout). */
export function imageSize<K extends RenderKind>(kind: K, model: RenderRequestMap[K]): { width: number; height: number } {
  switch (kind) {
    case 'hand': {
      const l = layoutHand(model as HandModel);
      return outputSize(model.game, l.width, l.height);
    }
    case 'table': {
      const l = layoutTable(model as TableModel);
      return outputSize(model.game, l.width, l.height);
    }
    case 'claim': {
      const l = layoutClaim(model as ClaimModel);
      return outputSize(model.game, l.width, l.height);
    }
    case 'result': {
      const l = layoutResult(model as ResultModel);
      return outputSize(model.game, l.width, l.height);
    }
    case 'standings': {
      const l = layoutStandings(model as StandingsModel);
      return { width: l.width, height: l.height };
    }
    case 'rating': {
      const l = layoutRating(model as RatingModel);
      return { width: l.width, height: l.height };
    }
    default: {
      const s = model as RenderRequestMap['sheet'];
      return sheetSize(s.game);
    }
  }
}

/** Renders any kind synchronously (what the pool workers call). */
export function renderKind<K extends RenderKind>(kind: K, model: RenderRequestMap[K]): Buffer {
  switch (kind) {
    case 'hand':
      return renderHand(model as HandModel);
    case 'table':
      return renderTable(model as TableModel);
    case 'claim':
      return renderClaim(model as ClaimModel);
    case 'result':
      return renderResult(model as ResultModel);
    case 'sheet': {
      const s = model as RenderRequestMap['sheet'];
      return renderSheet(s.game, s.locale);
    }
    case 'standings':
      return renderStandings(model as StandingsModel);
    case 'rating':
      return renderRating(model as RatingModel);
    default:
      throw new Error(`unknown render kind ${String(kind)}`);
  }
}
