/**
 * A rate limit on an interaction's webhook route (a click's @original edit answered 429): the
 * `rate limited` line names the bucket's templated route, not the request's URL nor its major
 * parameter, which hold the interaction token (valid 15 minutes: anyone reading the log could post
 * and edit as the bot there). Before, app.ts logged discord.js's info whole, token twice.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiscordSim } from '../discord-sim/index.js';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { createRenderer } from '../../src/bot/renderer.js';
import { createBot } from '../../src/bot/app.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { createLogger } from '../../src/config/logger.js';
import { tempDb } from '../support/temp-dir.js';

test('a rate-limited interaction edit is logged by its templated route, without its token', { timeout: 60_000 }, async (t) => {
  const sim = await DiscordSim.start();
  const guild = sim.createGuild({ name: 'Quán', locale: 'en-US' });
  const channel = sim.createTextChannel(guild.id, 'games');
  const host = sim.createUser({ username: 'an', locale: 'en-US' });
  const other = sim.createUser({ username: 'binh', locale: 'en-US' });
  sim.addMember(guild.id, host.id);
  sim.addMember(guild.id, other.id);
  await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: guild.id });
  const lines: string[] = [];
  // The production logger (JSON lines, its serializers and formatters), at debug: every line.
  const log = createLogger('debug', false, {}, { write: (s: string) => void lines.push(s) });
  const render = await createRenderer(0);
  const store = openStore(tempDb('hq-ratelimit-log-', t), engineOf);
  const bot = await createBot({ token: sim.token, apiBase: sim.apiBase, store, log, render: render.renderer, defaultLang: 'en' });
  await bot.start();
  try {
    const h = await sim.slash(host.id, channel.id, 'play', { game: 'phom' });
    await h.settled({ timeout: 30_000 });
    await bot.whenIdle();
    const lobby = sim.message(h.response!.id)!;
    const join = sim.components(lobby).find((c) => c.type === 2 && c.label === 'Join')!;
    // Discord answers the click's @original edit (an interaction webhook route) with one 429.
    sim.faults.rateLimit({ route: /^\/webhooks\/\d+\/[^/]+/, retryAfterMs: 300, times: 1 });
    const c = await sim.click(other.id, lobby.id, String(join.custom_id));
    await c.settled({ timeout: 30_000 });
    await bot.whenIdle();
    const tokens = sim
      .restLog()
      .map((e) => /\/webhooks\/\d+\/([^/ ?]+)/.exec(e.summary)?.[1])
      .filter((x): x is string => !!x);
    assert.ok(tokens.length > 0, 'the click used its interaction webhook');
    assert.ok(
      sim.restLog().some((e) => e.status === 429),
      'the 429 was served',
    );
    const limited = lines.filter((l) => l.includes('"rate limited"'));
    assert.ok(limited.length > 0, 'the rate limit was logged');
    for (const l of limited) {
      assert.ok(!tokens.some((tok) => l.includes(tok)), `the interaction token is in the log: ${l}`);
      assert.ok(!l.includes(sim.apiBase), `the request's URL is in the log: ${l}`);
    }
    assert.ok(
      limited.some((l) => l.includes('"route":"/webhooks/:id/:token/messages/%40original"')),
      `the templated route is named: ${limited[0]}`,
    );
    // A per-route wait is routine pacing: debug, not warn.
    assert.ok(
      limited.every((l) => (JSON.parse(l) as { level: number }).level === 20),
      limited.join('\n'),
    );
  } finally {
    await bot.stop();
    store.close();
    await render.close();
    await sim.stop();
  }
});
