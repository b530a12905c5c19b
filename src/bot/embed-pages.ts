/**
 * Embeds in pages of one message each. Discord counts the titles, descriptions, field names and
 * values, footers and author names of all a message's embeds against 6,000 characters, and takes at
 * most 10 embeds (https://discord.com/developers/docs/resources/message#embed-object-embed-limits):
 * a long list (every house rule of Vietnamese mahjong) goes out as a reply and follow-ups.
 */
import type { EmbedBuilder } from 'discord.js';

/** Under Discord's 6,000, with room for a title's ellipsis. */
export const EMBED_BUDGET = 5900;

/** The characters Discord counts for one embed. */
export function embedLength(e: EmbedBuilder): number {
  const d = e.data;
  return (
    (d.title?.length ?? 0) +
    (d.description?.length ?? 0) +
    (d.footer?.text.length ?? 0) +
    (d.author?.name.length ?? 0) +
    (d.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

/** The embeds in order, grouped so that each group fits one message. */
export function embedPages(embeds: readonly EmbedBuilder[], budget = EMBED_BUDGET, perMessage = 10): EmbedBuilder[][] {
  const pages: EmbedBuilder[][] = [];
  let cur: EmbedBuilder[] = [];
  let used = 0;
  for (const e of embeds) {
    const n = embedLength(e);
    if (cur.length && (used + n > budget || cur.length >= perMessage)) {
      pages.push(cur);
      cur = [];
      used = 0;
    }
    cur.push(e);
    used += n;
  }
  if (cur.length) pages.push(cur);
  return pages;
}
