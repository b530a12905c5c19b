/** The turn (vn-mahjong.md §5, §7): win, expose a joker, kongs, bounce, discard. */
import { ok, type Result } from '../core/types.js';
import { fail, type VnAction } from './actions.js';
import { canWin, discardable, liveCount, turnDrawsOf } from './basics.js';
import { declareKongOrBounce, offerDiscard } from './claims.js';
import { replacementDraw } from './draw.js';
import { finishWin } from './settle-hand.js';
import type { State } from './state.js';
import { countOf, inDomain, isFlowerLike, isJoker, isOrdinary, isWild, removeAll, removeOne, tileIndex, type Tile } from './tiles.js';

function discardOptions(s: State, seat: number): VnAction[] {
  const p = s.players[seat]!;
  if (s.mustDiscard) return [{ type: 'discard', tile: s.mustDiscard }];
  const out: VnAction[] = [];
  for (const t of [...new Set(p.hand)]) if (discardable(s, seat, t)) out.push({ type: 'discard', tile: t });
  return out;
}

export function turnOptions(s: State, seat: number): VnAction[] {
  const p = s.players[seat]!;
  const out: VnAction[] = [];
  if (s.phase === 'after-call') return discardOptions(s, seat);
  if (!s.mustDiscard && canWin(s, seat, null, true)) out.push({ type: 'win' });
  const canReplace = s.wall.length >= 1;
  if (canReplace && !s.mustDiscard) {
    for (const t of [...new Set(p.hand)]) {
      if (isWild(t) || (s.opts['flower-discard'] === 'anytime' && isFlowerLike(t))) out.push({ type: 'expose', tile: t });
    }
    for (const t of [...new Set(p.hand)]) {
      if (!isOrdinary(t)) continue;
      const n = countOf(p.hand, t);
      const jokers = s.opts['jokers-in-kong'] ? p.hand.filter((j) => isWild(j) && inDomain(j, tileIndex(t))).length : 0;
      if (n >= 4 || (n === 3 && jokers > 0)) out.push({ type: 'am-coong', tile: t });
      const m = p.melds.find((x) => x.kind === 'pung' && x.as[0] === t && (s.opts['jokers-in-kong'] || x.tiles.every((y) => !isJoker(y))));
      // §7: "drawn" is any tile drawn this turn, also before a joker exposure or a kong (turnDraws)
      const drawn = turnDrawsOf(s).includes(t);
      if (m && (s.opts['added-kong-from-hand'] || drawn)) out.push({ type: 'hoi-coong', tile: t });
      const bounceOk = s.opts['bounce-source'] === 'hand-or-drawn' || drawn;
      if (bounceOk && p.melds.some((x) => x.kind === 'pung' && x.called && x.as[0] === t && x.tiles.some(isJoker)))
        out.push({ type: 'bounce', tile: t });
    }
  }
  out.push(...discardOptions(s, seat));
  return out;
}

/** Apply a legal turn action of `seat` to the private copy `s`. */
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
      const use =
        n >= 4
          ? [a.tile, a.tile, a.tile, a.tile]
          : [a.tile, a.tile, a.tile, p.hand.find((j) => isWild(j) && inDomain(j, tileIndex(a.tile)))!];
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
      declareKongOrBounce(s, seat, a.tile, a.type === 'hoi-coong' ? 'kong' : 'bounce');
      return ok(s);
    default:
      return fail('illegal-action');
  }
}
