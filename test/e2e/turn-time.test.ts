/**
 * /prefs "Time for my turns" (src/table/timers.ts `deadlines`): a player who needs more time (a
 * screen reader, a slow connection) sets ×2 or ×3 in the panel; their own turn deadlines at every
 * table run that much longer from their next turn, and everyone sees the longer deadline.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openHand, openTable, playAsAi, slash, withWorld } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('the /prefs panel sets the time for my turns; my next turn at a running table has it', async () => {
  await withWorld(async (w) => {
    const guest = w.users[1];
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    const timerOf = (seat: number) => w.store.timers.forGame(gameId).find((x) => x.seat === seat && x.kind === 'turn');
    const first = w.store.timers.forGame(gameId)[0]!;
    const base = first.deadline - w.now.t;
    const h = await slash(w, guest!.id, 'prefs');
    const panel = h.response!;
    const embed = () => String(w.sim.message(panel.id)!.embeds[0]!.description);
    assert.match(embed(), /Time for my turns: \*\*As the table\*\*/);
    const set = await click(w, guest!.id, panel.id, buttonByLabel(w.sim, w.sim.message(panel.id)!, '⏱ My turns: ×3').custom_id as string);
    assert.equal(set.failed, false);
    assert.match(
      w.sim.text(panel.id),
      /Time for your turns: ×3\. It applies from your next decision on a turn; one you have now keeps its deadline\./,
    );
    assert.match(embed(), /Time for my turns: \*\*×3\*\*/);
    assert.equal(w.store.prefs.get(guest!.id).turnTime, 3);
    // The host's turns keep the table's time; the guest's next turn is three times as long.
    const guestSeat = w.store.games.seats(gameId).find((s) => s.userId === guest!.id)!.seat;
    // A turn of the guest's already running keeps its deadline; their next one is three times as long.
    const before = timerOf(guestSeat)?.deadline;
    for (let k = 0; k < 60; k++) {
      const g = timerOf(guestSeat);
      if (g && g.deadline !== before) break;
      const x = w.store.timers.forGame(gameId)[0]!;
      if (x.seat !== guestSeat && x.kind === 'turn')
        assert.equal(x.deadline - (x.remindAt ?? 0), base / 4, "the host's turns keep the table's time");
      w.now.t = x.deadline + 1;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
    }
    const g = timerOf(guestSeat);
    assert.ok(g && g.deadline !== before, "the guest's next turn came");
    assert.equal(g.deadline - w.now.t, 3 * base);
  });
});

test('/prefs "Mention me always": a player whose hand view is open is still mentioned at their turn (its edits are silent)', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const seats = w.store.games.seats(gameId);
    const pending = () => (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!.seat;
    const first = pending();
    const a = seats[first]!.userId!;
    const b = seats[1 - first]!.userId!;
    const pings = () =>
      w.sim.visibleMessages(threadId, a).filter((m) => m.content.includes(`<@${a}>`) && /your turn/.test(m.content)).length;
    const h = await slash(w, a, 'prefs');
    const panel = h.response!;
    assert.match(String(w.sim.message(panel.id)!.embeds[0]!.description), /Mention me always: \*\*off\*\*/);
    await click(w, a, panel.id, buttonByLabel(w.sim, w.sim.message(panel.id)!, '🔕 Mention me always: off').custom_id as string);
    assert.match(String(w.sim.message(panel.id)!.embeds[0]!.description), /Mention me always: \*\*on\*\*/);
    assert.equal(w.store.prefs.get(a).mentionAlways, true);
    // A plays from a live hand view, then B until it is A's turn again: A's view is pushed, and A is mentioned too.
    const va = await openHand(w, a, gameId);
    while (pending() === first) await playAsAi(w, a, gameId, w.sim.message(va.id)!);
    const vb = await openHand(w, b, gameId);
    const before = pings();
    while (pending() !== first) await playAsAi(w, b, gameId, w.sim.message(vb.id)!);
    assert.match(w.sim.text(va.id), /Your turn/, "A's live view was pushed");
    assert.equal(pings(), before + 1, 'and A is mentioned');
    // B, without the setting, is not mentioned while B's view is live.
    const bPings = () =>
      w.sim.visibleMessages(threadId, b).filter((m) => m.content.includes(`<@${b}>`) && /your turn/.test(m.content)).length;
    const bBefore = bPings();
    while (pending() === first) await playAsAi(w, a, gameId, w.sim.message(va.id)!);
    assert.equal(bPings(), bBefore, 'B is not');
  });
});
