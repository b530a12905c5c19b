/**
 * The hint button's reason for a classical mahjong choice (issue #16): an i18n key under
 * `classic-mahjong:hint` and its values. It judges the chosen action from the seat's knowledge
 * only (its view, the public view, its decision), with the plain measures a player would quote:
 * steps from ready after it, live tiles that would improve the hand, and whether another seat
 * looks ready (three exposed sets).
 */
import type { SeatKnowledge } from '../core/ai.js';
import type { HintReasonKey } from '../core/types.js';
import { standardShanten } from '../mahjong/decompose.js';
import type { TileCode } from '../mahjong/tiles.js';
import type { Action } from './actions.js';
import { counts } from './hand.js';
import { discardDanger, planOf, planOfPass } from './ai-strong.js';
import type { PublicView, SeatView } from './views.js';

type Knowledge = SeatKnowledge<SeatView, PublicView, Action>;

const key = (id: string, vars: Record<string, string | number> = {}): HintReasonKey => ({ key: `classic-mahjong:hint.${id}`, vars });

function without(tiles: readonly TileCode[], used: readonly TileCode[]): TileCode[] {
  const out = [...tiles];
  for (const t of used) {
    const i = out.indexOf(t);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

/** Steps from ready (0 = ready) of concealed tiles needing `sets` more sets and a pair. */
function steps(tiles: readonly TileCode[], sets: number): number {
  return Math.max(0, standardShanten(counts(tiles), Math.max(0, sets)));
}

/** Every tile kind except bonus tiles. */
const ALL: TileCode[] = [
  ...['m', 'p', 's'].flatMap((s) => Array.from({ length: 9 }, (_, i) => `${i + 1}${s}` as TileCode)),
  ...Array.from({ length: 7 }, (_, i) => `${i + 1}z` as TileCode),
];

/** Live copies (not seen by this seat) of tiles that would bring `tiles` a step closer. */
function improvers(k: Knowledge, tiles: readonly TileCode[], sets: number): number {
  const v = k.view;
  const seen = new Map<TileCode, number>();
  const see = (t: TileCode) => seen.set(t, (seen.get(t) ?? 0) + 1);
  // The drawn tile is part of the concealed hand (rules.ts).
  for (const t of v.hand) see(t);
  for (const st of v.seats) {
    for (const m of st.melds) m.tiles.forEach(see);
    for (const d of st.discards) if (d.claimedBy === undefined) see(d.tile);
  }
  const base = standardShanten(counts(tiles), sets);
  let n = 0;
  for (const t of ALL) {
    const live = 4 - (seen.get(t) ?? 0);
    if (live > 0 && standardShanten(counts([...tiles, t]), sets) < base) n += live;
  }
  return n;
}

export function explainClassic(k: Knowledge, a: Action): HintReasonKey {
  const v = k.view;
  const sets = 4 - v.melds.length;
  const hand = v.hand;
  switch (a.type) {
    case 'mahjong':
      return key('win');
    case 'concealed-kong':
    case 'added-kong':
    case 'opening-kong':
    case 'kong':
      return key('kong');
    case 'pung':
    case 'chow': {
      const tile = v.claimable?.tile ?? '';
      const used = a.type === 'pung' ? [tile, tile] : without(a.tiles, [tile]);
      const rest = without(v.hand, used);
      const now = steps(hand, sets);
      const nowLive = improvers(k, hand, sets);
      // After the call a discard follows: the best one (fewest steps, then most live improvers).
      let after = Infinity;
      let live = 0;
      for (const t of new Set(rest)) {
        const left = without(rest, [t]);
        const sh = steps(left, sets - 1);
        if (sh > after) continue;
        const n = improvers(k, left, sets - 1);
        if (sh < after || n > live) [after, live] = [sh, n];
      }
      if (!Number.isFinite(after)) after = 0;
      // Say only what is true: closer, or as far but for a double, more live tiles or the plan.
      if (after < now) return key(after === 0 ? 'call-to-ready' : 'call', { card: tile, steps: after });
      const kd = ALL.indexOf(tile as TileCode);
      const round = ALL.indexOf(v.roundWind);
      const scores = a.type === 'pung' && (kd >= 31 || kd - 27 === v.seat || kd === round);
      // Ready before and after: no "0 steps from ready".
      const ready = after === 0 && now === 0;
      if (after === now && scores) return key(ready ? 'call-scores-ready' : 'call-scores', { card: tile, steps: after });
      if (after === now && live > nowLive)
        return key(ready ? 'call-waits-ready' : 'call-waits', { card: tile, steps: after, live, before: nowLive });
      // Ready before and after, on no more live tiles (more would be 'call-waits-ready'): say how many,
      // and the one-suit plan when that is why strong calls, so the hint never hides a narrower wait.
      if (ready)
        return key(planOf(k) === 'one-suit' ? 'call-suit-ready' : 'call-stays-ready', { card: tile, steps: 0, live, before: nowLive });
      // Only a one-suit plan makes strong call what these measures do not favour: it counts the
      // plan's tiles alone. Under an all-pung plan the pung shanten equals these steps, so its pung
      // is closer ('call'), a scoring one ('call-scores'), and never as far for more live tiles (a
      // pung on a pair is a step closer, one on a concealed triplet keeps the same waits): no
      // all-pung reason here (ai-explain.test.ts). Without a plan strong's measures are these.
      if (planOf(k) === 'one-suit') return key('call-suit', { card: tile, steps: after });
      // A call strong never makes (explain words any legal call, e.g. a hint's stored earlier choice).
      return key('call-steps', { card: tile, steps: after, before: now });
    }
    case 'pass': {
      const tile = v.claimable?.tile;
      const couldCall = k.decision.options.some((o) => o.type === 'pung' || o.type === 'chow' || o.type === 'kong');
      if (!tile || !couldCall) return key('pass');
      // The last discard (`last-discard-claims = all`): a pung or chow cannot win any more (§6).
      if (k.table.wallCount === 0 && !k.decision.options.some((o) => o.type === 'kong')) return key('pass-last', { card: tile });
      // the strong AI's plan for its doubles: one suit, or all pungs
      const plan = planOfPass(k);
      return key(plan === 'one-suit' ? 'pass-suit' : plan === 'pungs' ? 'pass-pungs' : 'pass-call', { card: tile });
    }
    case 'discard': {
      const rest = without(hand, [a.tile]);
      const sh = steps(rest, sets);
      const threat = v.seats.some((st) => st.seat !== v.seat && st.melds.filter((m) => m.exposed).length >= 3);
      if (threat && sh >= 2) return key('discard-fold', { card: a.tile, steps: sh });
      const live = improvers(k, rest, sets);
      if (sh > 0) return key('discard', { card: a.tile, steps: sh, live });
      if (live > 0) return key('discard-ready', { card: a.tile, live });
      // Ready, but every winning tile is in sight: a dead wait, said as such. When another discard
      // would keep a live wait, strong judged each such tile more dangerous to throw: say that.
      const danger = discardDanger(k, a.tile);
      const liveWaits = [...new Set(hand)].filter((t) => {
        if (t === a.tile) return false;
        const r = without(hand, [t]);
        return steps(r, sets) === 0 && improvers(k, r, sets) > 0;
      });
      const safer = liveWaits.length > 0 && liveWaits.every((t) => discardDanger(k, t) > danger);
      return key(safer ? 'discard-ready-dead-safe' : 'discard-ready-dead', { card: a.tile });
    }
    default:
      return key('auto');
  }
}
