/** Seating, dealing and the match carried between hands (vn-mahjong.md §3–§4). */
import { Rng } from '../core/rng.js';
import { wallFrames, type JokerFrames } from './frames.js';
import type { VnOptions } from './options.js';
import { startPlay } from './rules.js';
import type { Match, Player, State } from './state.js';
import { fullSet, isJoker, sortTiles, type Tile } from './tiles.js';

const ROUNDS: Record<string, number> = { '1-wind': 1, '2-winds': 2, '4-winds': 4 };

export function newPlayer(): Player {
  return { hand: [], melds: [], exposed: [], pond: [], draws: 0, discards: 0, lastCallAt: -1 };
}

/** §3 seat draw: markers Đông, Nam, Tây, Bắc (+ Trung, Phát) dealt by the RNG. */
export function newMatch(people: number, rng: Rng | null): Match {
  const persons = Array.from({ length: people }, (_, i) => i);
  const order = rng ? rng.shuffle(persons) : persons;
  return {
    people,
    table: order.slice(0, 4),
    reserves: order.slice(4),
    dealerPos: 0,
    round: 0,
    handNo: 0,
    played: new Array<number>(people).fill(0),
    scores: new Array<number>(people).fill(0),
    streak: { person: -1, wins: 0 },
    over: false,
  };
}

/** The match after `prev` ended (§3 dealer rotation, wind rounds, sitters-out). */
export function nextMatch(prev: State): Match {
  const m = structuredClone(prev.match);
  const o = prev.opts;
  m.handNo++;
  const end = prev.end;
  if (!end) return m;
  end.result.deltas.forEach((d, p) => (m.scores[p]! += d));
  const dealerWon = end.kind === 'win' && end.winner === 0;
  // A false win (Chao Ù, §11.6 `false-win = penalized`) ends the hand without a winner: it is a
  // drawn hand here, for the dealer rotation (§3) and for the Lục Khôi run alike.
  const draw = end.kind !== 'win';
  if (end.kind === 'win') {
    const person = prev.seatPerson[end.winner]!;
    m.streak = m.streak.person === person ? { person, wins: m.streak.wins + 1 } : { person, wins: 1 };
  } else {
    // §9 `luc-khoi` [RA]: a drawn hand breaks every run, as the cited source does (riichi_advanced
    // viet_renchan.majs resets the counter for everyone before an exhaustive or abortive draw).
    m.streak = { person: -1, wins: 0 };
  }
  const rot = o['dealer-rotation'];
  const keep = rot === 'keep-on-win-or-draw' ? dealerWon || draw : rot === 'keep-on-win' ? dealerWon : false;
  if (keep) return m;
  m.dealerPos++;
  if (m.dealerPos < 4) return m;
  // §3: the wind round ends when the deal would pass from T3 back to T0
  m.dealerPos = 0;
  m.round++;
  for (const p of m.table) m.played[p]!++;
  for (const p of m.reserves) m.played[p] = 0;
  if (m.round >= (ROUNDS[o['match-length']] ?? 4)) {
    m.over = true;
    return m;
  }
  rotateSitters(m, o);
  return m;
}

function rotateSitters(m: Match, o: VnOptions): void {
  const k = m.people - 4;
  if (k <= 0) return;
  let positions: number[];
  if (o['sitout-rotation'] === 'fair') {
    positions = [0, 1, 2, 3]
      .sort((a, b) => m.played[m.table[b]!]! - m.played[m.table[a]!]! || a - b)
      .slice(0, k)
      .sort((a, b) => a - b);
  } else positions = k === 1 ? [0] : [0, 2]; // §3 [Seed]: T0 (and T2 with six people)
  const incoming = m.reserves.slice();
  m.reserves = positions.map((pos) => m.table[pos]!);
  positions.forEach((pos, idx) => (m.table[pos] = incoming[idx]!));
}

/**
 * §4.2: from the front, 4 tiles to each seat from seat 0 three times, then 1 each, then 1 more to seat 0.
 * With `joker-copies` ≥ 2, also the jokers' frames (frames.ts; `rng` deals them, after the shuffle).
 */
export function dealWall(s: State, rng: Rng | null = null): JokerFrames | undefined {
  const copies = s.opts['joker-copies'];
  const frames: JokerFrames | undefined =
    copies >= 2 ? { held: s.players.map(() => []), wall: wallFrames(s.wall, copies, rng) } : undefined;
  const take = (seat: number, n: number) => {
    for (let k = 0; k < n; k++) {
      const t = s.wall.shift()!;
      s.players[seat]!.hand.push(t);
      if (frames && isJoker(t)) frames.held[seat]!.push({ tile: t, frame: frames.wall.shift()! });
    }
  };
  for (let r = 0; r < 3; r++) for (let seat = 0; seat < 4; seat++) take(seat, 4);
  for (let seat = 0; seat < 4; seat++) take(seat, 1);
  take(0, 1);
  for (const p of s.players) p.hand = sortTiles(p.hand);
  return frames;
}

export function emptyState(opts: VnOptions, match: Match, wall: Tile[]): State {
  return {
    game: 'vn-mahjong',
    opts,
    match,
    seatPerson: [0, 1, 2, 3].map((k) => match.table[(match.dealerPos + k) % 4]!),
    roundWind: match.round % 4,
    wall,
    reserve: Number(opts['wall-reserve']),
    players: [newPlayer(), newPlayer(), newPlayer(), newPlayer()],
    phase: 'initial',
    turn: 0,
    drawn: null,
    drawnFrom: null,
    lastLive: false,
    lastDiscard: false,
    init: null,
    mustDiscard: null,
    dealerFirstTurn: false,
    claim: null,
    rob: null,
    step: 0,
    anyCall: false,
    feedings: [],
    discards: [],
    last: null,
    end: null,
  };
}

export function setup(opts: VnOptions, seats: number, seed: string, previous?: State | null): State {
  const rng = new Rng(seed);
  const match = previous ? nextMatch(previous) : newMatch(seats, rng);
  const wall = rng.shuffle(fullSet(opts['joker-copies'], opts['honour-joker']));
  const s = emptyState(opts, match, wall);
  startPlay(s, dealWall(s, rng));
  return s;
}
