/**
 * src/bot/gone-channels.ts: a REST answer 404 with code 10003 on a /channels/{id} route reports that
 * channel; any other answer is handed on untouched, and a read 404 body is handed on whole (discord.js
 * reads it again to raise its error).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RESTOptions } from 'discord.js';
import { watchUnknownChannels } from '../../src/bot/gone-channels.js';

type MakeRequest = RESTOptions['makeRequest'];
const answer =
  (status: number, body: unknown): MakeRequest =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const API = 'https://discord.com/api/v10';

test('10003 on a channel route reports the channel and keeps the body for discord.js', async () => {
  const gone: string[] = [];
  const make = watchUnknownChannels(answer(404, { message: 'Unknown Channel', code: 10003 }), (id) => gone.push(id));
  const res = await make(`${API}/channels/123456789012345678/messages`, { method: 'POST' });
  assert.deepEqual(gone, ['123456789012345678']);
  assert.equal(res.status, 404);
  assert.equal(res.headers.get('content-type'), 'application/json');
  assert.deepEqual(await res.json(), { message: 'Unknown Channel', code: 10003 });
  await make(`${API}/channels/42`, { method: 'GET' });
  assert.deepEqual(gone, ['123456789012345678', '42']);
});

test('other answers report nothing: Unknown Message on a channel route, 10003 elsewhere, success, a non-JSON 404', async () => {
  const gone: string[] = [];
  const report = (id: string) => gone.push(id);
  const msg = await watchUnknownChannels(answer(404, { message: 'Unknown Message', code: 10008 }), report)(`${API}/channels/1/messages/2`, {
    method: 'DELETE',
  });
  assert.deepEqual(await msg.json(), { message: 'Unknown Message', code: 10008 });
  await watchUnknownChannels(answer(404, { code: 10003 }), report)(`${API}/webhooks/1/token/messages/@original`, { method: 'PATCH' });
  const ok = await watchUnknownChannels(answer(200, { id: '9' }), report)(`${API}/channels/1/messages`, { method: 'POST' });
  assert.deepEqual(await ok.json(), { id: '9' });
  const html = watchUnknownChannels(async () => new Response('<html>not found</html>', { status: 404 }), report);
  assert.equal(await (await html(`${API}/channels/1`, { method: 'GET' })).text(), '<html>not found</html>');
  assert.deepEqual(gone, []);
});
