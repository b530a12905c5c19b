/**
 * vn-mahjong §2: the exposed area's bonus tiles (Đại Hoa JF among them: a bonus tile, not wild) are
 * drawn as flowers, its jokers set aside (khung) as a group of their own, on the table and hand images
 * as on the result (before 2026-12-07 the table and hand called every exposed joker a flower).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import { handView, tableView } from '../../src/table/views.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('exposed jokers are their own group, bonus tiles (JF too) are flowers', () => {
  const engine = engineOf('vn-mahjong');
  let seen = 0;
  for (let k = 0; k < 30 && seen === 0; k++) {
    const r = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { options: { 'joker-copies': 2 }, seed: `ej-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let i = 0; i < 400 && seen === 0; i++) {
      const t = r.ts.load(r.gameId)!;
      if (engine.result(t.state)) break;
      const pub = engine.publicView(t.state) as { players: { person: number; exposed: { tile: string }[] }[] };
      const p = pub.players.find((x) => x.exposed.some((e) => e.tile.startsWith('J') && e.tile !== 'JF'));
      if (p) {
        seen++;
        const tiles = p.exposed.map((e) => e.tile);
        const wild = tiles.filter((x) => x.startsWith('J') && x !== 'JF');
        const seat = tableView(t, 'en').model!.seats.find((s) => s.name === `P${p.person}`)!;
        assert.deepEqual(
          seat.flowers,
          tiles.filter((x) => !wild.includes(x)),
        );
        assert.deepEqual(seat.groups.at(-1), { codes: wild, label: 'Jokers', marked: [] });
        const hand = handView(t, p.person, 'en').model as { flowers?: string[]; groups: { codes: string[]; label: string }[] };
        assert.deepEqual(
          hand.flowers,
          tiles.filter((x) => !wild.includes(x)),
        );
        assert.deepEqual(hand.groups.at(-1)?.codes, wild);
        break;
      }
      const d = (engine.pending(t.state) as Decision<BaseAction>[])[0]!;
      assert.ok(
        r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: engine.ai(t.state, d.seat), ver: null, userId: `u${d.seat}` }).outcome
          .ok,
      );
    }
  }
  assert.equal(seen, 1, 'a seat with an exposed joker');
});
