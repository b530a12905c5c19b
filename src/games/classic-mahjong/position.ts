/**
 * Invariants and scenario starts (docs/scenarios-classic-mahjong.md): `{seed}`, `{deck}` (the wall
 * order, dealt by §4) and `{position}` (an explicit mid-hand state, checked tile by tile).
 */
import { ok, type Result, type ScenarioStart } from '../core/types.js';
import { flagProblem } from '../core/input.js';
import { isChowKinds, isTileCode, kindOf, sortTiles, type TileCode } from '../mahjong/tiles.js';
import { fail } from './actions.js';
import type { Options } from './options.js';
import { claimOptions, pending, startPlay } from './rules.js';
import { dealFrom, setup } from './setup.js';
import { emptyPlayer, freshMatch, newState, tileSet, type ClaimAnswer, type KongType, type MeldState, type State } from './state.js';
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

/** Build the state of a `{position}` start (fields documented in docs/scenarios-classic-mahjong.md). */
function fromPosition(opts: Options, seats: number, pos: Record<string, unknown>): Result<State> {
  const bad = (msg: string) => fail('bad-position', { reason: msg });
  const rawSeats = pos.players as PositionSeat[] | undefined;
  if (!Array.isArray(rawSeats) || rawSeats.length !== seats) return bad(`players must list ${seats} seats`);
  const match = freshMatch(seats, opts);
  const rw = WINDS.indexOf(String(pos.roundWind ?? '1z'));
  if (rw < 0) return bad('roundWind must be 1z–4z');
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
    if (!p.discards.every((d) => isTileCode(d.tile))) return bad(`seat ${i}: bad discard`);
    const claimed = p.discards.find((d) => d.claimedBy !== undefined && !isOtherSeat(d.claimedBy, i, seats));
    if (claimed) return bad(`seat ${i}: discard ${claimed.tile} claimedBy must be another seat`);
    const flag = flagProblem(r as unknown as Record<string, unknown>, ['originalCall'], `seat ${i}: `);
    if (flag) return bad(flag);
    // §9.5: only a table with the option lets a seat declare Original Call (the score CLI refuses it too).
    if (r.originalCall === true && !opts['original-call'])
      return bad(`seat ${i}: this table has no Original Call (option original-call, §9.5)`);
    p.originalCall = r.originalCall === true;
    s.players.push(p);
  }
  // A claimed discard ({tile, claimedBy}) is the tile now in the claimer's set: counted there, as
  // allPlacedTiles counts it.
  const used = tally(allPlacedTiles(s));
  const pool = tally(tileSet(opts));
  for (const [t, n] of used) if (n > (pool.get(t) ?? 0)) return bad(`tile ${t} appears ${n} times (only ${pool.get(t) ?? 0} exist)`);
  const rest: TileCode[] = [];
  for (const [t, n] of pool) for (let i = 0; i < n - (used.get(t) ?? 0); i++) rest.push(t);
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
    const liveCount = pos.wallCount === undefined ? Math.max(0, shuffled.length - 14) : pos.wallCount;
    if (typeof liveCount !== 'number' || !Number.isInteger(liveCount) || liveCount < 0) return bad('wallCount must be a whole number ≥ 0');
    if (liveCount > shuffled.length) return bad('wallCount is larger than the tiles left');
    s.dead = shuffled.slice(liveCount);
    s.wall = shuffled.slice(0, liveCount);
  }
  const turn = Number(pos.turn ?? 0);
  if (!Number.isInteger(turn) || turn < 0 || turn >= seats) return bad('turn must be a seat');
  s.turn = turn;
  s.discardCount = Number(pos.discardCount ?? s.players.reduce((a, p) => a + p.discards.length, 0));
  const anyClaim = flagProblem(pos, ['anyClaim']);
  if (anyClaim) return bad(anyClaim);
  s.anyClaim = pos.anyClaim === true || s.players.some((p) => p.melds.some((m) => m.exposed));
  const phase = String(pos.phase ?? 'turn');
  if (phase === 'turn' || phase === 'discard-after-claim') {
    s.phase = phase;
    s.drawn = typeof pos.drawn === 'string' ? pos.drawn : null;
    if (s.drawn && !s.players[turn]!.concealed.includes(s.drawn)) return bad('drawn must be in the active seat’s concealed tiles');
    const src = String(pos.source ?? (s.drawn ? 'wall' : phase === 'turn' ? 'deal' : 'claim'));
    if (!['deal', 'wall', 'last-wall-tile', 'loose-tile', 'claim'].includes(src))
      return bad('source must be deal, wall, last-wall-tile, loose-tile or claim');
    s.source = src as State['source'];
    s.kongChain = Number(pos.kongChain ?? 0);
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
