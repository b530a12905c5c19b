/**
 * Interaction endpoints are not counted by discord.js's global limiter (src/bot/rest.ts, issue
 * #17 §2): the callback and the interaction webhook routes go through the exempt REST manager,
 * everything else through the client's (its global budget goes down by one per request).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, GatewayIntentBits } from 'discord.js';
import { INTERACTION_HANDLER_SWEEP_MS, isInteractionRoute, splitInteractionRest } from '../../src/bot/rest.js';

/** A local HTTP server answering `{}` to everything (the requests it saw), and a client on it. */
async function fakeApi() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, server, api, client: new Client({ intents: [GatewayIntentBits.Guilds], rest: { api } }) };
}

test('isInteractionRoute: the callback and the application webhook routes, nothing else', () => {
  const app = '111111111111111111';
  assert.equal(isInteractionRoute('/interactions/222222222222222222/tok-en/callback', app), true);
  assert.equal(isInteractionRoute(`/webhooks/${app}/tok-en`, app), true);
  assert.equal(isInteractionRoute(`/webhooks/${app}/tok-en/messages/@original`, app), true);
  assert.equal(isInteractionRoute('/webhooks/333333333333333333/tok-en', app), false, "another webhook is not the application's");
  assert.equal(isInteractionRoute('/channels/444444444444444444/messages', app), false);
  assert.equal(isInteractionRoute('/channels/444444444444444444/messages/555555555555555555', app), false);
});

test('requests on interaction routes leave the global budget untouched; others spend it', async () => {
  const { seen, server, api, client } = await fakeApi();
  try {
    splitInteractionRest(client, { api });
    client.rest.setToken('x');
    const responses: string[] = [];
    client.rest.on('response', (req) => responses.push(req.path));
    const budget = () => client.rest.globalRemaining;
    const before = budget();
    await client.rest.post('/interactions/222222222222222222/tok/callback', { auth: false, body: { type: 6 } });
    await client.rest.patch('/webhooks/111111111111111111/tok/messages/@original', { auth: false, body: { content: 'x' } });
    assert.equal(budget(), before, 'interaction endpoints are not counted');
    await client.rest.post('/channels/444444444444444444/messages', { body: { content: 'x' } });
    assert.equal(budget(), before - 1, 'a channel message is');
    assert.equal(seen.length, 3, 'every request reached the API');
    assert.equal(responses.length, 3, "the client's REST listeners (logs, metrics) see the interaction requests too");
  } finally {
    await client.destroy();
    server.close();
  }
});

test('the interaction REST manager drops idle per-token handlers (one is made per interaction token)', async () => {
  const { server, api, client } = await fakeApi();
  try {
    assert.equal(INTERACTION_HANDLER_SWEEP_MS, 60_000, 'swept every minute in the bot (the library sweeps hourly)');
    const other = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api } });
    assert.equal(splitInteractionRest(other, { api }).options.handlerSweepInterval, INTERACTION_HANDLER_SWEEP_MS, 'by default');
    await other.destroy();
    const exempt = splitInteractionRest(client, { api, handlerSweepInterval: 100 });
    client.rest.setToken('x');
    let swept = 0;
    exempt.on('handlerSweep', (c) => (swept += c.size));
    await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        client.rest.patch(`/webhooks/111111111111111111/token-${k}/messages/@original`, { auth: false, body: { content: 'x' } }),
      ),
    );
    // One handler per token, each swept once idle (the sweep may run while the requests finish).
    const end = Date.now() + 10_000;
    while ((swept < 20 || exempt.handlers.size > 0) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    assert.ok(swept >= 20, `a handler per token, swept when idle: ${swept}`);
    assert.equal(exempt.handlers.size, 0, 'no idle handler is kept');
  } finally {
    await client.destroy();
    server.close();
  }
});

test('GlobalPacer: requests leave in order, never more than rate × span + burst in any span, even after a stall', async (t) => {
  // A clock and timers of the test's own: measured on a loaded machine, the sends' callbacks ran
  // late and bunched (one full run counted 27 in 100 ms), which said nothing about the pacer.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { GlobalPacer } = await import('../../src/bot/rest.js');
  const rate = 200;
  const burst = 4;
  let now = 0;
  const pacer = new GlobalPacer(rate, burst, () => now);
  const sent: { k: number; at: number }[] = [];
  const all = Array.from({ length: 40 }, (_, k) => pacer.take().then(() => sent.push({ k, at: now })));
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  await flush();
  let stalled = false;
  for (let ms = 0; ms < 1_000 && sent.length < 40; ms++) {
    // The event loop stalls for 300 ms after the 20th send: the tokens it could have spent are not saved up.
    const step = sent.length === 20 && !stalled ? ((stalled = true), 300) : 1;
    now += step;
    t.mock.timers.tick(step);
    await flush();
  }
  await Promise.all(all);
  assert.deepEqual(
    sent.map((s) => s.k),
    Array.from({ length: 40 }, (_, k) => k),
    'first come, first sent',
  );
  assert.equal(sent[burst - 1]!.at, 0, 'the burst is sent at once');
  assert.ok(sent[39]!.at >= ((40 - burst) / rate) * 1000, `paced: the 40th left at ${sent[39]!.at} ms`);
  for (let i = 0; i < sent.length; i++) {
    const inSpan = sent.filter((s) => s.at >= sent[i]!.at && s.at < sent[i]!.at + 100).length;
    assert.ok(inSpan <= rate * 0.1 + burst, `${inSpan} sends within 100 ms of the ${i}th`);
  }
  assert.ok(sent.filter((s) => s.at === sent[20]!.at).length <= burst, 'after the stall, at most the burst at once');
  assert.equal(pacer.queued, 0);
});
