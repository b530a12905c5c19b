/**
 * A card returned to a seat's gate (trả cửa) that the seat passed on lay at its gate untaken: it became
 * that seat's discard and died in its own pile as `returned` (§5.3 "src = return → card becomes g's
 * discard", flow.ts `noTake`). strong.ts `passedAtGate` counted a drawn card of the gate's own pile but
 * not a returned one, so the hint said "the next seat may eat it: 82 %" of a 9s the seat had let go by
 * (it held no rank-9 card at all).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import type { ChanAction } from '../../src/games/chan/actions.js';
import { passedAtGate } from '../../src/games/chan/strong.js';
import { checkReason } from '../support/hint-reasons.js';
import { play, position } from './helpers.js';

/** Seat 3 chíus 5n out of turn and returns 9s to gate 2; seat 2 passes it on, nobody takes it; seat 1 then eats 3v. */
function afterReturnedNine(): ChanState {
  let s = position(4, {
    hands: ['9s 9s 3v 3v', '9s 3v', '1v 1v 2v 2v 2n 2n 4v 4v 4n 4n 6v 6v 6n 6n 7v 7v 7s 7s 8v 8v 8n 8n CC', '5n 5n 5n 9v'],
    stock: 'TH LA 3v',
    phase: { kind: 'offer', card: '5n', gate: 2, source: 'discard', from: 1 },
    fill: 'h1',
  });
  s = play(s, 3, { type: 'chiu' });
  s = play(s, 3, { type: 'return', card: '9s' });
  for (let k = 0; k < 40 && !(s.phase.kind === 'discard' && s.phase.seat === 1); k++) {
    const d = engine.pending(s)[0]!;
    const eat = d.seat === 1 ? d.options.find((x) => x.type === 'eat' && x.with === '3v') : undefined;
    s = play(s, d.seat, (eat ?? d.options.find((x) => x.type === 'draw') ?? { type: 'pass' }) as ChanAction);
  }
  assert.deepEqual(s.phase, { kind: 'discard', seat: 1 });
  assert.deepEqual(s.seats[2]!.pile, [{ card: '9s', how: 'returned' }]);
  return s;
}

test("a returned copy that died in the gate seat's own pile went by at that gate", () => {
  const s = afterReturnedNine();
  assert.equal(passedAtGate(engine.publicView(s), 2, '9s'), true);
});

test('the hint does not charge the gate seat a chắn of a face it let go by as a returned card', () => {
  const s = afterReturnedNine();
  const r = engine.explain!(s, 1, { type: 'discard', card: '9s' });
  assert.match(checkReason('chan', r), /^discard-(unlikely|safe)/, JSON.stringify(r));
  assert.ok(Number(r.vars.pct) < 5, JSON.stringify(r));
});
