/**
 * Away mode and hidden information: when the table answers an away player's claim decision (a pass,
 * or a claim that loses or waits for the other answers), the public table message must not say so
 * (that the seat could claim is hidden); its turns are announced (a claim taken leads to one).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { applyEntry, initialState } from '../../src/store/index.js';
import type { AnyEngine, BaseAction, Decision } from '../../src/games/core/types.js';
import { rig as tableRig } from '../support/table-rig.js';
import { windowKind } from '../../src/table/timers.js';

const rig = (game: 'classic-mahjong' | 'vn-mahjong', seed: string) =>
  tableRig(game, ['human', 'human', 'human', 'normal'], { timeoutPolicy: 'ai', seed });

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
        const ver = r.token(d.seat);
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
          // A secret opening choice (jokers at the deal) is a window like a claim (timers.ts windowKind).
          const d = (engine.pending(state) as Decision<BaseAction>[]).find((p) => p.seat === e.seat);
          const kind = d ? windowKind(d) : '';
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
