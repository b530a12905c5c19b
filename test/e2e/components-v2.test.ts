/**
 * Issue #13 §1: the seat view and the table message are Components V2 messages: one container with
 * the state in words (whose move, the last action, the deadline) in a section whose accessory is
 * the view's lead button, the image in a media gallery with its alt text, the actions in rows.
 * The simulator validates Discord's V2 rules on every send and edit (40 components, 4,000
 * characters, nesting, the flag), so a layout Discord would refuse fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, tableMessage } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { countComponents, MessageFlags, type SimMessage } from '../discord-sim/index.js';
import type { World } from './harness.js';

type Json = Record<string, unknown>;

/** The container's children by type, and checks common to both views. */
function layoutOf(w: World, m: SimMessage, image: string): { section: Json; gallery: Json; rows: Json[] } {
  assert.equal(m.flags & MessageFlags.IsComponentsV2, MessageFlags.IsComponentsV2, 'a Components V2 message');
  assert.equal(m.content, '', 'no legacy content');
  assert.equal(m.components.length, 1, 'one container');
  const box = m.components[0] as { type: number; components: Json[] };
  assert.equal(box.type, 17);
  const [section, gallery, ...rows] = box.components as [Json, Json, ...Json[]];
  assert.equal(section.type, 9, 'a section first: the state in words with a button beside it');
  assert.equal(gallery.type, 12, 'then the image');
  assert.ok(rows.every((r) => r.type === 1));
  const items = w.sim.galleryItems(m);
  assert.equal(items.length, 1);
  assert.equal(items[0]!.url, `attachment://${image}`);
  assert.ok(
    m.attachments.some((a) => a.filename === image),
    'the referenced image is uploaded',
  );
  // The alt text is on the gallery item and on the attachment.
  const att = m.attachments.find((a) => a.filename === image)!;
  assert.ok(items[0]!.description && items[0]!.description.length > 10);
  assert.equal(items[0]!.description, att.description);
  assert.ok(countComponents(m.components) <= 40);
  return { section, gallery, rows };
}

const verbOf = (c: Json | undefined) => decodeGameId(String(c?.custom_id ?? ''))?.verb;

test('the table message and the seat view are Components V2: words, image with alt text, buttons', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const table = tableMessage(w, gameId);
    const t = layoutOf(w, table, 'table.png');
    assert.equal(verbOf(t.section.accessory as Json), 'hand', 'Open my hand beside the words');
    const words = w.sim.text(table);
    assert.match(words, /Phỏm/);
    assert.match(words, /<t:\d+:R>/, 'the deadline as a Discord timestamp');
    assert.match(words, /Turn: /, 'whose move');
    assert.ok(
      t.rows.flatMap((r) => r.components as Json[]).some((c) => verbOf(c) === 'pause'),
      'Pause below',
    );

    const row = w.store.games.get(gameId)!;
    const turn = (w.store.games.state(row) as { turn: number }).turn;
    const user = w.store.games.seats(gameId)[turn]!.userId!;
    const hand = await openHand(w, user, gameId);
    assert.ok(hand.ephemeralTo, 'the seat view is ephemeral');
    const h = layoutOf(w, hand, 'hand.png');
    assert.equal(verbOf(h.section.accessory as Json), 'refresh', 'Refresh beside the words');
    assert.match(w.sim.text(hand), /Your turn/);
    assert.match(w.sim.text(hand), /Deadline <t:\d+:R>/, 'the seat view says until when');
    assert.ok(
      h.rows.flatMap((r) => r.components as Json[]).some((c) => verbOf(c) === 'act' || verbOf(c) === 'pick'),
      'the legal actions in rows',
    );

    // A move edits both in place, still V2: the table says what happened last, and so does the
    // next player's seat view once it is their decision.
    const other = w.store.games.seats(gameId)[1 - turn]!.userId!;
    const otherView = await openHand(w, other, gameId);
    const after = await playAsAi(w, user, gameId, hand);
    layoutOf(w, w.sim.message(after.id)!, 'hand.png');
    const now = tableMessage(w, gameId);
    layoutOf(w, now, 'table.png');
    assert.ok(w.sim.text(now).includes(w.store.games.seats(gameId)[turn]!.displayName), 'the last action names who acted');
    // The first player plays on until it is the other's decision (a draw, then a discard…).
    let mine = w.sim.message(after.id)!;
    for (let k = 0; k < 6; k++) {
      const st = w.store.games.state(w.store.games.get(gameId)!) as { turn: number };
      if (st.turn !== turn) break;
      mine = await playAsAi(w, user, gameId, w.sim.message(mine.id)!);
    }
    await w.bot.whenIdle();
    const pushed = w.sim.text(otherView.id);
    assert.match(pushed, /Your turn|You can claim/, 'the other seat decides now (its view was pushed)');
    assert.ok(pushed.includes(w.store.games.seats(gameId)[turn]!.displayName), `its view says what happened last: ${pushed}`);
    assert.match(pushed, /Deadline <t:\d+:R>/);
    assert.equal(w.sim.failedInteractions().length, 0);
  });
});

test('a table message posted before Components V2 is replaced by the V2 layout at the next move', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const before = tableMessage(w, gameId);
    // The table message as the bot posted it before V2 (legacy content + action row), after a restart.
    const openId = String(w.sim.components(before).find((c) => verbOf(c) === 'hand')!.custom_id);
    const sim = w.sim as unknown as {
      storeMessage(ch: unknown, p: { authorId: string; content: string; components: unknown[] }): { id: string };
    };
    const legacy = sim.storeMessage(w.sim.channel(threadId), {
      authorId: w.sim.botUserId,
      content: '**Phỏm** · Hand 1',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Open my hand', custom_id: openId }] }],
    });
    w.store.games.update(gameId, { tableMessageId: legacy.id });
    await w.restartBot();
    const row = w.store.games.get(gameId)!;
    const turn = (w.store.games.state(row) as { turn: number }).turn;
    const user = w.store.games.seats(gameId)[turn]!.userId!;
    await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    // Held by no interaction token, the table moves under the move's interaction (effects.ts
    // updateTable): a new V2 message, the legacy one deleted. (An edit with no click behind it, a
    // timer's, upgrades it in place: `content: null` clears the legacy text.)
    const now = w.sim.message(w.store.games.get(gameId)!.tableMessageId!)!;
    assert.ok(now.webhookId, 'posted as a follow-up of the move');
    assert.ok(w.sim.message(legacy.id)!.deleted, 'the legacy message is gone');
    layoutOf(w, now, 'table.png');
  });
});
