/**
 * A match's seed deals every hand (core/rng.ts `handSeed`), so it must be secret. It was the /play
 * interaction's id, and the lobby message is that interaction's response: Discord sends every client
 * reading it `interaction_metadata.id` (and the legacy `interaction.id`). With the open engine, anyone
 * in the channel dealt every hand of the match: the others' hands, the stock's order. Now random.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, slash, withWorld } from './harness.js';
import { messageJson } from '../discord-sim/serialize.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { canonical } from '../../src/games/core/match.js';

test("a player reads the seed off the lobby message and sees another seat's hidden hand", async () => {
  await withWorld(async (w) => {
    const [host, other] = [w.users[0]!, w.users[1]!];
    const h = await slash(w, host.id, 'play', { game: 'phom' });
    const lobbyId = h.response!.id;
    await click(w, other.id, lobbyId, String(buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'Join').custom_id));
    const start = String(buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'Start').custom_id);
    const gameId = decodeGameId(start)!.gameId;
    await click(w, host.id, lobbyId, start);
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'running');
    // What any client in the channel receives for the lobby message.
    const seen = messageJson(w.sim, w.sim.message(lobbyId)!) as { interaction_metadata?: { id?: string } };
    const guess = seen.interaction_metadata?.id;
    assert.ok(guess, 'the lobby message carries its interaction id');
    const engine = engineOf('phom');
    const dealt = initialState(engine, row.options, row.seats, guess);
    const real = w.store.games.state(row);
    // The host (seat 0) computes seat 1's private view without being seat 1.
    assert.notEqual(
      canonical(engine.view(dealt, 1)),
      canonical(engine.view(real, 1)),
      "seat 1's hidden hand is derivable from the public lobby message",
    );
    assert.doesNotMatch(row.seed, /^\d+$/, 'not a snowflake');
    assert.ok(row.seed.length >= 22, '128 random bits');
    const again = await slash(w, other.id, 'play', { game: 'phom' });
    const second = w.store.games.get(
      decodeGameId(String(buttonByLabel(w.sim, w.sim.message(again.response!.id)!, 'Join').custom_id))!.gameId,
    )!;
    assert.notEqual(second.seed, row.seed, 'each table its own');
  });
});
