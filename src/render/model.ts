/**
 * Render models: plain, JSON-serializable data that `src/render/` draws (style.md §1: render draws
 * views only). The lead's adapters turn each engine's views into these; nothing here knows a rule.
 *
 * Codes are exactly those of `shared/rules/notation.md` (plus the vn-mahjong `J*` joker codes).
 * The extra code `'?'` means "a face-down piece" anywhere a code is accepted.
 * All text fields are already localized by the caller; render only adds a few fixed words
 * (section titles, badges, piece captions) in the model's `locale`.
 */
import { GAME_IDS, type GameId } from '../games/core/types.js';

export type { GameId };
/** The languages every text is in (declared once: the table layer's `Lang` is this type). */
export type Locale = 'vi' | 'en' | 'zh-TW';

export const LOCALES: readonly Locale[] = ['vi', 'en', 'zh-TW'];
/** Every game is drawn (the one list of games is the engines'). */
export const RENDER_GAMES: readonly GameId[] = GAME_IDS;

/** A code meaning "face-down piece" (a tile back / card back). */
export const BACK = '?';

/**
 * How a deck is inked where a table's house rules change it. Absent fields mean the standard deck.
 * Chắn's `redLaoThang` is `false` at a table without `red-lao-thang` (chan.md §2): Lão and Thang are
 * then black cards, drawn and said as such, so a player counting red cards (Tám đỏ, Bạch định) is not
 * misled by the ink.
 */
export interface DeckInk {
  redLaoThang?: boolean;
}

export interface PieceGroup {
  codes: string[];
  /** Short caption drawn above the group (e.g. 'Phỏm', 'Ăn', 'Coong'); fitted to the group width. */
  label?: string;
  /**
   * Face-down group. With 4 pieces the middle two are face down (Âm Coong as shown in Vietnamese
   * play); otherwise every piece is face down. Use `hidden` for an explicit choice.
   */
  concealed?: boolean;
  /** Explicit indexes drawn face down (overrides `concealed`). */
  hidden?: number[];
  /**
   * Indexes of eaten/claimed pieces: mahjong tiles are drawn sideways, cards get an "eaten" tag and
   * a gold edge.
   */
  marked?: number[];
}

export interface HandModel extends DeckInk {
  game: GameId;
  locale: Locale;
  /** Already localized, e.g. the player's name. */
  title: string;
  /** Codes in display order (see `sortCodes`). */
  hand: string[];
  /** Just-drawn piece, shown apart at the right. */
  drawn?: string;
  /** Same length as hand (+1 for drawn, last): button letters/numbers for legal discards, '' for none. */
  keys?: string[];
  /** Exposed/laid sets, eaten cards. */
  groups: PieceGroup[];
  /** Indexes into `hand` of pieces to mark as eaten (Phỏm: eaten cards still in the hand). */
  handMarked?: number[];
  flowers?: string[];
  /** One line, e.g. 'Your turn — discard'. */
  status?: string;
  /**
   * Large pieces for a phone (/prefs "Large hand"): fewer pieces a row in a narrower layout, so
   * each is a larger share of the image's width, which is what a phone shrinks (hand.ts `LARGE`).
   */
  large?: boolean;
}

export interface SeatModel {
  name: string;
  isTurn: boolean;
  isDealer?: boolean;
  /** Seat wind code `1z`…`4z` (mahjong) or any short text (drawn in a badge). */
  wind?: string;
  score?: string;
  handCount: number;
  groups: PieceGroup[];
  discards: string[];
  flowers?: string[];
  /** 'sitting out', 'Móm'… */
  note?: string;
}

export interface TableModel extends DeckInk {
  game: GameId;
  locale: Locale;
  title: string;
  /** 2–6 seats, seat 0 first. */
  seats: SeatModel[];
  stockCount: number;
  stockLabel: string;
  /** Said after the stock count, e.g. what Phỏm's gà pot holds (phom.md §10). */
  stockNote?: string;
  /** The last discard: seat and index into that seat's `discards`; drawn highlighted. */
  lastDiscard?: { seat: number; index: number };
  lastAction?: string;
  timer?: string;
  /** E.g. Chắn's face-up drawn card in the middle of the table. */
  centreCodes?: string[];
  /** Caption for `centreCodes` (e.g. 'Bốc · cửa Lan'). */
  centreLabel?: string;
}

export interface ResultModel extends DeckInk {
  game: GameId;
  locale: Locale;
  title: string;
  winner?: ResultWinner;
  /**
   * Scoring breakdown. `label` is "name · reason" when the line is a player's (`name` given, so the
   * image can split it there even when a display name itself contains " · "), else any text.
   */
  lines: { label: string; value: string; name?: string }[];
  totals: { name: string; delta: string }[];
  payments: { from: string; to: string; amount: string }[];
}

/** The winner's whole hand as the result image shows it (issue #13 §5). */
export interface ResultWinner {
  name: string;
  /** Exposed / declared sets (melds, phỏm, chắn and cạ pairs). */
  groups: PieceGroup[];
  /** The rest of the concealed hand (drawn after the sets). */
  hand: string[];
  /** The winning tile/card: highlighted and tagged wherever it is shown (its last copy). */
  winningCode?: string;
  /**
   * Optional: exactly where the winning piece is, when the same code appears several times:
   * `group` indexes `groups` (`groups.length` = `hand`, `groups.length + 1` = `leftover`), `index`
   * the piece in it. Wins over `winningCode` (which then only has to be consistent with it).
   */
  winningAt?: { group: number; index: number };
  /** Optional: Phỏm's leftover cards (not in any phỏm), drawn in their own group. */
  leftover?: string[];
  /** Optional: scored flowers / bonus tiles, drawn in a group captioned "Flowers". */
  flowers?: string[];
  /** Optional: scored jokers (vn-mahjong khung), drawn in a group captioned "Jokers". */
  jokers?: string[];
  /** Optional: a short caption under the name, e.g. "Ù · ăn 8♠ của Minh" (already localized). */
  caption?: string;
  /** The seat a penalty ending is about, shown as a winner would be but without the crown (Chắn's ù láo, xướng sai). */
  offender?: boolean;
}

/** A match's standings (issue #14 §5): running totals after each hand, as numbers. */
export interface StandingsModel {
  game: GameId;
  locale: Locale;
  title: string;
  /** Optional short line at the right of the title (e.g. "3 hands"). */
  subtitle?: string;
  /** `totals[k]` = the player's cumulative total after hand k + 1 (the chart starts at 0). */
  /** `mark`: drawn after the name and never cut with it (a player who left: " (left)"). */
  players: { name: string; mark?: string; totals: number[] }[];
  /** Optional x labels per hand (default 1, 2, …). */
  handLabels?: string[];
  /** Optional final totals as text (e.g. "+12 điểm"), per player; default the signed number. */
  finalText?: string[];
}

/** A player's rating history for a game: OpenSkill ordinal after each rated game. */
export interface RatingModel {
  game: GameId;
  locale: Locale;
  /** E.g. the player's name and the game. */
  title: string;
  /** `t` = time in ms since the epoch (supplied by the caller; render reads no clock). */
  points: { t: number; ordinal: number }[];
  /**
   * The reader's IANA time zone (their /notify zone, e.g. Asia/Ho_Chi_Minh): the axis dates are
   * their days. Absent (or unknown to the runtime): UTC, and the axis says so. Carried in the model,
   * since the chart is drawn in a render worker, which reads no one's settings.
   */
  timeZone?: string;
  /** Optional x-axis labels (default: a few dates in the locale's notation, in `timeZone`). */
  xLabels?: { t: number; label: string }[];
}

/**
 * The piece a seat may claim, drawn alone (highlighted) as the thumbnail beside the claim line of
 * its hand message, apart from the hand image: a claim window then changes neither the hand image
 * nor its upload (issue #17 §3), and the words of the offer are text beside it.
 */
export interface ClaimModel extends DeckInk {
  game: GameId;
  locale: Locale;
  code: string;
}

export type RenderKind = 'hand' | 'table' | 'result' | 'sheet' | 'standings' | 'rating' | 'claim';

/** What `renderAsync` accepts for each kind. */
export interface RenderRequestMap {
  hand: HandModel;
  table: TableModel;
  result: ResultModel;
  sheet: { game: GameId; locale: Locale };
  standings: StandingsModel;
  rating: RatingModel;
  claim: ClaimModel;
}
