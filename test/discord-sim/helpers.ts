/**
 * Test helpers: a discord.js Client wired to a simulator, whose interaction handler a test can swap.
 * Used by the simulator's own tests; bot tests may use `connectClient` too.
 */
import { Client, Events, GatewayIntentBits, type ClientOptions, type Interaction, type TextChannel } from 'discord.js';
import { DiscordSim } from './sim.js';

export interface TestBot {
  client: Client;
  /** Current interaction handler (replace it per test). */
  handle: (i: Interaction) => Promise<void> | void;
  /** Errors thrown by handlers (e.g. DiscordAPIError with `.code`). */
  errors: unknown[];
  /** Resolves after the handler of the next interaction (one arriving after this call) finished or threw. */
  nextHandled(): Promise<void>;
  destroy(): Promise<void>;
}

/** Logs an unmodified discord.js Client in against the simulator and waits for `clientReady`. */
export async function connectClient(sim: DiscordSim, options: Partial<ClientOptions> = {}): Promise<TestBot> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    waitGuildTimeout: 1000,
    ...options,
    rest: { api: sim.apiBase, ...(options.rest ?? {}) },
  });
  let started = 0;
  let waiters: Array<{ after: number; resolve: () => void }> = [];
  const bot: TestBot = {
    client,
    handle: () => undefined,
    errors: [],
    nextHandled: () => new Promise<void>((resolve) => waiters.push({ after: started, resolve })),
    destroy: async () => {
      await client.destroy();
    },
  };
  client.on(Events.InteractionCreate, async (i) => {
    const index = ++started;
    try {
      await bot.handle(i);
    } catch (e) {
      bot.errors.push(e);
    } finally {
      // Wake only waiters registered before this interaction arrived.
      const ready = waiters.filter((w) => index > w.after);
      waiters = waiters.filter((w) => index <= w.after);
      for (const w of ready) w.resolve();
    }
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(sim.token);
  await ready;
  return bot;
}

/** A simulator with one server and its #games channel, a connected client, and that channel as discord.js sees it. */
export async function openTextChannel(): Promise<{ sim: DiscordSim; bot: TestBot; channel: TextChannel }> {
  const sim = await DiscordSim.start();
  const g = sim.createGuild({ name: 'g' });
  const ch = sim.createTextChannel(g.id, 'games');
  const bot = await connectClient(sim);
  return { sim, bot, channel: (await bot.client.channels.fetch(ch.id)) as TextChannel };
}

/** A simulator with a server "Quán", its #games, one member (alice) and the bot connected. */
export async function openServer(): Promise<{ sim: DiscordSim; bot: TestBot; guildId: string; channelId: string; alice: string }> {
  const sim = await DiscordSim.start();
  const guildId = sim.createGuild({ name: 'Quán' }).id;
  const channelId = sim.createTextChannel(guildId, 'games').id;
  const alice = sim.createUser({ username: 'alice' }).id;
  sim.addMember(guildId, alice);
  return { sim, bot: await connectClient(sim), guildId, channelId, alice };
}
