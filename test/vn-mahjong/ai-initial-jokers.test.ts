/**
 * The initial phase for `normal` and `easy` (a review of 2026-12-07): under preset B
 * (`tong-hop-start-combo` on, §9 "Optional items": Tổng + Hợp exposed in the initial phase, 9 phán,
 * 12 if same frame) they kept Tổng (JA) and Hợp (JN) every time they held both, giving up the combo;
 * now they lay down every Tổng and Hợp offered at the deal when the combo is on, and otherwise keep
 * their jokers as before (`normal` is the reference level; `strong` lays down every joker that pays).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { exposureItems } from '../../src/games/vn-mahjong/scoring/score.js';
import { isWild, jokerKinds, type Tile } from '../../src/games/vn-mahjong/tiles.js';
import type { VnAction } from '../../src/games/vn-mahjong/actions.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import type { VnOptions } from '../../src/games/vn-mahjong/options.js';
import { resolveOptions } from '../../src/games/core/options.js';

const presetB = (o: Record<string, unknown>): VnOptions => {
  const r = resolveOptions(engine.options, o, 'B');
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

/** The exposure items (§2, §9) of `seat` with these exposed tiles, as the scorer counts them. */
const paid = (seat: number, exposed: { tile: Tile; initial: boolean; frame?: number }[], o: VnOptions) =>
  exposureItems({ seat, roundWind: 0, concealed: [], melds: [], exposed, winningTile: null, winBy: 'self-draw' }, o);

test('the scorer pays for every joker exposed at the deal, and for Tổng + Hợp together under preset B', () => {
  for (const copies of [1, 2]) {
    const o = presetB({ 'joker-copies': copies });
    assert.equal(o['tong-hop-start-combo'], true);
    for (let seat = 0; seat < 4; seat++) {
      for (const j of jokerKinds(o['honour-joker']).filter(isWild)) {
        const khung = paid(seat, [{ tile: j, initial: true }], o).find((x) => x.id === 'khung');
        assert.ok(khung && khung.value >= 1, `${j} at seat ${seat}: ${JSON.stringify(khung)}`);
      }
      const combo = paid(
        seat,
        [
          { tile: 'JA', initial: true },
          { tile: 'JN', initial: true },
        ],
        o,
      );
      assert.ok(
        combo.some((x) => x.id === 'tong-hop-start-combo' && x.value === 9),
        JSON.stringify(combo),
      );
    }
  }
});

for (const level of ['normal', 'easy'] as AiLevel[])
  test(`${level}: under preset B lays down every Tổng and Hợp offered at the deal (no other joker), so both make the combo`, () => {
    let decisions = 0;
    let tongHop = 0;
    for (const copies of [1, 2]) {
      const o = presetB({ 'joker-copies': copies });
      for (let h = 0; h < 300; h++) {
        let s = engine.setup(o, 4, `initial-jokers-${level}-${copies}-${h}`, null) as State;
        const heldBoth = new Set<number>();
        for (let i = 0; i < 40 && s.phase === 'initial'; i++) {
          const d = engine.pending(s)[0]!;
          const seat = s.seatPerson.indexOf(d.seat);
          const hand = s.players[seat]!.hand;
          const a = engine.ai(s, d.seat, level) as VnAction;
          assert.equal(a.type, 'initial-expose');
          if (a.type !== 'initial-expose') break;
          const tongHop = (x: VnAction) => x.type === 'initial-expose' && x.jokers.every((j) => j === 'JA' || j === 'JN');
          const offered = Math.max(
            ...(d.options as VnAction[]).map((x) => (x.type === 'initial-expose' && tongHop(x) ? x.jokers.length : 0)),
          );
          if (offered > 0) decisions++;
          assert.ok(tongHop(a), `deal ${h} seat ${seat} ${hand.join(' ')}: ${JSON.stringify(a)}`);
          assert.equal(a.jokers.length, offered, `deal ${h} seat ${seat} ${hand.join(' ')}: ${JSON.stringify(a)}`);
          assert.equal(a.keepFlower, false);
          if (hand.includes('JA') && hand.includes('JN')) heldBoth.add(seat);
          const r = engine.apply(s, d.seat, a);
          assert.ok(r.ok, JSON.stringify(r));
          s = r.value as State;
        }
        for (const seat of heldBoth) {
          tongHop++;
          const exposed = s.players[seat]!.exposed;
          const items = paid(seat, exposed, o);
          assert.ok(
            items.some((x) => x.id.startsWith('tong-hop-start-combo')),
            `deal ${h} seat ${seat} exposed ${JSON.stringify(exposed)}: ${JSON.stringify(items)}`,
          );
        }
      }
    }
    assert.ok(decisions > 100 && tongHop > 5, `decisions ${decisions}, seats holding Tổng + Hợp ${tongHop}`);
  });

test('normal at the default rules (no start combo) keeps its jokers at the deal, as the reference level always has', () => {
  const r = resolveOptions(engine.options, {});
  assert.ok(r.ok);
  let seen = 0;
  for (let h = 0; h < 150; h++) {
    let s = engine.setup(r.value, 4, `initial-jokers-default-${h}`, null) as State;
    for (let i = 0; i < 40 && s.phase === 'initial'; i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'normal') as VnAction;
      if ((d.options as VnAction[]).some((x) => x.type === 'initial-expose' && x.jokers.length > 0)) seen++;
      assert.ok(a.type === 'initial-expose' && a.jokers.length === 0, JSON.stringify(a));
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value as State;
    }
  }
  assert.ok(seen > 20, `${seen} decisions with a joker to lay down`);
});
