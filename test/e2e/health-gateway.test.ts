/**
 * /healthz's gateway check (src/bot/observe.ts gatewayReady) follows each shard's status: discord.js
 * 14 sets `client.ws.status` to Ready once and never back, so /healthz stayed 200 after the gateway
 * closed the session for good (4004: discord.js never reconnects).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Events } from 'discord.js';
import { DiscordSim } from '../discord-sim/index.js';
import { connectClient } from '../discord-sim/helpers.js';
import { gatewayReady } from '../../src/bot/observe.js';

test(
  'gatewayReady: false while a shard reconnects, true again once it has, false once the gateway closed for good',
  { timeout: 60_000 },
  async () => {
    const sim = await DiscordSim.start({ heartbeatIntervalMs: 400 });
    sim.createGuild({ name: 'Quán' });
    const bot = await connectClient(sim);
    try {
      assert.equal(gatewayReady(bot.client), true, 'READY');
      // A close discord.js reconnects from: not ready meanwhile, ready again after.
      // Read as discord.js says it reconnects (the shard's status is Connecting then).
      const whileReconnecting = new Promise<boolean>((r) => bot.client.once(Events.ShardReconnecting, () => r(gatewayReady(bot.client))));
      const back = new Promise<void>(
        (r) => (bot.client.once(Events.ShardResume, () => r()), bot.client.once(Events.ShardReady, () => r())),
      );
      sim.closeGatewayConnections(4000);
      const during = await whileReconnecting;
      await back;
      await sim.waitFor(() => gatewayReady(bot.client), { timeout: 20_000, message: 'ready again once reconnected' });
      // Asserted once reconnected: a client destroyed in the middle of its reconnection kept this process alive.
      assert.equal(during, false, 'not ready while reconnecting');
      // A close it does not reconnect from.
      const disconnected = new Promise<number>((r) => bot.client.once(Events.ShardDisconnect, (e) => r(e.code)));
      sim.closeGatewayConnections(4004);
      assert.equal(await disconnected, 4004);
      await sim.waitFor(() => sim.connectedBots() === 0, { timeout: 5_000 });
      assert.equal(gatewayReady(bot.client), false, 'the gateway is gone for good, yet /healthz said READY');
      await new Promise((r) => setTimeout(r, 1_000));
      assert.equal(gatewayReady(bot.client), false, 'and it stays so');
    } finally {
      await bot.destroy().catch(() => undefined);
      await sim.stop();
    }
  },
);
