/**
 * /prefs [hand-view] (issue #13 §1 and §2): an ephemeral settings panel for playing at a table:
 * - where my hand view (the seat's private view) lives: an ephemeral message in the game thread
 *   (default), a private thread of the game (only me and the bot) or my DMs (src/bot/seat-channels.ts);
 * - my claim preferences, per game with claims (src/table/prefs.ts): auto-pass everything except
 *   a win, always declare a win, never <kind>.
 * - the time for my own turns: the table's, ×2 or ×3 (src/table/timers.ts `deadlines`);
 * - mention me always: pings name me even while my hand view is live (src/bot/seat-views.ts `liveSeats`);
 * - large hand: my hand drawn in more rows of larger pieces, for a phone (src/render/hand.ts `LARGE`);
 * - cards in words: my hand view names Phỏm cards in words, for a screen reader (src/table/words.ts `saidAloud`).
 * All are per user (every table, every server). The lobby's "My hand view" button opens the same
 * panel. A private thread needs the bot's Create Private Threads and Send Messages in Threads
 * permissions in the game's channel: when they are missing here, the panel says so (the hand view
 * then stays ephemeral at tables of this channel).
 */
import {
  ButtonStyle,
  ChannelType,
  EmbedBuilder,
  MessageFlags,
  StringSelectMenuBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { offered } from '../src/bot/command-options.js';
import { choice, named } from '../src/bot/localize.js';
import { langOf, translator, type Lang } from '../src/table/i18n.js';
import { encodeCommandId } from '../src/bot/custom-id.js';
import { button, row, type Row } from '../src/bot/messages.js';
import { isSeatPlace, SEAT_PLACES, TURN_TIMES, type PrefSwitch, type SeatPlace } from '../src/store/index.js';
import { CLAIMS, claimPrefLabel, prefsOf, readPrefs, writePrefs } from '../src/table/prefs.js';
import { missingForSeatThread, seatNoticeLine } from '../src/bot/seat-channels.js';
import type { GameId } from '../src/table/manifests.js';
import type { CommandComponentInteraction } from '../src/bot/command-types.js';

export const data = offered(named(new SlashCommandBuilder(), 'prefs', 'prefs'), 'servers-and-dms').addStringOption((o) =>
  named(o, 'hand-view', 'prefs.hand-view').addChoices(...SEAT_PLACES.map((p) => choice(`prefs.place.${p}`, p))),
);

const id = (rest: string) => encodeCommandId('prefs', rest);
/** The on/off switches' custom_id letters (`m:on`, `l:off`, `w:on`). */
const SWITCH_IDS = { m: 'mention', l: 'large', w: 'words' } as const satisfies Record<string, PrefSwitch>;
const CLAIM_GAMES = Object.keys(CLAIMS) as GameId[];

/** The panel: the seat view place (three buttons) and one claim-preferences select per game with claims. */
export function panel(
  ctx: BotContext,
  userId: string,
  lang: Lang,
  note?: string,
): { content: string; embeds: EmbedBuilder[]; components: Row[] } {
  const t = translator(lang);
  const place = ctx.store.seatChannels.place(userId).place;
  const lines = [
    t('seatch:prefs.intro'),
    '',
    t('seatch:prefs.place-now', { place: t(`seatch:place.${place}`) }),
    t(`seatch:place-help.${place}`),
    '',
  ];
  lines.push(`**${t('seatch:prefs.claims')}**`);
  for (const g of CLAIM_GAMES) {
    const mine = readPrefs(ctx.store.db, g, [userId]).get(userId) ?? new Set<string>();
    const list = prefsOf(g).filter((p) => mine.has(p));
    lines.push(
      `${t(`${g}:name`)}${t('common:punct.colon')}${list.length ? list.map((p) => claimPrefLabel(t, p)).join(t('common:punct.list')) : t('seatch:prefs.none')}`,
    );
  }
  const { turnTime, mentionAlways, largeHand, cardsInWords } = ctx.store.prefs.get(userId);
  const timeLabel = (n: number) => t(`seatch:prefs.turn-time-${n}`);
  lines.push('', t('seatch:prefs.turn-time-now', { value: timeLabel(turnTime) }), t('seatch:prefs.turn-time-help'));
  lines.push('', t(mentionAlways ? 'seatch:prefs.mention-now-on' : 'seatch:prefs.mention-now-off'));
  lines.push('', t(largeHand ? 'seatch:prefs.large-now-on' : 'seatch:prefs.large-now-off'));
  lines.push('', t(cardsInWords ? 'seatch:prefs.words-now-on' : 'seatch:prefs.words-now-off'));
  // A message holds five rows: how my hand view is shown (where, large), three claim menus, and this.
  const toggle = (key: string, on: boolean, rest: string) =>
    button(
      id(`${rest}:${on ? 'off' : 'on'}`),
      t(`seatch:prefs.${key}-${on ? 'on' : 'off'}`),
      on ? ButtonStyle.Success : ButtonStyle.Secondary,
    );
  const times = row(
    ...TURN_TIMES.map((n) =>
      // "⏱ Turns ×2": a bare "×2" says nothing to a screen reader, which reads a button alone.
      button(
        id(`t:${n}`),
        `${n === turnTime ? '✅ ' : ''}${t('seatch:prefs.turn-time-button', { value: timeLabel(n) })}`,
        n === turnTime ? ButtonStyle.Success : ButtonStyle.Secondary,
      ),
    ),
    toggle('mention', mentionAlways, 'm'),
    toggle('words', cardsInWords, 'w'),
  );
  const places = row(
    ...SEAT_PLACES.map((p) =>
      button(
        id(`p:${p}`),
        `${p === place ? '✅ ' : ''}${t(`seatch:place.${p}`)}`,
        p === place ? ButtonStyle.Success : ButtonStyle.Secondary,
      ),
    ),
    toggle('large', largeHand, 'l'),
  );
  const selects = CLAIM_GAMES.map((g) => {
    const mine = readPrefs(ctx.store.db, g, [userId]).get(userId) ?? new Set<string>();
    const options = prefsOf(g);
    return row(
      new StringSelectMenuBuilder()
        .setCustomId(id(`c:${g}`))
        .setPlaceholder(t('seatch:prefs.claims-of', { game: t(`${g}:name`) }).slice(0, 150))
        .setMinValues(0)
        .setMaxValues(options.length)
        .addOptions(options.map((p) => ({ label: claimPrefLabel(t, p).slice(0, 100), value: p, default: mine.has(p) }))),
    );
  });
  return {
    content: note ?? '',
    embeds: [new EmbedBuilder().setTitle(t('seatch:prefs.title')).setDescription(lines.join('\n').slice(0, 4096))],
    components: [places, ...selects, times],
  };
}

type Comp = ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction | ChatInputCommandInteraction;

/** Sets the seat view place; the note says what it means here (a missing permission is explained). */
function setPlace(ctx: BotContext, i: Comp, place: SeatPlace, lang: Lang): string {
  const t = translator(lang);
  ctx.store.seatChannels.setPlace(i.user.id, place, lang);
  const lines = [`✅ ${t('seatch:prefs.place-set', { place: t(`seatch:place.${place}`) })}`];
  if (place === 'thread' && i.inGuild()) {
    // The channel tables here play in: this one, or the parent of the thread it was asked in.
    const ch = i.channel?.isThread() ? i.channel.parent : i.channel;
    const missing = missingForSeatThread(i.appPermissions);
    if (ch?.type === ChannelType.GuildAnnouncement) lines.push(`⚠️ ${t('seatch:prefs.thread-kind')}`);
    else if (missing.length)
      lines.push(`⚠️ ${t('seatch:prefs.thread-perm', { perms: missing.map((k) => t(`seatch:perm.${k}`)).join(', ') })}`);
  }
  if (place === 'dm') lines.push(t('seatch:prefs.dm-note'));
  return lines.join('\n');
}

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const want = i.options.getString('hand-view');
  const notes = [seatNoticeLine(ctx.store, i.user.id, lang)];
  if (isSeatPlace(want)) notes.push(setPlace(ctx, i, want, lang));
  const note = notes.filter(Boolean).join('\n');
  await i.reply({ ...panel(ctx, i.user.id, lang, note || undefined), flags: MessageFlags.Ephemeral });
}

export async function component(i: CommandComponentInteraction, rest: string, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const user = i.user.id;
  // The lobby's "My hand view" button: the panel, as a new ephemeral message for the clicker.
  if (rest === 'lobby' && i.isButton()) {
    const note = seatNoticeLine(ctx.store, user, lang) ?? undefined;
    await i.reply({ ...panel(ctx, user, lang, note), flags: MessageFlags.Ephemeral });
    return;
  }
  const p = /^p:(ephemeral|thread|dm)$/.exec(rest);
  if (p && i.isButton()) {
    const note = setPlace(ctx, i, p[1] as SeatPlace, lang);
    await i.update(panel(ctx, user, lang, note));
    return;
  }
  const k = /^t:([123])$/.exec(rest);
  if (k && i.isButton()) {
    ctx.store.prefs.setTurnTime(user, Number(k[1]));
    const note = `✅ ${t('seatch:prefs.turn-time-set', { value: t(`seatch:prefs.turn-time-${k[1]}`) })}`;
    await i.update(panel(ctx, user, lang, note));
    return;
  }
  const sw = /^([mlw]):(on|off)$/.exec(rest);
  if (sw && i.isButton()) {
    const which = SWITCH_IDS[sw[1] as keyof typeof SWITCH_IDS];
    ctx.store.prefs.setSwitch(user, which, sw[2] === 'on');
    await i.update(panel(ctx, user, lang, `✅ ${t(`seatch:prefs.${which}-set-${sw[2]}`)}`));
    return;
  }
  const c = /^c:([a-z-]+)$/.exec(rest);
  if (c && i.isStringSelectMenu() && CLAIM_GAMES.includes(c[1] as GameId)) {
    const game = c[1] as GameId;
    const kept = writePrefs(ctx.store.db, game, user, i.values, ctx.clock.now());
    const note = `✅ ${t('seatch:prefs.claims-set', { game: t(`${game}:name`), list: kept.length ? kept.map((x) => claimPrefLabel(t, x)).join(', ') : t('seatch:prefs.none') })}`;
    await i.update(panel(ctx, user, lang, note));
    return;
  }
  await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral });
}
