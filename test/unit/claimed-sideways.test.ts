/**
 * The table image lays the claimed discard of a called meld sideways (README: "Claimed tiles
 * (`PieceGroup.marked`) lie sideways"). The presenters used to mark a chow's first tile and a pung's
 * middle one whatever was claimed, while vn-mahjong sorts a chow by rank (the discard anywhere in
 * it) and puts a pung's discard last, after the hand's two (a joker among them then lay sideways as
 * if it were the discard), and classical mahjong sorts its chows. The engines now record the
 * discard's index (`claimed`, cosmetic: no rule reads it, so it must change no decision), and a
 * meld stored before they did keeps a sensible mark.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import { translator } from '../../src/table/i18n.js';
import type { TableCtx } from '../../src/table/present/types.js';
import type { PublicView as VnPublic } from '../../src/games/vn-mahjong/views.js';
import type { PublicView as ClassicPublic } from '../../src/games/classic-mahjong/views.js';

const ctx: TableCtx = { lang: 'en', t: translator('en'), names: ['A', 'B', 'C', 'D'], scores: ['', '', '', ''] };

type Engine = {
  setup(o: unknown, seats: number, seed: unknown, prev: null): unknown;
  pending(s: unknown): { seat: number }[];
  apply(s: unknown, seat: number, a: unknown): { ok: true; value: unknown } | { ok: false };
  ai(s: unknown, seat: number): unknown;
  result(s: unknown): unknown;
  publicView(s: unknown): unknown;
};

/** A deep copy without the melds' `claimed` index: a state stored before the engines recorded it. */
function strip<T>(x: T): T {
  if (Array.isArray(x)) return x.map(strip) as T;
  if (!x || typeof x !== 'object') return x;
  const o = x as Record<string, unknown>;
  const meld = typeof o.claimed === 'number' && Array.isArray(o.tiles);
  return Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (meld && k === 'claimed' ? [] : [[k, strip(v)]]))) as T;
}

/**
 * Plays `hands` hands by the AI. Each step is also played from the state without `claimed`: the
 * pending decisions, the AI's move and the next state (but for `claimed`) must be the same. `onMove`
 * sees each public view before and after a move.
 */
function play(engine: Engine, opts: unknown, label: string, hands: number, onMove: (before: never, after: never) => void): void {
  for (let k = 0; k < hands; k++) {
    let state = engine.setup(opts, 4, handSeed(label, k), null);
    for (let step = 0; step < 3000 && !engine.result(state); step++) {
      const old = strip(state);
      const pend = engine.pending(state);
      assert.deepEqual(strip(engine.pending(old)), strip(pend), `hand ${k} step ${step}: pending decisions`);
      const d = pend[0]!;
      const a = engine.ai(state, d.seat);
      assert.deepEqual(engine.ai(old, d.seat), a, `hand ${k} step ${step}: the AI's move`);
      const before = engine.publicView(state);
      const res = engine.apply(state, d.seat, a);
      const res0 = engine.apply(old, d.seat, a);
      assert.ok(res.ok && res0.ok);
      assert.deepEqual(strip(res0.value), strip(res.value), `hand ${k} step ${step}: the state after the move`);
      state = res.value;
      onMove(before as never, engine.publicView(state) as never);
    }
  }
}

const sideways = (g: { codes: string[]; marked?: number[] }) => g.codes[g.marked![0]!];

test('vn-mahjong: the tile drawn sideways in a called chow or pung is the discard that was claimed, never a joker', () => {
  const { engine, presenter } = GAMES['vn-mahjong'];
  const r = resolveOptions(engine.options, { 'joker-copies': 4, 'max-jokers-per-call': '2' });
  assert.ok(r.ok);
  const wrong: string[] = [];
  const seen = { chow: 0, pung: 0, jokerPung: 0, offFirst: 0 };
  play(engine as unknown as Engine, r.value, 'sideways', 6, (before: VnPublic, pub: VnPublic) => {
    const type = (pub.last?.action as { type?: string } | undefined)?.type;
    if ((type !== 'pung' && type !== 'chow') || !before.claimable) return;
    const seat = pub.players.findIndex((p) => p.person === pub.last!.person);
    const meld = pub.players[seat]!.melds.at(-1)!;
    const g = presenter.tableModel(pub, ctx).seats[seat]!.groups.at(-1)!;
    seen[type]++;
    if (type === 'pung' && g.codes.some((c) => c.startsWith('J'))) seen.jokerPung++;
    if (type === 'chow' && meld.claimed !== 0) seen.offFirst++;
    if (sideways(g) !== before.claimable.tile)
      wrong.push(`${type} ${g.codes.join(' ')} on ${before.claimable.tile}: ${sideways(g)} lies sideways`);
  });
  assert.ok(seen.chow && seen.pung && seen.jokerPung && seen.offFirst, `calls of every kind were made: ${JSON.stringify(seen)}`);
  assert.deepEqual(wrong, [], `${wrong.length} called melds show the wrong tile as the claimed one`);
});

test('classical mahjong: the tile drawn sideways in a claimed chow is the discard that was claimed', () => {
  const { engine, presenter } = GAMES['classic-mahjong'];
  const r = resolveOptions(engine.options, {});
  assert.ok(r.ok);
  const wrong: string[] = [];
  let chows = 0;
  play(engine as unknown as Engine, r.value, 'sideways', 6, (before: ClassicPublic, pub: ClassicPublic) => {
    if (pub.lastAction?.type !== 'chow' || !before.claimable) return;
    chows++;
    const g = presenter.tableModel(pub, ctx).seats[pub.lastAction.seat]!.groups.at(-1)!;
    if (sideways(g) !== before.claimable.tile)
      wrong.push(`chow ${g.codes.join(' ')} on ${before.claimable.tile}: ${sideways(g)} lies sideways`);
  });
  assert.ok(chows > 0);
  assert.deepEqual(wrong, [], `${wrong.length} chows show the wrong tile as the claimed one`);
});

test('a meld stored before the claimed tile was recorded: a vn pung (and its Hối Coong) marks its last tile, a chow its first', () => {
  const { engine, presenter } = GAMES['vn-mahjong'];
  const r = resolveOptions(engine.options, {});
  assert.ok(r.ok);
  const pub = engine.publicView(engine.setup(r.value, 4, handSeed('sideways-old', 0), null)) as VnPublic;
  const base = { as: [], called: true, concealed: false, added: false, from: pub.players[1]!.person };
  const melds = [
    { ...base, kind: 'pung', tiles: ['JA', '5m', '5m'] },
    { ...base, kind: 'kong', tiles: ['JA', '5m', '5m', '5m'], added: true },
    { ...base, kind: 'chow', tiles: ['3p', '4p', '5p'] },
    { ...base, kind: 'kong', tiles: ['7s', '7s', '7s', '7s'] },
    { ...base, kind: 'chow', tiles: ['3p', '4p', '5p'], claimed: 2 },
  ] as VnPublic['players'][number]['melds'];
  const players = pub.players.map((p, k) => (k === 0 ? { ...p, melds } : p));
  const groups = presenter.tableModel({ ...pub, players }, ctx).seats[0]!.groups;
  assert.deepEqual(
    groups.map((g) => g.marked),
    [[2], [2], [0], [1], [2]],
  );
});
