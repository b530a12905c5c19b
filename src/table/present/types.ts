/**
 * A presenter turns one game's engine views into render models and button labels. It only ever
 * receives a seat's view or the public view (never full state): views are the security boundary.
 * Typed per game: `V` is the engine's seat view, `P` its public view, `A` its action union (the
 * manifest checks that they are the engine's own, so no presenter needs a cast).
 */
import type { BaseAction, HandResult } from '../../games/core/types.js';
import type { HandModel, ResultModel, TableModel } from '../../render/model.js';

/**
 * A seat's hand as a presenter sees it: the hand image's model, and the piece the seat may claim
 * now with the words of the offer (e.g. 'Phỗng 5 Vạn?'). The piece is shown apart from the hand
 * image (src/table/views.ts `handView`), so a claim window leaves the hand image unchanged.
 */
export type HandPresentation = HandModel & { claimable?: { code: string; caption: string } };
import type { Lang, T } from '../i18n.js';

export interface PresentCtx<P = unknown> {
  lang: Lang;
  t: T;
  /** Display names by seat. */
  names: string[];
  /** The view the labels are drawn for, when there is one (e.g. to name the meld a Phỏm send targets). */
  view?: P;
  /**
   * The seat's legal options now, when a label is one of them (its buttons and menus, a hint on the
   * live decision): e.g. Chắn names the Pass beside an Ù "Bỏ ù". Not given for a move already made.
   */
  options?: readonly BaseAction[];
}

export type TableCtx<P = unknown> = PresentCtx<P> & { scores: string[]; timer?: string };

/**
 * A public move as language-neutral data (plain JSON): what the table's "last action" line says,
 * made from the public view only. `by` is the table seat that moved (an index into `names`). It is
 * kept with the log entry that made it (store `actions.shown`), so a hand view can say what happened
 * since the seat's own last move (views.ts `recapLines`) without replaying the hand.
 */
export interface Move {
  by: number;
}

export interface Presenter<V = unknown, P = unknown, A extends BaseAction = BaseAction, M extends Move = Move> {
  /** `options` are the seat's legal actions now; the hand image marks each discardable piece with its option key. */
  handModel(view: V, seat: number, options: A[], ctx: PresentCtx<P>): HandPresentation;
  tableModel(pub: P, ctx: TableCtx<P>): TableModel;
  resultModel(pub: P, result: HandResult, ctx: PresentCtx<P>): ResultModel;
  /** Short button label (≤ 80 chars), e.g. "Đánh 7♥". */
  actionLabel(a: A, ctx: PresentCtx<P>): string;
  /** 'danger' for a win/ù, 'primary' for claims, 'secondary' otherwise. */
  actionStyle(a: A): 'primary' | 'secondary' | 'success' | 'danger';
  /** The last public action as data (none before the first move of a hand). */
  lastMove(pub: P): M | undefined;
  /** One line describing a move, e.g. "Bình: Discard 7♥" (present/common.ts `lastLine` for the last one). */
  moveLine(m: M, ctx: PresentCtx<P>): string;
  /** The displayed name of a card/tile code in that language. */
  pieceName(code: string, ctx: PresentCtx<P>): string;
  /**
   * The piece open to claims, named from the public view only (issue #13 §2: "waiting for claims
   * on 5♠"); undefined when nothing is on offer or the game has no claim windows.
   */
  onOffer?(pub: P, ctx: PresentCtx<P>): string | undefined;
}

/** A presenter seen from the generic table code (views and actions are opaque there). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPresenter = Presenter<any, any, any, any>;

/**
 * Letters that cannot be read as a card (issue #13 §5: a key "A" looked like an ace): no rank
 * letter (A J Q K, T for ten) and no suit letter (S H D C), nor I and O (read as 1 and 0), nor a
 * wind letter a mahjong tile prints in its corner (E S W N: "E · Discard South" under the tile
 * marked S read as "discard East"), nor a Vietnamese suit or wind initial (B for Bích or Bắc, R for
 * Rô, V for Vạn: "B · Đánh Q♠" read as "spades").
 */
const KEY_LETTERS = 'FGLMPUXYZ';

/** The key (shown on the hand image and the button) of option i: 1…9, then KEY_LETTERS, then numbers again. */
export function optionKey(i: number): string {
  if (i < 9) return String(i + 1);
  const j = i - 9;
  return j < KEY_LETTERS.length ? KEY_LETTERS[j]! : String(i + 1);
}
