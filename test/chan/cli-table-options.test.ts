/**
 * The score CLI judges a hand as the engine would at a table with the given options: below
 * `min-points-to-win` it is no win (§8: the engine offers no Ù); an ordinary ù on a returned card needs
 * `u-on-returned-card` (§6: else only a chíu-ù); with `xuong-mode = auto` the engine announces the
 * correct list, so nothing announced is not đền làng (§9). The CLI ignored all three.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';
import { has, play, position, rejects } from './helpers.js';

// chan.md §14 E1: won on another seat's drawn 4v, value 4.
const E1 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v';
type Scored = { valid: boolean; value?: number; reason?: string; points?: { perLoser?: number; denLang?: boolean } };
const score = (i: Record<string, unknown>) => engine.cli!.score!(i) as Scored;
const drawn = (o: Record<string, unknown>) =>
  position(5, { hands: ['', '', E1], phase: { kind: 'offer', card: '4v', gate: 0, source: 'wall', from: 0 } }, o);

test('min-points-to-win above the hand: the engine refuses the ù and the CLI calls it no win', () => {
  const o = { 'min-points-to-win': 5, 'xuong-mode': 'auto' };
  assert.ok(!has(drawn(o), 2, { type: 'u' }));
  rejects(drawn(o), 2, { type: 'u' }, 'chan/u-below-minimum');
  const r = score({ players: 5, concealed: E1, card: '4v', how: 'other-draw', options: o });
  assert.equal(r.valid, false);
  assert.match(r.reason!, /worth 4.*min-points-to-win is 5/);
  // at 4 it stands
  assert.equal(
    score({ players: 5, concealed: E1, card: '4v', how: 'other-draw', options: { 'min-points-to-win': 4, 'xuong-mode': 'auto' } }).valid,
    true,
  );
});

test('a plain ù on a returned card is refused without u-on-returned-card, scored with it', () => {
  const base = { players: 5, concealed: E1, card: '4v', how: 'return-to-me', chiu: false, announced: 'chi, bach-thu' };
  const off = score(base);
  assert.equal(off.valid, false);
  assert.match(off.reason!, /u-on-returned-card/);
  assert.equal(score({ ...base, options: { 'u-on-returned-card': true } }).valid, true);
});

test('xuong-mode auto: the CLI pays what the engine pays (no announcement needed), also under the online-client preset', () => {
  const o = { 'xuong-mode': 'auto' };
  const er = engine.result(play(drawn(o), 2, { type: 'u' }))!;
  const cr = score({ players: 5, concealed: E1, card: '4v', how: 'other-draw', options: o });
  assert.equal(cr.points?.perLoser, er.deltas[0]);
  assert.equal(cr.points?.perLoser, -4);
  const cp = score({ players: 5, concealed: E1, card: '4v', how: 'other-draw', preset: 'online-client' });
  assert.equal(cp.points?.denLang, undefined);
  // manual (default): nothing announced is still đền làng
  assert.equal(score({ players: 5, concealed: E1, card: '4v', how: 'other-draw' }).points?.denLang, true);
});
