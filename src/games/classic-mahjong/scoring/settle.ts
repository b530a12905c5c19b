/**
 * Scores of every hand at the end and the settlement between all players (classic-mahjong.md §10).
 */
import type { HandResult, Payment, ScoreItem } from '../../core/types.js';
import { emptyCounts, kindOf, type Kind } from '../../mahjong/tiles.js';
import { counts } from '../hand.js';
import type { State } from '../state.js';
import { scoreHand, scoringRules, type DeclaredMeld, type HandFacts, type HandScore } from './score.js';

export interface SeatScore {
  seat: number;
  points: number;
  doubles: number;
  limit: boolean;
  total: number;
}

export interface ClassicResult extends HandResult {
  /** Each seat's capped score (§9.1), winner and losers. */
  scores: SeatScore[];
  /** Winning tile and how it was won, for the result screen. */
  win: { seat: number; tile: string | null; source: string; discarder: number | null } | null;
}

/**
 * Tile kinds visible on the table: unclaimed discards and every declared set, concealed kongs
 * included (§9.3, §13 `only-possible-excludes-visible`): a concealed kong is laid down face up and
 * its tiles are public (views.ts), as Bradfield's game.c counts a declared closed kong's four tiles.
 */
function visibleCounts(s: State): number[] {
  const v = emptyCounts();
  for (const p of s.players) {
    for (const d of p.discards) if (d.claimedBy === undefined) v[kindOf(d.tile)!]!++;
    for (const m of p.melds) for (const t of m.tiles) v[kindOf(t)!]!++;
  }
  return v;
}

/** The scorer's facts for `seat` of a finished hand (§9.7). */
export function factsFor(s: State, seat: number): HandFacts {
  const p = s.players[seat]!;
  const o = s.outcome;
  const melds: DeclaredMeld[] = p.melds.map((m) => ({
    type: m.type,
    kind: Math.min(...m.tiles.map((t) => kindOf(t)!)) as Kind,
    exposed: m.exposed,
    ...(m.kongType === 'claimed' ? { claimed: true } : {}),
  }));
  const f: HandFacts = {
    seatWind: seat,
    roundWind: s.match.roundWind,
    concealed: counts(p.concealed),
    melds,
    bonus: p.bonus.slice(),
    won: o?.kind === 'win' && o.winner === seat,
  };
  if (o?.kind === 'win' && o.winner === seat) {
    f.source = o.source;
    if (o.tile) f.winningTile = kindOf(o.tile)!;
    if (p.originalCall) f.originalCall = true;
    if (o.kongUponKong) f.kongUponKong = true;
    if (o.eastStreak) f.eastStreak = true;
    f.visible = visibleCounts(s);
  }
  return f;
}

export function scoreSeat(s: State, seat: number): HandScore {
  const r = scoreHand(factsFor(s, seat), scoringRules(s.opts));
  if (!r.valid) throw new Error(`classic-mahjong: seat ${seat} cannot be scored: ${r.reason}`);
  return r;
}

/** §10: payments between all players; East pays and receives double. */
export function settle(s: State): ClassicResult | null {
  const o = s.outcome;
  if (!o) return null;
  const n = s.seats;
  if (o.kind === 'draw') {
    return {
      winners: [],
      ranking: [Array.from({ length: n }, (_, i) => i)],
      deltas: new Array<number>(n).fill(0),
      payments: [],
      items: [],
      unit: 'point',
      endedBy: 'draw',
      scores: Array.from({ length: n }, (_, seat) => ({ seat, points: 0, doubles: 0, limit: false, total: 0 })),
      win: null,
    };
  }
  const w = o.winner;
  const hands = Array.from({ length: n }, (_, seat) => scoreSeat(s, seat));
  const S = hands.map((h) => h.total);
  const f = (a: number, b: number): number => (s.opts['east-pays-double'] && (a === 0 || b === 0) ? 2 : 1);
  const payments: Payment[] = [];
  const deltas = new Array<number>(n).fill(0);
  const pay = (from: number, to: number, amount: number, reason: string): void => {
    if (amount === 0) return;
    if (amount < 0) return pay(to, from, -amount, reason);
    payments.push({ from, to, amount, reason });
    deltas[from]! -= amount;
    deltas[to]! += amount;
  };
  const losers = Array.from({ length: n }, (_, i) => i).filter((i) => i !== w);
  // A robbed kong names the konger as the tile's giver (who pays when nobody is liable) but is no
  // discard: Kajongg's Dangerous Game, which §10.6 follows, judges only a win on a discard
  // (servertable.py: `lastSource is LivingWallDiscard`; a robbed kong's source is RobbedKong).
  const discarded = o.discarder !== undefined && o.source !== 'robbed-kong';
  const liable = s.opts['discarder-pays-all'] && discarded && isDangerous(s, w, hands[w]!) ? o.discarder! : null;
  if (liable !== null) {
    // §10.6 (option): the liable discarder alone pays for everybody, i.e. what each loser would
    // have paid under §10.1 over the players present (§3), and losers do not settle. At the
    // default 4-seat table with East paying double that is the spec's S(W)×4, or ×6 if W is East.
    const everybody = losers.reduce((sum, l) => sum + S[w]! * f(l, w), 0);
    pay(liable, w, everybody, 'discarder-pays-all');
  } else {
    for (const l of losers) pay(l, w, S[w]! * f(l, w), 'winner');
    if (s.opts['losers-settle'])
      for (let i = 0; i < losers.length; i++)
        for (let j = i + 1; j < losers.length; j++) {
          const a = losers[i]!;
          const b = losers[j]!;
          pay(b, a, (S[a]! - S[b]!) * f(a, b), 'losers-settle');
        }
  }
  const items: ScoreItem[] = [];
  hands.forEach((h, seat) => {
    for (const it of h.items) items.push({ id: it.id, seat, value: it.value, unit: it.unit, ...(it.detail ? { detail: it.detail } : {}) });
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => deltas[b]! - deltas[a]! || a - b);
  const ranking: number[][] = [];
  for (const seat of order) {
    const last = ranking[ranking.length - 1];
    if (last && deltas[last[0]!] === deltas[seat]) last.push(seat);
    else ranking.push([seat]);
  }
  return {
    winners: [w],
    ranking,
    deltas,
    payments,
    items,
    unit: 'point',
    endedBy: 'mahjong',
    scores: hands.map((h, seat) => ({ seat, points: h.points, doubles: h.doubles, limit: h.limit, total: h.total })),
    win: { seat: w, tile: o.tile ?? null, source: o.source, discarder: o.discarder ?? null },
  };
}

/**
 * `discarder-pays-all` (Kajongg "Dangerous Game", simplified): the discard is dangerous when the
 * winner showed three or more exposed sets and won a limit hand.
 */
function isDangerous(s: State, w: number, h: HandScore): boolean {
  return h.limit && s.players[w]!.melds.filter((m) => m.exposed).length >= 3;
}
