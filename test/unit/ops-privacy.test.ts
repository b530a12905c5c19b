/** /privacy's own components (x:privacy:…): only the asker's id erases, Cancel changes nothing, a refusal while playing. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { component, data } from '../../commands/privacy.js';
import { decodeCommandId } from '../../src/bot/custom-id.js';
import type { BotContext } from '../../src/bot/context.js';

function fakeButton(userId: string) {
  const calls: { kind: 'reply' | 'update' | 'defer' | 'edit'; content?: string; components?: unknown[] }[] = [];
  const i = {
    user: { id: userId },
    locale: 'en-US',
    isButton: () => true,
    reply: async (o: { content: string }) => void calls.push({ kind: 'reply', content: o.content }),
    update: async (o: { content: string; components: unknown[] }) => void calls.push({ kind: 'update', ...o }),
    deferUpdate: async () => void calls.push({ kind: 'defer' }),
    editReply: async (o: { content: string; components: unknown[] }) => void calls.push({ kind: 'edit', ...o }),
  };
  return { i: i as never, calls };
}

test('x:privacy: a stranger cannot confirm, Cancel deletes nothing, the asker is erased; refused while seated at an open table', async () => {
  const store = openStore(':memory:', engineOf);
  const ctx = { store, defaultLang: 'en', log: { info: () => undefined } } as unknown as BotContext;
  const g = store.games.create({ game: 'phom', guildId: 'g', options: {}, optionsHash: 'x', seed: 's', seats: 2 });
  store.games.setSeats(g.id, [
    { seat: 0, userId: '111', isAi: false, displayName: 'An' },
    { seat: 1, userId: '222', isAi: false, displayName: 'Bình' },
  ]);
  store.games.update(g.id, { status: 'running' });
  assert.equal(data.name, 'privacy');
  assert.deepEqual(decodeCommandId('x:privacy:erase:111'), { command: 'privacy', rest: 'erase:111' });

  const stranger = fakeButton('222');
  await component(stranger.i, 'erase:111', ctx);
  assert.equal(stranger.calls[0]!.kind, 'reply');
  assert.match(stranger.calls[0]!.content!, /Only the person who asked/);

  const playing = fakeButton('111');
  await component(playing.i, 'erase:111', ctx);
  // Acknowledged before the erasure's work (seconds on a large server), then edited.
  assert.deepEqual(
    playing.calls.map((c) => c.kind),
    ['defer', 'edit'],
  );
  assert.match(playing.calls[1]!.content!, /still seated at an open table/);
  assert.equal(store.games.seats(g.id)[0]!.userId, '111');

  store.games.update(g.id, { status: 'finished' });
  const cancel = fakeButton('111');
  await component(cancel.i, 'cancel', ctx);
  assert.deepEqual(cancel.calls, [{ kind: 'update', content: 'Nothing was deleted.', components: [] }]);
  assert.equal(store.games.seats(g.id)[0]!.userId, '111');

  const ok = fakeButton('111');
  await component(ok.i, 'erase:111', ctx);
  assert.match(ok.calls[1]!.content!, /Done\. You were removed from 1 game/);
  assert.equal(store.games.seats(g.id)[0]!.userId, null);
  assert.equal(store.games.seats(g.id)[1]!.userId, '222');

  const again = fakeButton('111');
  await component(again.i, 'erase:111', ctx);
  assert.match(again.calls[1]!.content!, /nothing to delete/);
  store.close();
});
