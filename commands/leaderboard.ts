/** /leaderboard game [period]: the server's players ranked by OpenSkill rating (2–6-player games). */
import { EmbedBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { publicLocale } from '../src/bot/public-locale.js';
import { langOf, translator } from '../src/table/i18n.js';
import { gameOption, offered, periodOption } from '../src/bot/command-options.js';
import { GAME_IDS, isGameId } from '../src/table/manifests.js';
import { amount, unitName } from '../src/table/present/common.js';
import type { Period } from '../src/store/index.js';

export const data = offered(named(new SlashCommandBuilder(), 'leaderboard', 'leaderboard'), 'servers')
  .addStringOption((o) => gameOption(o, true))
  .addStringOption(periodOption);

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  // Errors are ephemeral (the user's language); the leaderboard itself is public (the server's).
  const t = translator(langOf(i.locale, ctx.defaultLang));
  if (!i.inGuild()) return void (await i.reply({ content: t('errors:guild-only'), flags: MessageFlags.Ephemeral }));
  const game = i.options.getString('game', true);
  if (!isGameId(game))
    return void (await i.reply({
      content: t('errors:unknown-game', { list: GAME_IDS.join(', ') }),
      flags: MessageFlags.Ephemeral,
    }));
  const period = (i.options.getString('period') ?? 'all') as Period;
  const lang = langOf(publicLocale(i), ctx.defaultLang);
  const pt = translator(lang);
  // Acknowledged first, as /score and /history are: the all-time ranking sums every hand of the game on
  // the server (about 1 s for a million hands on this 2-core machine, from one covering index), and Discord allows 3 s.
  await i.deferReply();
  const rows = ctx.store.results.leaderboard(i.guildId, game, period, 15);
  const title = `${pt('common:leaderboard.title', { game: pt(`${game}:name`) })} · ${pt(`commands:period.${period}`)}`;
  // Hands before the period (week, month, year) are not "none yet".
  const none = pt(period === 'all' ? 'common:leaderboard.none' : 'common:leaderboard.none-period');
  if (!rows.length) return void (await i.editReply({ content: `${title}\n${none}`, allowedMentions: { parse: [] } }));
  const medal = ['🥇', '🥈', '🥉'];
  const lines = rows.map(
    (r, k) =>
      `${medal[k] ?? `${k + 1}.`} <@${r.userId}> — ${pt('common:leaderboard.line', {
        // Numbers in the reader's notation (vi: decimal comma).
        rating: amount(r.rating, lang, 1),
        hands: pt('common:count.hands', { count: r.hands }),
        wins: pt('common:count.wins', { count: r.wins }),
        // In each unit they played in, never added up (a Chắn table with a stake pays money, one without points).
        total: r.totals
          .map((x) => `${amount(x.total, lang)} ${unitName(pt, game, x.unit, Math.abs(x.total))}`)
          .join(pt('common:punct.list')),
      })}`,
  );
  await i.editReply({
    embeds: [
      new EmbedBuilder()
        .setTitle(title)
        .setDescription(lines.join('\n'))
        .setFooter({ text: pt('common:leaderboard.footer') }),
    ],
    allowedMentions: { parse: [] },
  });
}
