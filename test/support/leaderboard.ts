/** /leaderboard run on a store without Discord: what it says (content, else the embed's lines). */
import * as leaderboard from '../../commands/leaderboard.js';
import type { BotContext } from '../../src/bot/context.js';
import type { Store } from '../../src/store/index.js';

export async function leaderboardSays(store: Store, game: string, period: string | null = null): Promise<string> {
  const out: string[] = [];
  const i = {
    locale: 'en-US',
    guildLocale: 'en-US',
    guildId: 'g',
    inGuild: () => true,
    options: { getString: (k: string) => (k === 'game' ? game : k === 'period' ? period : null) },
    // Acknowledged first (the ranking may take seconds on a large server), then edited.
    deferReply: async () => undefined,
    editReply: async (x: { content?: string; embeds?: { data: { description?: string } }[] }) =>
      void out.push(x.content ?? x.embeds?.[0]?.data.description ?? ''),
  };
  await leaderboard.execute(i as never, { store, defaultLang: 'en' } as unknown as BotContext);
  return out.join('\n');
}
