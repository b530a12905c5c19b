/**
 * A returned card (trả cửa) nobody takes at the gate it is returned to goes on as that seat's discard,
 * and the seat after may eat it (§5.3 "src = return → card becomes g's discard → OFFER(card, g+1,
 * discard, from g)", flow.ts `noTake`; Q18). Strong's cost and its hint looked only at the return seat:
 * "Return 9v: … that seat cannot eat it" while the next seat held 9v. Both now judge every gate the card
 * may be eaten at (strong.ts `offerGates`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import { offerGates } from '../../src/games/chan/strong.js';
import { checkReason } from '../support/hint-reasons.js';
import { options, play, position } from './helpers.js';

/** Seat 3 chíus seat 0's 5n at gate 1 and must return a card to gate 1; seat 1 discarded 9v (R3), seat 2 holds 9v. */
function returning(): ChanState {
  const s = position(4, {
    hands: ['', '', '9v 2v 2v 3n 3n', '5n 5n 5n 9v 4v 4v 6s 6s 7n 7n'],
    piles: ['9v'],
    flags: [{}, { discardedFaces: ['9v'] }],
    phase: { kind: 'offer', card: '5n', gate: 1, source: 'discard', from: 0 },
    fill: 'return-next',
  });
  const r = play(s, 3, { type: 'chiu' });
  assert.deepEqual(r.phase, { kind: 'return', seat: 3, gate: 1 });
  return r;
}

test('the gates of a returned card: the return seat, then the seat after it unless that is the returner', () => {
  assert.deepEqual(offerGates(3, 4, 1), [1, 2]);
  assert.deepEqual(offerGates(3, 4, 2), [2]);
  assert.deepEqual(offerGates(0, 5, 3), [3, 4]);
  assert.deepEqual(offerGates(2, 4, null), [3]);
});

test('the next seat may really eat a returned card its return seat passes on', () => {
  let s = returning();
  s = play(s, 3, { type: 'return', card: '9v' });
  // Seat 1 may not eat 9v (R3); whoever may claim passes until seat 2's gate.
  for (let k = 0; k < 6 && !(s.phase.kind === 'claim' && s.phase.offer.gate === 2); k++)
    s = play(s, engine.pending(s)[0]!.seat, { type: 'pass' });
  assert.ok(s.phase.kind === 'claim' && s.phase.offer.gate === 2 && s.phase.offer.card === '9v', JSON.stringify(s.phase));
  assert.ok(
    options(s, 2).some((o) => o.type === 'eat'),
    JSON.stringify(options(s, 2)),
  );
});

test('the hint on returning 9v does not call it safe: the seat after the return seat may eat it', () => {
  const s = returning();
  const r = engine.explain!(s, 3, { type: 'return', card: '9v' });
  const id = checkReason('chan', r);
  assert.match(id, /^return-(risk|unlikely)/, JSON.stringify(r));
  assert.ok(Number(r.vars.pct) > 0, JSON.stringify(r));
});

test('a return to the seat just before the returner names that seat alone (the returner may not take its own card back)', () => {
  const s0 = position(4, {
    hands: ['', '', '9n 2v 2v 3n 3n', '5n 5n 5n 9v 4v 4v 6s 6s 7n 7n'],
    phase: { kind: 'offer', card: '5n', gate: 2, source: 'discard', from: 1 },
    fill: 'return-one',
  });
  const s = play(s0, 3, { type: 'chiu' });
  assert.deepEqual(s.phase, { kind: 'return', seat: 3, gate: 2 });
  assert.deepEqual(offerGates(3, 4, 2), [2]);
  const r = engine.explain!(s, 3, { type: 'return', card: '9v' });
  assert.match(checkReason('chan', r), /^return-one-(safe|risk|unlikely)(-breaks)?$/, JSON.stringify(r));
});
