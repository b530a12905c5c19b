/** fromScenario(): `{seed}`, `{deck}` and `{position}` starts (docs/scenarios-vn-mahjong.md). */
import { openClaimWindow } from '../core/claims.js';
import { flagProblem } from '../core/input.js';
import { ok, type Result, type ScenarioStart } from '../core/types.js';
import { Rng } from '../core/rng.js';
import { fail, type VnAction } from './actions.js';
import { checkInvariants, tileCountProblems } from './invariants.js';
import type { VnOptions } from './options.js';
import { claimOptions, liveDraw, startPlay } from './rules.js';
import { dealWall, emptyState, newMatch, setup } from './setup.js';
import type { ExposedTile, Meld, State } from './state.js';
import { fullSet, isJoker, removeAll, sortTiles, tileIndex, type Tile } from './tiles.js';

const split = (x: unknown): Tile[] => (Array.isArray(x) ? (x as Tile[]) : typeof x === 'string' ? x.split(/\s+/).filter(Boolean) : []);

interface MeldIn {
  tiles: Tile[] | string;
  as?: Tile[] | string;
  called?: boolean;
  concealed?: boolean;
  added?: boolean;
  from?: number;
}

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
  const full = fullSet(opts['joker-copies'], opts['honour-joker']);
  if ('deck' in start) {
    const deck = split(start.deck);
    const probs = tileCountProblems(deck, { opts } as State);
    if (probs.length) return fail('bad-position', { why: probs.slice(0, 3).join('; ') });
    const s = emptyState(opts, newMatch(seats, null), deck);
    startPlay(s, dealWall(s));
    return ok(s);
  }
  const pos = start.position as Record<string, unknown>;
  const s = emptyState(opts, newMatch(seats, null), []);
  const rw = roundWindOf(pos.roundWind);
  if (typeof rw === 'string') return fail('bad-position', { why: rw });
  s.roundWind = rw;
  const flag = flagProblem(pos, ['dealerFirstTurn', 'anyCall']);
  if (flag) return fail('bad-position', { why: flag });
  const hands = pos.hands as unknown[];
  if (!Array.isArray(hands) || hands.length !== 4) return fail('bad-position', { why: 'hands must list 4 seats' });
  let pool: Tile[] = full;
  const take = (ts: Tile[], what: string): string | null => {
    const r = removeAll(pool, ts);
    if (!r) return `${what} uses tiles that are not available (${ts.join(' ')})`;
    pool = r;
    return null;
  };
  for (let seat = 0; seat < 4; seat++) {
    const p = s.players[seat]!;
    p.hand = sortTiles(split(hands[seat]));
    const e1 = take(p.hand, `seat ${seat} hand`);
    if (e1) return fail('bad-position', { why: e1 });
    const melds = ((pos.melds as MeldIn[][] | undefined)?.[seat] ?? []) as MeldIn[];
    for (const [k, m] of melds.entries()) {
      const mf =
        m && typeof m === 'object'
          ? flagProblem(m as unknown as Record<string, unknown>, ['called', 'concealed', 'added'], `seat ${seat} meld.`)
          : null;
      if (mf) return fail('bad-position', { why: mf });
      const tiles = split(m.tiles);
      const as = m.as ? split(m.as) : inferAs(tiles);
      if (!as || as.length !== tiles.length) return fail('bad-position', { why: `seat ${seat} meld ${tiles.join('')} is not a set` });
      const kind = tiles.length === 4 ? 'kong' : new Set(as).size === 1 ? 'pung' : 'chow';
      const called = m.called ?? !m.concealed;
      const meld: Meld = {
        kind,
        tiles,
        as,
        called,
        concealed: !!m.concealed,
        added: !!m.added,
        from: m.from ?? (called ? (seat + 3) % 4 : null),
        at: -100 + k,
      };
      p.melds.push(meld);
      if (called) p.lastCallAt = Math.max(p.lastCallAt, meld.at);
      const e2 = take(tiles, `seat ${seat} meld`);
      if (e2) return fail('bad-position', { why: e2 });
    }
    if (p.lastCallAt === -1) p.lastCallAt = -1000;
    const exp = ((pos.exposed as unknown[][] | undefined)?.[seat] ?? []) as (
      Tile | { tile: Tile; initial?: boolean; bounced?: boolean; frame?: number }
    )[];
    for (const e of exp) {
      const ef = e && typeof e === 'object' ? flagProblem(e, ['initial', 'bounced'], `seat ${seat} exposed ${e.tile}: `) : null;
      if (ef) return fail('bad-position', { why: ef });
      // a joker's copy index (§2, frames.ts): 0…joker-copies − 1
      const f = typeof e === 'object' ? e.frame : undefined;
      if (typeof e === 'object' && f !== undefined && !(Number.isInteger(f) && f >= 0 && f < opts['joker-copies']))
        return fail('bad-position', { why: `seat ${seat} exposed ${e.tile}: frame must be 0…${opts['joker-copies'] - 1}` });
      const x: ExposedTile =
        typeof e === 'string' ? { tile: e, initial: false, bounced: false } : { tile: e.tile, initial: !!e.initial, bounced: !!e.bounced };
      if (f !== undefined) x.frame = f;
      p.exposed.push(x);
      const e3 = take([x.tile], `seat ${seat} exposed`);
      if (e3) return fail('bad-position', { why: e3 });
    }
    p.pond = split((pos.ponds as unknown[] | undefined)?.[seat]);
    const e4 = take(p.pond, `seat ${seat} pond`);
    if (e4) return fail('bad-position', { why: e4 });
    p.draws = (pos.draws as number[] | undefined)?.[seat] ?? 5;
    p.discards = (pos.discardCounts as number[] | undefined)?.[seat] ?? 5;
    for (const t of p.pond) s.discards.push({ seat, tile: t, claimed: false });
  }
  s.anyCall = (pos.anyCall as boolean | undefined) ?? true;
  const claim = pos.claim as { tile: Tile; from: number } | undefined;
  if (claim) {
    const e5 = take([claim.tile], 'claim tile');
    if (e5) return fail('bad-position', { why: e5 });
  }
  if (pos.wall !== undefined) {
    const wall = split(pos.wall);
    const rest = removeAll(pool, wall);
    if (!rest || rest.length !== 0) return fail('bad-position', { why: 'wall must hold exactly the remaining tiles' });
    s.wall = wall;
  } else {
    const front = split(pos.wallFront);
    const back = split(pos.wallBack);
    const rest = removeAll(pool, [...front, ...back]);
    if (!rest) return fail('bad-position', { why: 'wallFront/wallBack use tiles that are not available' });
    s.wall = [...front, ...new Rng(String(pos.wallSeed ?? 'wall')).shuffle(rest), ...back];
  }
  s.turn = (pos.turn as number | undefined) ?? 0;
  if (claim) {
    s.players[claim.from]!.pond.push(claim.tile);
    s.players[claim.from]!.discards++;
    s.discards.push({ seat: claim.from, tile: claim.tile, claimed: false });
    const eligible = [1, 2, 3].map((k) => (claim.from + k) % 4).filter((x) => claimOptions(s, x, claim.tile, claim.from).length > 0);
    if (eligible.length === 0) liveDraw(s, (claim.from + 1) % 4);
    else {
      s.phase = 'claim';
      s.claim = { tile: claim.tile, from: claim.from, window: openClaimWindow<VnAction>(eligible) };
    }
  } else {
    s.phase = (pos.phase as 'turn' | 'after-call' | undefined) ?? 'turn';
    s.drawn = (pos.drawn as Tile | undefined) ?? null;
    s.drawnFrom = s.drawn ? ((pos.drawnFrom as 'live' | 'back' | undefined) ?? 'live') : null;
    s.dealerFirstTurn = !!pos.dealerFirstTurn;
    if (s.drawn && !s.players[s.turn]!.hand.includes(s.drawn))
      return fail('bad-position', { why: 'drawn tile not in the hand of the seat to move' });
  }
  const inv = checkInvariants(s);
  if (inv.length) return fail('bad-position', { why: inv.slice(0, 3).join('; ') });
  return ok(s);
}
