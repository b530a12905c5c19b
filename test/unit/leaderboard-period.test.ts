/** /leaderboard for a period with no hand in it (older hands only) says so, not "No finished hands yet". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWithAi, rig } from '../support/table-rig.js';
import * as leaderboard from '../../commands/leaderboard.js';
import type { BotContext } from '../../src/bot/context.js';

test('a period without hands is named as such', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'lb-period' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAi(r);
  r.clock.t += 10 * 86_400_000;
  const said = async (period: string) => {
    const out: string[] = [];
    const i = {
      locale: 'en-US',
      guildLocale: 'en-US',
      guildId: 'g',
      inGuild: () => true,
      options: { getString: (k: string) => (k === 'game' ? 'phom' : k === 'period' ? period : null) },
      // Acknowledged first (the ranking may take seconds on a large server), then edited.
      deferReply: async () => undefined,
      editReply: async (x: { content?: string }) => void out.push(x.content ?? ''),
    };
    await leaderboard.execute(i as never, { store: r.store, defaultLang: 'en' } as unknown as BotContext);
    return out.join('\n');
  };
  assert.match(await said('week'), /No finished hands in this period\./);
  assert.doesNotMatch(await said('all'), /No finished hands/);
});
