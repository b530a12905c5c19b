/** fromScenario(): `{seed}`, `{deck}` and `{position}` starts (docs/scenarios-vn-mahjong.md). */
import { openClaimWindow } from '../core/claims.js';
import { flagProblem } from '../core/input.js';
import { ok, type Result, type ScenarioStart } from '../core/types.js';
import { Rng } from '../core/rng.js';
import { fail, type VnAction } from './actions.js';
import { checkInvariants, tileCountProblems } from './invariants.js';
import type { VnOptions } from './options.js';
import { feedingsOfMelds } from './meld-feedings.js';
import { claimOptions, liveCount, liveDraw, startPlay } from './rules.js';
import { dealWall, emptyState, newMatch, setup } from './setup.js';
import type { ExposedTile, Meld, Player, State } from './state.js';
import { fullSet, isBonus, isFlowerLike, isJoker, isOrdinary, isWild, removeAll, sortTiles, tileIndex, type Tile } from './tiles.js';

const split = (x: unknown): Tile[] => (Array.isArray(x) ? (x as Tile[]) : typeof x === 'string' ? x.split(/\s+/).filter(Boolean) : []);

/** Stand-ins for a meld written with jokers in place: pungs take the natural tile, chows fill the gap. */
export function inferAs(tiles: Tile[]): Tile[] | null {
  const nat = tiles.filter((t) => !isJoker(t)).map(tileIndex);
  if (nat.some((i) => i < 0) || nat.length === 0) return null;
  if (new Set(nat).size === 1 && (tiles.length === 4 || nat.length >= 2 || tiles.length === 3)) {
    if (nat.length >= 2 || tiles.length === 4) return tiles.map(() => tiles.find((t) => !isJoker(t))!);
  }
  if (tiles.length !== 3) return null;
  const lo = Math.min(...nat);
  const hi = Math.max(...nat);
  if (lo >= 27 || Math.floor(lo / 9) !== Math.floor(hi / 9) || hi - lo > 2)
    return nat.length === 1 ? tiles.map(() => tiles.find((t) => !isJoker(t))!) : null;
  if (nat.length === 1) return tiles.map(() => tiles.find((t) => !isJoker(t))!); // one natural + 2 jokers: read as a pung
  let start = hi - lo === 2 ? lo : lo % 9 === 7 ? lo - 1 : lo;
  if (start % 9 > 6) start = lo - 1;
  const seq = [start, start + 1, start + 2];
  const missing = seq.filter((i) => !nat.includes(i));
  let mi = 0;
  const out: Tile[] = [];
  const used = new Set<number>();
  for (const t of tiles) {
    if (isJoker(t)) out.push(`${(missing[mi++]! % 9) + 1}${'mps'[Math.floor(missing[0]! / 9)]}`);
    else {
      out.push(t);
      used.add(tileIndex(t));
    }
  }
  return out;
}

const WIND_CODES = ['1z', '2z', '3z', '4z'];

/** `roundWind`: 0…3 or the wind's code `1z`…`4z` (default East); anything else is an error, never East. */
function roundWindOf(x: unknown): number | string {
  if (x === undefined) return 0;
  if (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 3) return x;
  if (typeof x === 'string' && WIND_CODES.includes(x)) return WIND_CODES.indexOf(x);
  return `roundWind must be 0…3 or 1z…4z, not ${JSON.stringify(x)}`;
}

export function fromScenario(opts: VnOptions, seats: number, start: ScenarioStart): Result<State> {
  if ('seed' in start) return ok(setup(opts, seats, start.seed, null));
  if ('deck' in start) {
    const deck = split(start.deck);
    const probs = tileCountProblems(deck, { opts } as State);
    if (probs.length) return fail('bad-position', { why: probs.slice(0, 3).join('; ') });
    const s = emptyState(opts, newMatch(seats, null), deck);
    startPlay(s, dealWall(s));
    return ok(s);
  }
  const s = positionState(opts, seats, start.position);
  return typeof s === 'string' ? fail('bad-position', { why: s }) : ok(s);
}

// ---------------------------------------------------------------- `{position}`: reading the fields

const SEATS = [0, 1, 2, 3];
const show = (x: unknown) => JSON.stringify(x);
const isSeat = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 3;
const prevSeat = (seat: number) => (seat + 3) % 4;

/** A list of tiles: a text of space-separated codes or a list of texts; anything else is null. */
function tileList(x: unknown): Tile[] | null {
  if (typeof x === 'string') return x.split(/\s+/).filter(Boolean);
  return Array.isArray(x) && x.every((t) => typeof t === 'string') ? (x as Tile[]).slice() : null;
}

const PER_SEAT = ['hands', 'melds', 'exposed', 'ponds', 'draws', 'discardCounts'] as const;
type PerSeat = Record<(typeof PER_SEAT)[number], unknown[]>;

/** The per-seat lists, by hand seat 0…3: a list of 4 `hands`, the others at most 4 entries (absent: none). */
function perSeatLists(pos: Record<string, unknown>): PerSeat | string {
  if (!Array.isArray(pos.hands) || pos.hands.length !== 4) return 'hands must list 4 seats';
  const out: Partial<PerSeat> = {};
  for (const key of PER_SEAT) {
    const x = pos[key];
    if (x === undefined) out[key] = [];
    else if (!Array.isArray(x)) return `${key} must be a list by hand seat 0…3, not ${show(x)}`;
    else if (x.length > 4) return `${key} lists ${x.length} seats: a hand is played by 4 seats, 0…3`;
    else out[key] = x;
  }
  return out as PerSeat;
}

/** Who moves (§5, §6): a discard on offer (`claim`) or a turn (`turn`, `phase`, `drawn`, `drawnFrom`, `dealerFirstTurn`). */
interface Move {
  claim: { tile: Tile; from: number } | null;
  turn: number;
  phase: 'turn' | 'after-call';
  drawn: Tile | null;
  drawnFrom: 'live' | 'back' | null;
  dealerFirstTurn: boolean;
}

/** The `Move` of a position; with `claim`, the turn fields are not given (a `turn` is ignored). */
function moveOf(pos: Record<string, unknown>): Move | string {
  const turn = pos.turn ?? 0;
  if (!isSeat(turn)) return `turn must be a seat 0…3, not ${show(pos.turn)}`;
  const phase = pos.phase ?? 'turn';
  if (phase !== 'turn' && phase !== 'after-call') return `phase must be "turn" or "after-call", not ${show(pos.phase)}`;
  const drawn = pos.drawn ?? null;
  if (drawn !== null && typeof drawn !== 'string') return `drawn must be a tile, not ${show(drawn)}`;
  const from = pos.drawnFrom ?? 'live';
  if (from !== 'live' && from !== 'back') return `drawnFrom must be "live" or "back", not ${show(pos.drawnFrom)}`;
  const dealerFirstTurn = pos.dealerFirstTurn === true;
  const c = pos.claim as Record<string, unknown> | null | undefined;
  if (c === undefined) return { claim: null, turn, phase, drawn, drawnFrom: drawn ? from : null, dealerFirstTurn };
  if (!c || typeof c !== 'object' || typeof c.tile !== 'string' || !isSeat(c.from))
    return `claim must be {"tile": a tile, "from": a seat 0…3}, not ${show(c)}`;
  if (pos.phase !== undefined || drawn !== null || pos.drawnFrom !== undefined || dealerFirstTurn)
    return 'claim is a discard on offer: phase, drawn, drawnFrom and dealerFirstTurn describe a turn instead';
  return { claim: { tile: c.tile, from: c.from }, turn, phase: 'turn', drawn: null, drawnFrom: null, dealerFirstTurn: false };
}

/** The tiles not placed yet: each placement takes its tiles, or tells which are not there. */
function tilePool(full: Tile[]) {
  let rest = full;
  return {
    take(ts: Tile[], what: string): string | null {
      const r = removeAll(rest, ts);
      if (!r) return `${what} uses tiles that are not available (${ts.join(' ')})`;
      rest = r;
      return null;
    },
    rest: () => rest,
  };
}
type Pool = ReturnType<typeof tilePool>;

// ---------------------------------------------------------------- melds (§6, §7)

interface LoadedMeld {
  meld: Meld;
  /** The feeder was exempt when it fed this meld (§11.1 exception, §15.7), as the score CLI's `exempt`. */
  exempt: boolean;
}

/** Meld k of `seat` as written (docs/scenarios-vn-mahjong.md `melds`), or why play cannot have made it. */
function meldOf(x: unknown, seat: number, k: number, o: VnOptions): LoadedMeld | string {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return `seat ${seat} meld ${k}: a meld is {"tiles": …}, not ${show(x)}`;
  const m = x as Record<string, unknown>;
  const flag = flagProblem(m, ['called', 'concealed', 'added', 'exempt'], `seat ${seat} meld.`);
  if (flag) return flag;
  const tiles = tileList(m.tiles);
  if (!tiles || (tiles.length !== 3 && tiles.length !== 4)) return `seat ${seat} meld ${show(m.tiles)}: a meld has 3 or 4 tiles`;
  const as = m.as === undefined ? inferAs(tiles) : tileList(m.as);
  if (!as || as.length !== tiles.length) return `seat ${seat} meld ${tiles.join('')} is not a set`;
  const kind = tiles.length === 4 ? 'kong' : new Set(as).size === 1 ? 'pung' : 'chow';
  const concealed = m.concealed === true;
  const from: unknown = concealed ? null : (m.from ?? prevSeat(seat));
  const jokers = tiles.filter(isJoker).length;
  const why = concealed ? amCoongProblem(m, kind, jokers, o) : calledProblem(m, seat, kind, from, jokers, o);
  if (why) return `seat ${seat} meld ${tiles.join(' ')}: ${why}`;
  const meld: Meld = { kind, tiles, as, called: !concealed, concealed, added: m.added === true, from: from as number | null, at: -100 + k };
  const claimed = claimedAt(m, meld);
  if (typeof claimed === 'string') return `seat ${seat} meld ${tiles.join(' ')}: ${claimed}`;
  if (claimed !== null) meld.claimed = claimed;
  return { meld, exempt: m.exempt === true };
}

/** §7 Âm Coong: four tiles declared from the hand; a joker only under `jokers-in-kong`, beside three natural copies (turn.ts). Shared with the score CLI. */
export function amCoongProblem(m: Record<string, unknown>, kind: Meld['kind'], jokers: number, o: VnOptions): string | null {
  if (kind !== 'kong') return `concealed: true is an Âm Coong, a kong of four tiles (§7); a ${kind} is always claimed`;
  if (m.called === true || m.added === true || (m.from !== undefined && m.from !== null))
    return 'a concealed meld (Âm Coong) has no called, added or from';
  if (jokers > 0 && !o['jokers-in-kong']) return 'no joker in a kong without jokers-in-kong (§7)';
  return jokers > 1 ? 'an Âm Coong holds three natural copies and one joker at most (§7 jokers-in-kong)' : null;
}

/**
 * A meld on show was claimed from a discard (§6): from another seat (a chow from the previous one), with the
 * jokers §7 allows. Shared with the score CLI.
 */
export function calledProblem(
  m: Record<string, unknown>,
  seat: number,
  kind: Meld['kind'],
  from: unknown,
  jokers: number,
  o: VnOptions,
): string | null {
  if (m.called === false)
    return 'a meld on show is claimed from a discard (called); only an Âm Coong (concealed: true) is made from the hand (§6, §7)';
  if (!isSeat(from)) return `from must be a seat 0…3, not ${show(from)}`;
  if (from === seat) return `a seat cannot claim its own discard (from: ${from})`;
  if (kind === 'chow' && from !== prevSeat(seat))
    return `a chow is claimed only from the previous seat ${prevSeat(seat)} (§6 Ăn), not from seat ${from}`;
  if (m.added === true && kind !== 'kong') return 'added: true is a Hối Coong, a fourth tile on a pung (§7): four tiles';
  return jokerProblem(kind, m.added === true, jokers, o);
}

/**
 * Jokers in a claimed meld (§7): at most `max-jokers-per-call` in a pung or chow; none in a kong on a
 * discard (§6: three natural copies); a Hối Coong keeps its pung's jokers only under `jokers-in-kong`
 * (docs/rules-decisions.md "jokers-in-kong"; turn.ts offers it so).
 */
function jokerProblem(kind: Meld['kind'], added: boolean, jokers: number, o: VnOptions): string | null {
  const max = Number(o['max-jokers-per-call']);
  if (kind !== 'kong') return jokers > max ? `${jokers} jokers in a called ${kind}: max-jokers-per-call allows ${max} (§7)` : null;
  if (!added) {
    if (!o['kong-on-discard'])
      return 'a kong claimed on a discard needs kong-on-discard (§6); from the hand it is concealed: true, on a pung added: true';
    return jokers > 0 ? 'a kong claimed on a discard holds four natural tiles (§6)' : null;
  }
  if (jokers > 0 && !o['jokers-in-kong']) return 'no joker in a Hối Coong without jokers-in-kong (§7)';
  return jokers > max ? `${jokers} jokers in a Hối Coong: its pung held at most ${max} (max-jokers-per-call, §7)` : null;
}

/**
 * Index in `tiles` of the claimed discard (state.ts `Meld.claimed`: the table image lays it sideways):
 * `claimed` as given, else where play puts it (a pung: last, claims.ts; a Hối Coong adds its 4th tile
 * after), a chow's only natural tile; null when the position does not tell (a chow) or play sets none.
 */
function claimedAt(m: Record<string, unknown>, meld: Meld): number | null | string {
  const none = meld.concealed || (meld.kind === 'kong' && !meld.added);
  const naturals = meld.tiles.flatMap((t, i) => (isOrdinary(t) ? [i] : []));
  if (m.claimed !== undefined) {
    if (none) return 'claimed marks the discard in a called pung, chow or Hối Coong';
    if (typeof m.claimed !== 'number' || !naturals.includes(m.claimed))
      return `claimed must be the index of a natural tile in it, the claimed tile being natural (§7), not ${show(m.claimed)}`;
    return m.claimed;
  }
  if (none) return null;
  if (meld.kind === 'chow') return naturals.length === 1 ? naturals[0]! : null;
  return naturals.filter((i) => i < 3).at(-1) ?? null;
}

// ---------------------------------------------------------------- seats

/** Hand, melds, exposed tiles and pond of `seat`, their tiles taken from `pool`; the melds' `exempt` flags. */
function placeSeat(p: Player, seat: number, lists: PerSeat, pool: Pool, o: VnOptions): boolean[] | string {
  const hand = tileList(lists.hands[seat]);
  if (!hand) return `hands[${seat}] must be tiles (a text or a list of codes), not ${show(lists.hands[seat])}`;
  p.hand = sortTiles(hand);
  const e1 = pool.take(p.hand, `seat ${seat} hand`);
  if (e1) return e1;
  const melds = lists.melds[seat] ?? [];
  if (!Array.isArray(melds)) return `melds[${seat}] must be a list of melds, not ${show(melds)}`;
  const exempt: boolean[] = [];
  for (const [k, x] of melds.entries()) {
    const m = meldOf(x, seat, k, o);
    if (typeof m === 'string') return m;
    p.melds.push(m.meld);
    exempt.push(m.exempt);
    if (m.meld.called) p.lastCallAt = Math.max(p.lastCallAt, m.meld.at);
    const e2 = pool.take(m.meld.tiles, `seat ${seat} meld`);
    if (e2) return e2;
  }
  if (p.lastCallAt === -1) p.lastCallAt = -1000;
  const e3 = placeExposed(p, seat, lists.exposed[seat], pool, o);
  if (e3) return e3;
  const pond = tileList(lists.ponds[seat] ?? []);
  if (!pond) return `ponds[${seat}] must be tiles, not ${show(lists.ponds[seat])}`;
  p.pond = pond;
  return pool.take(p.pond, `seat ${seat} pond`) ?? exempt;
}

/** §2, §4.3: bonus tiles and jokers set aside; a bounced one is a joker put out of a pung (§7). */
function placeExposed(p: Player, seat: number, raw: unknown, pool: Pool, o: VnOptions): string | null {
  const list = raw === undefined ? [] : typeof raw === 'string' ? tileList(raw)! : raw;
  if (!Array.isArray(list)) return `exposed[${seat}] must be a list of tiles, not ${show(raw)}`;
  for (const e of list as unknown[]) {
    const x = (typeof e === 'string' ? { tile: e } : e) as Record<string, unknown> | null;
    if (!x || typeof x !== 'object' || typeof x.tile !== 'string')
      return `seat ${seat} exposed: each entry is a tile or {"tile", "initial", "bounced"}, not ${show(e)}`;
    const tile = x.tile;
    const ef = flagProblem(x, ['initial', 'bounced'], `seat ${seat} exposed ${tile}: `);
    if (ef) return ef;
    if (!isBonus(tile) && !isJoker(tile)) return `seat ${seat} exposed ${tile}: only bonus tiles and jokers are set aside (§2, §4.3)`;
    if (x.bounced === true && !isWild(tile)) return `seat ${seat} exposed ${tile}: bounced is a joker put out of a pung (§7)`;
    // a joker's copy index (§2, frames.ts): 0…joker-copies − 1
    const f = x.frame;
    if (f !== undefined && !(typeof f === 'number' && Number.isInteger(f) && f >= 0 && f < o['joker-copies']))
      return `seat ${seat} exposed ${tile}: frame must be 0…${o['joker-copies'] - 1}`;
    const t: ExposedTile = { tile, initial: x.initial === true, bounced: x.bounced === true };
    if (f !== undefined) t.frame = f as number;
    p.exposed.push(t);
    const e3 = pool.take([tile], `seat ${seat} exposed`);
    if (e3) return e3;
  }
  return null;
}

// ---------------------------------------------------------------- `{position}`: the state

/** The state of a `{position}` start, or the one line saying why play cannot reach it. */
function positionState(o: VnOptions, seats: number, raw: unknown): State | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return `position must be an object, not ${show(raw)}`;
  const pos = raw as Record<string, unknown>;
  const s = emptyState(o, newMatch(seats, null), []);
  const rw = roundWindOf(pos.roundWind);
  if (typeof rw === 'string') return rw;
  s.roundWind = rw;
  const flag = flagProblem(pos, ['dealerFirstTurn', 'anyCall']);
  if (flag) return flag;
  const lists = perSeatLists(pos);
  if (typeof lists === 'string') return lists;
  const mv = moveOf(pos);
  if (typeof mv === 'string') return mv;
  const pool = tilePool(fullSet(o['joker-copies'], o['honour-joker']));
  const exempt: boolean[][] = [];
  for (const seat of SEATS) {
    const e = placeSeat(s.players[seat]!, seat, lists, pool, o);
    if (typeof e === 'string') return e;
    exempt.push(e);
  }
  if (mv.claim) {
    const e5 = pool.take([mv.claim.tile], 'claim tile');
    if (e5) return e5;
  }
  const e6 = placeWall(s, pos, pool);
  if (e6) return e6;
  const e7 =
    anyCallProblem(s, pos) ??
    (mv.phase === 'after-call' ? afterCallProblem(s, mv) : null) ??
    (mv.dealerFirstTurn ? dealerFirstTurnProblem(s, mv) : null) ??
    placeCounters(s, lists, mv);
  if (e7) return e7;
  s.anyCall = s.players.some((p) => p.melds.some((m) => m.called));
  // §11.2–11.4: the feedings the claims recorded, rebuilt from the melds as the score CLI does
  s.feedings = SEATS.flatMap((seat) => feedingsOfMelds(seat, s.players[seat]!.melds, (k) => exempt[seat]![k]!));
  // §13: NFNL is settled at the end of the initial phase (initial.ts) and never changes after
  if (o.nfnl !== 'off') for (const p of s.players) p.nfnl = !p.exposed.some((e) => e.initial || isFlowerLike(e.tile));
  const e8 = placeMustDiscard(s, mv);
  if (e8) return e8;
  s.discards = discardHistory(s, mv);
  if (mv.claim) offerClaim(s, mv.claim);
  else {
    const e9 = startTurn(s, mv);
    if (e9) return e9;
  }
  const inv = checkInvariants(s);
  if (inv.length) return inv.slice(0, 3).join('; ');
  return s;
}

/** `wall`, or `wallFront` + `wallBack` around the rest shuffled by `wallSeed`: the tiles left unplaced. */
function placeWall(s: State, pos: Record<string, unknown>, pool: Pool): string | null {
  if (pos.wall !== undefined) {
    const wall = split(pos.wall);
    const rest = removeAll(pool.rest(), wall);
    if (!rest || rest.length !== 0) return 'wall must hold exactly the remaining tiles';
    s.wall = wall;
    return null;
  }
  const front = split(pos.wallFront);
  const back = split(pos.wallBack);
  const rest = removeAll(pool.rest(), [...front, ...back]);
  if (!rest) return 'wallFront/wallBack use tiles that are not available';
  s.wall = [...front, ...new Rng(String(pos.wallSeed ?? 'wall')).shuffle(rest), ...back];
  return null;
}

/** `anyCall`: every call leaves a called meld on the table (claims.ts `addCalledMeld`), and only a call does. */
function anyCallProblem(s: State, pos: Record<string, unknown>): string | null {
  const caller = s.players.findIndex((p) => p.melds.some((m) => m.called));
  if (pos.anyCall === false && caller >= 0) return `anyCall: false, but seat ${caller} has a called meld`;
  if (pos.anyCall === true && caller < 0) return 'anyCall: true, but no seat has a called meld (every call leaves one, §6)';
  return null;
}

/** §5 turn-after-call, §6.5: the seat to move has just claimed a pung or chow (after a kong it draws) and must discard. */
function afterCallProblem(s: State, mv: Move): string | null {
  const last = s.players[mv.turn]!.melds.at(-1);
  if (!last || !last.called || last.kind === 'kong')
    return `phase after-call: seat ${mv.turn}'s last meld must be the pung or chow it has just claimed (§6.5; after a kong it draws)`;
  if (mv.drawn) return 'phase after-call: the seat that has just claimed has drawn nothing (§6.5)';
  return liveCount(s) <= 0 ? 'phase after-call with no live tile left: only Ù may be claimed then (§6)' : null;
}

/**
 * §4.4–4.5: the dealer's first turn comes straight after the initial phase: the dealer moves, has
 * drawn nothing, nobody has discarded, called or declared a kong, and every exposure is initial.
 */
function dealerFirstTurnProblem(s: State, mv: Move): string | null {
  if (mv.turn !== 0 || mv.phase !== 'turn')
    return `dealerFirstTurn: the dealer's first turn is seat 0's (turn ${mv.turn}, phase ${mv.phase})`;
  if (mv.drawn) return "dealerFirstTurn: the dealer has drawn nothing on its first turn (its 14 tiles are the deal's)";
  for (const [seat, p] of s.players.entries()) {
    if (p.melds.length || p.pond.length) return `dealerFirstTurn: seat ${seat} shows melds or discards before the dealer's first discard`;
    const late = p.exposed.find((e) => !e.initial);
    if (late) return `dealerFirstTurn: seat ${seat} exposed ${late.tile} before the dealer's first discard: mark it initial: true (§4.3)`;
  }
  return null;
}

/**
 * `draws`, `discardCounts` (default 5, 0 on the dealer's first turn): whole numbers ≥ 0; a seat has
 * discarded at least what lies in its pond or was claimed from it.
 */
function placeCounters(s: State, lists: PerSeat, mv: Move): string | null {
  const fed = feedsBySeat(s);
  for (const seat of SEATS) {
    const p = s.players[seat]!;
    const shown = p.pond.length + fed[seat]!.length;
    const dflt = mv.dealerFirstTurn ? 0 : 5;
    for (const key of ['draws', 'discardCounts'] as const) {
      const x = lists[key][seat];
      if (x === undefined) continue;
      if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) return `${key}[${seat}] must be a whole number ≥ 0, not ${show(x)}`;
      if (mv.dealerFirstTurn && x !== 0) return `dealerFirstTurn: ${key}[${seat}] must be 0 before the dealer's first discard`;
    }
    p.draws = (lists.draws[seat] as number | undefined) ?? dflt;
    p.discards = (lists.discardCounts[seat] as number | undefined) ?? Math.max(dflt, shown);
    if (p.discards < shown)
      return `discardCounts[${seat}] is ${p.discards}, but seat ${seat} has made ${shown} discards (pond and claimed)`;
  }
  return null;
}

/**
 * A bonus tile stays in a concealed hand only where play leaves it (§4.3, §5, §13): any under
 * `flower-discard = anytime` (not for an NFNL seat), the one an NFNL seat to move has just drawn, or
 * the dealer's single kept one on its first turn; the last two must be discarded next (`mustDiscard`).
 * A joker an NFNL seat to move has just drawn must be discarded next too (§13, draw.ts).
 */
function placeMustDiscard(s: State, mv: Move): string | null {
  const toMove = mv.claim ? null : s.players[mv.turn]!;
  if (toMove?.nfnl && mv.phase === 'turn' && mv.drawn && !isOrdinary(mv.drawn)) s.mustDiscard = mv.drawn;
  for (const [seat, p] of s.players.entries()) {
    const held = p.hand.filter(isFlowerLike);
    if (held.length === 0 || (s.opts['flower-discard'] === 'anytime' && !p.nfnl)) continue;
    if (p === toMove && held.length === 1 && held[0] === s.mustDiscard) continue;
    if (p === toMove && seat === 0 && mv.dealerFirstTurn && held.length === 1) {
      s.mustDiscard = held[0]!;
      continue;
    }
    const nfnl = p.nfnl ? '; an NFNL seat discards it at once, §13' : '';
    return `seat ${seat} holds bonus tile ${held[0]}: a bonus tile is exposed when dealt or drawn (§4.3, §5${nfnl})`;
  }
  return null;
}

/** The discards claimed from each seat, by the melds that took them (with their tile where the position tells it). */
function feedsBySeat(s: State): { tile: Tile | null; meld: Meld }[][] {
  const out: { tile: Tile | null; meld: Meld }[][] = SEATS.map(() => []);
  for (const p of s.players)
    for (const m of p.melds) {
      if (m.from === null) continue;
      const tile = m.claimed !== undefined ? m.tiles[m.claimed]! : m.kind === 'kong' && !m.added ? m.as[0]! : null;
      out[m.from]!.push({ tile, meld: m });
    }
  return out;
}

/**
 * The discard history (view only, and §9 B Địa Ù's "only discard"): each seat's discards that were
 * claimed, then its pond, interleaved in turn order so that the last discarder's comes last (the seat
 * before the one to move; a claim's discarder; the feeder of an `after-call`'s call). A claimed discard
 * whose tile the position does not tell (a chow's without `claimed`) is left out.
 */
function discardHistory(s: State, mv: Move): State['discards'] {
  const justCalled = mv.phase === 'after-call' ? s.players[mv.turn]!.melds.at(-1)! : null;
  const last = mv.claim ? mv.claim.from : justCalled ? justCalled.from! : prevSeat(mv.turn);
  const bySeat = feedsBySeat(s).map((fed, seat) => [
    ...fed.filter((f) => f.meld !== justCalled && f.tile !== null).map((f) => ({ seat, tile: f.tile!, claimed: true })),
    ...s.players[seat]!.pond.map((tile) => ({ seat, tile, claimed: false })),
  ]);
  const rounds = Math.max(...bySeat.map((x) => x.length));
  const out: State['discards'] = [];
  for (let r = 0; r < rounds; r++)
    for (let k = 1; k <= 4; k++) {
      const list = bySeat[(last + k) % 4]!;
      const d = list[r - (rounds - list.length)];
      if (d) out.push(d);
    }
  const fed = justCalled && justCalled.claimed !== undefined ? justCalled.tiles[justCalled.claimed]! : null;
  if (fed) out.push({ seat: justCalled!.from!, tile: fed, claimed: true });
  return out;
}

/** `claim`: that discard was just made; every seat with a legal claim decides, or the next seat draws (§5, §6). */
function offerClaim(s: State, claim: { tile: Tile; from: number }): void {
  const d = s.players[claim.from]!;
  d.pond.push(claim.tile);
  d.discards++;
  s.discards.push({ seat: claim.from, tile: claim.tile, claimed: false });
  // §9 cuoi: a discard once the live wall is used up (turn.ts)
  s.lastDiscard = liveCount(s) <= 0;
  s.turn = claim.from;
  const eligible = [1, 2, 3].map((k) => (claim.from + k) % 4).filter((x) => claimOptions(s, x, claim.tile, claim.from).length > 0);
  if (eligible.length === 0) liveDraw(s, (claim.from + 1) % 4);
  else {
    s.phase = 'claim';
    s.claim = { tile: claim.tile, from: claim.from, window: openClaimWindow<VnAction>(eligible) };
  }
}

/** A turn (§5): the seat to move, what it has just drawn and from where. */
function startTurn(s: State, mv: Move): string | null {
  s.turn = mv.turn;
  s.phase = mv.phase;
  s.drawn = mv.drawn;
  s.drawnFrom = mv.drawnFrom;
  s.dealerFirstTurn = mv.dealerFirstTurn;
  if (s.drawn && !s.players[s.turn]!.hand.includes(s.drawn)) return 'drawn tile not in the hand of the seat to move';
  // §9 cuoi: the last live tile (draw.ts)
  s.lastLive = s.drawnFrom === 'live' && liveCount(s) === 0;
  return null;
}
