/**
 * The live private seat view (issue #13 §1) through the real bot and the simulator: while a
 * player's hand ephemeral is editable, the bot edits it when their turn comes or their claim
 * window opens, so nobody clicks "Open my hand" twice; after the token's lifetime (simulated clock)
 * the ping + "Open my hand" flow takes over; a dead view is never retried; and a click by someone
 * else on a seat view is refused and changes nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, tableMessage, click, buttonByLabel, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import type { SimMessage } from '../discord-sim/model.js';
import type { DiscordSim } from '../discord-sim/index.js';
import { flattenComponents } from '../discord-sim/types.js';

const buttons = (w: World, m: SimMessage) =>
  w.sim
    .components(m)
    .filter((c) => c.type === 2)
    .map((c) => String(c.label));

function pendingNow(w: World, gameId: string): Decision<BaseAction>[] {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
}
const over = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return !!engineOf(row.game).result(w.store.games.state(row));
};
const userOf = (w: World, gameId: string, seat: number) => w.store.games.seats(gameId)[seat]!.userId!;
const hasAct = (w: World, m: SimMessage) => w.sim.components(m).some((c) => decodeGameId(String(c.custom_id))?.verb === 'act');

/**
 * Every person opens their hand once, at their first decision; every later decision must be asked on
 * that same message, edited by the bot (asserted at each decision), or the test fails. `opened`: how
 * many hands were opened; `moves - opened` decisions were answered on pushed views.
 */
async function playLive(
  w: World,
  gameId: string,
  maxMoves: number,
  views = new Map<string, SimMessage>(),
): Promise<{ opened: number; moves: number; claims: number }> {
  const before = views.size;
  let moves = 0;
  let claims = 0;
  for (; moves < maxMoves && !over(w, gameId); moves++) {
    const d = pendingNow(w, gameId)[0]!;
    const user = userOf(w, gameId, d.seat);
    let view = views.get(user);
    if (!view) {
      view = await openHand(w, user, gameId);
      views.set(user, view);
    }
    const now = w.sim.message(view.id)!;
    assert.match(w.sim.text(now), d.kind === 'claim' ? /You can claim/ : /Your turn/, `the pushed view of ${user} asks for the decision`);
    assert.ok(hasAct(w, now), 'the pushed view has the legal actions');
    if (d.kind === 'claim') claims++;
    await playAsAi(w, user, gameId, now);
  }
  return { opened: views.size - before, moves, claims };
}

test('live seat view: in a Phỏm hand and a Vietnamese mahjong hand nobody opens their hand twice', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const r = await playLive(w, gameId, 200);
    assert.ok(over(w, gameId), 'the Phỏm hand was played to its end on the pushed views');
    assert.ok(r.moves > 10);
    assert.ok(r.moves - r.opened > 10, `decisions answered on pushed views: ${r.moves - r.opened}`);
  });
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'vn-mahjong', 4, 0);
    const views = new Map<string, SimMessage>();
    let r = await playLive(w, gameId, 400, views);
    const opened = r.opened;
    // A deal can end early (the seed is random): then the next hand is played too, on the same views.
    for (let k = 0; k < 3 && r.moves <= 10; k++) {
      const result = w.sim
        .visibleMessages(threadId, w.users[0]!.id)
        .filter((m) => /is over/.test(w.sim.text(m)))
        .at(-1)!;
      await click(w, w.users[0]!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
      const more = await playLive(w, gameId, 400, views);
      assert.equal(more.opened, 0, 'the next hand is played on the same views');
      r = { ...more, opened, moves: r.moves + more.moves, claims: r.claims + more.claims };
    }
    assert.ok(r.moves > 10, `${r.moves} moves`);
    assert.ok(r.moves - r.opened > 6, `decisions answered on pushed views: ${r.moves - r.opened}`);
    // Once every seat's view is live, no ping is posted any more (their views were pushed).
    const pings = w.sim.visibleMessages(threadId, w.users[0]!.id).filter((m) => /your turn|claims are open/.test(w.sim.text(m)));
    assert.ok(pings.length <= 1, `at most the ping still up from before the last view went live (${pings.length})`);
    if (r.claims === 0) w.sim.addLog({ kind: 'sim', summary: 'no human claim in this hand' });
  });
});

/** A 2-person Phỏm table where both have opened their hand once: returns the two live views. */
async function twoLive(w: World) {
  const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
  const first = pendingNow(w, gameId)[0]!.seat;
  const a = userOf(w, gameId, first);
  const b = userOf(w, gameId, 1 - first);
  const va = await openHand(w, a, gameId);
  await playAsAi(w, a, gameId, va);
  while (pendingNow(w, gameId)[0]!.seat === first) await playAsAi(w, a, gameId, w.sim.message(va.id)!);
  const vb = await openHand(w, b, gameId);
  return { gameId, threadId, a, b, va, vb, first };
}

const pingsFor = (sim: DiscordSim, threadId: string, user: string) =>
  sim.visibleMessages(threadId, user).filter((m) => m.content.includes(`<@${user}>`) && /your turn/.test(m.content));

test('after the token lifetime the seat falls back to the ping and "Open my hand"; the old view is not edited', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, a, b, va, vb, first } = await twoLive(w);
    // B plays until it is A's turn: A's view is pushed (live), no ping for A.
    const pingsBefore = pingsFor(w.sim, threadId, a).length;
    while (pendingNow(w, gameId)[0]!.seat !== first) await playAsAi(w, b, gameId, w.sim.message(vb.id)!);
    assert.match(w.sim.text(va.id), /Your turn/, "A's view was pushed");
    assert.equal(pingsFor(w.sim, threadId, a).length, pingsBefore, 'no ping while the view is live');
    while (pendingNow(w, gameId)[0]!.seat === first) await playAsAi(w, a, gameId, w.sim.message(va.id)!);
    // 14 minutes later (both clocks): every token is past the bot's 13-minute margin.
    w.now.t += 14 * 60_000;
    w.sim.clock.advance(14 * 60_000);
    const editsA = w.sim.message(va.id)!.edits;
    const hb = await openHand(w, b, gameId); // B's view expired: B opens a new one (the fallback)
    while (pendingNow(w, gameId)[0]!.seat !== first) await playAsAi(w, b, gameId, w.sim.message(hb.id)!);
    assert.equal(w.sim.message(va.id)!.edits, editsA, "A's expired view is left alone");
    const ping = pingsFor(w.sim, threadId, a).at(-1);
    assert.ok(ping && pingsFor(w.sim, threadId, a).length > pingsBefore, 'A is pinged again');
    assert.ok(
      w.sim.components(ping).some((c) => c.label === 'Open my hand'),
      'the ping offers Open my hand',
    );
    const fresh = await openHand(w, a, gameId);
    assert.ok(hasAct(w, fresh), 'a fresh view with the actions');
  });
});

test('a view whose edit fails is marked dead and never retried; the seat gets pings', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, a, b, vb, first } = await twoLive(w);
    // Only Discord's clock moves: the bot still thinks A's token is valid, Discord says 50027.
    w.sim.clock.advance(16 * 60_000);
    // (A seat view is edited as `@original`; the table, moved under a move's interaction, by id.)
    const fails = () => w.sim.restLog().filter((e) => e.code === 50027 && /PATCH .*@original/.test(e.summary)).length;
    const hb = await openHand(w, b, gameId);
    assert.notEqual(hb.id, vb.id);
    while (pendingNow(w, gameId)[0]!.seat !== first) await playAsAi(w, b, gameId, w.sim.message(hb.id)!);
    assert.equal(fails(), 1, 'one failed edit of A view');
    assert.ok(pingsFor(w.sim, threadId, a).length >= 1, 'A is pinged instead');
    // A plays from a fresh view, then B again: A's dead view is not tried again.
    const fa = await openHand(w, a, gameId);
    while (pendingNow(w, gameId)[0]!.seat === first) await playAsAi(w, a, gameId, w.sim.message(fa.id)!);
    const editsFa = w.sim.message(fa.id)!.edits;
    while (!over(w, gameId) && pendingNow(w, gameId)[0]!.seat !== first) await playAsAi(w, b, gameId, w.sim.message(hb.id)!);
    assert.equal(fails(), 1, 'the dead view is never tried again');
    if (!over(w, gameId)) assert.ok(w.sim.message(fa.id)!.edits > editsFa, "A's new view is the live one now");
  });
});

test('a click by someone else on a seat view answers an ephemeral refusal and changes nothing', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const seat = pendingNow(w, gameId)[0]!.seat;
    const owner = userOf(w, gameId, seat);
    const other = userOf(w, gameId, 1 - seat);
    const view = await openHand(w, owner, gameId);
    const act = w.sim.components(view).find((c) => decodeGameId(String(c.custom_id))?.verb === 'act')!;
    const before = { version: w.store.games.get(gameId)!.version, edits: w.sim.message(view.id)!.edits, content: w.sim.text(view) };
    // Discord lets only the owner click an ephemeral; a seat view elsewhere could be clicked by
    // anyone, so the click is forged here as Discord would deliver it.
    const sim = w.sim as unknown as {
      createInteraction(kind: string, type: number, user: string, ch: unknown, data: unknown, m: SimMessage): Promise<unknown>;
      channel(id: string): unknown;
    };
    const h = (await sim.createInteraction(
      'button',
      3,
      other,
      sim.channel(threadId),
      { custom_id: act.custom_id, component_type: 2 },
      w.sim.message(view.id)!,
    )) as { settled(o: { timeout: number }): Promise<unknown>; followUps: SimMessage[]; failed: boolean };
    await h.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(h.failed, false);
    assert.equal(w.store.games.get(gameId)!.version, before.version, 'nothing was played');
    assert.equal(w.sim.message(view.id)!.edits, before.edits, 'the owner’s view is unchanged');
    const refusal = h.followUps.at(-1);
    assert.ok(refusal && refusal.ephemeralTo === other, 'an ephemeral refusal to the clicker');
    assert.match(w.sim.text(refusal), /not your hand|isn.t yours|not yours/i);
    assert.equal(tableMessage(w, gameId).id, w.store.games.get(gameId)!.tableMessageId);
  });
});

test('a pushed seat view whose hand image is unchanged keeps its attachment instead of uploading it again', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    const va = await openHand(w, a, gameId);
    const img0 = w.sim.images(va.id)[0]!.id;
    const edits0 = va.edits;
    // Both vote to pause: A's view changes (paused, no actions) but its hand image does not.
    for (const u of [a, b]) {
      const t = tableMessage(w, gameId);
      await click(w, u, t.id, String(buttonByLabel(w.sim, t, 'Pause').custom_id));
    }
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    const now = w.sim.message(va.id)!;
    assert.ok(now.edits > edits0, "A's view was pushed");
    assert.match(w.sim.text(now), /paused/i);
    // An upload would be a new attachment (new id): the edit kept the one the message had.
    assert.equal(w.sim.images(now).length, 1);
    assert.equal(w.sim.images(now)[0]!.id, img0, 'the same attachment, kept');
    assert.deepEqual(
      w.sim.galleryItems(now).map((x) => x.url),
      ['attachment://hand.png'],
      'still shown by the gallery',
    );
  });
});

/** The thumbnail URLs of a message (a section's accessory). */
const thumbnails = (w: World, m: SimMessage) =>
  flattenComponents(w.sim.message(m.id)!.components)
    .filter((c) => c.type === 11)
    .map((c) => String((c.media as { url?: unknown } | undefined)?.url ?? ''));

test('a claim window shows the offered piece as a thumbnail beside its line; the hand image is kept, not uploaded again', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'vn-mahjong', 4, 0);
    const views = new Map<string, SimMessage>();
    /** The hand attachment each view held after its owner's last click. */
    const handAfter = new Map<string, string>();
    let checked = 0;
    for (let moves = 0; moves < 600 && !over(w, gameId) && checked < 2; moves++) {
      const d = pendingNow(w, gameId)[0]!;
      const user = userOf(w, gameId, d.seat);
      let view = views.get(user);
      if (!view) views.set(user, (view = await openHand(w, user, gameId)));
      const now = w.sim.message(view.id)!;
      const before = handAfter.get(user);
      if (d.kind === 'claim' && before && buttons(w, now).some((l) => /^\w+ · Pass$/.test(l))) {
        // The claim edit uploaded only the offered piece: the hand image is the attachment it had.
        const imgs = w.sim.images(now);
        assert.deepEqual(imgs.map((a) => a.filename).sort(), ['claim.png', 'hand.png']);
        assert.equal(imgs.find((a) => a.filename === 'hand.png')!.id, before, 'the hand image was kept by id');
        assert.ok(imgs.find((a) => a.filename === 'claim.png')!.size < 4000, 'the claim thumbnail is small');
        assert.deepEqual(thumbnails(w, now), ['attachment://claim.png']);
        assert.match(w.sim.text(now), /Claim|Pung|Chow|Kong|Win/i, 'the offer is in words beside it');
        // Passing takes the thumbnail away and keeps the hand image again: nothing is uploaded.
        const t = w.sim.findButton(now, (c) => /^\w+ · Pass$/.test(String(c.label)))!;
        await click(w, user, now.id, String(t.custom_id));
        const after = w.sim.message(view.id)!;
        assert.deepEqual(
          w.sim.images(after).map((a) => a.filename),
          ['hand.png'],
        );
        assert.deepEqual(thumbnails(w, after), []);
        assert.deepEqual(
          w.sim.galleryItems(after).map((x) => x.url),
          ['attachment://hand.png'],
        );
        const hand = w.sim.images(after)[0]!.id;
        // Unless the pass made it this seat's turn (a drawn tile changes the hand), the image is the same one.
        if (!pendingNow(w, gameId).some((x) => x.seat === d.seat)) {
          assert.equal(hand, before, 'the hand image was kept by id after the pass');
          checked++;
        }
        handAfter.set(user, hand);
        continue;
      }
      await playAsAi(w, user, gameId, now);
      const hand = w.sim.images(w.sim.message(view.id)!).find((a) => a.filename === 'hand.png');
      if (hand) handAfter.set(user, hand.id);
    }
    assert.ok(checked > 0, 'a human seat with a live view had a claim to pass');
  });
});
