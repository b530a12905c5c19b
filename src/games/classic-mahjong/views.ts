/** What a seat and the public may see (classic-mahjong.md §5; engine contract `view`/`publicView`). */
import { copyState } from '../core/copy.js';
import { sortTiles, type TileCode } from '../mahjong/tiles.js';
import type { Action } from './actions.js';
import { pending } from './rules.js';
import type { DiscardEntry, LastAction, MeldState, Phase, State } from './state.js';

const WINDS = ['1z', '2z', '3z', '4z'];

export interface PublicSeat {
  seat: number;
  /** Seat wind `1z`–`4z`. */
  wind: TileCode;
  /** Original player index sitting here (match seat). */
  player: number;
  /** Exposed sets and concealed kongs (a concealed kong is shown; its tiles are known). */
  melds: MeldState[];
  bonus: TileCode[];
  discards: DiscardEntry[];
  concealedCount: number;
  balance: number;
  originalCall: boolean;
}

export interface PublicView {
  phase: Phase;
  turn: number;
  dealer: 0;
  roundWind: TileCode;
  handIndex: number;
  matchOver: boolean;
  seats: PublicSeat[];
  wallCount: number;
  deadWallCount: number;
  /** The discard open to claims, or the tile being added to a kong. */
  claimable: { tile: TileCode; from: number; kind: 'discard' | 'robbing' } | null;
  /** Seats that still have to make a turn decision (never who may claim). */
  waitingFor: number[];
  lastAction: LastAction | null;
  /** After the hand: every hand is shown for scoring. */
  revealed: { seat: number; concealed: TileCode[] }[] | null;
}

export interface SeatView extends PublicView {
  seat: number;
  wind: TileCode;
  /** Own concealed tiles, sorted. */
  hand: TileCode[];
  /** The tile just drawn (live or loose), when it is this seat's turn. */
  drawn: TileCode | null;
  melds: MeldState[];
  bonus: TileCode[];
  /** This seat's legal actions now (empty if it has nothing to decide). */
  options: Action[];
}

export function publicView(s: State): PublicView {
  return publicViewFor(s, null);
}

/**
 * The public view as seat `me` sees it (null: anyone). During the opening-kong phase (§4.5) the
 * table shows what it showed when the phase began (`State.openingShown`): the other seats' opening
 * kongs, their replacement draws and bonus tiles, and the walls they took from show all at once
 * when it ends, as Vietnamese mahjong's initial exposures do (#13 §2).
 */
function publicViewFor(s: State, me: number | null): PublicView {
  const held = s.phase === 'opening-kong' && s.openingShown ? s.openingShown : null;
  const hide = (seat: number) => held !== null && seat !== me;
  const claimable = s.claim
    ? { tile: s.claim.tile, from: s.claim.from, kind: 'discard' as const }
    : s.rob
      ? { tile: s.rob.tile, from: s.rob.konger, kind: 'robbing' as const }
      : null;
  return {
    phase: s.phase,
    turn: s.turn,
    dealer: 0,
    roundWind: WINDS[s.match.roundWind]!,
    handIndex: s.match.handIndex,
    matchOver: s.match.over,
    seats: s.players.map((p, seat) => ({
      seat,
      wind: WINDS[seat]!,
      player: s.match.playerAtSeat[seat]!,
      melds: copyState(hide(seat) ? p.melds.slice(0, held!.seats[seat]!.melds) : p.melds),
      bonus: p.bonus.slice(0, hide(seat) ? held!.seats[seat]!.bonus : p.bonus.length),
      discards: copyState(p.discards),
      concealedCount: hide(seat) ? held!.seats[seat]!.concealed : p.concealed.length,
      balance: s.match.balances[s.match.playerAtSeat[seat]!]!,
      originalCall: p.originalCall,
    })),
    wallCount: held ? held.wall : s.wall.length,
    deadWallCount: held ? held.dead : s.dead.length,
    claimable,
    // Only seats whose turn it is: who may claim a discard is hidden information (it tells who holds
    // matching pieces), so a claim window's deciders never reach the public view (issue #13 §2); nor
    // does the seat asked about an opening kong (it holds four of a kind, §4.5).
    waitingFor: pending(s)
      .filter((d) => d.kind !== 'claim' && !d.secret)
      .map((d) => d.seat),
    lastAction: held ? (held.lastAction ? copyState(held.lastAction) : null) : s.lastAction ? copyState(s.lastAction) : null,
    revealed: s.phase === 'ended' ? s.players.map((p, seat) => ({ seat, concealed: sortTiles(p.concealed) })) : null,
  };
}

export function view(s: State, seat: number): SeatView {
  const p = s.players[seat]!;
  const d = pending(s).find((x) => x.seat === seat);
  return {
    ...publicViewFor(s, seat),
    seat,
    wind: WINDS[seat]!,
    hand: sortTiles(p.concealed),
    drawn: s.turn === seat && s.phase === 'turn' ? s.drawn : null,
    melds: copyState(p.melds),
    bonus: p.bonus.slice(),
    options: d ? d.options : [],
  };
}
