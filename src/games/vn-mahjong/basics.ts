/** Small rule helpers shared by the phases (initial exposure, claims, turn). */
import { copyState } from '../core/copy.js';
import { sevenPairsAllowed } from './scoring/score.js';
import { bonusTileItems } from './scoring/flowers.js';
import type { VnOptions } from './options.js';
import type { State } from './state.js';
import { bonusNumber, isBonus, isFlowerLike, isJoker, winAs, type Tile } from './tiles.js';
import { isWinningTiles } from './wincheck.js';

export const next = (seat: number) => (seat + 1) % 4;
export const liveCount = (s: State) => s.wall.length - s.reserve;
/** The tiles drawn this turn (state.ts `turnDraws`); a state stored before it has only `drawn`. */
export const turnDrawsOf = (s: State): Tile[] => s.turnDraws ?? (s.drawn ? [s.drawn] : []);
/** The three other hand seats in turn order after `seat`. */
export const othersAfter = (seat: number) => [1, 2, 3].map((k) => (seat + k) % 4);

export function canWin(s: State, seat: number, extra: Tile | null, selfDraw: boolean): boolean {
  const p = s.players[seat]!;
  const tiles = extra === null ? p.hand : [...p.hand, winAs(extra)];
  return isWinningTiles(tiles, p.melds.length, { sevenPairs: sevenPairsAllowed(s.opts, selfDraw) });
}

/**
 * Has `seat` exposed a bonus tile of its own seat ("hoa đúng cửa", §5 [Seed]: it earns phán and the
 * seat may then discard no joker)? Under `dai-hoa-mode = wild-flower` (§13) an exposed JF that the
 * score counts as one of the seat's own tiles is such a tile too: it earns the same phán.
 */
function hasSeatFlower(s: State, seat: number): boolean {
  const exposed = s.players[seat]!.exposed.map((e) => e.tile);
  if (exposed.some((t) => isBonus(t) && bonusNumber(t) === seat + 1)) return true;
  if (s.opts['dai-hoa-mode'] !== 'wild-flower' || !exposed.includes('JF')) return false;
  return [...bonusTileItems(exposed, seat, s.opts).counted].some((t) => bonusNumber(t) === seat + 1);
}

/** What decides whether a seat may discard a joker or bonus tile, for a table or the score CLI's discarder. */
export interface DiscardSeat {
  /** §13 NFNL: the seat may always discard jokers. */
  nfnl: boolean;
  /** Has the seat exposed a bonus tile of its own seat (§5)? Asked only when the option needs it. */
  seatFlower: () => boolean;
}

/** May a seat discard joker `t`? (`joker-discard`, §5, §15.3). */
export function jokerDiscardRule(o: VnOptions, t: Tile, d: DiscardSeat): boolean {
  if (d.nfnl) return true; // §13 NFNL: may always discard jokers
  switch (o['joker-discard']) {
    case 'never':
      return false;
    case 'always':
      return true;
    case 'tong-hop-anytime':
      return t === 'JA' || t === 'JN' || !d.seatFlower();
    default:
      return !d.seatFlower();
  }
}

/** May a seat discard `t` (§4.3 bonus tiles, §5 jokers)? */
export function discardableBy(o: VnOptions, t: Tile, d: DiscardSeat): boolean {
  if (isFlowerLike(t)) return o['flower-discard'] === 'anytime';
  if (isJoker(t)) return jokerDiscardRule(o, t, d);
  return true;
}

const discardSeat = (s: State, seat: number): DiscardSeat => ({ nfnl: !!s.players[seat]!.nfnl, seatFlower: () => hasSeatFlower(s, seat) });

/** May `seat` discard joker `t`? (`joker-discard`, §5, §15.3). */
export function jokerDiscardAllowed(s: State, seat: number, t: Tile): boolean {
  return jokerDiscardRule(s.opts, t, discardSeat(s, seat));
}

/** May `seat` discard `t` (§4.3 bonus tiles, §5 jokers)? */
export function discardable(s: State, seat: number, t: Tile): boolean {
  return discardableBy(s.opts, t, discardSeat(s, seat));
}

/**
 * The private copy a transition mutates: core/copy.ts `copyState` on every nested part a transition
 * writes into (players, the initial-phase and claim/rob records). Flat arrays are copied with
 * `slice`, which is their deep copy (tile codes are strings; a discard record or a feeding is replaced,
 * never written into). `opts`, `match`, `seatPerson`, `last` and `end` are never written into within
 * a hand and are shared. Measured: copying the whole state with `copyState` made self-play ~30 %
 * slower than this (issue #12 report).
 */
export function transition(s: State): State {
  return {
    ...s,
    step: s.step + 1,
    wall: s.wall.slice(),
    discards: s.discards.slice(),
    feedings: s.feedings.slice(),
    players: copyState(s.players),
    init: copyState(s.init),
    claim: copyState(s.claim),
    rob: copyState(s.rob),
  };
}
