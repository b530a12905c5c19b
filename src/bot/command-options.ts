/** Builders shared by several commands: where they are offered, game and period choices. */
import type { SlashCommandBuilder, SlashCommandStringOption } from '@discordjs/builders';
import { ApplicationIntegrationType, InteractionContextType } from 'discord.js';
import { GAME_IDS } from '../games/core/types.js';
import { choice, named } from './localize.js';

export function gameOption(o: SlashCommandStringOption, required: boolean): SlashCommandStringOption {
  return named(o, 'game', 'common.game')
    .setRequired(required)
    .addChoices(...GAME_IDS.map((g) => choice(`game.${g}`, g)));
}

export function periodOption(o: SlashCommandStringOption): SlashCommandStringOption {
  return named(o, 'period', 'common.period').addChoices(
    choice('period.all', 'all'),
    choice('period.week', 'week'),
    choice('period.month', 'month'),
    choice('period.year', 'year'),
  );
}

/**
 * Where a command is offered (discord-api-docs, interactions/application-commands: `integration_types`,
 * `contexts`): installed to servers only (GUILD_INSTALL: unset, Discord takes the app's installation
 * contexts, and an app with User Install enabled listed every command in group DMs and servers the bot
 * is not in), in servers, and in the bot's DMs too for the commands that work there (/away, /notify,
 * /prefs, /privacy, /rules). The others answer about a server or need one.
 */
export function offered<B extends SlashCommandBuilder>(b: B, where: 'servers' | 'servers-and-dms'): B {
  b.setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  if (where === 'servers') b.setContexts(InteractionContextType.Guild);
  else b.setContexts(InteractionContextType.Guild, InteractionContextType.BotDM);
  return b;
}
