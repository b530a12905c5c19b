/**
 * chan.md §5.2: OPEN on timeout = default discard ("if U was legal it is forfeited"); CLAIM_U on
 * timeout = PASS (bỏ ù). With on-timeout `ai`, act.ts playTimeout refused an AI choice that "wins"
 * only when the engine's result named the seat winner at once; a Chắn Ù with manual xướng (the
 * default) waits in phase XUONG with no result yet, and a Ù in a claim window waits for the seats
 * ahead of it: the timed-out Ù went through, and the seat won by running out of time. Now a
 * game's win actions (`GameManifest.winActions`) are refused whenever the default is no win.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf, GAMES, type GameManifest } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { AnyEngine } from '../../src/games/core/types.js';

const WIN20 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v 4v';

let POS: Record<string, unknown> = {};
function rigged(real: AnyEngine): AnyEngine {
  return {
    ...real,
    setup: (opts: unknown, seats: number) => {
      const r = real.fromScenario(opts, seats, { position: POS });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      return r.value;
    },
  };
}

function myRig(over: Record<string, unknown>) {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const eng = rigged(GAMES.chan.engine as AnyEngine);
  const store = openStore(':memory:', ((id: string) => (id === 'chan' ? eng : engineOf(id as never))) as typeof engineOf, () => clock.t);
  const ts = tableStore(store, { ...GAMES, chan: { ...GAMES.chan, engine: eng } as GameManifest } as typeof GAMES);
  const options = { ...(defaultOptions(eng.options) as Record<string, unknown>), ...over };
  const row = store.games.create({
    game: 'chan',
    guildId: 'g',
    channelId: 'c',
    threadId: 'th',
    hostUserId: 'u0',
    options,
    optionsHash: 'h',
    seed: 'x',
    seats: 5,
    timerPreset: { name: 'live' },
    timeoutPolicy: 'ai',
  } as never);
  store.games.setSeats(
    row.id,
    [0, 1, 2, 3, 4].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
  );
  return {
    store,
    ts,
    clock,
    gameId: row.id,
    run: (cmd: Parameters<typeof act>[1]) => {
      const res = act(ts, cmd, clock.t);
      if (res.outbox.length) store.games.clearOutbox(row.id, res.outbox);
      return res;
    },
    pending: () => eng.pending(store.games.load(row.id)!.state),
  };
}

for (const mode of ['manual', 'auto'] as const) {
  test(`OPEN with a legal Thiên ù runs out (on-timeout ai, xuong-mode ${mode}): the seat does not ù (§5.2: default discard, ù forfeited)`, () => {
    POS = { opener: 0, hands: [WIN20], phase: { kind: 'open' } };
    const r = myRig({ 'decision-timeout-s': 30, 'xuong-mode': mode });
    assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
    const d = r.pending()[0]!;
    assert.equal(d.seat, 0);
    assert.ok(
      d.options.some((o) => o.type === 'u'),
      'Thiên ù is offered',
    );
    assert.equal(d.timeoutDefault.type, 'discard');
    const x = r.store.timers.forGame(r.gameId).find((y) => y.seat === 0)!;
    r.clock.t = x.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: 0, timerKind: x.kind, deadline: x.deadline });
    const played = r.store.games
      .logWithMeta(r.gameId)
      .filter((e) => e.seat === 0 && e.source === 'timeout')
      .at(-1);
    assert.ok(played, 'a timeout move is logged');
    assert.notEqual((played!.action as { type: string }).type, 'u', `the timed-out OPEN played ${JSON.stringify(played!.action)}`);
    const t = r.ts.load(r.gameId)!;
    const st = t.state as { phase: { kind: string } };
    assert.notEqual(st.phase.kind, 'xuong');
  });
}

const E1 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v';
const OTHER = '2n 2n 3v 3v 5n 5n 6s 6s 7n 7n 9v 9v 8s 8s 2s 2s 3s 3s 4v';

function timeOut(r: ReturnType<typeof myRig>, seat: number) {
  const x = r.store.timers.forGame(r.gameId).find((y) => y.seat === seat)!;
  assert.ok(x, `seat ${seat} has a deadline`);
  r.clock.t = x.deadline + 1;
  r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: x.kind, deadline: x.deadline });
}
const timeoutMoves = (r: ReturnType<typeof myRig>) =>
  r.store.games
    .logWithMeta(r.gameId)
    .filter((e) => e.source === 'timeout')
    .map((e) => [e.seat, (e.action as { type: string }).type]);

test('CLAIM_U runs out (on-timeout ai, manual xướng): the seat passes (§5.2 CLAIM_U timeout = PASS = bỏ ù)', () => {
  POS = { opener: 0, hands: [null, null, E1], phase: { kind: 'offer', card: '4v', gate: 0, from: 0, source: 'wall' } };
  const r = myRig({ 'decision-timeout-s': 30 });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const d = r.pending().find((p) => p.seat === 2)!;
  assert.ok(d.options.some((o) => o.type === 'u'));
  assert.deepEqual(d.timeoutDefault, { type: 'pass' });
  timeOut(r, 2);
  assert.deepEqual(
    timeoutMoves(r).filter(([seat]) => seat === 2),
    [[2, 'pass']],
  );
});

test('two Ù claims run out, lower priority first (on-timeout ai, scoring off): no seat wins by timeout', () => {
  POS = { opener: 0, hands: [null, OTHER, E1], phase: { kind: 'offer', card: '4v', gate: 0, from: 0, source: 'wall' } };
  const r = myRig({ 'decision-timeout-s': 30, scoring: 'off' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  assert.ok(
    r
      .pending()
      .find((p) => p.seat === 1)!
      .options.some((o) => o.type === 'u'),
  );
  assert.ok(
    r
      .pending()
      .find((p) => p.seat === 2)!
      .options.some((o) => o.type === 'u'),
  );
  timeOut(r, 2);
  if (r.store.timers.forGame(r.gameId).some((y) => y.seat === 1)) timeOut(r, 1);
  const t = r.ts.load(r.gameId)!;
  const res = t.engine.result(t.state) as { winners: number[] } | null;
  assert.deepEqual(res?.winners ?? [], [], `timeouts played ${JSON.stringify(timeoutMoves(r))}`);
});
