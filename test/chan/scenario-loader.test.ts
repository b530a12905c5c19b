/**
 * A Chắn `{position}` (docs/scenarios-chan.md) the game cannot have is refused with the problem named:
 * melds that are no cạ (§2), an offer at a gate its source never reaches (§5.3), an opening move after
 * play began, and malformed per-seat lists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';
import { opts, position } from './helpers.js';

function refusal(pos: Record<string, unknown>, overrides: Record<string, unknown> = {}, seats = 4): string {
  const r = engine.fromScenario(opts(overrides), seats, { position: pos });
  assert.equal(r.ok, false, `accepted: ${JSON.stringify(pos)}`);
  return r.ok ? '' : r.error.message;
}

const drawPhase = { kind: 'draw', seat: 1 };

test('an exposed cạ is two faces of one group; Lão + Thang only with lao-thang-ca (§2)', () => {
  assert.match(refusal({ melds: [['[2v7v]']], phase: drawPhase }), /seat 0: meld \[2v7v\] is no cạ/);
  assert.match(refusal({ melds: [['[LATH]']], phase: drawPhase }, { 'lao-thang-ca': false }), /Lão and Thang only with lao-thang-ca/);
  // A list entry holds one meld, its brackets closed (core/input.ts bracketGroups).
  assert.match(refusal({ melds: [['[5n5n][5n5n]']], phase: drawPhase }), /holds 2 melds/);
  assert.match(refusal({ melds: [['[5n5n5n5n']], phase: drawPhase }), /bracket is not closed/);
  // the same melds where the rules make them cạ load
  const s = position(4, { melds: [['[LATH]', '[2v2s]']], phase: drawPhase });
  assert.deepEqual(
    s.seats[0]!.melds.map((m) => m.kind),
    ['ca', 'ca'],
  );
  assert.deepEqual(position(4, { melds: [['[1vCC]']], phase: drawPhase }).seats[0]!.melds[0]!.kind, 'ca');
});

test('an offered card lies at the gate its source puts it (§5.3)', () => {
  const offer = (source: string, gate: number, from: number) => ({ phase: { kind: 'offer', card: '4s', gate, source, from } });
  assert.match(refusal(offer('discard', 0, 0)), /phase\.gate must be 1/);
  assert.match(refusal(offer('discard', 2, 0)), /phase\.gate must be 1/);
  assert.match(refusal(offer('passed-wall', 3, 1)), /phase\.gate must be 2/);
  assert.match(refusal(offer('wall', 2, 1)), /phase\.gate must equal phase\.from/);
  assert.match(refusal(offer('return', 2, 2)), /must differ from phase\.from/);
  // at 5 seats the next gate after seat 4 is seat 0
  assert.match(refusal(offer('discard', 4, 4), {}, 5), /phase\.gate must be 0/);
  for (const [source, gate, from] of [
    ['discard', 1, 0],
    ['passed-wall', 2, 1],
    ['wall', 1, 1],
    ['return', 0, 2],
  ] as const)
    assert.doesNotThrow(() => position(4, offer(source, gate, from)), `${source} gate ${gate} from ${from}`);
});

test('the opening move comes before any meld or pile (§5.3 start)', () => {
  assert.match(refusal({ melds: [[], ['[3v3v]']], phase: { kind: 'open' } }), /phase open is the opener’s first move/);
  assert.match(refusal({ piles: [['5n']], phase: { kind: 'open' } }), /phase open is the opener’s first move/);
  assert.match(refusal({ rest: 'piles', phase: { kind: 'open' } }), /phase open is the opener’s first move/);
  assert.doesNotThrow(() => position(4, { phase: { kind: 'open' } }));
});

test('per-seat lists and rest are checked, not silently ignored', () => {
  assert.match(refusal({ melds: [[], [], [], [], ['[CCCC]']], phase: drawPhase }), /melds must be a list of at most 4 seats/);
  assert.match(refusal({ piles: 'x', phase: drawPhase }), /piles must be a list of at most 4 seats/);
  assert.match(refusal({ flags: 'x', phase: drawPhase }), /flags must be a list of at most 4 seats/);
  assert.match(refusal({ flags: [7], phase: drawPhase }), /flags must list one object per seat/);
  assert.match(refusal({ rest: 'bogus', phase: drawPhase }), /rest must be stock or piles/);
});
