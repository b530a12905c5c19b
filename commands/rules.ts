/** /rules game: a readable summary of the rules, the options in force on this server, and the tile/card sheet. */
import { AttachmentBuilder, EmbedBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator } from '../src/table/i18n.js';
import { gameOption, offered } from '../src/bot/command-options.js';
import { chunk, describeOptions } from '../src/bot/config-core.js';
import { GAME_IDS, isGameId } from '../src/table/manifests.js';
import { embedPages } from '../src/bot/embed-pages.js';

export const data = offered(named(new SlashCommandBuilder(), 'rules', 'rules'), 'servers-and-dms').addStringOption((o) =>
  gameOption(o, true),
);

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const game = i.options.getString('game', true);
  if (!isGameId(game))
    return void (await i.reply({
      content: t('errors:unknown-game', { list: GAME_IDS.join(', ') }),
      flags: MessageFlags.Ephemeral,
    }));
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  // A sheet that cannot be drawn (a render worker that failed, RENDER_TIMEOUT_MS under load) leaves the
  // rules in words, with a line saying the picture is missing, as the game's images do: before, the
  // whole answer was the generic error.
  const sheet = await ctx.render.sheet(game, lang).catch((err: unknown) => {
    ctx.log.warn({ err, game }, 'cannot draw the piece sheet');
    return null;
  });
  const summary = new EmbedBuilder()
    .setTitle(t(`${game}:name`))
    .setDescription(t(`${game}:rules.summary`).slice(0, 4000))
    // The summary tells the default rules; the server's options (next embed) may differ.
    .setFooter({ text: t('common:rules.summary-note') });
  if (sheet) summary.setImage('attachment://pieces.png');
  const options = chunk(describeOptions(ctx.store, i.guildId, game, t), 4000).map((text, k) =>
    new EmbedBuilder().setTitle(k === 0 ? t('common:rules.options-in-force') : '…').setDescription(text),
  );
  // Embeds share 6,000 characters per message: the options that do not fit follow in more messages.
  const [embeds = [], ...more] = embedPages([summary, ...options]);
  await i.editReply(
    sheet
      ? { embeds, files: [new AttachmentBuilder(sheet, { name: 'pieces.png' })] }
      : { content: `⚠️ ${t('common:picture.failed')}`, embeds },
  );
  for (const page of more) await i.followUp({ embeds: page, flags: MessageFlags.Ephemeral });
}
