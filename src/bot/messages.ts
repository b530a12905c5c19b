/** Thin helpers over discord.js for the messages a game thread holds. Errors are logged, never thrown to users. */
import { cut } from '../table/cut.js';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
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

/** Reopen an archived (not locked) thread before acting on a live game (discord-platform.md §1.4). */
export async function ensureUnarchived(ctx: BotContext, channelId: string | null): Promise<void> {
  const ch = await gameChannel(ctx, channelId);
  if (ch && ch.isThread() && ch.archived && !ch.locked) {
    try {
      await ch.setArchived(false);
    } catch (e) {
      ctx.log.warn({ err: e, channelId }, 'cannot unarchive thread');
    }
  }
}

export function mention(userId: string | null, name: string): string {
  return userId ? `<@${userId}>` : `**${name}**`;
}

/** Discord relative timestamp, shown in each reader's own time zone. */
export function relTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}
