/** Thin helpers over discord.js for the messages a game thread holds. Errors are logged, never thrown to users. */
import { cut } from '../table/cut.js';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  type PermissionsBitField,
  type MessageActionRowComponentBuilder,
  type ThreadChannel,
  type TextBasedChannel,
} from 'discord.js';
import type { BotContext } from './context.js';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export function row(...components: MessageActionRowComponentBuilder[]): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...components);
}

export function button(customId: string, label: string, style: ButtonStyle = ButtonStyle.Secondary, disabled = false): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(customId)
    .setLabel(cut(label, 80, '…'))
    .setStyle(style)
    .setDisabled(disabled);
}

/** An image upload, with its alt text (the attachment `description`, ≤ 1024 characters) when given. */
export function png(name: string, data: Buffer, description?: string): AttachmentBuilder {
  return new AttachmentBuilder(data, { name, ...(description ? { description: cut(description, 1024) } : {}) });
}

/**
 * Whether the bot may attach files in `ch`, as far as its cache tells (a thread takes its parent's
 * overwrites). A moderator who takes Attach Files away during a match (/play checks it only at Start,
 * permissions.ts `missingToPlay`) would otherwise have every table and result post refused with 50013,
 * each refusal one of the invalid requests Discord counts against the bot (10,000 in 10 minutes bans
 * its IP for an hour: discord-api-docs "Invalid Request Limit"). Unknown: may.
 */
export function mayAttach(ch: TextBasedChannel): boolean {
  return botPermissionsIn(ch)?.has(PermissionFlagsBits.AttachFiles) ?? true;
}

/** The bot's permissions in `ch` as its cache computes them (overwrites included), or null: not known (a DM). */
function botPermissionsIn(ch: TextBasedChannel): Readonly<PermissionsBitField> | null {
  if (!('guild' in ch) || !('permissionsFor' in ch)) return null;
  const me = ch.guild.members.me;
  return me ? ch.permissionsFor(me) : null;
}

/**
 * Whether the bot may post in `ch` at all, as far as its cache tells (View Channel, and Send Messages
 * or, in a thread, Send Messages in Threads). Unknown: may.
 */
export function mayPost(ch: TextBasedChannel): boolean {
  const p = botPermissionsIn(ch);
  if (!p) return true;
  const send = ch.isThread() ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages;
  return p.has(PermissionFlagsBits.ViewChannel) && p.has(send);
}

/** Discord refused a request for a permission the bot lacks (Missing Permissions, 50013). */
export const isMissingPermissions = (err: unknown): boolean => (err as { code?: unknown }).code === RESTJSONErrorCodes.MissingPermissions;

/**
 * Sends `payload` by `send`; when it carries files and Discord answers Missing Permissions (Attach
 * Files taken away since the cache last heard, or a cache that never heard), sends `inWords()` once
 * instead: the move is committed, and the thread must show it (whose turn, the result's buttons) with
 * or without the picture. Not where the cache says the bot may not post at all (`mayPost` of `ch`):
 * the words would be refused too, one more invalid request per try. Any other error, or one on the
 * words too, is thrown as before.
 */
export async function orInWords<P extends { files: readonly unknown[] }, R>(
  ch: TextBasedChannel,
  payload: P,
  inWords: () => P,
  send: (p: P) => Promise<R>,
  denied: () => void,
): Promise<R> {
  try {
    return await send(payload);
  } catch (err) {
    if (!payload.files.length || !isMissingPermissions(err) || !mayPost(ch)) throw err;
    denied();
    return send(inWords());
  }
}

/** The thread (or channel) a game lives in, or null when it cannot be reached. */
export async function gameChannel(
  ctx: BotContext,
  channelId: string | null,
): Promise<(TextBasedChannel & { send: ThreadChannel['send'] }) | null> {
  if (!channelId) return null;
  try {
    const ch = await ctx.client.channels.fetch(channelId);
    if (ch && ch.isTextBased() && 'send' in ch) return ch as TextBasedChannel & { send: ThreadChannel['send'] };
  } catch (e) {
    ctx.log.warn({ err: e, channelId }, 'cannot fetch game channel');
  }
  return null;
}

/**
 * Reopen an archived (not locked) thread before acting on a live game (discord-platform.md §1.4).
 * Returns whether the thread is locked: a moderator's lock the bot missed (effects.ts holds the table).
 */
export async function ensureUnarchived(ctx: BotContext, channelId: string | null): Promise<boolean> {
  const ch = await gameChannel(ctx, channelId);
  if (!ch?.isThread()) return false;
  if (ch.archived && !ch.locked) {
    try {
      await ch.setArchived(false);
    } catch (e) {
      ctx.log.warn({ err: e, channelId }, 'cannot unarchive thread');
    }
  }
  return ch.locked === true;
}

export function mention(userId: string | null, name: string): string {
  return userId ? `<@${userId}>` : `**${name}**`;
}

/** Discord relative timestamp, shown in each reader's own time zone. */
export function relTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}
