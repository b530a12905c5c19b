/**
 * The one-time line of an ephemeral reply after a DM failed with 50007 (DMs closed): issue #14 §2,
 * "switch that user's DM notices off and say so once in their next ephemeral reply".
 *
 * Commands that compose their own reply text put it where it reads best (`dmsClosedLine`); every
 * other ephemeral reply gets it from `tellDmsClosedOnce`, which the router applies to every
 * interaction: the private hand view ("Open my hand"), a hand button's redrawn view, a refusal, a
 * confirmation… The line is taken (once, atomically in SQLite) only when a reply can carry it: an
 * ephemeral message whose text stays within Discord's 2,000 characters, or a Components V2 one
 * (the hand view) whose components it sets. A public message never
 * carries it; a reply that cannot is sent as it is and the line waits for the next one.
 */
import { MessageFlags, MessageFlagsBitField, MessagePayload, type RepliableInteraction } from 'discord.js';
import type { Store } from '../store/index.js';
import { v2WithLine } from '../bot/layout.js';
import { translator, type Lang } from '../table/i18n.js';

/** Discord's limit for a message's text. */
export const CONTENT_LIMIT = 2000;

const lineOf = (lang: Lang) => `⚠️ ${translator(lang)('async:notify.dms-closed')}`;

/** "Your DM notices were switched off" — returned once after DMs were found closed, then null. */
export function dmsClosedLine(store: Store, userId: string, lang: Lang): string | null {
  return store.prefs.takeDmsClosedNotice(userId) ? lineOf(lang) : null;
}

/** Whether message options ask for an ephemeral message (`flags` in any form, or the older `ephemeral`). */
export function asksEphemeral(o: unknown): boolean {
  if (!o || typeof o !== 'object') return false;
  const x = o as { flags?: unknown; ephemeral?: unknown };
  if (x.ephemeral === true) return true;
  return hasFlag(x.flags, MessageFlags.Ephemeral);
}

function hasFlag(flags: unknown, flag: MessageFlags): boolean {
  if (flags === undefined || flags === null) return false;
  try {
    return new MessageFlagsBitField(flags as never).has(flag);
  } catch {
    return false;
  }
}

/**
 * The payload with `line` in front of its text, or null when it cannot carry it: past the 2,000
 * characters, a Components V2 message (no `content`), a prepared MessagePayload, or (`needText`:
 * an edit of a message that already shows text) a payload that leaves the text as it is.
 */
export function withLine(o: unknown, line: string, needText: boolean): unknown {
  if (typeof o === 'string') return `${line}\n${o}`.length <= CONTENT_LIMIT ? { content: `${line}\n${o}` } : null;
  if (!o || typeof o !== 'object' || o instanceof MessagePayload) return null;
  const x = o as { content?: unknown; flags?: unknown; components?: unknown };
  // A Components V2 message (the hand view, src/bot/layout.ts) has no `content`: the line is a text
  // display on top, when the payload sets its components (an edit that keeps them cannot carry it).
  if (hasFlag(x.flags, MessageFlags.IsComponentsV2))
    return Array.isArray(x.components) && x.components.length < 40 ? { ...x, components: v2WithLine(x.components, line) } : null;
  const content = typeof x.content === 'string' ? x.content : null;
  if (content === null && needText) return null;
  const text = content ? `${line}\n${content}` : line;
  return text.length <= CONTENT_LIMIT ? { ...x, content: text } : null;
}

type Send = (o: unknown) => Promise<unknown>;
const wrapped = new WeakSet<object>();

/**
 * Puts the DMs-closed line, once, in front of this interaction's first ephemeral reply that can
 * carry it (reply, follow-up, the deferred reply's edit, or the update of an ephemeral message
 * such as the hand view). Nothing is changed for a user with nothing to be told.
 */
export function tellDmsClosedOnce(store: Store, i: RepliableInteraction, lang: Lang): void {
  if (wrapped.has(i) || !store.prefs.get(i.user.id).dmsClosedUntold) return;
  wrapped.add(i);
  const line = lineOf(lang);
  const x = i as unknown as Record<string, Send | undefined>;
  const message = (i as { message?: { flags?: { has(f: MessageFlags): boolean } } | null }).message;
  const onEphemeralMessage = () => message?.flags?.has(MessageFlags.Ephemeral) === true;
  const wrap = (name: string, judge: (o: unknown) => { ephemeral: boolean; needText: boolean }) => {
    const original = x[name];
    if (typeof original !== 'function') return;
    x[name] = (o: unknown) => {
      const j = judge(o);
      const next = j.ephemeral ? withLine(o, line, j.needText) : null;
      // Taken only when this reply carries it (atomic: a concurrent reply cannot say it too).
      return original.call(i, next !== null && store.prefs.takeDmsClosedNotice(i.user.id) ? next : o);
    };
  };
  wrap('reply', (o) => ({ ephemeral: asksEphemeral(o), needText: false }));
  wrap('followUp', (o) => ({ ephemeral: asksEphemeral(o), needText: false }));
  wrap('editReply', (o) => {
    const target = o && typeof o === 'object' ? (o as { message?: unknown }).message : undefined;
    // Another follow-up than the original: whether it is ephemeral is not known here.
    if (target !== undefined && target !== '@original') return { ephemeral: false, needText: false };
    // A deferred ephemeral reply's first edit fills a new message; a later edit replaces shown text.
    if (i.ephemeral === true) return { ephemeral: true, needText: !(i.deferred && !i.replied) };
    // After deferUpdate or update: the edit is of the component's own message (the hand view).
    if (i.ephemeral === null && onEphemeralMessage()) return { ephemeral: true, needText: true };
    return { ephemeral: false, needText: false };
  });
  wrap('update', () => ({ ephemeral: onEphemeralMessage(), needText: true }));
}
