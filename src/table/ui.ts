/**
 * Components as data. The table layer says which buttons and selects a message carries (verb, arg,
 * label, style); src/bot turns them into discord.js builders and custom_ids (`g:<id>:<ver>:<verb>:<arg>`).
 */
import type { BaseAction } from '../games/core/types.js';
import type { PresentCtx } from './present/types.js';

/** The verbs of in-game components (src/bot/custom-id.ts encodes them and decodes only these). */
export const TABLE_VERBS = [
  'hand', // open my hand (ephemeral)
  'refresh', // redraw my hand
  'act', // play option <arg> (index into the seat's pending options)
  'pick', // select menu of options (values are indices)
  'join',
  'leave',
  'add-ai',
  'start',
  'cancel',
  'lobby-set', // the host changes a lobby setting <arg>: timer | seats | timeout (select; lobby.ts)
  'lobby-rules', // the host edits the table's house rules (button → modal, arg 'submit' on the modal)
  'next-hand',
  'end-match', // the host ends the match (arg: the hand; 'confirm.<hand>' on the question's Yes: act.ts)
  'pause',
  'resume',
  'retake', // take my seat back from the AI
  'hint', // the strong AI's choice for my decision (ephemeral, nothing changes)
  'announce', // Chắn xướng: build and confirm an announcement (announce.ts)
  'leave-seat', // leave a running match (seating.ts; arg 'confirm.<hand>.<b|h>' once confirmed)
  'take-seat', // take an AI's seat between hands (seating.ts)
  'absent-ai', // vote: the AI plays the waiting seat <arg> (absent.ts)
  'absent-end', // vote: end the match (absent.ts; arg 'confirm.<seat|claims>.<version>' on a deciding vote's Yes)
  'prefs', // my claim preferences for this game (multi-select on the seat view; prefs.ts)
  'words', // the table image (or, with its hand as arg, a result image) in words, whole (ephemeral, nothing changes; words.ts): for screen readers
] as const;
export type TableVerb = (typeof TABLE_VERBS)[number];

export type UiStyle = 'primary' | 'secondary' | 'success' | 'danger';

export interface UiButton {
  type: 'button';
  verb: TableVerb;
  arg?: string;
  label: string;
  style: UiStyle;
  disabled?: boolean;
}

export interface UiSelect {
  type: 'select';
  verb: TableVerb;
  arg?: string;
  placeholder: string;
  minValues?: number;
  maxValues?: number;
  options: { label: string; value: string; default?: boolean }[];
}

export type UiComponent = UiButton | UiSelect;
/** One action row. */
export type UiRow = UiComponent[];

/** What a game-specific control made of a click. */
/** `note`: an i18n key for a line above the redrawn view (a question the draft asks). */
export type UiRead = { kind: 'draft'; draft: unknown; note?: string } | { kind: 'action'; action: BaseAction } | null;

/**
 * A game's own controls for decisions one button per option cannot express (Chắn's xướng: any
 * combination of cước). Declared in the game's manifest (`ui`); clicks use the `announce` verb.
 */
export interface GameUi {
  /** Whether this decision's options are drawn by this UI. */
  handles(options: BaseAction[]): boolean;
  /** The i18n key of the view's first line for such a decision (else the generic "Your turn"). */
  turnLine?: string;
  /** The rows for the decision, with the player's draft so far (`undefined`: nothing chosen yet). */
  rows(options: BaseAction[], draft: unknown, ctx: PresentCtx): UiRow[];
  /** Reads an `announce` click: a new draft to show, the action to play, or null (refused). */
  read(arg: string | undefined, values: readonly string[], options: BaseAction[]): UiRead;
  /**
   * An option this UI plays only after a question (Chắn's Announce nothing): an option index (`act`)
   * naming it, from a view drawn before the question existed or a forged custom_id, is out of date.
   */
  asksFirst?(action: BaseAction): boolean;
}
