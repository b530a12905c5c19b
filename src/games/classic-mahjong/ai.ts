/**
 * The AI levels of classical mahjong (issue 16, core/ai.ts), all deterministic:
 * - `normal` (the reference): always goes Mah Jong when it can, declares kongs, discards to get
 *   closer to a complete hand (fewest tiles away, then most useful waits), and claims a discard
 *   when the claim brings the hand closer (a pung of scoring honours also when it keeps the distance);
 * - `easy`: `normal` with a beginner's mistakes, drawn from an Rng seeded by the decision: now and
 *   then a careless discard (a tile it should keep, never one of a made set), a Mah Jong on a
 *   discard not noticed, every chow and pung grabbed;
 * - `strong` (ai-strong.ts): decides from the seat's view and the public table only.
 */
import { inVisibleSet, standardShanten } from '../mahjong/decompose.js';
import { kindOf, type TileCode } from '../mahjong/tiles.js';
import type { Action } from './actions.js';
import { counts, without } from './hand.js';
import { decisionSeed, type AiLevel } from '../core/ai.js';
import { Rng } from '../core/rng.js';
import type { Decision } from '../core/types.js';
import { strongPolicy } from './ai-strong.js';
import { pending } from './rules.js';
import { publicView, view } from './views.js';
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

/** The reference AI (`normal`). */
function normalAi(s: State, seat: number): Action {
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

/** A beginner: legal, quick, and sometimes wrong (deterministic per decision). */
function easyAi(s: State, seat: number, d: Decision<Action>): Action {
  const salt = `${s.match.handIndex}:${s.discardCount}:${s.wall.length}:${s.dead.length}:${s.players[seat]!.concealed.join('')}`;
  const rng = new Rng(decisionSeed(seat, d, salt));
  const opts = d.options;
  const mj = opts.find((a) => a.type === 'mahjong');
  if (mj) return d.kind === 'claim' && rng.int(100) < 30 ? { type: 'pass' } : mj;
  if (d.kind === 'claim') {
    // grabs what is offered, without asking whether it helps
    const grab = opts.filter((a) => a.type === 'pung' || a.type === 'kong' || a.type === 'chow');
    if (grab.length && rng.int(100) < 70) return rng.pick(grab);
    return { type: 'pass' };
  }
  const discards = opts.filter((a): a is Extract<Action, { type: 'discard' }> => a.type === 'discard' && !a.call);
  if (discards.length > 1 && rng.int(100) < 35) {
    // a careless discard: a tile the reference AI keeps, but never one of a set a beginner sees
    // (three of a kind, a run): breaking a made set is no human mistake
    const ref = normalAi(s, seat);
    const c = counts(s.players[seat]!.concealed);
    const others = discards.filter((a) => JSON.stringify(a) !== JSON.stringify(ref) && !inVisibleSet(c, kindOf(a.tile)!));
    if (ref.type === 'discard' && others.length) return rng.pick(others);
  }
  return normalAi(s, seat);
}

/** `engine.ai(s, seat, level)`: `strong` is given the seat's knowledge, never the state (core/ai.ts). */
export function ai(s: State, seat: number, level: AiLevel = 'normal'): Action {
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) return { type: 'pass' };
  if (level === 'strong') return strongPolicy({ seat, view: view(s, seat), table: publicView(s), decision: d });
  if (level === 'easy') return easyAi(s, seat, d);
  return normalAi(s, seat);
}
