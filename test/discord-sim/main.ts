/**
 * `npm run sim`: starts a Discord simulator by hand, seeds a guild, a channel and two users, prints how to point the
 * bot at it, and stays up until Ctrl-C.
 *
 * Environment: SIM_PORT (default 0 = any free port), SIM_TOKEN (fixed bot token), SIM_FAKE_CLOCK=1 (deadlines only
 * move with the control API's clock advance), DISCORD_SIM_LOG=1 (print the REST/gateway log).
 */
import { DiscordSim } from './sim.js';

const sim = await DiscordSim.start({
  realTime: process.env.SIM_FAKE_CLOCK !== '1',
  port: Number(process.env.SIM_PORT ?? 0),
  ...(process.env.SIM_TOKEN ? { token: process.env.SIM_TOKEN } : {}),
});
const guild = sim.createGuild({ name: 'Hội Quán (sim)', locale: 'vi' });
const channel = sim.createTextChannel(guild.id, 'games');
const alice = sim.createUser({ username: 'alice', locale: 'en-US' });
const bob = sim.createUser({ username: 'bob', locale: 'vi' });
sim.addMember(guild.id, alice.id);
sim.addMember(guild.id, bob.id);

const lines = [
  '',
  'Discord simulator running (loopback only).',
  `  REST base     ${sim.apiBase}`,
  `  Gateway       ${sim.gatewayUrl}`,
  `  Control API   ${sim.origin}/_sim/state`,
  `  Bot token     ${sim.token}`,
  `  Application   ${sim.applicationId}`,
  `  Guild         ${guild.id}  (${guild.name}, locale vi)`,
  `  Channel       ${channel.id}  (#games)`,
  `  Users         alice ${alice.id} (en-US), bob ${bob.id} (vi)`,
  '',
  'Point the bot at it (in another terminal): register the commands, then start it:',
  `  export DISCORD_API_BASE=${sim.apiBase} DISCORD_TOKEN=${sim.token} DISCORD_APPLICATION_ID=${sim.applicationId} DISCORD_DEV_GUILD_ID=${guild.id}`,
  '  npm run deploy-commands && npm start',
  '',
  'Play as a user from a script (see docs/testing-without-discord.md):',
  `  SIM=${sim.origin} node --import tsx my-script.ts`,
  '',
  `Clock: ${sim.clock.realTime ? 'real time (the 3 s ack deadline runs on the wall clock)' : 'fake (advance with POST /_sim/clock/advance)'}. Ctrl-C to stop.`,
  '',
];
process.stdout.write(lines.join('\n') + '\n');

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await sim.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
