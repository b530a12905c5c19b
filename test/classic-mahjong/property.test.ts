/**
 * Property and self-play tests (style.md §7): self-play per table size with 0 errors and 0
 * invariant violations and real wins; rejected actions leave a frozen state unchanged; a seat's
 * view never shows another seat's concealed tiles; states survive a JSON round trip.
 */
import { test } from 'node:test';
import { walkStates } from '../support/walk.js';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { defaultOptions, resolveOptions } from '../../src/games/core/options.js';
import { deepFreeze } from '../../src/games/core/match.js';
import { selfplay } from '../../src/games/core/selfplay.js';
import { handSeed, Rng } from '../../src/games/core/rng.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { isBonusCode } from '../../src/games/mahjong/tiles.js';

const HANDS = Number(process.env.CM_SELFPLAY_HANDS ?? 100);

for (const seats of [4, 3, 2]) {
  test(`self-play ${HANDS} hands with ${seats} players: no errors, no invariant violations, real wins`, () => {
    const r = selfplay(engine, defaultOptions(engine.options), seats, `prop-${seats}`, HANDS);
    assert.deepEqual(r.problems, []);
    assert.equal(r.errors, 0);
    assert.equal(r.invariantViolations, 0);
    assert.equal(r.completed, HANDS);
    assert.ok(r.won >= HANDS * 0.5, `only ${r.won} of ${HANDS} hands were won`);
  });
}

test('self-play under other presets and options', () => {
  const variants: [Record<string, unknown>, string | undefined][] = [
    [{}, 'tournament'],
    [{ 'use-bonus-tiles': false, 'dead-wall': 'fixed-16' }, 'millington'],
    [{ 'original-call': true, 'last-discard-claims': 'all', 'robbing-kong': 'off' }, 'bradfield'],
    [{ 'roof-off': true, 'discarder-pays-all': true, 'opening-kongs': false, rounding: 'nearest-10' }, undefined],
  ];
  for (const [over, preset] of variants) {
    const o = resolveOptions(engine.options, over, preset);
    assert.ok(o.ok);
    if (!o.ok) continue;
    const r = selfplay(engine, o.value, 4, `var-${preset}`, 15);
    assert.deepEqual(r.problems, [], JSON.stringify(over));
  }
});

/** Walk a hand with the AI and collect the states. */
const statesOf = (seed: string, seats: number, max = 400): State[] => walkStates(engine, defaultOptions(engine.options), seats, seed, max);

test('a rejected action leaves a deep-frozen state unchanged', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 60 }), (seed, step) => {
      const states = statesOf(handSeed('frozen', seed), 4, step + 1);
      const s = deepFreeze(structuredClone(states[Math.min(step, states.length - 1)]!));
      const before = JSON.stringify(s);
      for (let seat = 0; seat < 4; seat++) {
        for (const a of [
          { type: 'discard', tile: '9z' },
          { type: 'mahjong' },
          { type: 'chow', tiles: ['1m', '2m', '3m'] },
          { type: 'nope' },
        ]) {
          const r = engine.apply(s, seat, a as never);
          if (r.ok) continue;
          assert.equal(JSON.stringify(s), before);
        }
      }
    }),
    { numRuns: 25 },
  );
});

/**
 * The same table with every tile hidden from `seat` dealt anew: the other concealed hands, the live and
 * the dead wall, same sizes. Bonus tiles stay where they are: a concealed hand never holds one (§4).
 */
function redealHidden(s: State, seat: number, salt: string): State {
  const t = structuredClone(s);
  const lists = [t.wall, t.dead, ...t.players.filter((_, i) => i !== seat).map((p) => p.concealed)];
  const mixed = new Rng(salt).shuffle(lists.flatMap((l) => l.filter((x) => !isBonusCode(x))));
  let k = 0;
  for (const l of lists) for (let i = 0; i < l.length; i++) if (!isBonusCode(l[i]!)) l[i] = mixed[k++]!;
  return t;
}

test('view(s, seat) never contains another seat’s concealed tiles', () => {
  let checked = 0;
  let moved = 0;
  for (const st of statesOf('views', 4).filter((x) => x.phase !== 'ended')) {
    for (let seat = 0; seat < 4; seat++) {
      const v = engine.view(st, seat);
      const json = JSON.stringify(v);
      assert.deepEqual(
        v.hand,
        [...st.players[seat]!.concealed].sort((a, b) => order(a) - order(b)),
      );
      assert.equal(v.revealed, null);
      for (let other = 0; other < 4; other++) {
        if (other === seat) continue;
        // no field carries the other seat's concealed list
        assert.ok(!json.includes(JSON.stringify(st.players[other]!.concealed)), `seat ${seat} sees seat ${other}`);
      }
      assert.ok(!('wall' in v) && !('dead' in v), 'the wall is hidden');
      // every tile the seat cannot see dealt anew: its view is the same
      const t = redealHidden(st, seat, `views-${checked++}`);
      if (JSON.stringify(t.players.map((p) => p.concealed)) !== JSON.stringify(st.players.map((p) => p.concealed))) moved++;
      assert.deepEqual(engine.view(t, seat), v, `seat ${seat}'s view depends on tiles hidden from it`);
    }
  }
  assert.ok(checked > 100 && moved > 0.9 * checked, `the redeal moved tiles in ${moved} of ${checked} checks`);
});

function order(t: string): number {
  return 'mpsz'.indexOf(t[1]!) * 10 + Number(t[0]);
}

test('state JSON round trip and determinism', () => {
  const a = statesOf('json', 4);
  const b = statesOf('json', 4);
  assert.deepEqual(a.at(-1), b.at(-1));
  for (const s of a.filter((_, i) => i % 7 === 0)) {
    const back = JSON.parse(JSON.stringify(s)) as State;
    assert.deepEqual(back, s);
    assert.deepEqual(engine.pending(back), engine.pending(s));
    assert.deepEqual(engine.checkInvariants(back), []);
  }
});
