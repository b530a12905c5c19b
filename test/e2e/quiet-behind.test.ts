/**
 * A table message that is behind (its last edit failed) was redrawn by the next step, even a hidden
 * one (a claimant's pass): the edit then landed at the moment of the pass, telling the table that a
 * claimant answered (#13 §2). A hidden step now never edits the table; the housekeeping round (on
 * its own clock, from the last public change) or the next public step brings it up to date.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openHand, pendingNow, playAsAi, tableMessage, later } from './harness.js';
import { tableWithSeed } from './seeded.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const twoClaims = (p: Decision<BaseAction>[]) => p.filter((d) => d.kind === 'claim').length >= 2;

for (const [name, wait] of [['a minute', 50_000]] as const)
  test(`a claim pass at a table whose message is behind edits no public message (${name})`, async () => {
    await withWorld(async (w) => {
      const { gameId } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => twoClaims(all));
      const engine = engineOf('classic-mahjong');
      const nextOpens = () => {
        const state = w.store.games.state(w.store.games.get(gameId)!);
        const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
        const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
        return r.ok && twoClaims(engine.pending(r.value) as Decision<BaseAction>[]);
      };
      for (let n = 0; n < 1500 && !nextOpens(); n++) {
        const d = pendingNow(w, gameId)[0]!;
        const u = w.store.games.seats(gameId)[d.seat]!.userId!;
        await playAsAi(w, u, gameId, await openHand(w, u, gameId));
      }
      assert.ok(nextOpens());
      // The move that opens the window: its table edit fails (a Discord 5xx), the table is behind.
      const d = pendingNow(w, gameId)[0]!;
      const mover = w.store.games.seats(gameId)[d.seat]!.userId!;
      const view = await openHand(w, mover, gameId);
      w.sim.faults.serverError({
        route: /^PATCH \/(channels\/\d+|webhooks\/\d+\/[^/]+)\/messages\/\d+$/,
        times: 100000,
      });
      w.sim.faults.serverError({
        route: /^POST \/(channels\/\d+\/messages|webhooks\/\d+\/[^/]+)$/,
        times: 100000,
      });
      await playAsAi(w, mover, gameId, view);
      w.sim.faults.clear();
      const claims = pendingNow(w, gameId).filter((x) => x.kind === 'claim');
      assert.equal(claims.length, 2, 'two people may claim');
      assert.notEqual(w.store.games.shownVersion(gameId), w.store.games.get(gameId)!.version, 'the table is behind');
      const table = tableMessage(w, gameId);
      const threadId = w.store.games.get(gameId)!.threadId!;
      // Fifty seconds later (the housekeeping round waits for a quiet minute), one claimant passes.
      if (wait <= 60_000) await later(w, wait);
      // Nothing redraws it by itself meanwhile (control).
      const snap = () =>
        JSON.stringify(
          w.sim
            .allMessages(threadId)
            .filter((m) => !m.ephemeralTo)
            .map((m) => [m.id, m.edits]),
        );
      const before0 = snap();
      if (wait > 60_000) await later(w, 3600_000);
      assert.equal(snap(), before0, 'the public messages stay as they are without a pass');
      const before = {
        edits: w.sim.message(table.id)!.edits,
        count: w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo).length,
        all: snap(),
      };
      const c = claims[0]!;
      const user = w.store.games.seats(gameId)[c.seat]!.userId!;
      const hand = await openHand(w, user, gameId);
      const pass = c.options.findIndex((a) => a.type === 'pass');
      const b = w.sim
        .components(hand)
        .find((x) => decodeGameId(String(x.custom_id))?.verb === 'act' && decodeGameId(String(x.custom_id))?.arg === String(pass))!;
      const h = await w.sim.click(user, hand.id, String(b.custom_id));
      await h.settled({ timeout: 30_000 });
      await w.bot.whenIdle();
      assert.equal(pendingNow(w, gameId).filter((x) => x.kind === 'claim').length, 1, 'the other claimant still decides');
      assert.equal(
        snap(),
        before.all,
        'a hidden pass edited the table message (it was behind): the edit tells the table that a claimant answered',
      );
      assert.equal(w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo).length, before.count, 'nothing posted in public');
    });
  });
