/** Drawing from the live end and the replacement end (vn-mahjong.md §5, §12). */
import { liveCount, turnDrawsOf } from './basics.js';
import { finishDraw } from './settle-hand.js';
import type { State } from './state.js';
import { isBonus, isFlowerLike, isJoker, sortTiles, type Tile } from './tiles.js';

function handleDrawn(s: State, seat: number, t: Tile, from: 'live' | 'back'): void {
  const p = s.players[seat]!;
  // §7: a live draw starts the turn's draws; a replacement adds to them
  const before = from === 'live' ? [] : turnDrawsOf(s);
  const draws = [...before, t];
  if (p.nfnl && (isJoker(t) || isBonus(t))) {
    // §13 NFNL: a bonus tile or joker drawn must be discarded
    p.hand = sortTiles([...p.hand, t]);
    s.drawn = t;
    s.drawnFrom = from;
    s.turnDraws = draws;
    s.phase = 'turn';
    s.turn = seat;
    s.mustDiscard = t;
    return;
  }
  if (isFlowerLike(t) && s.opts['flower-discard'] !== 'anytime') {
    // §5: a drawn bonus tile is exposed and replaced
    p.exposed.push({ tile: t, initial: false, bounced: false });
    s.turnDraws = before;
    replacementDraw(s, seat);
    return;
  }
  p.hand = sortTiles([...p.hand, t]);
  s.drawn = t;
  s.drawnFrom = from;
  s.turnDraws = draws;
  s.phase = 'turn';
  s.turn = seat;
}

export function liveDraw(s: State, seat: number): void {
  // §12: the hand ends when a live draw is needed and ≤ wall-reserve tiles remain
  if (liveCount(s) <= 0) return finishDraw(s);
  const t = s.wall.shift()!;
  s.players[seat]!.draws++;
  s.lastLive = liveCount(s) === 0;
  handleDrawn(s, seat, t, 'live');
}

export function replacementDraw(s: State, seat: number): void {
  if (s.wall.length === 0) return finishDraw(s);
  const t = s.wall.pop()!;
  s.lastLive = false;
  handleDrawn(s, seat, t, 'back');
}
