/**
 * Three Chắn rules questions from the mutation audit (docs/rules-decisions.md, chan): `prefer-chan`
 * against the claim guard (§7.2, R1/R2), honor-mode Ù on discarded and returned cards (§8), and the
 * chắn ban of `passed-ca-ban = rank-ca-and-chan`, which play never reaches (§7.5 R2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import { eatBan, legalDiscards, rawEatPartners } from '../../src/games/chan/legality.js';
import { has, options, play, position, rejects } from './helpers.js';

const HONOR = { 'u-claim-check': 'honor' };

/**
 * 4P, seat 1 at its gate is offered 2v. It discarded 3v 4v 5v 6v 8v early, then ate [7s7v], so R4
 * bars every card it holds of ranks 3–6 and 8; it passed the chắn of 2n and of 2s (R1). Eating
 * [2v2v] would leave only barred cards: the claim guard forbids the chắn. Eating [2v2n] or [2v2s]
 * keeps the 2v, a legal discard.
 */
const GUARDED = {
  hands: ['', '2v 2n 2s 3n 3n 3s 3s 4n 4n 4s 4s 5n 5n 5s 5s 6n 6n 6s 6s 8n 8n'],
  melds: ['', '[7s7v]'],
  piles: ['', '3v 4v 5v 6v 8v'],
  flags: [{}, { passedChan: '2n 2s', discardedFaces: '3v 4v 5v 6v 8v' }],
  phase: { kind: 'offer', card: '2v', gate: 1, source: 'discard', from: 0 },
};
const guarded = (o: Record<string, unknown>, pos: Record<string, unknown> = {}) => position(4, { ...GUARDED, ...pos }, o);
const eats = (s: ChanState, seat: number) => options(s, seat).flatMap((a) => (a.type === 'eat' ? [a.with] : []));

for (const preferChan of [true, false]) {
  const o = { 'prefer-chan': preferChan };

  test(`prefer-chan = ${preferChan ? 'yes' : 'no'}: a chắn the claim guard forbids is not legal, so the cạ are offered (§7.2)`, () => {
    const s = guarded(o);
    // Before the fix, prefer-chan = yes hid the cạ behind the forbidden chắn: nothing was offered.
    assert.deepEqual(eats(s, 1), ['2n', '2s']);
    const after = play(s, 1, { type: 'eat', with: '2n' });
    assert.deepEqual(options(after, 1), [{ type: 'discard', card: '2v' }], 'the 2v kept is the only legal discard');
  });

  test(`prefer-chan = ${preferChan ? 'yes' : 'no'}: passing there is bỏ cạ (R2), not bỏ chắn (R1): the 2v stays discardable`, () => {
    const s = play(guarded(o, { stock: '9s' }), 1, { type: 'pass' });
    assert.deepEqual(s.seats[1]!.passedCa, ['2v']);
    assert.deepEqual(s.seats[1]!.passedChan, ['2n', '2s'], 'no chắn of 2v was legal, so 2v is no passed chắn');
    assert.deepEqual(legalDiscards(s.seats[1]!, s.opts), ['2v']);
    assert.deepEqual(s.phase, { kind: 'draw', seat: 1 });
  });
}

test('prefer-chan: a cạ refused for its own reason says so, not "take the chắn", when the chắn is forbidden (§7.2)', () => {
  // 2v 2n 2s 2s: eating with 2n would split the cạ 2n2s (R5); the chắn [2v2v] fails the guard.
  const s = position(4, { ...GUARDED, hands: ['', '2v 2n 2s 2s 3n 3n 3s 3s 4n 4n 4s 4s 5n 5n 5s 5s 6n 6n 6s 6s 8n'] }, HONOR);
  assert.deepEqual(eats(s, 1), []);
  rejects(s, 1, { type: 'eat', with: '2n' }, 'chan/eat-split-ca');
  rejects(s, 1, { type: 'eat', with: '2v' }, 'chan/eat-no-discard-after');
});

test('u-claim-check = honor: Ù may be pressed on a Yêu card from any source §6 lets the seat claim; it is ù láo (§8, §11)', () => {
  // A drawn CC (any seat), a discarded CC (not the discarder) and a returned LA (not the returner).
  for (const [card, source, from, barred] of [
    ['CC', 'wall', 2, null],
    ['CC', 'discard', 1, 1],
    ['LA', 'return', 4, 4],
  ] as const) {
    const pos = { hands: ['', '', '2v 3v'], phase: { kind: 'offer', card, gate: 2, source, from } };
    const v = position(5, pos);
    for (let seat = 0; seat < 5; seat++) assert.ok(!has(v, seat, { type: 'u' }), `validated ${source}: seat ${seat}`);
    const s = position(5, pos, HONOR);
    for (let seat = 0; seat < 5; seat++) assert.equal(has(s, seat, { type: 'u' }), seat !== barred, `honor ${source}: seat ${seat}`);
    const r = engine.result(play(s, 2, { type: 'u' }))!;
    assert.equal(r.endedBy, 'u-lao', source);
    assert.deepEqual(r.deltas, [12, 12, -48, 12, 12], source);
  }
});

test('passed-ca-ban = rank-ca-and-chan: its chắn ban never decides in play; the claim guard already forbids that chắn (§7.5 R2)', () => {
  // The only way to hold an X that is in passedCa is the pass above (the concealed hand never gains a
  // card), and the guard that forbade [XX] then keeps forbidding it: bans only grow, the hand only
  // shrinks. The seat draws the next 2v: no ăn in any mode, although only rank-ca-and-chan bans the chắn.
  for (const mode of ['face-ca', 'rank-ca', 'rank-ca-and-chan']) {
    let s = play(guarded({ 'passed-ca-ban': mode }, { stock: '2v 9s' }), 1, { type: 'pass' });
    assert.deepEqual(s.seats[1]!.passedCa, ['2v']);
    assert.ok(s.seats[1]!.hand.includes('2v'));
    const st = s.seats[1]!;
    assert.ok(rawEatPartners(st.hand, '2v', s.opts).chan);
    assert.equal(eatBan(st, '2v', s.opts).chan, mode === 'rank-ca-and-chan', mode);
    s = play(s, 1, { type: 'draw' });
    assert.deepEqual(eats(s, 1), [], mode);
  }
});
