/** The initial phase (vn-mahjong.md §4.3): exposing bonus tiles and jokers at the deal, seat by seat. */
import { ok, type Result } from '../core/types.js';
import type { VnAction } from './actions.js';
import { transition } from './basics.js';
import { drawBack, takeFrame, type JokerFrames } from './frames.js';
import { finishDraw } from './settle-hand.js';
import type { State } from './state.js';
import { isFlowerLike, isWild, removeAll, removeOne, sortTiles, type Tile } from './tiles.js';

export function initialOptions(s: State, seat: number): VnAction[] {
  const p = s.players[seat]!;
  const init = s.init!;
  const jokers = p.hand.filter(isWild);
  const offered =
    removeAll(
      jokers,
      init.declined.filter((j) => jokers.includes(j)),
    ) ?? jokers;
  const flowers = p.hand.filter(isFlowerLike);
  const subsets: Tile[][] = [[]];
  if (s.opts['initial-joker-expose'] === 'mandatory') subsets[0] = sortTiles(offered);
  else
    for (const j of sortTiles(offered)) {
      const n = subsets.length;
      for (let k = 0; k < n; k++) subsets.push([...subsets[k]!, j]);
    }
  const uniq = new Map(subsets.map((x) => [x.join(','), x]));
  // §4.3 [Seed "chỉ có 1 hoa có quyền đánh hoặc dựng"]: whatever `flower-discard` says of later bonus tiles
  const canKeep = seat === 0 && !init.flowerDone && flowers.length === 1;
  const out: VnAction[] = [];
  for (const sub of uniq.values()) {
    out.push({ type: 'initial-expose', jokers: sub, keepFlower: false });
    if (canKeep) out.push({ type: 'initial-expose', jokers: sub, keepFlower: true });
  }
  return out;
}

/** Whether the initial step of `seat` needs a decision at all. */
export function initialNeedsDecision(s: State, seat: number): boolean {
  return initialOptions(s, seat).length > 1;
}

function advanceInitial(s: State): void {
  // §4.3: seats act in order 0→3; a seat with nothing to decide is handled automatically
  while (s.init && s.phase === 'initial') {
    const seat = s.init.seat;
    if (initialNeedsDecision(s, seat)) return;
    const p = s.players[seat]!;
    const mandatory = s.opts['initial-joker-expose'] === 'mandatory';
    const toExpose = [...flowersToExpose(s, seat), ...(mandatory ? p.hand.filter(isWild) : [])];
    if (toExpose.length) {
      // §4.3 [Seed "từ 2 hoa bắt buộc phải dựng"]: the keep choice is for the dealt bonus tile alone;
      // once anything is exposed, a replacement bonus tile is exposed in turn, as after a decision.
      s.init = { ...s.init, flowerDone: true };
      exposeInitial(s, seat, toExpose);
      continue;
    }
    if (seat === 3) {
      s.init = null;
      s.phase = 'turn';
      s.turn = 0;
      s.dealerFirstTurn = true;
      // §13 NFNL: those who exposed nothing in the initial phase
      if (s.opts.nfnl !== 'off') for (const p of s.players) p.nfnl = p.exposed.length === 0;
      return;
    }
    s.init = { ...s.init, seat: seat + 1, declined: [], flowerDone: true };
  }
}

/**
 * The bonus tiles `seat` exposes now (§4.3): all it holds but the dealer's single kept one
 * (`mustDiscard`, discarded on its first turn). That is one tile of the dealer's hand, not a kind:
 * with `joker-copies` ≥ 2 another Đại Hoa (JF), dealt to any seat or drawn as a replacement, is
 * exposed like any bonus tile (seed "từ 2 hoa bắt buộc phải dựng"); it stayed in the hand, never
 * part of a win and never discardable under `flower-discard = dealer-single-only`.
 */
function flowersToExpose(s: State, seat: number): Tile[] {
  const flowers = s.players[seat]!.hand.filter(isFlowerLike);
  return seat === 0 && s.mustDiscard ? (removeOne(flowers, s.mustDiscard) ?? flowers) : flowers;
}

function exposeInitial(s: State, seat: number, tiles: Tile[]): void {
  const p = s.players[seat]!;
  const frames = s.init?.frames;
  for (const t of tiles) {
    p.hand = removeOne(p.hand, t)!;
    const frame = frames && takeFrame(frames, seat, t, p.exposed);
    p.exposed.push(frame === undefined ? { tile: t, initial: true, bounced: false } : { tile: t, initial: true, bounced: false, frame });
  }
  for (let k = 0; k < tiles.length; k++) {
    // §4.3: each exposed tile is replaced from the back (đầu coong)
    if (s.wall.length === 0) return finishDraw(s);
    const t = s.wall.pop()!;
    if (frames) drawBack(frames, seat, t);
    p.hand = sortTiles([...p.hand, t]);
  }
}

export function applyInitial(s0: State, seat: number, a: VnAction & { type: 'initial-expose' }): Result<State> {
  const s = transition(s0);
  // Only seats holding a joker (or a dealer with one bonus tile) get this decision, so the decision
  // itself is hidden information (#13 §2): `last` (public) shows only jokers exposed, which everyone
  // sees anyway; a decline and a kept bonus tile leave no trace until the tile is discarded.
  if (a.jokers.length) s.last = { seat: s.seatPerson[seat]!, action: { type: 'initial-expose', jokers: a.jokers, keepFlower: false } };
  const p = s.players[seat]!;
  const flowers = flowersToExpose(s, seat);
  const kept = a.keepFlower ? flowers[0]! : null;
  const toExpose = [...flowers.filter((f) => f !== kept), ...a.jokers];
  const declined = removeAll(p.hand.filter(isWild), a.jokers) ?? [];
  const decided = s.init?.decided ?? [];
  s.init = { ...s.init, seat, declined, flowerDone: true, decided: decided.includes(seat) ? decided : [...decided, seat] };
  if (kept) s.mustDiscard = kept;
  exposeInitial(s, seat, toExpose);
  if (s.phase === 'ended') return ok(s);
  advanceInitial(s);
  return ok(s);
}

/** Start the initial phase of a dealt hand; `frames`: the jokers' frames from the deal (setup.ts `dealWall`). */
export function startPlay(s: State, frames?: JokerFrames): void {
  s.phase = 'initial';
  s.init = { seat: 0, declined: [], flowerDone: false, dealt: s.players.map((p) => p.hand.slice()), decided: [] };
  if (frames) s.init.frames = frames;
  advanceInitial(s);
}
