/**
 * `npm run deploy-commands`: registers the slash commands (bulk overwrite) on one guild
 * (DISCORD_DEV_GUILD_ID, instant) or globally. Run it when command definitions change.
 */
import { REST, Routes } from 'discord.js';
import { loadEnv } from '../config/env.js';
import { loadCommands } from './commands.js';

const env = loadEnv();
if (!env.ok) {
  console.error(env.message);
  process.exit(1);
}
const cfg = env.env;
const rest = new REST({ api: cfg.DISCORD_API_BASE }).setToken(cfg.DISCORD_TOKEN);
const commands = [...(await loadCommands()).values()].map((c) => c.data.toJSON());
let appId = cfg.DISCORD_APPLICATION_ID;
if (!appId) {
  const app = (await rest.get(Routes.currentApplication())) as { id: string };
  appId = app.id;
}
const route = cfg.DISCORD_DEV_GUILD_ID ? Routes.applicationGuildCommands(appId, cfg.DISCORD_DEV_GUILD_ID) : Routes.applicationCommands(appId);
try {
  await rest.put(route, { body: commands });
  console.log(`Deployed ${commands.length} commands ${cfg.DISCORD_DEV_GUILD_ID ? `to guild ${cfg.DISCORD_DEV_GUILD_ID}` : 'globally'}.`);
} catch (e) {
  console.error(`Deploying commands failed: ${(e as Error).message}`);
  process.exit(1);
}
