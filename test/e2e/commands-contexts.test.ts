/**
 * The commands offered in the bot's DMs (registered globally, `contexts` with BOT_DM) are those that
 * work there: none of them answers "This command works in a server only", and the ones that would are
 * no longer offered (the simulator refuses a DM command whose `contexts` leave out BOT_DM, as Discord's
 * client does not list it). Before, every command but /config was offered in DMs, five of them only to
 * say they work in a server only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld } from './harness.js';
import { deployCommands } from '../../src/bot/deploy.js';

const OPTIONS: Record<string, Record<string, unknown>> = {
  play: { game: 'phom' },
  leaderboard: { game: 'phom' },
  rules: { game: 'chan' },
  privacy: { 'delete-my-data': {} },
};

test('in the bot DMs, the commands offered answer, and those that only work in a server are not offered', async () => {
  await withWorld(async (w) => {
    await deployCommands({ apiBase: w.sim.apiBase, token: w.sim.token, applicationId: w.sim.applicationId });
    const u = w.users[0]!.id;
    const dm = w.sim.newChannel({ type: 1, name: '', recipientId: u });
    const offered: string[] = [];
    for (const name of [
      'play',
      'games',
      'score',
      'leaderboard',
      'history',
      'rules',
      'away',
      'prefs',
      'notify',
      'privacy',
      'config',
      'help',
    ]) {
      let h;
      try {
        h = await w.sim.slash(u, dm.id, name, (OPTIONS[name] ?? {}) as never);
      } catch (e) {
        assert.match((e as Error).message, /not offered in DMs/, `/${name}`);
        continue;
      }
      offered.push(name);
      await h.settled({ timeout: 30_000 });
      await w.bot.whenIdle();
      const said = h.messages.map((m) => w.sim.text(m)).join('\n');
      assert.ok(h.messages.length > 0, `/${name} answers`);
      assert.doesNotMatch(said, /works in a server only/, `/${name} works in DMs`);
    }
    assert.deepEqual(offered.sort(), ['away', 'help', 'notify', 'prefs', 'privacy', 'rules']);
  });
});
