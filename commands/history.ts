/** /history [game] [game-id] [hand]: recent games on this server, or one finished hand's replay (image + action log). */
import { AttachmentBuilder, MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator } from '../src/table/i18n.js';
import { gameOption } from '../src/bot/command-options.js';
import { handReplayView } from '../src/bot/replays.js';
import { chunk } from '../src/bot/config-core.js';
import { isGameId } from '../src/table/manifests.js';

export const data = named(new SlashCommandBuilder(), 'history', 'history')
  .addStringOption((o) => gameOption(o, false))
  .addStringOption((o) => named(o, 'game-id', 'history.game-id').setMaxLength(12))
  .addIntegerOption((o) => named(o, 'hand', 'history.hand').setMinValue(1).setMaxValue(10_000));

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  if (!i.inGuild()) return void (await i.reply({ content: t('errors:guild-only'), flags: MessageFlags.Ephemeral }));
  const gameId = i.options.getString('game-id');
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  if (gameId) {
    const row = ctx.store.games.get(gameId.trim().toLowerCase());
    if (!row || row.guildId !== i.guildId) return void (await i.editReply({ content: t('errors:game-not-found') }));
    const hand = (i.options.getInteger('hand') ?? row.handIndex + 1) - 1;
    if (hand > row.handIndex) return void (await i.editReply({ content: t('errors:no-such-hand', { max: row.handIndex + 1 }) }));
    const view = await handReplayView(ctx, row.id, hand, lang);
    if (!view) return void (await i.editReply({ content: t('errors:game-not-found') }));
    const head = `**${t(`${row.game}:name`)}** \`${row.id}\` · ${t('common:table.hand', { n: hand + 1 })}`;
    const body = chunk(view.lines, 1800 - head.length)[0] ?? '';
    const more = view.lines.length && body.split('\n').length < view.lines.length ? `\n… (${view.lines.length})` : '';
    await i.editReply({
      content: `${head}\n${body}${more}`,
      files: view.image ? [new AttachmentBuilder(view.image, { name: 'replay.png' })] : [],
    });
    return;
  }
  const gameRaw = i.options.getString('game');
  const game = gameRaw && isGameId(gameRaw) ? gameRaw : undefined;
  const games = ctx.store.games.recent(i.guildId, 15, game).filter((g) => g.status !== 'lobby' && g.status !== 'cancelled');
  if (!games.length) return void (await i.editReply({ content: t('common:history.none') }));
  const lines = games.map((g) => {
    const seats = ctx.store.games
      .seats(g.id)
      .map((s) => s.displayName)
      .join(', ');
    return `\`${g.id}\` ${t(`${g.game}:name`)} · ${t(`common:status.${g.status}`)} · ${t('common:history.hands', { n: g.handIndex + 1 })} · ${seats} · <t:${Math.floor(g.updatedAt / 1000)}:R>`;
  });
  await i.editReply({ content: [`**${t('common:history.title')}**`, ...lines, t('common:history.hint')].join('\n').slice(0, 2000) });
}
