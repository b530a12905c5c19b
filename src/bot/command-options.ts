/** Option builders shared by several commands (game and period choices). */
import type { SlashCommandStringOption } from '@discordjs/builders';
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
