/** apply(): legality check with a reason for every rejection (actions.ts ERRORS). */
import { ok, type Result } from '../core/types.js';
import { fail, type VnAction } from './actions.js';
import {
  applyFalseWin,
  applyLegal,
  isOption,
  jokerDiscardAllowed,
  liveCount,
  next,
  normalize,
  pendingBySeat,
  wellFormed,
} from './rules.js';
import type { State } from './state.js';
import { withJokerChoice } from './turn.js';
import { isBonus, isFlowerLike, isJoker, isOrdinary, isWild } from './tiles.js';

export function apply(s: State, person: number, raw: VnAction): Result<State> {
  if (s.phase === 'ended') return fail('hand-over');
  const seat = s.seatPerson.indexOf(person);
  if (seat < 0) return fail('not-at-table');
  if (!wellFormed(raw)) return fail('bad-action');
  const d = pendingBySeat(s).find((x) => x.seat === seat);
  if (!d) {
    const answered = (s.claim && s.claim.window.seats.includes(seat)) || (s.rob && s.rob.window.seats.includes(seat));
    return answered ? fail('already-answered') : fail('not-your-turn');
  }
  // an Âm Coong or bounce without `joker` (older logs) takes the joker it always took (turn.ts)
  const a = withJokerChoice(s, seat, raw);
  if (isOption(d.options, a)) return applyLegal(s, seat, normalize(a));
  if (a.type === 'win') {
    // §11.6: prevented → refused with the reason; penalized → Chao Ù ends the hand
    if (s.opts['false-win'] === 'penalized' && d.kind !== 'initial')
      return ok(applyFalseWin(s, seat, Math.max(0, Math.floor(Number(a.phan ?? 0)))));
    return fail('false-win');
  }
  return explain(s, seat, a);
}

function explain(s: State, seat: number, a: VnAction): Result<State> {
  const p = s.players[seat]!;
  const has = (t: string) => p.hand.includes(t);
  if (s.phase === 'initial') return a.type === 'initial-expose' && a.keepFlower ? fail('keep-flower-invalid') : fail('initial-invalid');
  if (s.phase === 'turn' || s.phase === 'after-call') {
    if (s.phase === 'after-call' && a.type !== 'discard') return fail('after-call-discard-only');
    if (s.mustDiscard && (a.type !== 'discard' || a.tile !== s.mustDiscard)) return fail('must-discard-flower');
    switch (a.type) {
      case 'discard':
        if (!has(a.tile)) return fail('tile-not-in-hand', { tile: a.tile });
        if (isBonus(a.tile) || a.tile === 'JF') return fail('flower-discard-banned');
        if (isJoker(a.tile) && !jokerDiscardAllowed(s, seat, a.tile))
          return fail('joker-discard-banned', { rule: s.opts['joker-discard'] });
        return fail('illegal-action');
      case 'expose':
        if (!has(a.tile)) return fail('tile-not-in-hand', { tile: a.tile });
        if (!isWild(a.tile) && !isFlowerLike(a.tile)) return fail('not-a-joker', { tile: a.tile });
        if (s.wall.length === 0) return fail('no-replacement-tile');
        return fail('joker-expose-not-now');
      case 'am-coong':
      case 'hoi-coong':
        if (s.wall.length === 0) return fail('no-replacement-tile');
        return fail('kong-invalid');
      case 'bounce':
        if (s.wall.length === 0) return fail('no-replacement-tile');
        return fail('bounce-invalid', { tile: a.tile });
      default:
        return fail('wrong-phase', { phase: s.phase });
    }
  }
  if (s.phase === 'claim' && s.claim) {
    const c = s.claim;
    if (a.type === 'pung' || a.type === 'chow' || a.type === 'kong') {
      if (!isOrdinary(c.tile)) return fail('claim-joker-only-win');
      if (liveCount(s) <= 0) return fail('wall-empty-only-win');
      if (a.type === 'kong') return s.opts['kong-on-discard'] ? fail('kong-invalid') : fail('kong-on-discard-off');
      if (a.type === 'chow' && seat !== next(c.from)) return fail('chow-not-next-seat');
      const tiles = Array.isArray(a.tiles) ? a.tiles : [];
      for (const t of tiles) if (!has(t)) return fail('tile-not-in-hand', { tile: t });
      const max = Number(s.opts['max-jokers-per-call']);
      if (tiles.filter(isJoker).length > max) return fail('too-many-jokers', { max });
      return a.type === 'chow' ? fail('chow-invalid', { tile: c.tile }) : fail('pung-invalid', { tile: c.tile });
    }
  }
  return fail('wrong-phase', { phase: s.phase });
}
