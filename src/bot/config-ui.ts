/** /config components: the preset select under `/config show`, and the "set an option" modal. */
import { cut } from '../table/cut.js';
import {
  ActionRowBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { BotContext } from './context.js';
import { encodeConfigId, type ConfigId } from './custom-id.js';
import { langOf, translator } from '../table/i18n.js';
import { applyPreset, canConfigure, runningNote, setOption } from './config-core.js';
import { isGameId } from '../table/manifests.js';
import { redrawOpenLobbies } from './lobby-expiry.js';

export async function onConfigComponent(ctx: BotContext, i: ButtonInteraction | StringSelectMenuInteraction, c: ConfigId): Promise<void> {
  const t = translator(langOf(i.locale, ctx.defaultLang));
  if (!i.inGuild() || !isGameId(c.game))
    return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  if (!canConfigure(i.memberPermissions))
    return void (await i.reply({ content: t('errors:manage-guild-only'), flags: MessageFlags.Ephemeral }));
  if (c.verb === 'preset' && i.isStringSelectMenu()) {
    const r = applyPreset(ctx.store, i.guildId, c.game, i.values[0] ?? 'default', i.user.id, t);
    await i.reply({ content: r.ok ? `${r.message}\n${runningNote('', t)}` : r.message, flags: MessageFlags.Ephemeral });
    return;
  }
  if (c.verb === 'modal' && i.isButton()) {
    const key = new TextInputBuilder()
      .setCustomId('key')
      .setLabel(t('common:config.modal-key'))
      .setStyle(TextInputStyle.Short)
      .setRequired(true)
      .setMaxLength(60);
    const value = new TextInputBuilder()
      .setCustomId('value')
      .setLabel(t('common:config.modal-value'))
      .setStyle(TextInputStyle.Short)
      .setRequired(true)
      .setMaxLength(100);
    const modal = new ModalBuilder()
      .setCustomId(encodeConfigId({ game: c.game, verb: 'set' }))
      .setTitle(cut(t('common:config.modal-title'), 45))
      .addComponents(
        new ActionRowBuilder<TextInputBuilder>().addComponents(key),
        new ActionRowBuilder<TextInputBuilder>().addComponents(value),
      );
    await i.showModal(modal);
    return;
  }
  await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral });
}

export async function onConfigModal(ctx: BotContext, i: ModalSubmitInteraction, c: ConfigId): Promise<void> {
  const t = translator(langOf(i.locale, ctx.defaultLang));
  if (!i.inGuild() || !isGameId(c.game))
    return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  if (!canConfigure(i.memberPermissions))
    return void (await i.reply({ content: t('errors:manage-guild-only'), flags: MessageFlags.Ephemeral }));
  // A forged submit may lack a field: getTextInputValue throws then.
  const field = (k: string) => {
    try {
      return i.fields.getTextInputValue(k).trim();
    } catch {
      return null;
    }
  };
  const key = field('key');
  const value = field('value');
  if (key === null || value === null) return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  const r = setOption(ctx.store, i.guildId, c.game, key, value, i.user.id, t);
  await i.reply({ content: r.ok ? `${r.message}\n${runningNote(key, t)}` : r.message, flags: MessageFlags.Ephemeral });
  if (r.ok && key === 'lobby-days') await redrawOpenLobbies(ctx, i.guildId, c.game);
}
