/**
 * The game-engine contract shared by every game (style.md §2).
 *
 * An engine is a bag of pure functions over plain, JSON-serializable state. Nothing here touches
 * Discord, SQLite, canvas, the clock or Math.random: a game is `options + seats + seed + actions`,
 * and replaying the same actions on the same setup always gives the same state.
 */
import type { OptionsSchema } from './options.js';
import type { AiLevel } from './ai.js';

export type GameId = 'phom' | 'chan' | 'vn-mahjong' | 'classic-mahjong';
export const GAME_IDS: readonly GameId[] = ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'];

/** Seats are numbered 0…n−1 in turn order starting with the dealer / first player (notation.md). */
export type Seat = number;
/** A game seed: any string; per-hand seeds are derived from it with `handSeed`. */
export type Seed = string;

export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/**
 * A rejected action. `code` is namespaced by game (`phom/card-not-in-hand`) and is also the i18n
 * key of the message shown to players; `message` is an English fallback a player understands;
 * `data` fills the placeholders of the translated message.
 */
export interface RuleError {
  code: `${GameId | 'core'}/${string}`;
  message: string;
  data?: Record<string, string | number>;
}

export function ruleError(
  code: RuleError['code'],
  message: string,
  data?: Record<string, string | number>,
): { ok: false; error: RuleError } {
  return data === undefined ? err({ code, message }) : err({ code, message, data });
}

/** Every action is a verb-tagged plain object (`{ type: 'discard', card: '7H' }`). */
export interface BaseAction {
  type: string;
}

/**
 * One seat's pending decision. `options` lists every legal action for that seat now, in a stable,
 * deterministic order (the bot addresses them by index, pinned by the state version). `timeoutDefault`
 * is what the bot plays when the seat's timer runs out; it is always one of `options`.
 * `kind` tells the bot which timer applies: a claim window (short) or a turn (long).
 */
export interface Decision<A extends BaseAction> {
  seat: Seat;
  kind: 'turn' | 'claim';
  options: A[];
  timeoutDefault: A;
  /**
   * Set when who holds this decision is hidden information (issue #13 §2): a setup choice that only
   * seats holding certain pieces get (vn-mahjong.md §4.3 jokers at the deal, classic-mahjong.md §4.5
   * opening kongs). The table then names nobody for it, as for a claim: no "Turn: X", no ping by
   * name, a silent timeout. `kind` still picks the timer's length.
   */
  secret?: true;
  /**
   * Set when whether this decision offers a choice at all depends on what only its seat can see:
   * Phỏm's take (eat or draw, phom.md §6.2: eating needs cards of the hand), a classical hand
   * locked by its Original Call (win or discard the tile drawn, classic-mahjong.md §13 `original-call`). Set whatever
   * the options are, so the flag itself tells nothing. A hint is offered only where there is a
   * choice, so one asked on such a decision is never told to the others (/history): it would tell
   * that the seat could eat, or win.
   */
  choiceHidden?: true;
}

/** A money/point transfer between seats at settlement, in the game's own unit. */
export interface Payment {
  from: Seat;
  to: Seat;
  amount: number;
  /** Stable kebab-case reason id (also an i18n key under `<game>:payment.<reason>`). */
  reason: string;
}

/** One scoring item that fired (style.md §3: settlement explains every point). */
export interface ScoreItem {
  /** Stable kebab-case id, the i18n key under `<game>:item.<id>`. */
  id: string;
  seat: Seat;
  /** The value in its unit, e.g. 2 points, 1 double, 3 phán. */
  value: number;
  unit: string;
  /** Optional detail such as the meld it scored, in notation codes. */
  detail?: string;
}

/**
 * The settlement of a finished hand, common to all games so the store and the bot can handle
 * results generically. Engines may extend it with game-specific fields.
 */
export interface HandResult {
  /** Seats that won the hand (empty for a drawn hand). */
  winners: Seat[];
  /** Seats from best to worst; ties share a rank by appearing in the same inner array. */
  ranking: Seat[][];
  /** Net change per seat for this hand, in `unit`; sums to zero. */
  deltas: number[];
  payments: Payment[];
  items: ScoreItem[];
  /** Unit of `deltas` and payments, e.g. 'bet', 'point', 'money'. */
  unit: string;
  /** How the hand ended, kebab-case (e.g. 'u', 'rank', 'draw'); i18n key `<game>:end.<how>`. */
  endedBy: string;
}

/** Seats a table may have under given options (e.g. classical `tournament`: exactly 4, seed 004 §3). */
export interface TableSize {
  min: number;
  max: number;
  /** The table size the game's own house rule asks for (e.g. Vietnamese mahjong `player-count`). */
  default: number;
}

/**
 * A game's own deadline house rules, in seconds, for the table layer's timers. `undefined`: the game
 * has no such rule (the table's timer preset applies). `'off'`: the rule says no automatic deadline
 * (its option is 0 and its description says 0 = off, e.g. Chắn `decision-timeout-s`): the table never
 * plays automatically; it reminds instead (issue #14 §3).
 */
export interface GameTimeouts {
  turn?: number | 'off';
  claim?: number | 'off';
}

/**
 * The engine contract. S = state, A = action union, O = resolved options, V = a seat's private
 * view, P = public view, R = hand result.
 */
export interface Engine<
  S = unknown,
  A extends BaseAction = BaseAction,
  O = Record<string, unknown>,
  V = unknown,
  P = unknown,
  R extends HandResult = HandResult,
> {
  id: GameId;
  /**
   * The version of this engine's state shape (default 1). Bump it whenever `S` changes shape, so
   * that snapshots cached by an older build are not loaded (the store replays the log instead).
   */
  stateVersion?: number;
  minSeats: number;
  maxSeats: number;
  options: OptionsSchema<O>;
  /**
   * Deal a new hand. `previous` is the finished previous hand of the same match (if any) so the
   * engine can carry dealer/starter rotation and match-level counters; the engine's own rules
   * decide what carries over. Deterministic in (opts, seats, seed, previous).
   */
  setup(opts: O, seats: number, seed: Seed, previous?: S | null): S;
  /** All decisions pending now (empty when the hand is over). */
  pending(s: S): Decision<A>[];
  /** Apply one seat's action. A rejection never changes the input state. */
  apply(s: S, seat: Seat, a: A): Result<S>;
  /** What `seat` may see: its own hand plus the public table. Never another seat's hidden cards. */
  view(s: S, seat: Seat): V;
  /** What everybody (spectators included) may see. */
  publicView(s: S): P;
  /** The settlement once the hand has ended, else null. */
  result(s: S): R | null;
  /** Invariant violations (every card exactly once, counts, pending consistent); [] when sound. */
  checkInvariants(s: S): string[];
  /**
   * A deterministic AI: picks one of the seat's pending options at `level` (default `normal`,
   * core/ai.ts). `strong` decides from the seat's knowledge (view + public view + decision) only.
   */
  ai(s: S, seat: Seat, level?: AiLevel): A;
  /** Build a state from a scenario `start` (docs/scenarios.md): explicit deck order or mid-hand position. */
  fromScenario(opts: O, seats: number, start: ScenarioStart): Result<S>;
  /** Table sizes allowed under `opts` (the lobby, /play and selfplay check it). */
  tableSize(opts: O): TableSize;
  /** The game's own deadline house rules under `opts`. */
  timeouts(opts: O): GameTimeouts;
  /**
   * Whether the match is over after the finished hand `s` (e.g. a fixed number of wind rounds has
   * been played, or a player is bankrupt). False while the hand is still in play.
   */
  matchOver(s: S): boolean;
  /**
   * Seat changes during a match, for a game whose rules have them (Phỏm: phom.md §3 starter reset,
   * §11.3 leaving during a hand). Absent: seats change only in the lobby.
   */
  seating?: Seating<S, A>;
  /**
   * Whether playing `a` (one of `seat`'s options) now would be a false declaration the rules
   * penalize: Chắn's ù láo at an honour table (chan.md §8 `u-claim-check = honor`: Ù is offered
   * whatever the hand). The table's claim preferences never play one ("always declare a win" declares
   * only a real win). Absent: no option is.
   */
  falseDeclaration?(s: S, seat: Seat, a: A): boolean;
  /**
   * The seats dealt no hand this time, for a game where more people sit than play a hand
   * (vn-mahjong.md §3: at 5–6 people, exactly 4 play each hand). Public: nothing there is theirs
   * to decide until they play again. Absent: every seat plays every hand.
   */
  sittingOut?(s: S): Seat[];
  /**
   * Why the `strong` AI would play `a` for `seat` (the hint button's reason): an i18n key in the
   * game's namespace and its values, or absent where the game has no reasons yet.
   */
  explain?(s: S, seat: Seat, a: A): HintReasonKey;
  /** Optional extra CLI commands, e.g. `score` for the mahjong games and Chắn. */
  cli?: Record<string, (input: unknown) => unknown>;
}

/**
 * A change of the seated players between two hands, as the table records it (a `@seat-change` log
 * entry): `left` seats whose player went, `joined` seats a new player or an AI took, and `host` the
 * host's seat when it is not seat 0 (the host passed to another player: phom.md §15.7; entries
 * logged before 2026-12-05 have none, and their host was taken to be seat 0).
 */
export interface SeatChange {
  left: Seat[];
  joined: Seat[];
  host?: Seat;
}

export interface Seating<S, A> {
  /** Marks the finished hand `previous` with a seat change; the next `setup` reads it (a copy). */
  between(previous: S, change: SeatChange): S;
  /** The action by which a seated player leaves during a hand (the engine plays the seat out). */
  leave?: A;
  /** The seats whose player left during this hand. */
  leftSeats?(s: S): Seat[];
}

/** A hint's reason: `<game>:hint.<key>` with its values (a value `card` is a piece code). */
export interface HintReasonKey {
  key: string;
  vars: Record<string, string | number>;
}

/** The `start` of a scenario: a seed, an explicit deck/wall order, or a mid-hand position. */
export type ScenarioStart = { seed: Seed } | { deck: string[] } | { position: Record<string, unknown> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEngine = Engine<any, any, any, any, any, any>;
