/**
 * Invariants and scenario starts (docs/scenarios-classic-mahjong.md): `{seed}`, `{deck}` (the wall
 * order, dealt by §4) and `{position}` (an explicit mid-hand state, checked tile by tile).
 */
import { ok, type Result, type ScenarioStart } from '../core/types.js';
import { flagProblem } from '../core/input.js';
import { isBonusCode, isChowKinds, kindOf, sortTiles, type TileCode } from '../mahjong/tiles.js';
import { fail } from './actions.js';
import { matchRounds, type Options } from './options.js';
import { claimOptions, pending, startPlay } from './rules.js';
import { dealFrom, setup } from './setup.js';
import {
  deadWallSize,
  emptyPlayer,
  freshMatch,
  newState,
  tileSet,
  type ClaimAnswer,
  type KongType,
  type MeldState,
  type PlayerState,
  type State,
} from './state.js';
import { openClaimWindow } from '../core/claims.js';
import { Rng } from '../core/rng.js';

function tally(tiles: readonly TileCode[]): Map<TileCode, number> {
  const m = new Map<TileCode, number>();
  for (const t of tiles) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export function allPlacedTiles(s: State): TileCode[] {
  const out: TileCode[] = [...s.wall, ...s.dead];
  for (const p of s.players) {
    out.push(...p.concealed, ...p.bonus);
    for (const m of p.melds) out.push(...m.tiles);
    for (const d of p.discards) if (d.claimedBy === undefined) out.push(d.tile);
  }
  return out;
}

export function checkInvariants(s: State): string[] {
  const out: string[] = [];
  const want = tally(tileSet(s.opts));
  const have = tally(allPlacedTiles(s));
  for (const [t, n] of want) if ((have.get(t) ?? 0) !== n) out.push(`tile ${t}: ${have.get(t) ?? 0} placed, expected ${n}`);
  for (const [t] of have) if (!want.has(t)) out.push(`unknown tile ${t}`);
  s.players.forEach((p, seat) => {
    const size = p.concealed.length + 3 * p.melds.length;
    const active = (s.phase === 'turn' || s.phase === 'discard-after-claim') && s.turn === seat;
    const opening = s.phase === 'opening-kong' && seat === 0 && s.discardCount === 0;
    const winner = s.phase === 'ended' && s.outcome?.kind === 'win' && s.outcome.winner === seat;
    const expect = active || opening || winner ? 14 : 13;
    // a hand drawn during the deal (walls ran dry) is exempt
    if (size !== expect && !(s.phase === 'ended' && s.outcome?.kind === 'draw'))
      out.push(`seat ${seat} holds ${size} tiles (sets count 3), expected ${expect}`);
    for (const m of p.melds) {
      const ks = m.tiles.map((t) => kindOf(t)!);
      const n = m.type === 'kong' ? 4 : 3;
      if (ks.length !== n) out.push(`seat ${seat}: ${m.type} with ${ks.length} tiles`);
    }
  });
  const pend = pending(s);
  if (s.phase === 'ended') {
    if (pend.length) out.push('pending decisions after the end');
    if (!s.outcome) out.push('ended without an outcome');
  } else {
    if (!pend.length) out.push(`phase ${s.phase} without a pending decision`);
    if ((s.phase === 'turn' || s.phase === 'discard-after-claim') && (pend.length !== 1 || pend[0]!.seat !== s.turn))
      out.push('turn pending is not the active seat');
    if (s.phase === 'claim' && !s.claim) out.push('claim phase without a claim window');
    if (s.phase === 'rob-kong' && !s.rob) out.push('rob-kong phase without a window');
    for (const d of pend)
      if (!d.options.some((o) => JSON.stringify(o) === JSON.stringify(d.timeoutDefault)))
        out.push(`seat ${d.seat}: timeout default not among options`);
  }
  // only the replenished dead wall (seed) is refilled; Kajongg's fixed kong box may run empty
  if (s.opts['dead-wall'] === 'replenished-14' && s.dead.length === 0 && s.phase !== 'ended' && s.wall.length > 0)
    out.push('dead wall empty while live tiles remain');
  return out;
}

interface PositionMeld {
  tiles: string[];
  exposed?: boolean;
  kongType?: unknown;
  claimedFrom?: number;
}
interface PositionSeat {
  concealed: string[];
  melds?: PositionMeld[];
  bonus?: string[];
  discards?: (string | { tile: string; claimedBy?: number })[];
  originalCall?: boolean;
}

const KONG_TYPES: readonly KongType[] = ['concealed', 'added', 'claimed'];
const isKongType = (x: unknown): x is KongType => (KONG_TYPES as readonly unknown[]).includes(x);

/**
 * The `melds` of a seat. As in the score CLI (scoring/cli.ts `parseMeld`), a pung or chow with
 * `exposed: false` is a concealed set, held in hand (§7): its tiles come back in `held` for the
 * concealed tiles. A kong's `kongType` must be one of concealed / added / claimed and agree with `exposed`.
 */
function parseMelds(raw: unknown): { melds: MeldState[]; held: TileCode[] } | string {
  if (!Array.isArray(raw)) return 'melds must be a list';
  const out: MeldState[] = [];
  const held: TileCode[] = [];
  for (const m of raw as PositionMeld[]) {
    if (!m || typeof m !== 'object') return 'a meld must be an object {tiles, exposed?, kongType?, claimedFrom?}';
    if (!Array.isArray(m.tiles) || !m.tiles.every((t) => kindOf(t) !== null)) return `bad meld tiles ${JSON.stringify(m.tiles)}`;
    const flag = flagProblem(m as unknown as Record<string, unknown>, ['exposed'], 'meld.');
    if (flag) return flag;
    const ks = m.tiles.map((t) => kindOf(t)!).sort((a, b) => a - b);
    const same = ks.every((k) => k === ks[0]);
    const tiles = sortTiles(m.tiles);
    const from = m.claimedFrom === undefined ? {} : { claimedFrom: m.claimedFrom };
    const isKong = ks.length === 4 && same;
    if (m.kongType !== undefined && !isKong) return `kongType is only for a kong (4 tiles): ${m.tiles.join(' ')}`;
    if (isKong) {
      if (m.kongType !== undefined && !isKongType(m.kongType))
        return `kongType must be concealed, added or claimed, not ${JSON.stringify(m.kongType)}`;
      const kongType: KongType = m.kongType ?? (m.exposed === false ? 'concealed' : 'claimed');
      if (m.exposed !== undefined && m.exposed !== (kongType !== 'concealed'))
        return `kongType ${kongType} contradicts exposed: ${String(m.exposed)} (a concealed kong is the only one not exposed)`;
      out.push({ type: 'kong', tiles, exposed: kongType !== 'concealed', kongType, ...from });
      continue;
    }
    const isChow = isChowKinds(ks);
    if (!(ks.length === 3 && (same || isChow))) return `not a chow, pung or kong: ${m.tiles.join(' ')}`;
    if (m.exposed === false) {
      if (m.claimedFrom !== undefined) return `a concealed set (exposed: false) is not claimed: ${m.tiles.join(' ')}`;
      held.push(...tiles);
    } else out.push({ type: same ? 'pung' : 'chow', tiles, exposed: true, ...from });
  }
  return { melds: out, held };
}

const WINDS = ['1z', '2z', '3z', '4z'];

/** `v` names a seat of the table other than `self` (who claimed a discard of `self`'s). */
const isOtherSeat = (v: unknown, self: number, seats: number): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < seats && v !== self;

/** A whole number from `min` to `max`: `"10"`, 2.5 or -1 are errors, never read as a number. */
const isCount = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Whether a hand with `kongs` kongs and `flowers` bonus tiles can have taken a loose tile (§4.2,
 * §5.2): after a kong, or as the replacement of a flower when bonus replacements come from the dead
 * wall (§4.4, option `bonus-replacement-source`; walls.ts `replacement`). The score CLI's
 * `winBy: replacement` and a position's `source: loose-tile` are held to it.
 */
export function looseTilePossible(opts: Options, kongs: number, flowers: number): boolean {
  return kongs > 0 || (flowers > 0 && opts['use-bonus-tiles'] && opts['bonus-replacement-source'] === 'dead-wall');
}

/**
 * Whether `kongs` kongs, `claimed` of them claimed from a discard, can make a kong chain of `n`
 * (§8.3 Kong upon Kong; rules.ts `kongChainAfter`): each kong after the first is made on the seat's
 * own turn with the previous kong's loose tile, so it is concealed or added; a claimed kong is made
 * on a discard, and only ever starts a chain.
 */
export function kongChainPossible(n: number, kongs: number, claimed: number): boolean {
  return n <= 0 || (kongs >= n && kongs - claimed >= n - 1);
}

/** A seat's kongs, and how many of them were claimed from a discard (§7). */
function kongsOf(p: PlayerState): { kongs: number; claimed: number } {
  const kongs = p.melds.filter((m) => m.type === 'kong');
  return { kongs: kongs.length, claimed: kongs.filter((m) => m.kongType === 'claimed').length };
}

/** The checks of one seat beyond its tiles: discards are tiles of play, Original Call (§9.5). */
function seatProblem(p: PlayerState, opts: Options): string | null {
  const bad = p.discards.find((d) => typeof d.tile !== 'string' || kindOf(d.tile) === null);
  if (bad)
    return isBonusCode(String(bad.tile))
      ? `discard ${bad.tile} is a bonus tile: flowers and seasons are set aside and replaced, never discarded (§4.4)`
      : 'bad discard';
  if (!p.originalCall) return null;
  // §9.5: only a table with the option lets a seat declare Original Call (the score CLI refuses it too).
  if (!opts['original-call']) return 'this table has no Original Call (option original-call, §9.5)';
  // rules.ts `discardOptions`: declared with the first discard, before which at most one set was
  // claimed, and a called hand claims nothing but Mah Jong after it (`claimOptions`).
  if (p.melds.filter((m) => m.exposed).length > 1)
    return 'Original Call is declared with the first discard, before which at most one set was claimed, and a called hand claims nothing after it: at most one exposed set (§9.5)';
  return null;
}

/**
 * `discardCount`: every discard made this hand, listed in the seats' `discards` or not (a discard not
 * listed is among the tiles left for the walls, or in a claimed set). Default: those listed.
 */
function discardCountOf(pos: Record<string, unknown>, players: readonly PlayerState[], rest: number): number | string {
  const listed = players.reduce((a, p) => a + p.discards.length, 0);
  if (pos.discardCount === undefined) return listed;
  const claims = players.reduce((a, p) => a + p.melds.filter((m) => m.exposed).length, 0);
  const max = listed + rest + claims;
  if (!isCount(pos.discardCount, listed, max))
    return `discardCount must be a whole number from ${listed} (the discards listed) to ${max} (the others are tiles left for the walls or claimed into exposed sets), not ${JSON.stringify(pos.discardCount)}`;
  return pos.discardCount;
}

/**
 * `wallCount`: the live tiles left; the other `rest` tiles not placed go to the dead wall. That wall
 * keeps at least 13 tiles while live tiles remain with the seed's `replenished-14` (§4.2, walls.ts
 * `takeLoose`). It holds at most `deadWallSize` (§13 `dead-wall`); tiles beyond stand for discards
 * not listed, and before any discard (`discardCount` 0) there are none: the two walls then hold the
 * tiles left exactly, so e.g. a `wallCount` of 0 with 91 tiles left is no position of a hand.
 */
function wallCountProblem(live: unknown, rest: number, discardCount: number, opts: Options): string | null {
  if (typeof live !== 'number' || !Number.isInteger(live) || live < 0) return 'wallCount must be a whole number ≥ 0';
  if (live > rest) return 'wallCount is larger than the tiles left';
  const dead = rest - live;
  if (live > 0 && opts['dead-wall'] === 'replenished-14' && dead < 13)
    return `wallCount ${live} leaves ${dead} tiles for the dead wall, which keeps at least 13 while live tiles remain (§4.2)`;
  const size = deadWallSize(opts);
  if (discardCount === 0 && dead > size)
    return `wallCount ${live} leaves ${dead} tiles for the dead wall, which holds at most ${size} (§4.2, option dead-wall); with discardCount 0 no discard can hold the others`;
  return null;
}

/**
 * The tile the active seat's turn began with (phase `turn`, docs/scenarios-classic-mahjong.md
 * `drawn` / `source`), as the engine's draws set it (rules.ts `startPlay`, `drawFor`, `looseFor`):
 * only East's first turn, before any discard or claim, starts on the dealt tiles with no drawn tile
 * (§4.6); any other turn began with a drawn tile; the last live tile leaves the wall empty; a loose
 * tile needs a kong or a flower replaced from the dead wall (§4.4, §5.2).
 */
function turnSourceProblem(s: State, src: string, kongChain: number, opts: Options): string | null {
  const p = s.players[s.turn]!;
  const { kongs, claimed } = kongsOf(p);
  if (src === 'claim') return 'source claim is a turn after a claim: phase discard-after-claim';
  if (src === 'deal') {
    if (s.turn !== 0 || s.discardCount !== 0)
      return s.drawn
        ? "source deal is East's first turn (turn 0, discardCount 0) only, on the dealt tiles (§4.6)"
        : `seat ${s.turn}'s turn has no drawn tile, so it would start on the dealt tiles (source deal): only East's first turn (turn 0, discardCount 0) does (§4.6); give drawn`;
    if (s.drawn) return 'source deal: East starts its first turn on the dealt tiles, with no drawn tile (§4.6)';
    if (s.anyClaim || s.players.some((q) => q.melds.some((m) => m.kongType !== 'concealed')))
      return "source deal: before East's first discard nobody has claimed, and the only sets are opening kongs (§4.5, §4.6)";
    if (s.players.some((q) => q.melds.length > 0) && !opts['opening-kongs'])
      return "source deal: before East's first discard the only sets are opening kongs, and this table has none (option opening-kongs false, §4.5)";
  } else if (!s.drawn) return `source ${src} brings a drawn tile: give drawn`;
  if (src === 'last-wall-tile' && s.wall.length > 0)
    return `source last-wall-tile is the last live tile, but ${s.wall.length} live tiles are left (wallCount / wall)`;
  if (src === 'wall' && s.wall.length === 0)
    return 'the live wall is empty, so the tile drawn from it was its last: source last-wall-tile (§9.5)';
  if (src === 'loose-tile' && !looseTilePossible(opts, kongs, p.bonus.length))
    return `source loose-tile: a loose tile comes after a kong, or for a flower replaced from the dead wall (§4.4, §5.2), and seat ${s.turn} has neither`;
  if (kongChain === 0) return null;
  // rules.ts: the chain is set by a kong and kept through its loose tile; a loose flower replaced
  // from the live wall leaves the source `wall` / `last-wall-tile` with the chain still counted.
  const viaLiveFlower =
    (src === 'wall' || src === 'last-wall-tile') && opts['bonus-replacement-source'] === 'live-wall' && p.bonus.length > 0;
  if (src !== 'loose-tile' && !viaLiveFlower)
    return `kongChain ${kongChain}: a kong chain goes on through the kong's loose tile, not source ${src} (§5.2)`;
  if (!kongChainPossible(kongChain, kongs, claimed))
    return `kongChain ${kongChain} needs ${kongChain} kongs of seat ${s.turn}, all but the first concealed or added (a claimed kong never continues a chain, §8.3); it has ${kongs} (${claimed} claimed)`;
  return null;
}

/**
 * Phase `discard-after-claim`: the seat claimed a chow or pung and now discards (§5.3, rules.ts
 * `resolveClaim`): no tile was drawn, the claim is the source, no kong chain runs, and the claimed
 * set is among the seat's exposed sets.
 */
function afterClaimProblem(s: State, src: string, kongChain: number): string | null {
  if (src !== 'claim') return `phase discard-after-claim follows a claimed chow or pung: source claim, not ${src}`;
  if (s.drawn) return 'phase discard-after-claim follows a claim, not a draw: no drawn tile (§5.3)';
  if (kongChain) return 'phase discard-after-claim: a claimed chow or pung runs no kong chain (kongChain 0)';
  if (!s.players[s.turn]!.melds.some((m) => m.type !== 'kong' && m.exposed))
    return `phase discard-after-claim: seat ${s.turn} claimed a chow or pung (§5.3), but shows no exposed one`;
  return null;
}

/** Build the state of a `{position}` start (fields documented in docs/scenarios-classic-mahjong.md). */
function fromPosition(opts: Options, seats: number, pos: Record<string, unknown>): Result<State> {
  const bad = (msg: string) => fail('bad-position', { reason: msg });
  const rawSeats = pos.players as PositionSeat[] | undefined;
  if (!Array.isArray(rawSeats) || rawSeats.length !== seats) return bad(`players must list ${seats} seats`);
  const match = freshMatch(seats, opts);
  const rw = WINDS.indexOf(String(pos.roundWind ?? '1z'));
  if (rw < 0) return bad('roundWind must be 1z–4z');
  // §3, §13: a match plays `match-rounds` prevailing winds from East (setup.ts `nextMatch`)
  const rounds = matchRounds(opts);
  if (rw >= rounds)
    return bad(
      `roundWind ${WINDS[rw]} is never played: a match of ${rounds} prevailing wind${rounds > 1 ? 's' : ''} plays ${WINDS.slice(0, rounds).join(', ')} (option match-rounds, §3)`,
    );
  match.roundWind = rw;
  const s = newState(opts, seats, [], match);
  s.wall = [];
  s.dead = [];
  s.players = [];
  for (let i = 0; i < seats; i++) {
    const r = rawSeats[i];
    if (typeof r !== 'object' || r === null || Array.isArray(r)) return bad(`players[${i}] must be an object`);
    const p = emptyPlayer();
    if (!Array.isArray(r.concealed) || !r.concealed.every((t) => kindOf(t) !== null)) return bad(`seat ${i}: concealed must be tile codes`);
    const melds = parseMelds(r.melds ?? []);
    if (typeof melds === 'string') return bad(`seat ${i}: ${melds}`);
    p.concealed = sortTiles([...r.concealed, ...melds.held]);
    p.melds = melds.melds;
    p.bonus = (r.bonus ?? []).slice();
    if (!p.bonus.every((b) => /^[1-8]f$/.test(b))) return bad(`seat ${i}: bonus must be 1f–8f`);
    p.discards = (r.discards ?? []).map((d) => (typeof d === 'string' ? { tile: d } : { ...d }));
    const claimed = p.discards.find((d) => d.claimedBy !== undefined && !isOtherSeat(d.claimedBy, i, seats));
    if (claimed) return bad(`seat ${i}: discard ${claimed.tile} claimedBy must be another seat`);
    const flag = flagProblem(r as unknown as Record<string, unknown>, ['originalCall'], `seat ${i}: `);
    if (flag) return bad(flag);
    p.originalCall = r.originalCall === true;
    const problem = seatProblem(p, opts);
    if (problem) return bad(`seat ${i}: ${problem}`);
    s.players.push(p);
  }
  // A claimed discard ({tile, claimedBy}) is the tile now in the claimer's set: counted there, as
  // allPlacedTiles counts it.
  const used = tally(allPlacedTiles(s));
  const pool = tally(tileSet(opts));
  for (const [t, n] of used) if (n > (pool.get(t) ?? 0)) return bad(`tile ${t} appears ${n} times (only ${pool.get(t) ?? 0} exist)`);
  const rest: TileCode[] = [];
  for (const [t, n] of pool) for (let i = 0; i < n - (used.get(t) ?? 0); i++) rest.push(t);
  const discardCount = discardCountOf(pos, s.players, rest.length);
  if (typeof discardCount === 'string') return bad(discardCount);
  s.discardCount = discardCount;
  const wall = pos.wall as string[] | undefined;
  const dead = pos.deadWall as string[] | undefined;
  if (wall !== undefined || dead !== undefined) {
    const both = tally([...(wall ?? []), ...(dead ?? [])]);
    const restT = tally(rest);
    const fill = wall === undefined || dead === undefined;
    for (const [t, n] of both) if (n > (restT.get(t) ?? 0)) return bad(`wall tile ${t} is already placed elsewhere`);
    if (!fill && rest.length !== wall!.length + dead!.length) return bad(`wall and deadWall must hold the ${rest.length} remaining tiles`);
    const left = rest.slice();
    for (const t of [...(wall ?? []), ...(dead ?? [])]) left.splice(left.indexOf(t), 1);
    const shuffled = new Rng(String(pos.seed ?? 'position')).shuffle(sortTiles(left));
    s.dead = dead ? dead.slice() : shuffled.splice(shuffled.length - Math.min(14, shuffled.length));
    s.wall = wall ? wall.slice() : [];
    if (wall === undefined) s.wall = shuffled;
    else s.dead = [...shuffled, ...s.dead];
  } else {
    const shuffled = new Rng(String(pos.seed ?? 'position')).shuffle(sortTiles(rest));
    const liveCount = pos.wallCount ?? Math.max(0, shuffled.length - 14);
    const problem = wallCountProblem(liveCount, shuffled.length, discardCount, opts);
    if (problem) return bad(problem);
    s.dead = shuffled.slice(liveCount as number);
    s.wall = shuffled.slice(0, liveCount as number);
  }
  const turn = Number(pos.turn ?? 0);
  if (!Number.isInteger(turn) || turn < 0 || turn >= seats) return bad('turn must be a seat');
  s.turn = turn;
  const anyClaim = flagProblem(pos, ['anyClaim']);
  if (anyClaim) return bad(anyClaim);
  s.anyClaim = pos.anyClaim === true || s.players.some((p) => p.melds.some((m) => m.exposed));
  const phase = String(pos.phase ?? 'turn');
  if (phase === 'turn' || phase === 'discard-after-claim') {
    s.phase = phase;
    if (pos.drawn !== undefined && typeof pos.drawn !== 'string') return bad('drawn must be a tile code');
    s.drawn = pos.drawn ?? null;
    if (s.drawn && !s.players[turn]!.concealed.includes(s.drawn)) return bad('drawn must be in the active seat’s concealed tiles');
    const src = String(pos.source ?? (s.drawn ? 'wall' : phase === 'turn' ? 'deal' : 'claim'));
    if (!['deal', 'wall', 'last-wall-tile', 'loose-tile', 'claim'].includes(src))
      return bad('source must be deal, wall, last-wall-tile, loose-tile or claim');
    // A kong chain has at most four kongs (§7: four sets and a pair).
    const kongChain = pos.kongChain ?? 0;
    if (!isCount(kongChain, 0, 4)) return bad(`kongChain must be a whole number from 0 to 4, not ${JSON.stringify(kongChain)}`);
    const problem = phase === 'turn' ? turnSourceProblem(s, src, kongChain, opts) : afterClaimProblem(s, src, kongChain);
    if (problem) return bad(problem);
    s.source = src as State['source'];
    s.kongChain = kongChain;
  } else if (phase === 'claim') {
    const c = pos.claim as { tile?: string; from?: number } | undefined;
    if (!c || typeof c.tile !== 'string' || typeof c.from !== 'number') return bad('a claim phase needs claim: {tile, from}');
    const last = s.players[c.from]?.discards.at(-1);
    if (!last || last.tile !== c.tile) return bad('the claimed tile must be the last discard of claim.from');
    const lastDiscard = s.wall.length === 0;
    const { tile, from } = c;
    const claimers = Array.from({ length: seats - 1 }, (_, i) => (from + 1 + i) % seats).filter(
      (seat) => claimOptions(s, seat, tile, from, lastDiscard).length > 0,
    );
    s.claim = { tile, from, window: openClaimWindow<ClaimAnswer>(claimers), lastDiscard };
    s.phase = 'claim';
    s.turn = c.from;
    if (!claimers.length) return bad('nobody can claim that discard');
  } else if (phase === 'setup') {
    startPlay(s, 0);
  } else return bad('phase must be turn, discard-after-claim, claim or setup');
  const inv = checkInvariants(s);
  if (inv.length) return bad(inv.join('; '));
  return ok(s);
}

export function fromScenario(opts: Options, seats: number, start: ScenarioStart): Result<State> {
  if ('seed' in start) return ok(setup(opts, seats, start.seed));
  if ('deck' in start) {
    const deck = start.deck;
    const want = tally(tileSet(opts));
    const have = tally(deck);
    const okDeck = deck.length === tileSet(opts).length && [...want].every(([t, n]) => have.get(t) === n);
    if (!okDeck)
      return fail('bad-position', {
        reason: `the deck must hold each of the ${tileSet(opts).length} tiles exactly once`,
        size: deck.length,
      });
    return ok(dealFrom(opts, seats, deck.slice(), freshMatch(seats, opts)));
  }
  return fromPosition(opts, seats, start.position);
}
