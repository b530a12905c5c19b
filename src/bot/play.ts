/**
 * In-game components: open/refresh the private hand, play an option, next hand / end match,
 * pause/resume votes and taking a seat back from the AI. The user comes from the interaction,
 * never from the custom_id; the custom_id's version must match the game's, else nothing changes.
 */
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { BotContext } from './context.js';
import type { GameButton } from './custom-id.js';
import { langOf, translator } from './i18n.js';
import { endMatch, load, matchIsOver, progress, publicLang, updateTable, type Loaded } from './driver.js';
import { handPayload, seatOf } from './hand-view.js';
import type { BaseAction, Decision } from '../games/core/types.js';
import { blocksOf, readAnnounce } from './announce.js';

type Comp = ButtonInteraction | StringSelectMenuInteraction;

async function tell(i: Comp, text: string): Promise<void> {
  await i.followUp({ content: text, ephemeral: true }).catch(() => undefined);
}

function endedText(L: Loaded, t: (k: string) => string): string | null {
  if (L.row.status === 'finished') return t('errors:game-ended');
  if (L.row.status === 'cancelled') return t('errors:lobby-cancelled');
  if (L.row.status === 'lobby') return t('errors:not-started');
  return null;
}

/** "Open my hand": answered with a new ephemeral message (deferred with deferReply ephemeral). */
export async function openHand(ctx: BotContext, i: Comp, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const L = load(ctx, b.gameId);
  if (!L) return void (await i.editReply({ content: t('errors:game-not-found') }));
  const ended = endedText(L, t);
  if (ended) return void (await i.editReply({ content: ended }));
  const seat = seatOf(L, i.user.id);
  if (seat === null) return void (await i.editReply({ content: t('errors:not-seated-spectator') }));
  await i.editReply(await handPayload(ctx, L, seat, lang));
}

/** Buttons and selects on the ephemeral hand (deferred with deferUpdate: the hand is redrawn in place). */
export async function onHandComponent(ctx: BotContext, i: Comp, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  let L = load(ctx, b.gameId);
  if (!L) return tell(i, t('errors:game-not-found'));
  const ended = endedText(L, t);
  if (ended) {
    await i.editReply({ content: ended, components: [], files: [], attachments: [] }).catch(() => undefined);
    return;
  }
  const seat = seatOf(L, i.user.id);
  if (seat === null) return tell(i, t('errors:not-your-hand'));

  if (b.verb === 'refresh') return void (await i.editReply(await handPayload(ctx, L, seat, lang)));
  if (b.verb === 'retake') {
    ctx.store.games.setSeatAi(L.row.id, seat, false);
    await progress(ctx, L.row.id, t('common:notice.retook', { who: L.names[seat] }));
    return void (await i.editReply(await handPayload(ctx, load(ctx, b.gameId)!, seat, lang)));
  }
  if (L.row.status === 'paused') return void (await i.editReply(await handPayload(ctx, L, seat, lang, t('errors:paused'))));
  if (b.ver !== L.row.version) {
    return void (await i.editReply(await handPayload(ctx, L, seat, lang, `⚠️ ${t('errors:stale')}`)));
  }
  const decision = (L.engine.pending(L.state) as Decision<BaseAction>[]).find((d) => d.seat === seat);
  let action: BaseAction | undefined;
  if (b.verb === 'announce') {
    const blocks = blocksOf(decision?.options ?? []);
    const r = decision ? readAnnounce(b.arg, i.isStringSelectMenu() ? i.values : [], blocks) : null;
    if (r?.kind === 'draft') return void (await i.editReply(await handPayload(ctx, L, seat, lang, undefined, r.draft)));
    action = r?.action;
  } else {
    const index = Number(b.verb === 'pick' && i.isStringSelectMenu() ? i.values[0] : b.arg);
    action = decision && Number.isInteger(index) ? decision.options[index] : undefined;
  }
  if (!action) return void (await i.editReply(await handPayload(ctx, L, seat, lang, `⚠️ ${t('errors:no-such-option')}`)));

  const out = ctx.store.games.apply(L.row.id, b.ver, seat, action, 'player', i.user.id);
  if (!out.ok) {
    const msg =
      out.reason === 'rule'
        ? t(`${L.row.game}:error.${out.error.code.split('/')[1]}`, { ...out.error.data, defaultValue: out.error.message })
        : out.reason === 'stale'
          ? t('errors:stale')
          : t('errors:game-ended');
    L = load(ctx, b.gameId)!;
    return void (await i.editReply(await handPayload(ctx, L, seat, lang, `⚠️ ${msg}`)));
  }
  // The table's "last action" line shows the move; no separate notice is needed.
  await progress(ctx, L.row.id);
  L = load(ctx, b.gameId)!;
  await i.editReply(await handPayload(ctx, L, seat, lang));
}

/** Next hand / End match on the result message; Pause / Resume votes on the table message. */
export async function onTableComponent(ctx: BotContext, i: Comp, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const L = load(ctx, b.gameId);
  if (!L) return tell(i, t('errors:game-not-found'));
  const ended = endedText(L, t);
  if (ended) return tell(i, ended);
  const seat = seatOf(L, i.user.id);
  if (seat === null) return tell(i, t('errors:not-seated'));
  const humans = L.seats.filter((s) => s.userId).length;

  switch (b.verb) {
    case 'next-hand': {
      if (!L.engine.result(L.state) || b.ver !== L.row.version) return tell(i, t('errors:stale'));
      if (matchIsOver(L)) {
        await endMatch(ctx, L);
        await i.editReply({ components: [] }).catch(() => undefined);
        return;
      }
      ctx.store.games.nextHand(L.row.id);
      await i.editReply({ components: [] }).catch(() => undefined);
      await progress(ctx, L.row.id, t('common:notice.next-hand', { lng: publicLang(ctx, L.row) }));
      return;
    }
    case 'end-match': {
      if (L.row.hostUserId && i.user.id !== L.row.hostUserId && L.seats.some((s) => s.userId === L.row.hostUserId))
        return tell(i, t('errors:host-only'));
      await endMatch(ctx, L);
      await i.editReply({ components: [] }).catch(() => undefined);
      return;
    }
    case 'pause':
    case 'resume': {
      const want = b.verb;
      if ((want === 'pause') !== (L.row.status === 'running')) return tell(i, t('errors:stale'));
      const votes = new Set(L.row.pauseVotes.filter((v) => v.startsWith(`${want}:`)).map((v) => v.slice(want.length + 1)));
      votes.add(i.user.id);
      const needed = Math.floor(humans / 2) + 1;
      if (votes.size >= needed) {
        const now = ctx.clock.now();
        if (want === 'pause') ctx.store.timers.pause(L.row.id, now);
        else ctx.store.timers.resume(L.row.id, now);
        ctx.store.games.update(L.row.id, { status: want === 'pause' ? 'paused' : 'running', pauseVotes: [] });
        ctx.wakeTimers();
        await updateTable(
          ctx,
          L.row.id,
          t(want === 'pause' ? 'common:notice.paused' : 'common:notice.resumed', { lng: publicLang(ctx, L.row) }),
        );
      } else {
        ctx.store.games.update(L.row.id, { pauseVotes: [...votes].map((v) => `${want}:${v}`) });
        await updateTable(
          ctx,
          L.row.id,
          t('common:notice.vote', {
            who: L.names[seat],
            verb: t(`common:button.${want}`),
            n: votes.size,
            needed,
            lng: publicLang(ctx, L.row),
          }),
        );
      }
      return;
    }
    default:
      return;
  }
}
