/** /rules game: a readable summary of the rules, the options in force on this server, and the tile/card sheet. */
import { AttachmentBuilder, EmbedBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator } from '../src/table/i18n.js';
import { gameOption } from '../src/bot/command-options.js';
import { chunk, describeOptions } from '../src/bot/config-core.js';
import { isGameId } from '../src/table/manifests.js';
import { embedPages } from '../src/bot/embed-pages.js';

export const data = named(new SlashCommandBuilder(), 'rules', 'rules').addStringOption((o) => gameOption(o, true));

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const game = i.options.getString('game', true);
  if (!isGameId(game))
    return void (await i.reply({
      content: t('errors:unknown-game', { list: 'phom, chan, vn-mahjong, classic-mahjong' }),
      flags: MessageFlags.Ephemeral,
    }));
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const sheet = await ctx.render.sheet(game, lang);
  const summary = new EmbedBuilder()
    .setTitle(t(`${game}:name`))
    .setDescription(t(`${game}:rules.summary`).slice(0, 4000))
    // The summary tells the default rules; the server's options (next embed) may differ.
    .setFooter({ text: t('common:rules.summary-note') })
    .setImage('attachment://pieces.png');
  const options = chunk(describeOptions(ctx.store, i.guildId, game, t), 4000).map((text, k) =>
    new EmbedBuilder().setTitle(k === 0 ? t('common:rules.options-in-force') : '…').setDescription(text),
  );
  // Embeds share 6,000 characters per message: the options that do not fit follow in more messages.
  const [embeds = [], ...more] = embedPages([summary, ...options]);
  await i.editReply({ embeds, files: [new AttachmentBuilder(sheet, { name: 'pieces.png' })] });
  for (const page of more) await i.followUp({ embeds: page, flags: MessageFlags.Ephemeral });
}
