import type {
  ChatInputCommandInteraction,
  AutocompleteInteraction,
  ButtonInteraction,
  ModalSubmitInteraction,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { SlashCommandOptionsOnlyBuilder, SlashCommandSubcommandsOnlyBuilder, SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from './context.js';

/** What a command's own components and modals are (routed by `x:<command>:<rest>`). */
export type CommandComponentInteraction = ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction;

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
  component?(i: CommandComponentInteraction, rest: string, ctx: BotContext): Promise<void>;
}
