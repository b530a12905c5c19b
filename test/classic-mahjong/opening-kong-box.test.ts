/**
 * §4.5 opening kongs with a fixed kong box (§13 `dead-wall` = fixed-16 / fixed-14; rules-decisions.md:
 * "when it is empty no kong is offered and a seat needing a loose tile ends the hand as drawn"): the
 * opening-kong decision was offered with the box empty (turnOptions and claimOptions checked it), and
 * taking it ended the hand at the deal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';

const T = (s: string): string[] => s.match(/\d[mpszf]/g) ?? [];
const seat = (c: string) => ({ concealed: T(c) });

function position(players: object[], extra: Record<string, unknown>, over: Record<string, unknown>): State {
  const o = resolveOptions(engine.options, over);
  if (!o.ok) throw new Error(JSON.stringify(o.errors));
  const r = engine.fromScenario(o.value, 4, { position: { players, ...extra } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

test('an empty kong box offers no opening kong (fixed-16), as it offers no kong on a turn', () => {
  const players = [
    seat('8m8m8m8m 2p3p4p 5s6s7s 1z1z 9p 9p'),
    seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'),
    seat('5m5m 1p1p 2s2s 6s6s 7p7p 3z3z 4m'),
    seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m'),
  ];
  const s = position(players, { phase: 'setup', deadWall: [] }, { 'dead-wall': 'fixed-16' });
  assert.deepEqual(engine.checkInvariants(s), []);
  assert.equal(s.dead.length, 0);
  const offered = s.phase === 'opening-kong' && engine.pending(s)[0]!.options.some((a) => a.type === 'opening-kong');
  assert.equal(offered, false, 'opening kong offered with an empty kong box');
});
