/**
 * Away mode and hidden information: when the table answers an away player's claim decision (a pass,
 * or a claim that loses or waits for the other answers), the public table message must not say so
 * (that the seat could claim is hidden); its turns are announced (a claim taken leads to one).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act, type TableCommand } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { applyEntry, initialState } from '../../src/store/index.js';
import type { AnyEngine, BaseAction, Decision, GameId } from '../../src/games/core/types.js';

function rig(game: GameId, seed: string) {
  const clock = { t: Date.UTC(2026, 11, 1, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  const row = store.games.create({
    game,
    guildId: 'g',
    channelId: 'c',
    threadId: 'th',
    hostUserId: 'u0',
    options: defaultOptions(GAMES[game].engine.options) as Record<string, unknown>,
    optionsHash: 'h',
    seed,
    seats: 4,
    timerPreset: { name: 'live' },
    timeoutPolicy: 'ai',
  });
  store.games.setSeats(row.id, [
    ...[0, 1, 2].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
    { seat: 3, userId: null, isAi: true, displayName: 'AI 1', aiLevel: 'normal' as const },
  ]);
  const run = (cmd: TableCommand) => {
    const r = act(ts, cmd, clock.t);
    if (r.outbox.length) store.games.clearOutbox(row.id, r.outbox);
    return r;
  };
  const pending = () => {
    const g = store.games.load(row.id)!;
    return engineOf(g.row.game).pending(g.state) as Decision<BaseAction>[];
  };
  return { store, clock, gameId: row.id, run, pending };
}

test("an away player's answer to a claim window is not announced in public; its turns are", () => {
  let anyClaimed = 0;
  for (const game of ['classic-mahjong', 'vn-mahjong'] as const) {
    let claimsOnly = 0;
    let claimedOnly = 0;
    let turns = 0;
    for (let sd = 0; sd < 12 && !(claimsOnly && turns && claimedOnly); sd++) {
      const r = rig(game, `away-claims-${sd}`);
      r.store.prefs.setAway('u2', r.clock.t + 86_400_000);
      r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
      for (let k = 0; k < 200; k++) {
        // the two players at the table play; seat 2 is away, seat 3 is an AI
        const d = r.pending().find((p) => p.seat === 0 || p.seat === 1);
        if (!d) break;
        const ver = r.store.games.get(r.gameId)!.version;
        const before = r.store.games.logWithMeta(r.gameId).length;
        const pass = d.options.findIndex((a) => a.type === 'pass');
        const arg = String(pass >= 0 ? pass : d.options.length - 1);
        const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${d.seat}`, ver, verb: 'act', arg });
        assert.equal(res.outcome.ok, true);
        // The kind of decision each new entry of the away seat answered, from the log replayed.
        const row = r.store.games.get(r.gameId)!;
        const engine = GAMES[game].engine as AnyEngine;
        let state = initialState(engine, row.options, 4, row.seed);
        const log = r.store.games.logWithMeta(r.gameId);
        const away: { kind: string; type: string }[] = [];
        for (const [i, e] of log.entries()) {
          const kind = (engine.pending(state) as Decision<BaseAction>[]).find((p) => p.seat === e.seat)?.kind ?? '';
          if (i >= before && e.seat === 2 && e.source === 'away') away.push({ kind, type: e.action.type });
          state = applyEntry(engine, row.options, 4, row.seed, state, e);
        }
        const notice = res.effects.some((e) => e.kind === 'table' && e.notice?.key === 'away');
        if (!away.length) continue;
        if (away.every((e) => e.kind === 'claim')) {
          claimsOnly++;
          if (away.some((e) => e.type !== 'pass')) claimedOnly++;
          assert.equal(notice, false, `${game}: an answer to a claim window for the away seat is not announced`);
        } else {
          turns++;
          assert.equal(notice, true, `${game}: a turn played for the away seat is announced`);
        }
      }
    }
    assert.ok(claimsOnly > 0, `${game}: the away seat answered a claim window in some step`);
    anyClaimed += claimedOnly;
    assert.ok(turns > 0, `${game}: the away seat's turn was played in some step`);
  }
  assert.ok(anyClaimed > 0, 'some step had the away seat claim (not pass) without taking the tile');
});
