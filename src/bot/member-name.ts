/**
 * The name a player sits under: the member's display name on this server (nickname, else global
 * name, else username), made plain. It is shown in public messages (the table's "Turn:" line, moves,
 * results) and drawn in images, so it must not act as Discord markup there:
 * - `<@id>`, `<@&id>`, `<#id>`, `<t:…>`, `</cmd:id>`, `<:emoji:id>` would render another user, role or
 *   channel (a nickname `<@admin>` showed the table "Turn: @Admin"); their `<` becomes `‹`;
 * - a masked link `[Open your hand](https://…)` would be a link in the bot's own message: a word joiner
 *   (invisible, also in the images) keeps `]` and `(` apart;
 * - bidirectional overrides and invisible format characters (which can reverse or hide the rest of a
 *   line) are dropped; the zero-width joiners emoji sequences and some scripts need are kept.
 * Pings are off anyway (the client's default `allowedMentions` parses nothing: app.ts).
 */
import type { Interaction } from 'discord.js';

const INVISIBLE = /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const MARKUP_OPEN = /<(?=[@#/:]|a:|t:|id:)/g;
const WORD_JOINER = '\u2060';

export function plainName(raw: string): string {
  const text = raw.replace(INVISIBLE, '').replace(MARKUP_OPEN, '‹').replace(/\]\(/g, `]${WORD_JOINER}(`).trim();
  return text || raw.replace(INVISIBLE, '').trim() || '?';
}

/** The clicking or invoking member's name at the table (see above). */
export function memberName(i: Pick<Interaction, 'member' | 'user'>): string {
  const m = i.member;
  const shown = (m && 'displayName' in m ? (m.displayName as string) : null) ?? i.user.globalName ?? i.user.username;
  return plainName(shown);
}
