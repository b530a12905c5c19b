/**
 * A table message edit that failed (a Discord error after discord.js's retries) left the table showing
 * an older state until the next move, hours later at an async table: whose turn it is, what was
 * discarded. The housekeeping round redraws a table whose message is behind (`shown_version`) once
 * the game has been quiet for a minute, as a restart does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openHand, openTable, playAsAi, tableMessage, withWorld } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('a table edit that failed is redrawn by the housekeeping round', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const table = tableMessage(w, gameId);
    const shown = () => w.store.games.shownVersion(gameId);
    assert.equal(shown(), w.store.games.get(gameId)!.version, 'the table shows the game');
    // Every attempt at editing the table message fails (channel route and interaction webhook route).
    w.sim.faults.serverError({ route: /^PATCH \/(channels|webhooks)\/\d+\/[^/]+\/messages\/\d+$/, times: 40 });
    w.sim.faults.serverError({ route: /^POST \/(channels\/\d+\/messages|webhooks\/\d+\/[^/]+)$/, times: 40 });
    const row = w.store.games.get(gameId)!;
    const d = (engineOf('phom').pending(w.store.games.state(row)) as Decision<BaseAction>[])[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    const version = w.store.games.get(gameId)!.version;
    assert.ok(version > row.version, 'the move is in');
    assert.notEqual(shown(), version, 'the edit failed: the table is behind');
    const edits = w.sim.message(table.id)!.edits;
    w.sim.faults.clear();
    await later(w, 11 * 60_000);
    assert.equal(shown(), version, 'redrawn');
    assert.ok(w.sim.message(table.id)!.edits > edits);
  });
});
