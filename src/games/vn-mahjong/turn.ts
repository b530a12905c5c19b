/** The turn (vn-mahjong.md §5, §7): win, expose a joker, kongs, bounce, discard. */
import { ok, type Result } from '../core/types.js';
import { fail, type VnAction } from './actions.js';
import { canWin, discardable, liveCount, turnDrawsOf } from './basics.js';
import { declareKongOrBounce, offerDiscard } from './claims.js';
import { replacementDraw } from './draw.js';
import { finishWin } from './settle-hand.js';
import type { State } from './state.js';
import { countOf, inDomain, isFlowerLike, isJoker, isOrdinary, isWild, removeAll, removeOne, tileIndex, type Tile } from './tiles.js';

/**
 * The discards of `seat`. `stuck`: the seat has no other way on (it cannot expose a joker: no tile
 * is left to replace it, or it has just called). Then, if every held tile is a joker it may not
 * discard (`joker-discard`, §5), the ban cannot hold, or the turn would have no move at all: it may
 * discard any held joker (docs/rules-decisions.md, vn-mahjong: a forced joker discard).
 */
function discardOptions(s: State, seat: number, stuck: boolean): VnAction[] {
  const p = s.players[seat]!;
  if (s.mustDiscard) return [{ type: 'discard', tile: s.mustDiscard }];
  const held = [...new Set(p.hand)];
  let tiles = held.filter((t) => discardable(s, seat, t));
  // a bonus tile stays barred while a joker can go (§4.3); only a position can leave one in hand
  if (tiles.length === 0 && stuck) tiles = held.some(isWild) ? held.filter(isWild) : held;
  return tiles.map((tile) => ({ type: 'discard', tile }));
}

/**
 * The jokers an Âm Coong of `t` on three natural copies may use (`jokers-in-kong`, §7): the distinct
 * usable ones in hand order (sorted: the first is the one taken before the player could choose).
 */
function kongJokers(s: State, seat: number, t: Tile): Tile[] {
  const p = s.players[seat]!;
  if (!s.opts['jokers-in-kong'] || countOf(p.hand, t) !== 3) return [];
  return [...new Set(p.hand.filter((j) => isWild(j) && inDomain(j, tileIndex(t))))];
}

/** The jokers a bounce with `t` may put out (§7): the distinct ones of the pung, in its tile order (the first: the old default). */
function bounceJokers(s: State, seat: number, t: Tile): Tile[] {
  const m = s.players[seat]!.melds.find((x) => x.kind === 'pung' && x.called && x.as[0] === t && x.tiles.some(isJoker));
  return m ? [...new Set(m.tiles.filter(isJoker))] : [];
}

/** One option per joker when there is a choice (`joker` names it); with a single joker the option names none. */
function perJoker(a: { type: 'am-coong' | 'bounce'; tile: Tile }, jokers: Tile[]): VnAction[] {
  return jokers.length >= 2 ? jokers.map((joker) => ({ ...a, joker })) : [a];
}

/**
 * An Âm Coong or a bounce as the options name it. Without `joker` (a log from before the choice, or
 * a player who does not say) it takes the first joker, the one always taken before; a `joker` where
 * there is no choice is that one joker. Any other action is returned as it is.
 */
export function withJokerChoice(s: State, seat: number, a: VnAction): VnAction {
  if ((a.type !== 'am-coong' && a.type !== 'bounce') || s.phase !== 'turn') return a;
  const jokers = a.type === 'am-coong' ? kongJokers(s, seat, a.tile) : bounceJokers(s, seat, a.tile);
  if (a.joker === undefined) return jokers.length >= 2 ? { ...a, joker: jokers[0]! } : a;
  return jokers.length === 1 && a.joker === jokers[0] ? { type: a.type, tile: a.tile } : a;
}

export function turnOptions(s: State, seat: number): VnAction[] {
  const p = s.players[seat]!;
  const out: VnAction[] = [];
  if (s.phase === 'after-call') return discardOptions(s, seat, true);
  if (!s.mustDiscard && canWin(s, seat, null, true)) out.push({ type: 'win' });
  const canReplace = s.wall.length >= 1;
  if (canReplace && !s.mustDiscard) {
    for (const t of [...new Set(p.hand)]) {
      if (isWild(t) || (s.opts['flower-discard'] === 'anytime' && isFlowerLike(t))) out.push({ type: 'expose', tile: t });
    }
    for (const t of [...new Set(p.hand)]) {
      if (!isOrdinary(t)) continue;
      const n = countOf(p.hand, t);
      const jokers = kongJokers(s, seat, t);
      if (n >= 4) out.push({ type: 'am-coong', tile: t });
      else if (jokers.length > 0) out.push(...perJoker({ type: 'am-coong', tile: t }, jokers));
      const m = p.melds.find((x) => x.kind === 'pung' && x.as[0] === t && (s.opts['jokers-in-kong'] || x.tiles.every((y) => !isJoker(y))));
      // §7: "drawn" is any tile drawn this turn, also before a joker exposure or a kong (turnDraws)
      const drawn = turnDrawsOf(s).includes(t);
      if (m && (s.opts['added-kong-from-hand'] || drawn)) out.push({ type: 'hoi-coong', tile: t });
      const bounceOk = s.opts['bounce-source'] === 'hand-or-drawn' || drawn;
      if (bounceOk) {
        const inPung = bounceJokers(s, seat, t);
        if (inPung.length > 0) out.push(...perJoker({ type: 'bounce', tile: t }, inPung));
      }
    }
  }
  out.push(...discardOptions(s, seat, !out.some((a) => a.type === 'expose')));
  return out;
}

/** Apply a legal turn action of `seat` to the private copy `s` (its `joker` filled in: `withJokerChoice`). */
export function applyTurn(s: State, seat: number, a: VnAction): Result<State> {
  const p = s.players[seat]!;
  switch (a.type) {
    case 'win':
      finishWin(s, seat, s.dealerFirstTurn ? 'thien-u' : 'self-draw', null, s.drawn);
      return ok(s);
    case 'discard': {
      p.hand = removeOne(p.hand, a.tile)!;
      p.pond.push(a.tile);
      p.discards++;
      s.drawn = null;
      s.drawnFrom = null;
      s.turnDraws = [];
      s.dealerFirstTurn = false;
      if (s.mustDiscard === a.tile) s.mustDiscard = null;
      s.discards.push({ seat, tile: a.tile, claimed: false });
      // §9 cuoi: any discard once the live wall is used up; under wall-reserve = 26 a replacement may
      // have taken the count below 0
      s.lastDiscard = s.lastLive || liveCount(s) <= 0;
      offerDiscard(s, seat, a.tile);
      return ok(s);
    }
    case 'expose':
      p.hand = removeOne(p.hand, a.tile)!;
      p.exposed.push({ tile: a.tile, initial: false, bounced: false });
      s.dealerFirstTurn = false;
      replacementDraw(s, seat);
      return ok(s);
    case 'am-coong': {
      const n = countOf(p.hand, a.tile);
      const use = n >= 4 ? [a.tile, a.tile, a.tile, a.tile] : [a.tile, a.tile, a.tile, a.joker ?? kongJokers(s, seat, a.tile)[0]!];
      p.hand = removeAll(p.hand, use)!;
      const as: Tile[] = [a.tile, a.tile, a.tile, a.tile];
      p.melds.push({ kind: 'kong', tiles: use, as, called: false, concealed: true, added: false, from: null, at: s.step });
      s.dealerFirstTurn = false;
      replacementDraw(s, seat);
      return ok(s);
    }
    case 'hoi-coong':
    case 'bounce':
      p.hand = removeOne(p.hand, a.tile)!;
      // one draw triggers one bounce or Hối Coong (§7)
      s.turnDraws = removeOne(turnDrawsOf(s), a.tile) ?? turnDrawsOf(s);
      s.dealerFirstTurn = false;
      declareKongOrBounce(s, seat, a.tile, a.type === 'hoi-coong' ? 'kong' : 'bounce', a.type === 'bounce' ? a.joker : undefined);
      return ok(s);
    default:
      return fail('illegal-action');
  }
}
