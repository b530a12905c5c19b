/**
 * /help: a newcomer's first answer, ephemeral, in the user's language: how to open a table (/play,
 * the lobby, AI seats, Start), how a hand is played (Open my hand, the numbered buttons keyed to the
 * pieces, Hint, deadlines and the AI playing for the absent), where the rules are (/rules game:…),
 * then every other command with its one-line description. The list is read from the loaded command
 * modules' own localized names and descriptions (the catalogue their registration uses: no second
 * copy), so a command added later is listed by itself; one Discord hides from members without a
 * permission (`default_member_permissions`, /config) is marked admins-only. The bot has no Message
 * Content intent: a plain "help" message is never read, so this is the one way to ask.
 */
import { EmbedBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import type { Command } from '../src/bot/command-types.js';
import { loadCommands } from '../src/bot/commands.js';
import { offered } from '../src/bot/command-options.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator, type Lang } from '../src/table/i18n.js';
import { cut } from '../src/table/cut.js';

export const data = offered(named(new SlashCommandBuilder(), 'help', 'help'), 'servers-and-dms');

/** An embed's description holds 4,096 characters; the help stays well under (test/unit/help.test.ts). */
const DESCRIPTION_MAX = 4096;

/** One command as Discord lists it to a reader of `lang`. */
export interface CommandLine {
  name: string;
  description: string;
  /** Hidden by Discord from members without a permission (e.g. /config, Manage Server). */
  admin: boolean;
}

interface CommandJson {
  name: string;
  description: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  default_member_permissions?: string | null;
}

/**
 * Every command but /help, under the names and descriptions a client in `lang` shows (our `vi` and
 * `zh-TW` are Discord's locale codes; English is the base), those for everyone first, the admins' last.
 */
export function commandLines(commands: Iterable<Pick<Command, 'data'>>, lang: Lang): CommandLine[] {
  const lines: CommandLine[] = [];
  for (const c of commands) {
    const json = c.data.toJSON() as unknown as CommandJson;
    if (json.name === data.name) continue;
    const local = (base: string, loc: Record<string, string> | null | undefined) => (lang === 'en' ? base : (loc?.[lang] ?? base));
    lines.push({
      name: local(json.name, json.name_localizations),
      description: local(json.description, json.description_localizations),
      admin: json.default_member_permissions !== undefined && json.default_member_permissions !== null,
    });
  }
  return lines.sort((a, b) => Number(a.admin) - Number(b.admin));
}

/** The help in `lang`, listing `lines`. */
export function helpEmbed(lang: Lang, lines: readonly CommandLine[]): EmbedBuilder {
  const t = translator(lang);
  const labels = {
    join: t('common:button.join'),
    addAi: t('common:button.add-ai'),
    start: t('common:button.start'),
    openHand: t('common:button.open-hand'),
    hint: t('common:button.hint'),
  };
  // Punctuation in the reader's language (zh-TW "：" and "（…）").
  const list = lines.map(
    (l) =>
      `• **/${l.name}**${t('common:punct.colon')}${l.description}${l.admin ? t('common:punct.aside', { text: t('common:help.admin') }) : ''}`,
  );
  const text = [
    t('common:help.start', labels),
    t('common:help.play', labels),
    t('common:help.rules'),
    [`**${t('common:help.commands')}**`, ...list].join('\n'),
  ].join('\n\n');
  return new EmbedBuilder().setTitle(t('common:help.title')).setDescription(cut(text, DESCRIPTION_MAX, '…'));
}

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  // The modules are imported once per process (Node's module cache): this reads the directory again only.
  const commands = await loadCommands();
  await i.reply({ embeds: [helpEmbed(lang, commandLines(commands.values(), lang))], flags: MessageFlags.Ephemeral });
}
