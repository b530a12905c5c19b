/**
 * /games [show] (issue #14 §1), ephemeral: the user's tables on this server, newest activity first
 * (game, jump link, hand, whose move, "your move" highlighted, the deadline as a relative timestamp,
 * an "Open my hand" button where it is their move), or the server's lobbies with free seats and a
 * Join button. Paged with buttons past one screen (≤ 25 components, ≤ 4,000 characters).
 */
import { ButtonStyle, EmbedBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { offered } from '../src/bot/command-options.js';
import { choice, named } from '../src/bot/localize.js';
import { langOf, translator, type T } from '../src/table/i18n.js';
import { encodeCommandId, encodeGameId } from '../src/bot/custom-id.js';
import { button, gameChannel, row, type Row } from '../src/bot/messages.js';
import { joinSeats } from '../src/bot/lobby.js';
import { redrawLobby } from '../src/bot/effects.js';
import { engineOf } from '../src/table/manifests.js';
import { relTime } from '../src/table/views.js';
import { jumpUrl, summaries, type TableSummary } from '../src/notify/tables.js';
import { dmsClosedLine } from '../src/notify/tell.js';
import type { GameRow } from '../src/store/index.js';
import type { CommandComponentInteraction } from '../src/bot/command-types.js';
import { memberName } from '../src/bot/member-name.js';
import { memberSees } from '../src/bot/permissions.js';

export const data = offered(named(new SlashCommandBuilder(), 'games', 'games'), 'servers').addStringOption((o) =>
  named(o, 'show', 'games.show').addChoices(choice('games.show-mine', 'mine'), choice('games.show-open', 'open')),
);

/** Tables (or lobbies) per page: one button each at most, in two rows, plus the page row. */
export const PAGE_SIZE = 10;
/** Text of one page (an embed description holds 4,096). */
export const PAGE_CHARS = 4000;

type Mode = 'mine' | 'open';
type Reply = { embeds: EmbedBuilder[]; components: Row[]; content: string };

const link = (t: T, guildId: string | null, channelId: string | null) => {
  const url = jumpUrl(guildId, channelId);
  return url ? `[${t('async:games.thread')}](${url})` : '—';
};

function tableLine(t: T, s: TableSummary, k: number): string {
  const head = `${k}. **${t(`${s.game}:name`)}** · ${t('common:table.hand', { n: s.hand + 1 })} · ${link(t, s.guildId, s.threadId)}`;
  let who: string;
  if (s.status === 'paused') who = t('async:games.paused');
  else if (s.mine === 'turn') who = `🟢 **${t('async:games.your-turn')}**`;
  else if (s.mine === 'claim') who = `🟢 **${t(s.opening ? 'async:games.your-turn' : 'async:games.your-claim')}**`;
  else if (s.claimOpen) who = t(s.opening ? 'async:games.waiting-opening' : 'async:games.waiting-claim');
  else if (s.turnNames.length) who = t('async:games.turn-of', { who: s.turnNames.join(', ') });
  else who = t('async:games.between-hands');
  const when =
    s.status === 'running' && s.deadline !== null ? t('async:games.deadline', { when: relTime(s.deadline) }) : t('async:games.no-deadline');
  return `${head}\n   ${who} · ${when}`;
}

/** Splits lines into pages of at most PAGE_SIZE items and PAGE_CHARS characters. */
export function paginate(lines: string[], head: number): number[][] {
  const pages: number[][] = [];
  let cur: number[] = [];
  let len = head;
  lines.forEach((l, k) => {
    if (cur.length && (cur.length >= PAGE_SIZE || len + l.length + 1 > PAGE_CHARS)) {
      pages.push(cur);
      cur = [];
      len = head;
    }
    cur.push(k);
    len += l.length + 1;
  });
  if (cur.length) pages.push(cur);
  return pages.length ? pages : [[]];
}

function navRow(t: T, mode: Mode, page: number, pages: number): Row {
  const m = mode === 'mine' ? 'm' : 'o';
  return row(
    button(encodeCommandId('games', `p:${m}:${Math.max(0, page - 1)}:b`), t('async:button.prev'), ButtonStyle.Secondary, page <= 0),
    button(encodeCommandId('games', `p:${m}:${page}:r`), t('async:button.refresh'), ButtonStyle.Secondary),
    button(
      encodeCommandId('games', `p:${m}:${Math.min(pages - 1, page + 1)}:n`),
      t('async:button.next'),
      ButtonStyle.Secondary,
      page >= pages - 1,
    ),
  );
}

function chunkRows(bs: ReturnType<typeof button>[]): Row[] {
  const out: Row[] = [];
  for (let k = 0; k < bs.length; k += 5) out.push(row(...bs.slice(k, k + 5)));
  return out;
}

/** The user's tables on this server, page `page`. */
export function mineView(ctx: BotContext, guildId: string, userId: string, lang: Lang, page: number, note?: string): Reply {
  const t = translator(lang);
  const rows = ctx.store.listing.userTables(guildId, userId);
  const list = summaries(
    ctx.table,
    rows.map((r) => r.id),
    userId,
  );
  if (!list.length) return { content: note ?? '', embeds: [new EmbedBuilder().setDescription(t('async:games.none'))], components: [] };
  const lines = list.map((s, k) => tableLine(t, s, k + 1));
  const title = t('async:games.title', { n: list.length });
  const pages = paginate(lines, title.length + 40);
  const p = Math.max(0, Math.min(page, pages.length - 1));
  const shown = pages[p]!;
  const yourMove = shown.filter((k) => list[k]!.mine !== null);
  const hand = yourMove.map((k) =>
    button(
      encodeGameId({ gameId: list[k]!.gameId, ver: 0, verb: 'hand' }),
      `${k + 1}. ${t('common:button.open-hand')}`,
      ButtonStyle.Primary,
    ),
  );
  const embed = new EmbedBuilder()
    .setTitle(title)
    .setDescription(shown.map((k) => lines[k]).join('\n'))
    .setFooter({ text: t('async:games.page', { n: p + 1, of: pages.length }) });
  return { content: note ?? '', embeds: [embed], components: [...chunkRows(hand), navRow(t, 'mine', p, pages.length)] };
}

/** How many seats a lobby can still seat (the lobby's own cap, as its Join checks it). */
function cap(row_: GameRow): number {
  return Math.min(engineOf(row_.game).maxSeats, row_.seats);
}

/** Lobbies on this server with a free seat, in a channel the member sees (`sees`), page `page`. */
export function openView(
  ctx: BotContext,
  guildId: string,
  lang: Lang,
  page: number,
  sees: (channelId: string | null) => boolean,
  note?: string,
): Reply {
  const t = translator(lang);
  const list = ctx.store.listing.lobbies(guildId).filter((l) => l.taken < cap(l.row) && sees(l.row.channelId));
  if (!list.length) return { content: note ?? '', embeds: [new EmbedBuilder().setDescription(t('async:games.open-none'))], components: [] };
  const lines = list.map(
    (l, k) =>
      `${k + 1}. **${t(`${l.row.game}:name`)}** · ${t('async:games.seats', { taken: l.taken, max: cap(l.row) })} · ${t('async:games.host', {
        host: l.row.hostUserId ? `<@${l.row.hostUserId}>` : '—',
      })} · ${link(t, l.row.guildId, l.row.threadId)} · ${relTime(l.row.createdAt)}`,
  );
  const title = t('async:games.open-title', { n: list.length });
  const pages = paginate(lines, title.length + 40);
  const p = Math.max(0, Math.min(page, pages.length - 1));
  const shown = pages[p]!;
  const join = shown.map((k) =>
    button(encodeCommandId('games', `join:${list[k]!.row.id}`), `${k + 1}. ${t('common:button.join')}`, ButtonStyle.Success),
  );
  const embed = new EmbedBuilder()
    .setTitle(title)
    .setDescription(shown.map((k) => lines[k]).join('\n'))
    .setFooter({ text: t('async:games.page', { n: p + 1, of: pages.length }) });
  return { content: note ?? '', embeds: [embed], components: [...chunkRows(join), navRow(t, 'open', p, pages.length)] };
}

type Lang = Parameters<typeof translator>[0];

/** The "your DM notices were switched off" line, once, in front of an ephemeral reply. */
function withDmsNotice(ctx: BotContext, userId: string, lang: Lang, r: Reply): Reply {
  const line = dmsClosedLine(ctx.store, userId, lang);
  return line ? { ...r, content: [line, r.content].filter(Boolean).join('\n') } : r;
}

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  if (!i.inGuild()) return void (await i.reply({ content: t('errors:guild-only'), flags: MessageFlags.Ephemeral }));
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const mode: Mode = i.options.getString('show') === 'open' ? 'open' : 'mine';
  const awayUntil = ctx.store.prefs.get(i.user.id).awayUntil;
  const away = awayUntil !== null && awayUntil > ctx.clock.now() ? t('async:games.away', { rel: relTime(awayUntil) }) : undefined;
  const v =
    mode === 'open' ? openView(ctx, i.guildId, lang, 0, (c) => memberSees(i, c)) : mineView(ctx, i.guildId, i.user.id, lang, 0, away);
  await i.editReply(withDmsNotice(ctx, i.user.id, lang, v));
}

/**
 * Seats the user at a lobby exactly as the lobby's Join does; null when seated, else the refusal.
 * BEGIN IMMEDIATE: it reads the seats before it writes them, and a deferred transaction fails with
 * SQLITE_BUSY_SNAPSHOT when another shard commits in between (shards on one file).
 */
export function seatAt(
  ctx: BotContext,
  gameId: string,
  userId: string,
  name: string,
  t: T,
): { ok: true; row: GameRow } | { ok: false; text: string } {
  return ctx.store.db
    .transaction(() => {
      const g = ctx.store.games.get(gameId);
      if (!g) return { ok: false as const, text: t('errors:game-not-found') };
      if (g.status !== 'lobby')
        return { ok: false as const, text: t(g.status === 'cancelled' ? 'errors:lobby-cancelled' : 'errors:lobby-started') };
      const max = cap(g);
      const joined = joinSeats(ctx.store.games.seats(g.id), max, userId, name);
      if (joined === 'already-seated') return { ok: false as const, text: t('errors:already-seated') };
      if (joined === 'table-full') return { ok: false as const, text: t('errors:table-full', { max }) };
      ctx.store.games.setSeats(g.id, joined);
      return { ok: true as const, row: g };
    })
    .immediate();
}

export async function component(i: CommandComponentInteraction, rest: string, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  if (!i.inGuild() || !i.isButton()) return void (await i.reply({ content: t('errors:guild-only'), flags: MessageFlags.Ephemeral }));
  const guildId = i.guildId;
  const page = /^p:([mo]):(\d{1,4}):[bnr]$/.exec(rest);
  if (page) {
    await i.deferUpdate();
    const p = Number(page[2]);
    const v = page[1] === 'o' ? openView(ctx, guildId, lang, p, (c) => memberSees(i, c)) : mineView(ctx, guildId, i.user.id, lang, p);
    await i.editReply(v);
    return;
  }
  const join = /^join:([0-9a-z]{1,12})$/.exec(rest);
  if (!join) return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  await i.deferUpdate();
  const gameId = join[1]!;
  const g0 = ctx.store.games.get(gameId);
  let note = '';
  // Under the game's lock, as the lobby's own Join (router.ts): a Start or the /play that is still
  // opening the thread must not interleave with a seat being added.
  const joinLocked = async () => {
    const name = memberName(i);
    const r = seatAt(ctx, gameId, i.user.id, name, t);
    // Redraw the lobby message as the lobby's own Join does (lobbyPayload, the server's language); one
    // a moderator deleted is posted again (redrawLobby). A player already seated there (the host of a
    // lobby whose message was deleted: its buttons are gone) gets it back the same way.
    const redraw = async () => {
      const table = ctx.table.load(gameId);
      if (table?.row.status === 'lobby') await redrawLobby(ctx, table);
    };
    if (!r.ok) {
      note = `⚠️ ${r.text}`;
      if (ctx.store.games.seats(gameId).some((s) => s.userId === i.user.id)) await redraw();
    } else {
      const g = ctx.store.games.get(gameId)!;
      if (g.threadId) {
        const th = await gameChannel(ctx, g.threadId);
        if (th?.isThread()) await th.members.add(i.user.id).catch(() => undefined);
      }
      await redraw();
      note = `✅ ${t('async:games.joined', { game: t(`${g.game}:name`), link: link(t, g.guildId, g.threadId ?? g.channelId) })}`;
    }
  };
  // A lobby in a channel the member cannot see is not theirs to join (as if it did not exist).
  if (!g0 || g0.guildId !== guildId || !memberSees(i, g0.channelId)) note = `⚠️ ${t('errors:game-not-found')}`;
  else await (ctx.locks ? ctx.locks.run(gameId, joinLocked) : joinLocked());
  await i.editReply(openView(ctx, guildId, lang, 0, (c) => memberSees(i, c), note));
}
