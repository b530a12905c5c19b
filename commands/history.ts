/**
 * /history [game] [game-id] [hand]: recent games on this server, or the replay viewer of one hand
 * (issue #14 §6), ephemeral: the hand's PUBLIC table image at step k, replayed from the action log
 * (never a private view; the last step of a finished hand is its result, which reveals what the
 * result reveals), ◀ ▶ ⏮ ⏭ and a "jump to" select, the move list paged, and Export: the match up to
 * this hand as a scenario JSON (docs/scenarios.md) that `npm run cli -- replay` replays.
 */
import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { langOf, listWithin, translator } from '../src/table/i18n.js';
import { cut } from '../src/table/cut.js';
import { gameOption, offered } from '../src/bot/command-options.js';
import { dmsClosedLine } from '../src/notify/tell.js';
import { viewerPayload } from '../src/notify/replay-viewer.js';
import { isGameId } from '../src/table/manifests.js';
import { aiNameIn } from '../src/table/views.js';
import { shownName, wasDealt } from '../src/store/index.js';

export const data = offered(named(new SlashCommandBuilder(), 'history', 'history'), 'servers')
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
    if (!row || row.guildId !== i.guildId) return void (await i.editReply({ content: t('errors:no-such-game', { id: gameId.trim() }) }));
    if (!wasDealt(ctx.store.db, row)) return void (await i.editReply({ content: t('errors:never-started', { id: row.id }) }));
    const handOpt = i.options.getInteger('hand');
    const hand = (handOpt ?? row.handIndex + 1) - 1;
    if (hand > row.handIndex)
      return void (await i.editReply({
        content: t('errors:no-such-hand', { hands: t('common:count.hands', { count: row.handIndex + 1 }) }),
      }));
    const dms = dmsClosedLine(ctx.store, i.user.id, lang);
    const v = await viewerPayload(ctx, row.id, hand, null, lang, i.user.id);
    if (!v) return void (await i.editReply({ content: t('errors:game-not-found') }));
    await i.editReply(dms ? { ...v, content: cut(`${dms}\n${v.content}`, 2000) } : v);
    return;
  }
  // A hand of no game in particular: said so (the list gives the ids), not silently the list.
  if (i.options.getInteger('hand') !== null) return void (await i.editReply({ content: t('errors:hand-needs-game-id') }));
  const gameRaw = i.options.getString('game');
  const game = gameRaw && isGameId(gameRaw) ? gameRaw : undefined;
  const games = ctx.store.games.recentPlayed(i.guildId, 15, game);
  if (!games.length) return void (await i.editReply({ content: t('common:history.none') }));
  const lines = games.map((g) => {
    // Everyone who played, in seat order, then those who left (named so).
    const seated = ctx.store.games.seats(g.id);
    const left = ctx.store.results.matchStandings(g.id, seated).filter((e) => !e.seated);
    // Within 300 characters a game (a long Phỏm match lists some forty), the last counted.
    const seats = listWithin(
      [
        ...seated.map((s) => aiNameIn(shownName(s.displayName, t), s, t)),
        ...left.map((e) => t('common:result.left-name', { name: shownName(e.name, t) })),
      ],
      300,
      t,
    );
    return `\`${g.id}\` ${t(`${g.game}:name`)} · ${t(`common:status.${g.status}`)} · ${t('common:count.hands', { count: g.handIndex + 1 })} · ${seats} · <t:${Math.floor(g.publicAt / 1000)}:R>`;
  });
  // Whole lines within Discord's 2,000 characters, the hint always under them: cut at 2,000, the last
  // line broke mid-name or mid-stamp (`<t:179604`) and the hint was lost.
  const title = `**${t('common:history.title')}**`;
  const hint = t('common:history.hint');
  const list = listWithin(lines, 2000 - title.length - hint.length - 60, t, '\n');
  await i.editReply({ content: [title, list, hint].join('\n') });
}

export { component } from '../src/notify/replay-viewer.js';
