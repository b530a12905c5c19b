/**
 * The initial phase (vn-mahjong.md §4.3) goes seat by seat and waits, hidden, on a seat that holds a
 * joker (or a dealer with one bonus tile). A seat that decides nothing must not learn from its OWN
 * view whether that choice is an earlier seat's: its exposures are made when the process reaches it,
 * so until the phase ends it sees its hand as dealt, with none of its own exposures (#13 §2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/vn-mahjong/index.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { isFlowerLike, sortTiles } from '../../src/games/vn-mahjong/tiles.js';

test('during the initial phase a seat with nothing to decide sees its hand as dealt, wherever the hidden choice sits', () => {
  const opts = defaultOptions(engine.options);
  let waitingAfterIt = 0;
  let waitingBeforeIt = 0;
  for (let k = 0; k < 400 && (waitingAfterIt < 5 || waitingBeforeIt < 5); k++) {
    const s0 = engine.setup(opts, 4, `own-view-${k}`, null);
    let s = s0;
    const decided = new Set<number>();
    while (s.phase === 'initial') {
      const d = engine.pending(s)[0]!;
      assert.ok(d.secret, 'the initial choice is hidden');
      const decider = s.seatPerson.indexOf(d.seat);
      for (let seat = 0; seat < 4; seat++) {
        if (seat === decider || decided.has(seat)) continue;
        const v = engine.view(s, s.seatPerson[seat]!);
        const own = s.players[seat]!.exposed.filter((e) => e.initial).map((e) => e.tile);
        const withBonus = own.length > 0 || s.players[seat]!.hand.some(isFlowerLike);
        if (withBonus && seat < decider) waitingAfterIt++;
        if (withBonus && seat > decider) waitingBeforeIt++;
        // As dealt: the tiles it exposed (when the process passed it) are still in its hand, and its
        // hand has its dealt size (14 for the dealer).
        assert.equal(v.hand.length, seat === 0 ? 14 : 13, `seed ${k}: seat ${seat}'s hand size`);
        // (A replacement that was itself a bonus tile, exposed in turn, was never in the dealt hand.)
        assert.deepEqual(
          sortTiles(v.hand),
          sortTiles(s.init!.dealt![seat]!),
          `seed ${k}: seat ${seat} sees its hand as dealt while seat ${decider} decides`,
        );
        for (const t of own.filter((x) => s.init!.dealt![seat]!.includes(x)))
          assert.ok(v.hand.includes(t), `seed ${k}: seat ${seat} sees ${t} in its hand as dealt while seat ${decider} decides`);
        assert.deepEqual(
          v.players[seat]!.exposed.filter((e) => e.initial),
          [],
          `seed ${k}: no exposures of its own yet`,
        );
      }
      decided.add(decider);
      const r = engine.apply(s, d.seat, d.timeoutDefault!);
      assert.ok(r.ok);
      if (r.ok) s = r.value;
    }
    // Once the phase is over, every seat sees its hand as it is.
    for (let seat = 0; seat < 4; seat++)
      assert.deepEqual(sortTiles(engine.view(s, s.seatPerson[seat]!).hand), sortTiles(s.players[seat]!.hand));
  }
  assert.ok(waitingAfterIt >= 5 && waitingBeforeIt >= 5, `${waitingAfterIt} / ${waitingBeforeIt} cases`);
});
