/** /leaderboard game [period]: the server's players ranked by OpenSkill rating (2–6-player games). */
import { EmbedBuilder, MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator } from '../src/table/i18n.js';
import { gameOption, periodOption } from '../src/bot/command-options.js';
import { isGameId } from '../src/table/manifests.js';
import type { Period } from '../src/store/index.js';

export const data = named(new SlashCommandBuilder(), 'leaderboard', 'leaderboard')
  .addStringOption((o) => gameOption(o, true))
  .addStringOption(periodOption);

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  if (!i.inGuild()) return void (await i.reply({ content: t('errors:guild-only'), flags: MessageFlags.Ephemeral }));
  const game = i.options.getString('game', true);
  if (!isGameId(game))
    return void (await i.reply({
      content: t('errors:unknown-game', { list: 'phom, chan, vn-mahjong, classic-mahjong' }),
      flags: MessageFlags.Ephemeral,
    }));
  const period = (i.options.getString('period') ?? 'all') as Period;
  const rows = ctx.store.results.leaderboard(i.guildId, game, period, 15);
  const title = `${t('common:leaderboard.title', { game: t(`${game}:name`) })} · ${t(`commands:period.${period}`)}`;
  if (!rows.length) return void (await i.reply({ content: `${title}\n${t('common:leaderboard.none')}`, allowedMentions: { parse: [] } }));
  const medal = ['🥇', '🥈', '🥉'];
  const lines = rows.map(
    (r, k) =>
      `${medal[k] ?? `${k + 1}.`} <@${r.userId}> — ${t('common:leaderboard.line', {
        rating: r.rating.toFixed(1),
        hands: r.hands,
        wins: r.wins,
        total: Math.round(r.total * 100) / 100,
      })}`,
  );
  await i.reply({
    embeds: [
      new EmbedBuilder()
        .setTitle(title)
        .setDescription(lines.join('\n'))
        .setFooter({ text: t('common:leaderboard.footer') }),
    ],
    allowedMentions: { parse: [] },
  });
}
