/** /score [user] [game] [period]: a player's record and best hand (per game). */
import { AttachmentBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator } from '../src/table/i18n.js';
import { gameOption, offered, periodOption } from '../src/bot/command-options.js';
import { handReplayView } from '../src/bot/replays.js';
import { isGameId } from '../src/table/manifests.js';
import { amount, itemWorth, signed, unitName } from '../src/table/present/common.js';
import { ratingHistory, type BestHand, type Period } from '../src/store/index.js';
import type { GameId } from '../src/table/manifests.js';
import { cut } from '../src/table/cut.js';
import { plainName } from '../src/bot/member-name.js';

/** The rating chart's model (src/render/model.ts RatingModel; commands do not import render). */
interface RatingChart {
  game: GameId;
  locale: string;
  title: string;
  points: { t: number; ordinal: number }[];
  /** The reader's IANA zone (their /notify one): the axis dates are their days; absent: UTC. */
  timeZone?: string;
}

export const data = offered(named(new SlashCommandBuilder(), 'score', 'score'), 'servers')
  .addUserOption((o) => named(o, 'user', 'score.user'))
  .addStringOption((o) => gameOption(o, false))
  .addStringOption(periodOption);

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  if (!i.inGuild()) return void (await i.reply({ content: t('errors:guild-only'), flags: MessageFlags.Ephemeral }));
  const user = i.options.getUser('user') ?? i.user;
  // The name people see at the table: the member's display name (nickname) on this server.
  const member = i.options.getUser('user') ? i.options.getMember('user') : i.member;
  const shown = plainName((member && 'displayName' in member ? member.displayName : null) ?? user.displayName);
  const gameRaw = i.options.getString('game');
  const game = gameRaw && isGameId(gameRaw) ? gameRaw : null;
  const period = (i.options.getString('period') ?? 'all') as Period;
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const rec = ctx.store.results.record(i.guildId, user.id, game, period);
  const scope = `${game ? t(`${game}:name`) : t('common:score.all-games')} · ${t(`commands:period.${period}`)}`;
  // A period may hold what a match gave back as it ended (a refund row, dated at the match's end) and
  // no hand: the record is shown, with 0 hands and those points (store/results.ts `record`).
  if (rec.hands === 0 && !rec.refunds.length) return void (await i.editReply({ content: t('common:score.none', { user: shown, scope }) }));
  const counts = { hands: t('common:count.hands', { count: rec.hands }), wins: t('common:count.wins', { count: rec.wins }) };
  const lines = [
    `**${t('common:score.title', { user: shown })}** — ${scope}`,
    rec.hands
      ? t('common:score.line', { ...counts, rate: Math.round((rec.wins / rec.hands) * 100) })
      : t('common:score.line-no-hands', counts),
  ];
  // One line per unit: a Chắn table with a stake pays money, one without points (never added up).
  for (const x of rec.totals)
    lines.push(
      t('common:score.total', {
        total: amount(x.total, lang),
        unit: unitName(t, game, x.unit, Math.abs(x.total)),
      }),
    );
  // What matches gave back as they ended, per game (in the total above; the only line of it across games).
  for (const r of rec.refunds)
    lines.push(
      t('common:score.refund', {
        game: t(`${r.game}:name`),
        points: signed(r.points, lang),
        unit: unitName(t, r.game, r.unit, Math.abs(r.points)),
      }),
    );
  const files: AttachmentBuilder[] = [];
  const bestLine = (b: BestHand) => ({
    points: signed(b.points, lang),
    unit: unitName(t, b.game, b.unit, Math.abs(b.points)),
    id: b.gameId,
    hand: b.hand + 1, // stored from 0; /history counts hands from 1
  });
  // One game in scope: its best hand, what it scored and its picture (a Chắn player who played both
  // with and without a stake: the best in the other unit too, on a line of its own; store/results.ts
  // `bests`). Several: each game's best on a line (Phỏm counts bets and mahjong points, so no hand is
  // "best" across games).
  const [only, ...others] = rec.bests;
  if (only && rec.bests.every((b) => b.game === only.game)) {
    lines.push(t('common:score.best', bestLine(only)));
    const items = (only.summary as { items?: { id: string; value: number; unit: string }[] }).items ?? [];
    for (const it of items.slice(0, 12))
      lines.push(
        `• ${t(`${only.game}:item.${it.id}`, { defaultValue: it.id })}${t('common:punct.colon')}${itemWorth(t, only.game, it, lang)}`,
      );
    const view = await handReplayView(ctx, only.gameId, only.hand, lang).catch(() => null);
    if (view?.image) files.push(new AttachmentBuilder(view.image, { name: 'best-hand.png' }));
    for (const b of others) lines.push(t('common:score.best', bestLine(b)));
  } else if (rec.bests.length > 1) {
    lines.push(t('common:score.bests'));
    for (const b of rec.bests) lines.push(t('common:score.best-of', { game: t(`${b.game}:name`), ...bestLine(b) }));
    lines.push(t('common:score.pick-game'));
  }
  // The rating over time (OpenSkill ordinal after each hand, all time) for one game, when the
  // renderer draws the chart kind `rating` (src/render/chart.ts).
  const chart = (ctx.render as { rating?: (m: RatingChart) => Promise<Buffer> }).rating;
  if (game && chart) {
    const points = ratingHistory(ctx.store.db, i.guildId, game, user.id);
    if (points.length) {
      // Dated in the days of whoever reads it (the reply is ephemeral: the one who asked, not the
      // player shown), from their /notify time zone; null there means UTC, which the chart then says.
      const timeZone = ctx.store.prefs.get(i.user.id).timeZone ?? undefined;
      const image = await chart
        .call(ctx.render, { game, locale: lang, title: `${shown} · ${t(`${game}:name`)}`, points, timeZone })
        .catch(() => null);
      if (image) files.push(new AttachmentBuilder(image, { name: 'rating.png' }));
    }
  }
  await i.editReply({ content: cut(lines.join('\n'), 2000), files });
}
