/**
 * Gateway sharding (https://discord.com/developers/docs/events/gateway#sharding) with real discord.js clients:
 * `GET /gateway/bot` recommends the shard count, IDENTIFY carries `shard: [id, n]`, a guild's events go to shard
 * `(guild_id >> 22) % n` (DMs to shard 0), sessions are per shard, and dropping one shard's connection leaves the
 * other running while the dropped one resumes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { Routes, type Interaction } from 'discord.js';
import { DiscordSim } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

describe('gateway shards', () => {
  let sim: DiscordSim;
  let shard0: TestBot;
  let shard1: TestBot;
  const ids = { g0: '', g1: '', ch0: '', ch1: '', alice: '' };
  before(async () => {
    sim = await DiscordSim.start({ shards: 2, requireRegisteredCommands: false });
    const g0 = sim.createGuild({ name: 'zero', shard: 0 });
    const g1 = sim.createGuild({ name: 'one', shard: 1 });
    const g2 = sim.createGuild({ name: 'one-too', shard: 1 });
    const alice = sim.createUser({ username: 'alice' });
    for (const g of [g0, g1, g2]) sim.addMember(g.id, alice.id);
    Object.assign(ids, {
      g0: g0.id,
      g1: g1.id,
      ch0: sim.createTextChannel(g0.id, 'games').id,
      ch1: sim.createTextChannel(g1.id, 'games').id,
      alice: alice.id,
    });
    shard0 = await connectClient(sim, { shards: [0], shardCount: 2 });
    shard1 = await connectClient(sim, { shards: [1], shardCount: 2 });
    const answer = (n: number) => async (i: Interaction) => {
      if (i.isChatInputCommand()) await i.reply(`shard ${n} (${i.client.ws.shards.first()?.id ?? '?'})`);
    };
    shard0.handle = answer(0);
    shard1.handle = answer(1);
  });
  after(async () => {
    await shard0.destroy();
    await shard1.destroy();
    await sim.stop();
  });

  it('GET /gateway/bot recommends the shard count; guild ids land on the shard asked for', async () => {
    const r = (await shard0.client.rest.get(Routes.gatewayBot())) as { shards: number };
    assert.equal(r.shards, 2);
    assert.equal(sim.shardCount, 2);
    assert.equal(sim.shardOf(ids.g0), 0);
    assert.equal(sim.shardOf(ids.g1), 1);
    assert.equal(Number((BigInt(ids.g1) >> 22n) % 2n), 1, "Discord's formula");
  });

  it('each shard gets only its guilds (READY and GUILD_CREATE) and its own session', () => {
    assert.deepEqual([...shard0.client.guilds.cache.keys()], [ids.g0]);
    assert.equal(shard1.client.guilds.cache.size, 2);
    assert.ok(shard1.client.guilds.cache.has(ids.g1));
    const sessions = sim.gatewaySessions().sort((a, b) => a.shard[0] - b.shard[0]);
    assert.deepEqual(
      sessions.map((s) => s.shard),
      [
        [0, 2],
        [1, 2],
      ],
    );
    assert.notEqual(sessions[0]!.sessionId, sessions[1]!.sessionId);
    assert.equal(sim.connectedBots(0), 1);
    assert.equal(sim.connectedBots(1), 1);
  });

  it("a guild's interactions go to its shard only", async () => {
    const a = await sim.slash(ids.alice, ids.ch0, 'ping');
    const b = await sim.slash(ids.alice, ids.ch1, 'ping');
    assert.equal((await a.reply()).content, 'shard 0 (0)');
    assert.equal((await b.reply()).content, 'shard 1 (1)');
  });

  it('DMs go to shard 0', async () => {
    const user = await shard1.client.users.fetch(ids.alice);
    const sent = await user.send({
      content: 'your turn',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Open', custom_id: 'dm:open' }] }],
    });
    const seen: number[] = [];
    shard0.handle = async (i: Interaction) => {
      if (i.isButton()) {
        seen.push(0);
        await i.deferUpdate();
      }
    };
    shard1.handle = async (i: Interaction) => {
      if (i.isButton()) seen.push(1);
    };
    const h = await sim.click(ids.alice, sent.id, 'dm:open');
    await h.settled();
    assert.deepEqual(seen, [0]);
    assert.equal(h.payload.guild_id, undefined);
    const answer = (n: number) => async (i: Interaction) => {
      if (i.isChatInputCommand()) await i.reply(`shard ${n} (${i.client.ws.shards.first()?.id ?? '?'})`);
    };
    shard0.handle = answer(0);
    shard1.handle = answer(1);
  });

  it('a slash command in the DM goes to shard 0: a global command without contexts only; guild commands and BOT_DM-less ones are not offered', async () => {
    const app = shard0.client.application!.id;
    await shard0.client.rest.put(Routes.applicationCommands(app), {
      body: [
        { name: 'away', description: 'away', type: 1 },
        { name: 'guildonly', description: 'not in DMs', type: 1, contexts: [0] },
      ],
    });
    await shard0.client.rest.put(Routes.applicationGuildCommands(app, ids.g1), {
      body: [{ name: 'local', description: 'guild', type: 1 }],
    });
    const user = await shard1.client.users.fetch(ids.alice);
    const dm = await user.createDM();
    const h = await sim.slash(ids.alice, dm.id, 'away');
    assert.equal((await h.reply()).content, 'shard 0 (0)');
    assert.equal(h.payload.guild_id, undefined);
    assert.equal(h.payload.context, 1);
    assert.equal((h.payload.user as { id: string }).id, ids.alice);
    await assert.rejects(sim.slash(ids.alice, dm.id, 'guildonly'), /not offered in DMs/);
    await assert.rejects(sim.slash(ids.alice, dm.id, 'local'), /not registered globally|not offered/);
  });

  it('dropping shard 0 leaves shard 1 running; shard 0 resumes and gets what it missed', async () => {
    const before = sim.gatewayStats();
    sim.dropGatewayConnections({ shard: 0 });
    await sim.waitFor(() => sim.connectedBots(0) === 0, { message: 'shard 0 dropped' });
    assert.equal(sim.connectedBots(1), 1, 'shard 1 is untouched');
    // Shard 1 keeps answering while shard 0 is away.
    const b = await sim.slash(ids.alice, ids.ch1, 'ping');
    assert.equal((await b.reply()).content, 'shard 1 (1)');
    // An event for shard 0's guild while it is away is replayed on RESUME.
    const late = sim.createTextChannel(ids.g0, 'late');
    await sim.waitFor(() => sim.connectedBots(0) === 1, { timeout: 15_000, message: 'shard 0 back' });
    const after = sim.gatewayStats();
    assert.equal(after.identifies, before.identifies, 'no new IDENTIFY: the session resumed');
    assert.equal(after.resumes, before.resumes + 1);
    await sim.waitFor(() => shard0.client.channels.cache.has(late.id), { message: 'missed CHANNEL_CREATE replayed' });
    assert.equal(shard1.client.channels.cache.has(late.id), false, "shard 1 never sees shard 0's guild");
    const a = await sim.slash(ids.alice, ids.ch0, 'ping');
    assert.equal((await a.reply()).content, 'shard 0 (0)');
  });

  it('an IDENTIFY with a shard id out of range is closed with 4010; the running shards are untouched', async () => {
    const raw = new WebSocket(`${sim.gatewayUrl}?v=10&encoding=json`);
    const closed = new Promise<number>((resolve) => raw.on('close', (code) => resolve(code)));
    raw.on('message', (data) => {
      const p = JSON.parse(String(data)) as { op: number };
      if (p.op === 10) raw.send(JSON.stringify({ op: 2, d: { token: sim.token, intents: 1, properties: {}, shard: [2, 2] } }));
    });
    assert.equal(await closed, 4010, 'shard id out of range: Invalid shard');
    assert.equal(sim.connectedBots(0) + sim.connectedBots(1), 2);
  });
});
