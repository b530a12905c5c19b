/**
 * Fault injection: 429s (route and global), 5xx, slow responses and gateway trouble, with discord.js recovering.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { WebSocket } from 'ws';
import { Client, GatewayIntentBits, RESTEvents, SlashCommandBuilder, type TextChannel } from 'discord.js';
import { DiscordSim } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

describe('fault injection', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let aliceId: string;
  let n = 0;
  const channel = async (): Promise<TextChannel> =>
    (await bot.client.channels.fetch(sim.createTextChannel(guildId, `f${++n}`).id)) as TextChannel;

  before(async () => {
    sim = await DiscordSim.start({ heartbeatIntervalMs: 400 });
    guildId = sim.createGuild({ name: 'Quán' }).id;
    aliceId = sim.createUser({ username: 'alice' }).id;
    sim.addMember(guildId, aliceId);
    bot = await connectClient(sim);
    await bot.client.application!.commands.set([new SlashCommandBuilder().setName('play').setDescription('Play').toJSON()], guildId);
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) await i.reply('ok');
    };
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('429 on a route: discord.js waits Retry-After and succeeds', async () => {
    const ch = await channel();
    const limited: unknown[] = [];
    const onLimit = (info: unknown) => limited.push(info);
    bot.client.rest.on(RESTEvents.RateLimited, onLimit);
    sim.faults.rateLimit({ route: /^\/channels\/\d+\/messages$/, retryAfterMs: 300, times: 1 });
    const t0 = Date.now();
    const m = await ch.send('after the limit');
    bot.client.rest.off(RESTEvents.RateLimited, onLimit);
    assert.ok(Date.now() - t0 >= 300, 'waited for Retry-After');
    assert.equal(sim.message(m.id)?.content, 'after the limit');
    assert.equal(limited.length, 1);
    assert.ok(sim.restLog().some((e) => e.status === 429));
  });

  it('global 429: discord.js pauses every route and retries', async () => {
    const ch = await channel();
    sim.faults.rateLimit({ global: true, retryAfterMs: 200, times: 1 });
    const t0 = Date.now();
    await ch.send('global');
    assert.ok(Date.now() - t0 >= 200);
    const hit = sim
      .restLog()
      .filter((e) => e.status === 429)
      .at(-1);
    assert.match(hit!.summary, /global/);
  });

  it('interaction callbacks are exempt from the global limit', async () => {
    sim.faults.rateLimit({ global: true, retryAfterMs: 5000, times: 1 });
    const i = await sim.slash(aliceId, sim.createTextChannel(guildId, 'exempt').id, 'play');
    assert.equal((await i.reply()).content, 'ok');
    sim.faults.clear();
  });

  it('500/502 are retried (rest.retries = 3); a persistent 502 surfaces as an HTTPError', async () => {
    const ch = await channel();
    sim.faults.serverError({ route: /\/messages$/, status: 502, times: 2 });
    const m = await ch.send('after two 502');
    assert.equal(sim.message(m.id)?.content, 'after two 502');
    sim.faults.serverError({ route: /\/messages$/, status: 500, times: 4 });
    await assert.rejects(ch.send('never'), (e: Error & { status?: number }) => e.status === 500);
  });

  it('slow responses are delayed but succeed', async () => {
    const ch = await channel();
    sim.faults.slow({ route: /\/messages$/, delayMs: 250 });
    const t0 = Date.now();
    await ch.send('slow');
    assert.ok(Date.now() - t0 >= 250);
  });

  it('dropped gateway connection: discord.js resumes and gets the events it missed', async () => {
    const before = sim.gatewayStats();
    sim.dropGatewayConnections();
    // The user acts while the bot is disconnected; the dispatch is replayed on RESUME.
    const i = await sim.slash(aliceId, sim.createTextChannel(guildId, 'drop').id, 'play');
    assert.equal((await i.reply()).content, 'ok');
    const after = sim.gatewayStats();
    assert.equal(after.resumes, before.resumes + 1);
    assert.equal(after.identifies, before.identifies);
  });

  it('op 7 RECONNECT and swallowed heartbeat ACKs (zombie link) make discord.js resume', async () => {
    const s0 = sim.gatewayStats();
    sim.requestGatewayReconnect();
    await sim.waitFor(() => sim.gatewayStats().resumes === s0.resumes + 1 && sim.connectedBots() === 1);
    sim.faults.missHeartbeatAcks(1);
    await sim.waitFor(() => sim.gatewayStats().resumes === s0.resumes + 2 && sim.connectedBots() === 1, { timeout: 5000 });
    const i = await sim.slash(aliceId, sim.createTextChannel(guildId, 'zombie').id, 'play');
    assert.equal((await i.reply()).content, 'ok');
  });

  it('op 9 INVALID_SESSION (not resumable): discord.js identifies again', async () => {
    const s0 = sim.gatewayStats();
    sim.invalidateGatewaySessions(false);
    await sim.waitFor(() => sim.gatewayStats().identifies === s0.identifies + 1 && sim.connectedBots() === 1, { timeout: 10_000 });
    const i = await sim.slash(aliceId, sim.createTextChannel(guildId, 'reidentify').id, 'play');
    assert.equal((await i.reply()).content, 'ok');
  });

  it('a connection that stops heartbeating is closed (4009)', async () => {
    const ws = new WebSocket(`${sim.gatewayUrl}?v=10&encoding=json`);
    const hello = JSON.parse((await once(ws, 'message'))[0].toString());
    assert.equal(hello.op, 10);
    ws.send(JSON.stringify({ op: 2, d: { token: sim.token, intents: 1, properties: { os: 'linux', browser: 'raw', device: 'raw' } } }));
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 4009);
  });

  it('a wrong token: IDENTIFY closes with 4004, REST answers 401 and login fails', async () => {
    const ws = new WebSocket(`${sim.gatewayUrl}?v=10&encoding=json`);
    await once(ws, 'message');
    ws.send(JSON.stringify({ op: 2, d: { token: 'nope', intents: 1, properties: {} } }));
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 4004);
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: sim.apiBase } });
    const seen = sim.restLog().length;
    // discord.js turns the 401 of GET /gateway/bot into its TokenInvalid error (WebSocketManager.connect).
    await assert.rejects(client.login('bad.token.value'), { code: 'TokenInvalid', message: 'An invalid token was provided.' });
    const answered = sim.restLog().slice(seen);
    assert.ok(
      answered.some((e) => e.status === 401 && e.summary.includes('/gateway/bot')),
      answered.map((e) => e.summary).join('\n'),
    );
    await client.destroy();
  });
});
