/** Hint reasons for classical mahjong (issue #16): a one-line reason for the strong AI's choice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { standardShanten } from '../../src/games/mahjong/decompose.js';
import { counts } from '../../src/games/classic-mahjong/hand.js';
import type { TileCode } from '../../src/games/mahjong/tiles.js';
import { KINDS, unseenBy } from '../support/mahjong-hands.js';

const opts = defaultOptions(engine.options);

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW, and its numbers are right', () => {
  const seen = new Set<string>();
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, handSeed('classic-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      const id = checkReason('classic-mahjong', r);
      seen.add(id);
      if (a.type === 'discard' && id === 'discard') {
        // The steps it states are the hand's own after that discard (the seat's view only).
        const v = engine.view(s, d.seat);
        const rest = [...v.hand];
        rest.splice(rest.indexOf(a.tile), 1);
        assert.equal(r.vars.steps, Math.max(0, standardShanten(counts(rest), 4 - v.melds.length)));
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  for (const id of ['discard', 'discard-ready', 'call', 'pass-call', 'win']) assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});

test("a call's reason states only what is true: closer, or as far but for a double, more live tiles or the plan", () => {
  // Recomputed here from the seat's view: steps before the call, after it and the best discard,
  // and the live tiles (not seen by the seat) that improve the hand before and after.
  const steps = (tiles: readonly string[], sets: number) => Math.max(0, standardShanten(counts(tiles as TileCode[]), Math.max(0, sets)));
  const minus = (tiles: readonly string[], used: readonly string[]) => {
    const out = [...tiles];
    for (const t of used) out.splice(out.indexOf(t), 1);
    return out;
  };
  const seen = new Map<string, number>();
  let kept = 0;
  for (let h = 0; h < 12; h++) {
    let s: State = engine.setup(opts, 4, handSeed('classic-call-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const ds = engine.pending(s);
      for (const d of ds) {
        const a = engine.ai(s, d.seat, 'strong');
        if (a.type !== 'pung' && a.type !== 'chow') continue;
        const r = engine.explain!(s, d.seat, a);
        const id = checkReason('classic-mahjong', r);
        seen.set(id, (seen.get(id) ?? 0) + 1);
        const v = engine.view(s, d.seat);
        const sets = 4 - v.melds.length;
        const unseen = unseenBy(v);
        // a live tile improves the hand when it lowers its distance (to a win, for a ready hand)
        const raw = (tiles: readonly string[], n: number) => standardShanten(counts(tiles as TileCode[]), n);
        const live = (tiles: readonly string[], n: number) =>
          KINDS.reduce((sum, t) => sum + (raw([...tiles, t], n) < raw(tiles, n) ? unseen.get(t)! : 0), 0);
        const tile = v.claimable!.tile;
        const rest = minus(v.hand, a.type === 'pung' ? [tile, tile] : minus(a.tiles, [tile]));
        const now = steps(v.hand, sets);
        const after = Math.min(...rest.map((t) => steps(minus(rest, [t]), sets - 1)));
        const liveAfter = Math.max(
          ...rest.filter((t) => steps(minus(rest, [t]), sets - 1) === after).map((t) => live(minus(rest, [t]), sets - 1)),
        );
        const where = `hand ${v.hand.join(' ')}, ${a.type} ${tile}: ${now} → ${after} steps, ${id}`;
        assert.equal(r.vars.card, tile, where);
        assert.equal(r.vars.steps, after, where);
        if (after >= now) kept++;
        switch (id) {
          case 'call':
          case 'call-to-ready':
            assert.ok(after < now, `not closer: ${where}`);
            assert.equal(id === 'call-to-ready', after === 0, `ready after it exactly when 0 steps: ${where}`);
            break;
          case 'call-scores':
          case 'call-scores-ready':
            assert.equal(id === 'call-scores-ready', after === 0, where);
            assert.ok(a.type === 'pung' && after === now, where);
            assert.ok(['5z', '6z', '7z', v.wind, v.roundWind].includes(tile), `${tile} scores no double: ${where}`);
            break;
          case 'call-waits':
          case 'call-waits-ready':
            assert.equal(id === 'call-waits-ready', after === 0, where);
            assert.equal(after, now, where);
            assert.equal(r.vars.before, live(v.hand, sets), where);
            assert.equal(r.vars.live, liveAfter, where);
            assert.ok(liveAfter > live(v.hand, sets), where);
            break;
          case 'call-suit': {
            const suits = new Set([...v.melds.flatMap((m) => m.tiles), tile].map((t) => t[1]).filter((x) => x !== 'z'));
            assert.ok(suits.size <= 1, where);
            break;
          }
          case 'call-pungs':
            assert.ok(a.type === 'pung' && v.melds.every((m) => m.type !== 'chow'), where);
            break;
          case 'call-steps':
            assert.equal(r.vars.before, now, where);
            assert.ok(after > 0, where);
            break;
          case 'call-stays-ready':
            assert.ok(after === 0 && now === 0, where);
            break;
          default:
            assert.fail(`not a call reason: ${where}`);
        }
      }
      const d = ds[0]!;
      const next = engine.apply(s, d.seat, engine.ai(s, d.seat, 'strong'));
      assert.ok(next.ok);
      s = next.value;
    }
  }
  // The strong AI makes calls that keep the distance (a double, more live tiles): they were checked.
  assert.ok(kept >= 3, `${kept} calls that keep the distance: ${JSON.stringify([...seen])}`);
});

/** Seat 1 (the hand given, ready) may claim `tile`, discarded by seat 0; the other hands are fixed. */
function claimBy1(hand: string[], tile: string) {
  const s = engine.fromScenario(defaultOptions(engine.options), 4, {
    position: {
      players: [
        { concealed: ['1m', '1m', '2m', '9p', '9p', '9p', '2p', '3p', '4p', '8p', '8p', '3z', '3z'], discards: [tile] },
        { concealed: hand },
        { concealed: ['2s', '2s', '3s', '5s', '6s', '7s', '7p', '8p', '9p', '1z', '1z', '1z', '2z'] },
        { concealed: ['9s', '9s', '9s', '5s', '6s', '7s', '7p', '7p', '8p', '4z', '4z', '4z', '2z'] },
      ],
      phase: 'claim',
      claim: { tile, from: 0 },
      turn: 0,
      wallCount: 50,
    },
  });
  assert.ok(s.ok, s.ok ? '' : s.error.message);
  return s.value;
}

test('a call that keeps a ready hand ready with more winning tiles says so, not "0 steps from ready"', () => {
  const s = claimBy1(['4m', '4m', '4m', '6m', '6m', '6m', '3p', '3p', '3s', '4s', '5s', '6s', '6s'], '7s');
  const r = engine.explain!(s, 1, { type: 'chow', tiles: ['5s', '6s', '7s'] });
  assert.equal(checkReason('classic-mahjong', r), 'call-waits-ready');
  assert.ok(Number(r.vars.live) > Number(r.vars.before), JSON.stringify(r));
});

test('a scoring pung that keeps a ready hand ready says it stays ready', () => {
  const s = claimBy1(['1m', '2m', '3m', '4m', '5m', '6m', '7s', '8s', '9s', '5z', '5z', '3p', '4p'], '5z');
  assert.equal(checkReason('classic-mahjong', engine.explain!(s, 1, { type: 'pung' })), 'call-scores-ready');
});
