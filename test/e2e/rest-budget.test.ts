/**
 * Issue #17 §2 through the real bot and the simulator: at most one globally limited request per
 * move once the players' seat views are live (their own view, the pushed views, pings and their
 * deletion go through interaction endpoints; only the table edit counts), and table edits are
 * coalesced per table (one in flight; a newer state replaces a queued older one).
 */
import { longTable } from './seeded.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  withWorld,
  openTable,
  openHand,
  playAsAi,
  playHandToEnd,
  click,
  buttonByLabel,
  tableMessage,
  type World,
  pendingNow,
} from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { tableView } from '../../src/table/views.js';
import type { SimMessage } from '../discord-sim/model.js';
import { viewToken } from '../support/view-token.js';

const EXEMPT = /^(POST \/interactions\/|[A-Z]+ \/webhooks\/)/;
function requests(w: World): { global: number; exempt: number; tableEdits: number; hookTableEdits: number } {
  const rest = w.sim.restLog().filter((e) => /^[A-Z]+ \//.test(e.summary));
  const global = rest.filter((e) => !EXEMPT.test(e.summary));
  return {
    global: global.length,
    exempt: rest.length - global.length,
    tableEdits: global.filter((e) => /^PATCH \/channels\/\d+\/messages\/\d+/.test(e.summary)).length,
    // table edits through the interaction webhook the table message was posted with (a seat view's
    // edits are `@original`)
    hookTableEdits: rest.filter((e) => /^PATCH \/webhooks\/\d+\/[^/]+\/messages\/\d+/.test(e.summary)).length,
  };
}
const over = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return !!engineOf(row.game).result(w.store.games.state(row));
};

test('once the seat views are live a move costs at most one globally limited request', async () => {
  await withWorld(async (w) => {
    // A deal long enough to measure (a random one can end within 20 moves).
    const { gameId } = await longTable(w, 'vn-mahjong', 80);
    const views = new Map<string, SimMessage>();
    let from: ReturnType<typeof requests> | null = null;
    let moves = 0;
    for (let n = 0; n < 300 && !over(w, gameId); n++) {
      const d = pendingNow(w, gameId)[0]!;
      const user = w.store.games.seats(gameId)[d.seat]!.userId!;
      if (!views.has(user)) views.set(user, await openHand(w, user, gameId));
      if (!from && views.size === 4) from = requests(w);
      await playAsAi(w, user, gameId, w.sim.message(views.get(user)!.id)!);
      if (from) moves++;
    }
    assert.ok(from && moves >= 20, `enough moves measured (${moves})`);
    const to = requests(w);
    const perMove = (to.global - from.global) / moves;
    if (perMove > 1)
      console.error(
        w.sim
          .restLog()
          .filter((e) => /^[A-Z]+ \//.test(e.summary) && !EXEMPT.test(e.summary))
          .slice(-40)
          .map((e) => e.summary),
      );
    assert.ok(perMove <= 1, `globally limited requests per move: ${perMove.toFixed(2)} (> 1)`);
    assert.ok(to.exempt - from.exempt >= moves, 'the rest went through interaction endpoints');
  });
});

test('table edits are coalesced: one in flight per table, the newest state replaces a queued one', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const userOf = (seat: number) => w.store.games.seats(gameId)[seat]!.userId!;
    // Both players get a live view (each opens once, on their turn).
    const views = new Map<string, SimMessage>();
    while (views.size < 2) {
      const u = userOf(pendingNow(w, gameId)[0]!.seat);
      if (!views.has(u)) views.set(u, await openHand(w, u, gameId));
      await playAsAi(w, u, gameId, w.sim.message(views.get(u)!.id)!);
    }
    const r0 = requests(w);
    const before = r0.tableEdits + r0.hookTableEdits;
    // The first table edit is slow: the next moves' states queue behind it. (The table message has
    // moved under a player's interaction by now: its edits go through that webhook.)
    w.sim.faults.slow({ route: /PATCH \/(channels\/\d+|webhooks\/\d+\/[^/]+)\/messages\/\d+/, delayMs: 800 });
    let moves = 0;
    for (; moves < 4 && !over(w, gameId); moves++) {
      const row = w.store.games.get(gameId)!;
      const ver = row.version;
      const seat = pendingNow(w, gameId)[0]!.seat;
      const u = userOf(seat);
      const view = w.sim.message(views.get(u)!.id)!;
      // The view's components carry its token (seat-token.ts): the token of the seat's view now.
      const token = viewToken(row, w.store.games.state(row), seat);
      const act = w.sim
        .components(view)
        .find((c) => decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.ver === token);
      assert.ok(act, 'the live view is current');
      const h = await w.sim.click(u, view.id, String(act.custom_id));
      await h.settled({ timeout: 30_000 });
      // The next player's view is pushed before the table edit: they can play at once.
      await w.sim.waitFor(
        () => {
          const now = w.store.games.get(gameId)!;
          const v = now.version;
          const next = pendingNow(w, gameId)[0];
          if (v === ver || !next) return v > ver;
          const m = w.sim.message(views.get(userOf(next.seat))!.id)!;
          const t = viewToken(now, w.store.games.state(now), next.seat);
          return w.sim.components(m).some((c) => decodeGameId(String(c.custom_id))?.ver === t);
        },
        { timeout: 30_000 },
      );
    }
    await w.bot.whenIdle();
    assert.ok(moves >= 3, 'three moves at one table while its first edit was in flight');
    const r1 = requests(w);
    const edits = r1.tableEdits + r1.hookTableEdits - before;
    assert.ok(edits < moves, `${edits} table edits for ${moves} moves`);
    // The table shows the newest state.
    const t = w.bot.ctx.table.load(gameId)!;
    assert.equal(w.sim.text(tableMessage(w, gameId)), tableView(t, 'en').lines.join('\n'));
  });
});

test("a new hand's table is a follow-up of the Next hand click, and its edits go through that interaction", async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playHandToEnd(w, gameId);
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await click(w, w.users[1]!.id, result.id, String(buttonByLabel(w.sim, result, 'Next hand').custom_id));
    const table = tableMessage(w, gameId);
    assert.match(w.sim.text(table), /Hand 2/);
    assert.ok(table.webhookId, 'posted through the interaction webhook (a follow-up)');
    const before = requests(w);
    const edits0 = table.edits;
    const d = pendingNow(w, gameId)[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    assert.ok(w.sim.message(table.id)!.edits > edits0, 'the table was edited');
    assert.equal(requests(w).tableEdits - before.tableEdits, 0, 'no table edit on the globally limited channel route');
  });
});

test("the bot's own global limiter keeps headroom under Discord's 50 requests per second", async () => {
  await withWorld(async (w) => {
    assert.equal(w.bot.client.rest.options.globalRequestsPerSecond, 45);
    const before = w.bot.client.rest.globalRemaining;
    await openTable(w, 'phom', 2, 0);
    // The client's window allows 45 per second; the table's requests spent some of it.
    assert.ok(w.bot.client.rest.globalRemaining < 45 && before <= 45, `${before} → ${w.bot.client.rest.globalRemaining}`);
  });
});

test("hand 1's table moves under the first move's interaction, and its edits go through it; a Pause vote moves nothing", async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const start = tableMessage(w, gameId);
    assert.ok(!start.webhookId, 'Start was clicked in the lobby channel: the table is posted through the thread');
    // A Pause vote on the table is a click on the message everyone is looking at: it stays.
    const [an] = w.users;
    await click(w, an!.id, start.id, String(buttonByLabel(w.sim, start, 'Pause').custom_id));
    assert.equal(tableMessage(w, gameId).id, start.id, 'a click on the table does not move it');
    // The first move from a seat view: the table is posted anew as its follow-up, the old one deleted.
    const views = new Map<string, SimMessage>();
    const move = async () => {
      const d = pendingNow(w, gameId)[0]!;
      const user = w.store.games.seats(gameId)[d.seat]!.userId!;
      if (!views.has(user)) views.set(user, await openHand(w, user, gameId));
      await playAsAi(w, user, gameId, w.sim.message(views.get(user)!.id)!);
      await w.bot.whenIdle();
    };
    await move();
    const moved = tableMessage(w, gameId);
    assert.notEqual(moved.id, start.id, 'a new table message');
    assert.ok(moved.webhookId, 'a follow-up of the move');
    assert.ok(w.sim.message(start.id)!.deleted, 'the old one is deleted');
    assert.ok(
      w.sim.visibleMessages(threadId, an!.id).some((m) => m.id === moved.id),
      'the moved table is in the thread, seen by everyone',
    );
    // Later moves edit it through that interaction's webhook: no globally limited table edit.
    const before = requests(w);
    let moves = 0;
    for (; moves < 6 && !over(w, gameId); moves++) await move();
    assert.ok(moves >= 3, `${moves} moves`);
    const after = requests(w);
    assert.equal(tableMessage(w, gameId).id, moved.id, 'the same message from then on');
    assert.equal(after.tableEdits - before.tableEdits, 0, 'no table edit on the channel route');
    assert.ok(after.hookTableEdits > before.hookTableEdits, 'edited through the interaction webhook');
  });
});
