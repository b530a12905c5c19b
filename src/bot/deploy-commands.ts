/**
 * `npm run deploy-commands`: registers the slash commands (bulk overwrite) on one guild
 * (DISCORD_DEV_GUILD_ID, instant) or globally. Run it when command definitions change.
 */
import { loadDotEnv, loadEnv } from '../config/env.js';
import { deployCommands } from './deploy.js';

loadDotEnv();
const env = loadEnv();
if (!env.ok) {
  console.error(env.message);
  process.exit(1);
}
const cfg = env.env;
try {
  const r = await deployCommands({
    apiBase: cfg.DISCORD_API_BASE,
    token: cfg.DISCORD_TOKEN,
    ...(cfg.DISCORD_APPLICATION_ID ? { applicationId: cfg.DISCORD_APPLICATION_ID } : {}),
    ...(cfg.DISCORD_DEV_GUILD_ID ? { guildId: cfg.DISCORD_DEV_GUILD_ID } : {}),
  });
  console.log(`Deployed ${r.count} commands (${r.scope}).`);
} catch (e) {
  console.error(`Deploying commands failed: ${(e as Error).message}`);
  process.exit(1);
}
