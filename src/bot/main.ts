/** `npm start`: validate the environment, open SQLite, start the renderer and the bot. */
import { loadDotEnv, loadEnv } from '../config/env.js';
import { createLogger } from '../config/logger.js';
import { openStore } from '../store/index.js';
import { engineOf } from '../table/manifests.js';
import { createRenderer } from './renderer.js';
import { createBot } from './app.js';

loadDotEnv();
const env = loadEnv();
if (!env.ok) {
  console.error(env.message);
  process.exit(1);
}
const cfg = env.env;
const log = createLogger(cfg.LOG_LEVEL, cfg.NODE_ENV === 'development');
const store = openStore(cfg.DATABASE_PATH, engineOf);
const render = await createRenderer(cfg.RENDER_WORKERS);
const bot = await createBot({
  token: cfg.DISCORD_TOKEN,
  apiBase: cfg.DISCORD_API_BASE,
  store,
  log,
  render: render.renderer,
  defaultLang: cfg.DEFAULT_LOCALE,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  await bot.stop().catch(() => undefined);
  await render.close().catch(() => undefined);
  store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await bot.start();
  console.log(`Hội Quán is online as ${bot.client.user?.tag ?? '?'} (database ${cfg.DATABASE_PATH})`);
} catch (e) {
  log.fatal({ err: e }, 'cannot log in');
  console.error(`Hội Quán cannot log in: ${(e as Error).message}. Check DISCORD_TOKEN and DISCORD_API_BASE.`);
  process.exit(1);
}
