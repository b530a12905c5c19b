/**
 * Classical mahjong hints on a discard that keeps the hand ready (issue #16): the live tiles that
 * win are stated only when there are some; a dead wait (every winning tile in sight) says so, and
 * when another discard would keep a live wait, that strong judged it the more dangerous tile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { discardDanger } from '../../src/games/classic-mahjong/ai-strong.js';
import { pending } from '../../src/games/classic-mahjong/rules.js';
import { publicView, view } from '../../src/games/classic-mahjong/views.js';
import { standardShanten } from '../../src/games/mahjong/decompose.js';
import { counts } from '../../src/games/classic-mahjong/hand.js';
import type { TileCode } from '../../src/games/mahjong/tiles.js';
import { KINDS, unseenBy } from '../support/mahjong-hands.js';

const opts = defaultOptions(engine.options);
/** A ready discard's reason against the seat's view: steps, and the live tiles (unseen by the seat) that win. */
function checkReady(s: State, seat: number, tile: string): string {
  const r = engine.explain!(s, seat, { type: 'discard', tile } as never);
  const id = checkReason('classic-mahjong', r);
  const v = engine.view(s, seat);
  const sets = 4 - v.melds.length;
  const unseen = unseenBy(v);
  const sh = (tiles: readonly string[]) => standardShanten(counts(tiles as TileCode[]), sets);
  const minus = (t: string) => {
    const rest = [...v.hand];
    rest.splice(rest.indexOf(t), 1);
    return rest;
  };
  const liveWins = (rest: readonly string[]) => KINDS.reduce((n, k) => n + (sh([...rest, k]) < 0 ? Math.max(0, unseen.get(k)!) : 0), 0);
  const rest = minus(tile);
  const live = liveWins(rest);
  const where = `hand ${v.hand.join(' ')} (${v.melds.length} sets), discard ${tile} → ${id} ${JSON.stringify(r.vars)}: ${live} live winning tiles`;
  if (!id.startsWith('discard-ready')) return id;
  assert.equal(sh(rest), 0, `not ready: ${where}`);
  assert.equal(r.vars.card, tile, where);
  if (id === 'discard-ready') assert.ok(live > 0 && r.vars.live === live, where);
  else {
    assert.equal(live, 0, `a live wait: ${where}`);
    // the other discards that keep the hand ready with a live wait
    const alts = [...new Set(v.hand)].filter((t) => t !== tile && sh(minus(t)) === 0 && liveWins(minus(t)) > 0);
    const k = { seat, view: view(s, seat), table: publicView(s), decision: pending(s).find((d) => d.seat === seat)! };
    if (id === 'discard-ready-dead-safe') {
      assert.ok(alts.length > 0, `no discard keeps a live wait: ${where}`);
      // strong's danger is nonzero only against a seat that looks ready (exposed sets or a late wall)
      assert.ok(v.seats.some((st) => st.seat !== seat && st.melds.length >= 2) || v.wallCount < 20, where);
      for (const t of alts) assert.ok(discardDanger(k, t as TileCode) > discardDanger(k, tile as TileCode), `${t}: ${where}`);
    } else assert.equal(id, 'discard-ready-dead', where);
  }
  return id;
}

test('over strong self-play, a ready discard states its live winning tiles only when there are some, else that the wait is dead', () => {
  // Dead waits are rare (about one hand in 30): these 30 deals hold four such discards.
  const seen = new Map<string, number>();
  for (let h = 0; h < 30; h++) {
    let s: State = engine.setup(opts, 4, handSeed('hint-ready', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      if (a.type === 'discard') {
        const id = checkReady(s, d.seat, a.tile);
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  assert.ok((seen.get('discard-ready') ?? 0) > 0 && (seen.get('discard-ready-dead') ?? 0) > 0, JSON.stringify([...seen]));
});

function position(pos: Record<string, unknown>): State {
  const s = engine.fromScenario(opts, 4, { position: pos });
  assert.ok(s.ok, s.ok ? '' : s.error.message);
  return s.value;
}

test("a ready discard on a dead wait says so, not '0 live tiles that win'", () => {
  // East draws 5m to 1m2m3m 4p5p6p 7s8s9s 1z1z 2z2z: throwing it keeps the 1z/2z wait, but the
  // other copies of both lie in the discards.
  const s = position({
    players: [
      { concealed: ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '2z', '2z', '5m'] },
      { concealed: ['2m', '5m', '8m', '3p', '6p', '9p', '1s', '4s', '7s', '3z', '4z', '6z', '7z'], discards: ['1z', '2z'] },
      { concealed: ['3m', '6m', '9m', '1p', '4p', '7p', '2s', '5s', '8s', '3z', '4z', '5z', '6z'], discards: ['1z'] },
      { concealed: ['1m', '4m', '7m', '2p', '5p', '8p', '3s', '6s', '9s', '3z', '4z', '5z', '7z'], discards: ['2z'] },
    ],
    drawn: '5m',
    wallCount: 60,
  });
  assert.deepEqual(engine.ai(s, 0, 'strong'), { type: 'discard', tile: '5m' });
  assert.equal(checkReady(s, 0, '5m'), 'discard-ready-dead');
});

test('a dead wait kept over a live one against a seat with three exposed sets says the live-wait discard is the more dangerous tile', () => {
  // East: 3z pung, 2m3m4m, 6m7m8m and 3p3p 4p6p + 8p drawn. Throwing 8p waits on 5p (all four in
  // sight); throwing 4p waits on 7p (one live), but South shows three sets and threw 8p itself.
  const s = position({
    players: [
      {
        concealed: ['3p', '3p', '4p', '6p', '8p'],
        melds: [{ tiles: ['3z', '3z', '3z'] }, { tiles: ['2m', '3m', '4m'] }, { tiles: ['6m', '7m', '8m'] }],
      },
      {
        concealed: ['4s', '5s', '1z', '1z'],
        melds: [{ tiles: ['7p', '7p', '7p'] }, { tiles: ['1s', '2s', '3s'] }, { tiles: ['9s', '9s', '9s'] }],
        discards: ['8p', '5p', '5p'],
      },
      { concealed: ['1m', '1m', '9m', '9m', '2s', '2s', '6s', '6s', '7s', '8s', '4z', '4z', '6z'], discards: ['5p', '5p'] },
      { concealed: ['4m', '5m', '1p', '1p', '2p', '9p', '9p', '3s', '4s', '7z', '7z', '5z', '5z'] },
    ],
    drawn: '8p',
    wallCount: 30,
  });
  assert.deepEqual(engine.ai(s, 0, 'strong'), { type: 'discard', tile: '8p' });
  assert.equal(checkReady(s, 0, '8p'), 'discard-ready-dead-safe');
});
