/**
 * A deterministic AI: always goes Mah Jong when it can, declares kongs, discards to get closer to
 * a complete hand (fewest tiles away, then most useful waits), and claims a discard when the claim
 * brings the hand closer (a pung of scoring honours also when it keeps the distance).
 */
import { standardShanten } from '../mahjong/decompose.js';
import { kindOf, type TileCode } from '../mahjong/tiles.js';
import type { Action } from './actions.js';
import { counts, without } from './hand.js';
import { pending } from './rules.js';
import type { State } from './state.js';

function shanten(tiles: readonly TileCode[], setsNeeded: number): number {
  return standardShanten(counts(tiles), Math.max(0, setsNeeded));
}

/** Lower = discard first: isolated honours and terminals go before middle tiles. */
function keepValue(tiles: readonly TileCode[], t: TileCode, s: State, seat: number): number {
  const k = kindOf(t)!;
  const n = tiles.filter((x) => x === t).length;
  if (k >= 27) {
    const scoring = k >= 31 || k - 27 === seat || k - 27 === s.match.roundWind;
    return n * 10 + (scoring ? 3 : 0);
  }
  const v = (k % 9) + 1;
  let near = 0;
  for (const d of [-2, -1, 1, 2]) {
    const u = v + d;
    if (u >= 1 && u <= 9 && tiles.includes(`${u}${t[1]}`)) near += Math.abs(d) === 1 ? 4 : 2;
  }
  return n * 10 + near + (5 - Math.abs(5 - v));
}

function waitsCount(tiles: readonly TileCode[], setsNeeded: number, base: number): number {
  const c = counts(tiles);
  let n = 0;
  for (let k = 0; k < 34; k++) {
    if (c[k]! >= 4) continue;
    c[k]!++;
    if (standardShanten(c, setsNeeded) < base) n += 4 - c[k]! + 1;
    c[k]!--;
  }
  return n;
}

function bestDiscard(s: State, seat: number, options: Action[]): Action {
  const p = s.players[seat]!;
  const need = 4 - p.melds.length;
  const discards = options.filter((a): a is Extract<Action, { type: 'discard' }> => a.type === 'discard');
  const scored = discards
    .filter((a) => !a.call)
    .map((a) => {
      const rest = without(p.concealed, [a.tile])!;
      return { a, rest, sh: shanten(rest, need), keep: keepValue(p.concealed, a.tile, s, seat) };
    });
  const minSh = Math.min(...scored.map((x) => x.sh));
  const top = scored.filter((x) => x.sh === minSh);
  let best: Action = top[0]!.a;
  let bestKey = Infinity;
  for (const x of top) {
    const w = top.length > 1 && minSh <= 2 ? waitsCount(x.rest, need, minSh) : 0;
    const key = x.keep - w * 10;
    if (key < bestKey) {
      bestKey = key;
      best = x.a;
    }
  }
  const chosen = best as Extract<Action, { type: 'discard' }>;
  // declare Original Call when the option allows it for this discard
  const call = discards.find((a) => a.call && a.tile === chosen.tile);
  return call ?? chosen;
}

function claimGain(s: State, seat: number, used: TileCode[]): number {
  const p = s.players[seat]!;
  const need = 4 - p.melds.length;
  const now = shanten(p.concealed, need);
  const rest = without(p.concealed, used);
  if (!rest) return -99;
  let after = 99;
  for (const d of new Set(rest)) after = Math.min(after, shanten(without(rest, [d])!, need - 1));
  return now - after;
}

export function ai(s: State, seat: number): Action {
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) return { type: 'pass' };
  const opts = d.options;
  const find = (type: Action['type']) => opts.find((a) => a.type === type);
  const mj = find('mahjong');
  if (mj) return mj;
  switch (s.phase) {
    case 'opening-kong':
      return find('opening-kong') ?? { type: 'pass' };
    case 'rob-kong':
      return { type: 'pass' };
    case 'claim': {
      if (!s.claim) return { type: 'pass' };
      const tile = s.claim.tile;
      const kong = find('kong');
      if (kong) return kong;
      const pung = find('pung');
      const k = kindOf(tile)!;
      if (pung) {
        const g = claimGain(s, seat, [tile, tile]);
        const scoring = k >= 31 || k - 27 === seat || k - 27 === s.match.roundWind;
        if (g > 0 || (g === 0 && scoring)) return pung;
      }
      let bestChow: Action | null = null;
      let bestGain = 0;
      for (const a of opts) {
        if (a.type !== 'chow') continue;
        const g = claimGain(s, seat, without(a.tiles, [tile])!);
        if (g > bestGain) {
          bestGain = g;
          bestChow = a;
        }
      }
      return bestChow ?? { type: 'pass' };
    }
    default: {
      const ck = find('concealed-kong');
      if (ck) return ck;
      const ak = find('added-kong');
      if (ak) return ak;
      return bestDiscard(s, seat, opts);
    }
  }
}
