/** Option builders shared by several commands (game and period choices). */
import type { SlashCommandStringOption } from 'discord.js';
import { GAME_IDS } from '../games/core/types.js';
import { choice, desc, names } from './localize.js';

export function gameOption(o: SlashCommandStringOption, required: boolean): SlashCommandStringOption {
  return o
    .setName('game')
    .setNameLocalizations(names('play.game.name'))
    .setDescription(desc('common.game.description').text)
    .setDescriptionLocalizations(desc('common.game.description').loc)
    .setRequired(required)
    .addChoices(...GAME_IDS.map((g) => choice(`game.${g}`, g)));
}

export function periodOption(o: SlashCommandStringOption): SlashCommandStringOption {
  return o
    .setName('period')
    .setNameLocalizations(names('common.period.name'))
    .setDescription(desc('common.period.description').text)
    .setDescriptionLocalizations(desc('common.period.description').loc)
    .addChoices(choice('period.all', 'all'), choice('period.week', 'week'), choice('period.month', 'month'), choice('period.year', 'year'));
}
