/** Seat and public views (never another seat's concealed tiles). */
import type { VnOptions } from './options.js';
import type { Phase, State } from './state.js';
import { sortTiles, type Tile } from './tiles.js';

export interface MeldView {
  kind: 'chow' | 'pung' | 'kong';
  /** Tiles as shown; an Âm Coong shows its middle two tiles as `back` until the hand ends. */
  tiles: string[];
  as: Tile[];
  called: boolean;
  concealed: boolean;
  added: boolean;
  /** Person whose discard was claimed. */
  from: number | null;
  /** Index in `tiles` of the claimed discard (state.ts `Meld.claimed`; absent in older states). */
  claimed?: number;
}
export interface PlayerView {
  person: number;
  /** Hand seat 0…3 (0 = dealer = East). */
  seat: number;
  wind: Tile;
  handCount: number;
  melds: MeldView[];
  exposed: { tile: Tile; initial: boolean; bounced: boolean }[];
  pond: Tile[];
  score: number;
}
export interface PublicView {
  game: 'vn-mahjong';
  phase: Phase;
  /** The table's house rules (public: every player may read them). */
  options: VnOptions;
  people: number;
  /** Persons at T0…T3 and sitting out. */
  table: number[];
  sittingOut: number[];
  dealer: number;
  roundWind: Tile;
  round: number;
  handNo: number;
  matchOver: boolean;
  players: PlayerView[];
  /**
   * Person to move (turn), or null during a claim window and the initial phase: whose initial
   * decision it is would tell who holds jokers (§4.3; #13 §2).
   */
  turn: number | null;
  /** The discard that may be claimed, and its discarder (person). */
  claimable: { tile: Tile; from: number } | null;
  /** A Hối Coong that may be robbed. */
  robbable: { tile: Tile; from: number } | null;
  liveWall: number;
  replacementWall: number;
  discards: { person: number; tile: Tile; claimed: boolean }[];
  last: { person: number; action: Record<string, unknown> } | null;
  /** Revealed at the end: every hand. */
  revealed: { person: number; hand: Tile[] }[] | null;
  end: {
    kind: string;
    winner: number | null;
    winBy: string | null;
    phan: number | null;
    arrangement: string[] | null;
    liable: { person: number; rule: string } | null;
    /** The tile won on (public once the hand is won); null on Thiên Ù and when nobody won. */
    tile: Tile | null;
    /** Person whose discard or kong gave the winning tile; null on a self-draw. */
    from: number | null;
  } | null;
}
export interface SeatView extends PublicView {
  me: number;
  mySeat: number | null;
  hand: Tile[];
  drawn: Tile | null;
  mustDiscard: Tile | null;
}

export function publicView(s: State): PublicView {
  return viewFor(s, null);
}

/**
 * The public view, as seat `me` sees it (null: anyone). During the initial phase (§4.3) the seats
 * are handled one by one and only those holding a joker decide, so what has been exposed so far,
 * and the replacements drawn for it, would show whose choice the table waits for (#13 §2): the
 * initial exposures of the other seats stay hidden, with the walls as they stood before them, until
 * the phase ends and they all show at once.
 */
function viewFor(s: State, me: number | null): PublicView {
  const ended = s.phase === 'ended';
  const m = s.match;
  const opening = s.phase === 'initial';
  const hidden = (seat: number) => opening && seat !== me;
  const unseen = s.players.reduce((n, p, seat) => n + (hidden(seat) ? p.exposed.filter((e) => e.initial).length : 0), 0);
  const wall = s.wall.length + unseen;
  return {
    game: 'vn-mahjong',
    phase: s.phase,
    options: { ...s.opts },
    people: m.people,
    table: m.table.slice(),
    sittingOut: m.reserves.slice(),
    dealer: s.seatPerson[0]!,
    roundWind: `${s.roundWind + 1}z`,
    round: m.round,
    handNo: m.handNo,
    matchOver: m.over,
    players: s.players.map((p, seat) => ({
      person: s.seatPerson[seat]!,
      seat,
      wind: `${seat + 1}z`,
      handCount: p.hand.length,
      melds: p.melds.map((x) => ({
        kind: x.kind,
        // §7 "{t t t t} with the middle two face down": the face-up ends show the tile the kong is of, so
        // a joker in it (`jokers-in-kong`) shows to nobody before the hand ends, wherever it is stored
        tiles: x.concealed && !ended ? x.as.map((t, k) => (k === 1 || k === 2 ? 'back' : t)) : x.tiles.slice(),
        as: x.concealed && !ended ? x.as.map((t, k) => (k === 1 || k === 2 ? 'back' : t)) : x.as.slice(),
        called: x.called,
        concealed: x.concealed,
        added: x.added,
        from: x.from === null ? null : s.seatPerson[x.from]!,
        ...(x.claimed === undefined ? {} : { claimed: x.claimed }),
      })),
      exposed: p.exposed.filter((e) => !(e.initial && hidden(seat))).map((e) => ({ ...e })),
      pond: p.pond.slice(),
      score: m.scores[s.seatPerson[seat]!]!,
    })),
    turn: s.phase === 'turn' || s.phase === 'after-call' ? s.seatPerson[s.turn]! : null,
    claimable: s.claim ? { tile: s.claim.tile, from: s.seatPerson[s.claim.from]! } : null,
    robbable: s.rob ? { tile: s.rob.tile, from: s.seatPerson[s.rob.declarer]! } : null,
    liveWall: Math.max(0, wall - s.reserve),
    replacementWall: wall,
    discards: s.discards.map((d) => ({ person: s.seatPerson[d.seat]!, tile: d.tile, claimed: d.claimed })),
    // Who exposed jokers in the initial phase shows with the rest of it, once the phase is over.
    last: s.last && !opening ? { person: s.last.seat, action: lastAction(s, me) } : null,
    revealed: ended ? s.players.map((p, seat) => ({ person: s.seatPerson[seat]!, hand: sortTiles(p.hand) })) : null,
    end: endView(s),
  };
}

/** The last action as seat `me` may see it: the joker an Âm Coong took is its owner's until the hand ends (§7). */
function lastAction(s: State, me: number | null): Record<string, unknown> {
  const a = s.last!.action;
  if (a.type !== 'am-coong' || !('joker' in a) || s.phase === 'ended' || (me !== null && s.seatPerson[me] === s.last!.seat)) return a;
  const { joker, ...rest } = a;
  void joker;
  return rest;
}

function endView(s: State): PublicView['end'] {
  const e = s.end;
  if (!e) return null;
  if (e.kind !== 'win')
    return { kind: e.kind, winner: null, winBy: null, phan: null, arrangement: null, liable: null, tile: null, from: null };
  return {
    kind: e.kind,
    winner: s.seatPerson[e.winner]!,
    winBy: e.winBy,
    phan: e.score.phan,
    arrangement: e.score.arrangement,
    liable: e.liable ? { person: s.seatPerson[e.liable.seat]!, rule: e.liable.rule } : null,
    tile: e.winBy === 'thien-u' ? null : e.tile,
    from: e.from === null ? null : s.seatPerson[e.from]!,
  };
}

export function view(s: State, person: number): SeatView {
  const seat = s.seatPerson.indexOf(person);
  const p = seat >= 0 ? s.players[seat]! : null;
  const mine = p !== null && (s.phase === 'turn' || s.phase === 'after-call') && s.turn === seat;
  // During the initial phase a seat that decides nothing sees its hand as dealt and none of its own
  // exposures: they are made when the process reaches it, i.e. after every earlier seat's hidden
  // choice (§4.3; #13 §2). The seat deciding now, and those that decided, see their hands as they are.
  const init = s.phase === 'initial' ? s.init : null;
  const asDealt = seat >= 0 && !!init?.dealt && seat !== init.seat && !(init.decided ?? []).includes(seat);
  return {
    ...viewFor(s, seat >= 0 && !asDealt ? seat : null),
    me: person,
    mySeat: seat >= 0 ? seat : null,
    hand: p ? sortTiles(asDealt ? init!.dealt![seat]! : p.hand) : [],
    drawn: mine ? s.drawn : null,
    mustDiscard: seat === s.turn ? s.mustDiscard : null,
  };
}
