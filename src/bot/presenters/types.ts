/**
 * A presenter turns one game's engine views into render models and button labels. It only ever
 * receives a seat's view or the public view (never full state): views are the security boundary.
 */
import type { BaseAction, HandResult } from '../../games/core/types.js';
import type { HandModel, ResultModel, TableModel } from '../../render/model.js';
import type { Lang, T } from '../i18n.js';

export interface PresentCtx {
  lang: Lang;
  t: T;
  /** Display names by seat. */
  names: string[];
  /** The view the labels are drawn for, when there is one (e.g. to name the meld a Phỏm send targets). */
  view?: unknown;
}

export interface Presenter {
  /** `options` are the seat's legal actions now; the hand image marks each discardable piece with `keyOf(i)`. */
  handModel(view: unknown, seat: number, options: BaseAction[], ctx: PresentCtx): HandModel;
  tableModel(pub: unknown, ctx: PresentCtx & { scores: string[]; timer?: string }): TableModel;
  resultModel(pub: unknown, result: HandResult, ctx: PresentCtx): ResultModel;
  /** Short button label (≤ 80 chars), e.g. "Đánh 7♥". */
  actionLabel(a: BaseAction, ctx: PresentCtx): string;
  /** 'danger' for a win/ù, 'primary' for claims, 'secondary' otherwise. */
  actionStyle(a: BaseAction): 'primary' | 'secondary' | 'success' | 'danger';
  /** One line describing the last public action, e.g. "Bình discarded 7♥". */
  lastAction(pub: unknown, ctx: PresentCtx): string | undefined;
  /** The displayed name of a card/tile code in that language. */
  pieceName(code: string, ctx: PresentCtx): string;
}

/** The key (shown on the hand image and the button) of option i: 1…9 then A…Z. */
export function optionKey(i: number): string {
  return i < 9 ? String(i + 1) : String.fromCharCode(65 + ((i - 9) % 26));
}
