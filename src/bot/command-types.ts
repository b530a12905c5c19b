import type {
  ChatInputCommandInteraction,
  SlashCommandOptionsOnlyBuilder,
  SlashCommandSubcommandsOnlyBuilder,
  SlashCommandBuilder,
  AutocompleteInteraction,
  ButtonInteraction,
  ModalSubmitInteraction,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { BotContext } from './context.js';

/** One slash command per file in commands/ (discord.js guide layout): `data` + `execute`. */
export interface Command {
  data: SlashCommandBuilder | SlashCommandOptionsOnlyBuilder | SlashCommandSubcommandsOnlyBuilder;
  execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void>;
  autocomplete?(i: AutocompleteInteraction, ctx: BotContext): Promise<void>;
  /**
   * The command's own components and modals: custom_ids `x:<command name>:<rest>` (at most 100
   * characters) are routed here with `rest` (see COMMAND_ID in custom-id.ts). The handler
   * acknowledges the interaction itself.
   */
  component?(i: ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction, rest: string, ctx: BotContext): Promise<void>;
}
