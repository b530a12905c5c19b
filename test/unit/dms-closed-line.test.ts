/**
 * The DMs-closed line (issue #14 §2, src/notify/tell.ts `tellDmsClosedOnce`): once, in the user's
 * next ephemeral reply that can carry it, never in a public message, never past 2,000 characters.
 * Interactions here are stand-ins that record what would be sent (the e2e test drives the real one).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageFlags, MessageFlagsBitField } from 'discord.js';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { CONTENT_LIMIT, tellDmsClosedOnce, withLine } from '../../src/notify/tell.js';

type Sent = { method: string; payload: unknown };

/** An interaction stand-in: a click on a message (ephemeral or not), deferred as the router does. */
function fake(o: { ephemeralMessage: boolean; deferred?: 'reply' | 'update'; userId?: string }) {
  const sent: Sent[] = [];
  const record = (method: string) => (payload: unknown) => {
    sent.push({ method, payload });
    if (method !== 'followUp') i.replied = true;
    return Promise.resolve(undefined);
  };
  const i = {
    user: { id: o.userId ?? 'u1' },
    ephemeral: o.deferred === 'reply' ? true : (null as boolean | null),
    deferred: o.deferred !== undefined,
    replied: false,
    message: { flags: new MessageFlagsBitField(o.ephemeralMessage ? MessageFlags.Ephemeral : 0) },
    reply: record('reply'),
    followUp: record('followUp'),
    editReply: record('editReply'),
    update: record('update'),
  };
  return { i, sent };
}

function setup() {
  const store = openStore(':memory:', engineOf, () => 0);
  store.prefs.markDmsClosed('u1');
  return store;
}
const LINE = /^⚠️ A direct message to you failed/;
const text = (s: Sent | undefined) => (s?.payload as { content?: string } | undefined)?.content ?? '';

test('the line goes in front of the hand view redrawn after a click, once', async () => {
  const store = setup();
  const { i, sent } = fake({ ephemeralMessage: true, deferred: 'update' });
  tellDmsClosedOnce(store, i as never, 'en');
  const files = [{ name: 'hand.png' }];
  await i.editReply({ content: 'Your turn: choose an action.', files, components: [] });
  assert.match(text(sent[0]), LINE);
  assert.match(text(sent[0]), /\nYour turn: choose an action\.$/);
  assert.equal((sent[0]!.payload as { files: unknown }).files, files, 'the rest of the payload is kept');
  await i.followUp({ content: 'refused', flags: MessageFlags.Ephemeral });
  assert.equal(text(sent[1]), 'refused', 'said once');
  assert.equal(store.prefs.get('u1').dmsClosedUntold, false);
  // A new interaction of the same user: nothing is wrapped any more.
  const next = fake({ ephemeralMessage: true, deferred: 'update' });
  tellDmsClosedOnce(store, next.i as never, 'en');
  await next.i.editReply({ content: 'Waiting for the others.' });
  assert.equal(text(next.sent[0]), 'Waiting for the others.');
});

test('a public message never carries it; the next ephemeral reply does', async () => {
  const store = setup();
  const { i, sent } = fake({ ephemeralMessage: false, deferred: 'update' });
  tellDmsClosedOnce(store, i as never, 'en');
  await i.editReply({ content: 'Hand 1 is over', components: [] });
  await i.followUp({ content: 'A public follow-up' });
  assert.equal(text(sent[0]), 'Hand 1 is over');
  assert.equal(text(sent[1]), 'A public follow-up');
  assert.equal(store.prefs.get('u1').dmsClosedUntold, true, 'still to be told');
  await i.followUp({ content: 'Paused.', ephemeral: true });
  assert.match(text(sent[2]), LINE);
});

test('an edit that keeps the shown text, or a text that would pass 2,000 characters, leaves the line for a later reply', async () => {
  const store = setup();
  const { i, sent } = fake({ ephemeralMessage: true, deferred: 'update' });
  tellDmsClosedOnce(store, i as never, 'en');
  await i.editReply({ components: [] });
  assert.deepEqual(sent[0]!.payload, { components: [] }, 'no text put over the message');
  const long = 'x'.repeat(CONTENT_LIMIT - 5);
  await i.followUp({ content: long, flags: MessageFlags.Ephemeral });
  assert.equal(text(sent[1]), long);
  assert.equal(store.prefs.get('u1').dmsClosedUntold, true);
  await i.followUp({ content: 'short', flags: [MessageFlags.Ephemeral] });
  assert.match(text(sent[2]), LINE);
  assert.ok(text(sent[2]).length <= CONTENT_LIMIT);
});

test('a deferred ephemeral reply (Open my hand, a command) gets it even without text of its own', async () => {
  const store = setup();
  const { i, sent } = fake({ ephemeralMessage: false, deferred: 'reply' });
  tellDmsClosedOnce(store, i as never, 'vi');
  await i.editReply({ embeds: [{ title: 'x' }] });
  assert.match(text(sent[0]), /^⚠️ Không gửi được tin nhắn trực tiếp/);
  // A Components V2 payload (the hand view) carries it as a text display on top of its components.
  const v2 = withLine({ flags: MessageFlags.IsComponentsV2, components: [{ type: 17, components: [] }] }, '!', true) as {
    components: { toJSON(): unknown }[];
  };
  assert.deepEqual(v2.components[0]!.toJSON(), { type: 10, content: '!' });
  assert.equal(v2.components.length, 2);
  assert.equal(withLine({ flags: MessageFlags.IsComponentsV2 }, '!', true), null, 'an edit that keeps the components cannot carry it');
  assert.deepEqual(withLine('hi', '!', true), { content: '!\nhi' });
});

test('nothing to tell: the interaction is left alone', () => {
  const store = openStore(':memory:', engineOf, () => 0);
  const { i } = fake({ ephemeralMessage: true, deferred: 'update' });
  const before = i.editReply;
  tellDmsClosedOnce(store, i as never, 'en');
  assert.equal(i.editReply, before);
});
