/**
 * The Chắn table image marks the discard nobody took as it reaches its discarder's pile, and only that:
 * not an older copy of the same face after an ăn (whose card is the eater's own) or while a second copy
 * of that face is on offer in the centre (src/table/present/chan.ts; a face is held up to 4 times).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { GAMES } from '../../src/table/manifests.js';
import { translator } from '../../src/table/i18n.js';

const o = resolveOptions(engine.options, {});
if (!o.ok) throw new Error('options');
const pos = (p: Record<string, unknown>): ChanState => {
  const r = engine.fromScenario(o.value, 4, { position: p });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const apply = (s: ChanState, seat: number, a: object): ChanState => {
  const r = engine.apply(s, seat, a as never);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const marker = (s: ChanState) => {
  const ctx = { lang: 'en' as const, t: translator('en'), names: ['A', 'B', 'C', 'D'], scores: [] };
  const m = GAMES.chan.presenter.tableModel(engine.publicView(s) as never, ctx as never) as {
    lastDiscard?: { seat: number; index: number };
  };
  return m.lastDiscard;
};

test('after an ăn, an older pile copy of the eater’s card is not marked', () => {
  const hands = ['9v 9v 9n', '2s 3v 3v 4n 4n 5s 5s 6v 6v 7n 7n 8s 8s CC CC LA LA TH TH 1v 1v 9s 9s', '', ''];
  const s = pos({ hands, piles: ['', '2s', '', ''], phase: { kind: 'offer', card: '2v', gate: 1, source: 'discard', from: 0 }, fill: 'x' });
  assert.equal(marker(apply(s, 1, { type: 'eat', with: '2s' })), undefined);
});

test('a second copy on offer is the centre card: the older copy in the pile is not marked; once passed, the new one is', () => {
  let s = pos({
    hands: ['', '7n 3v 3v 4n 4n 5s 5s 6v 6v 8s 8s CC CC LA LA TH TH 1v 1v 9s 9s 2n 2n 9v', '7n', ''],
    piles: ['', '7n', '', ''],
    phase: { kind: 'discard', seat: 1 },
    fill: 'y',
  });
  s = apply(s, 1, { type: 'discard', card: '7n' });
  assert.ok(engine.publicView(s).offer, 'the 7n is on offer');
  assert.equal(marker(s), undefined);
  // Everybody who may claim passes: the 7n goes to B's pile, and that card is marked.
  for (let k = 0; k < 4 && engine.publicView(s).offer; k++) {
    const d = engine.pending(s)[0]!;
    const pass = d.options.find((x) => x.type === 'pass');
    assert.ok(pass, JSON.stringify(d.options));
    s = apply(s, d.seat, pass);
  }
  const pile = engine.publicView(s).seats[1]!.pile;
  assert.equal(pile.length, 2);
  assert.deepEqual(marker(s), { seat: 1, index: 1 });
});
