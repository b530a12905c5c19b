/**
 * The language of what a command posts in public for the server (a table, its lobby and thread, the
 * leaderboard). Discord sends every server's `guild_locale`, but a server's preferred locale is
 * "en-US" by default and only a Community server can change it (Discord's Guild resource,
 * `preferred_locale`): a Vietnamese or Chinese group on an ordinary server would get English. So the
 * server's locale counts only where the server could choose it; elsewhere the public text follows the
 * member who opened it (the host of /play).
 */
import { GuildFeature, type ChatInputCommandInteraction } from 'discord.js';

export function publicLocale(i: Pick<ChatInputCommandInteraction, 'guild' | 'guildLocale' | 'locale'>): string {
  // Not in the cache (an outage, a shard that has just started): a locale other than en-US was chosen,
  // which only a Community server can.
  if (!i.guild) return i.guildLocale && i.guildLocale !== 'en-US' ? i.guildLocale : i.locale;
  return i.guild.features.includes(GuildFeature.Community) && i.guildLocale ? i.guildLocale : i.locale;
}
