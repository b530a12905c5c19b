/** /config: a server's house rules per game (Manage Server). Changes never affect a game already running. */
import {
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  StringSelectMenuBuilder,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator } from '../src/table/i18n.js';
import { gameOption, offered } from '../src/bot/command-options.js';
import {
  applyPreset,
  canConfigure,
  chunk,
  describeOptions,
  resetOption,
  runningNote,
  setOption,
  toggleOverridable,
} from '../src/bot/config-core.js';
import { encodeConfigId } from '../src/bot/custom-id.js';
import { button, row } from '../src/bot/messages.js';
import { engineOf, GAME_IDS, isGameId } from '../src/table/manifests.js';
import { redrawOpenLobbies } from '../src/bot/lobby-expiry.js';
import { embedPages } from '../src/bot/embed-pages.js';
import { cut } from '../src/table/cut.js';

const keyOpt = (required: boolean) => (o: import('@discordjs/builders').SlashCommandStringOption) =>
  named(o, 'key', 'config.key').setRequired(required).setMaxLength(60);

export const data = offered(named(new SlashCommandBuilder(), 'config', 'config'), 'servers')
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .addSubcommand((s) => named(s, 'show', 'config.show').addStringOption((o) => gameOption(o, true)))
  .addSubcommand((s) =>
    named(s, 'set', 'config.set')
      .addStringOption((o) => gameOption(o, true))
      .addStringOption(keyOpt(true))
      .addStringOption((o) => named(o, 'value', 'config.value').setRequired(true).setMaxLength(100)),
  )
  .addSubcommand((s) =>
    named(s, 'reset', 'config.reset')
      .addStringOption((o) => gameOption(o, true))
      .addStringOption(keyOpt(false)),
  )
  .addSubcommand((s) =>
    named(s, 'preset', 'config.preset')
      .addStringOption((o) => gameOption(o, true))
      .addStringOption((o) => named(o, 'name', 'config.preset-name').setRequired(true).setMaxLength(60)),
  )
  .addSubcommand((s) =>
    named(s, 'allow-play', 'config.allow-play')
      .addStringOption((o) => gameOption(o, true))
      .addStringOption(keyOpt(true)),
  );

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const t = translator(langOf(i.locale, ctx.defaultLang));
  const eph = (content: string) => i.reply({ content: cut(content, 2000), flags: MessageFlags.Ephemeral });
  if (!i.inGuild()) return void (await eph(t('errors:guild-only')));
  // Discord hides the command from members without Manage Server, but permissions can be overridden per channel: check again.
  if (!canConfigure(i.memberPermissions)) return void (await eph(t('errors:manage-guild-only')));
  const game = i.options.getString('game', true);
  if (!isGameId(game)) return void (await eph(t('errors:unknown-game', { list: GAME_IDS.join(', ') })));
  const by = i.user.id;
  const s = i.options.getSubcommand();
  if (s === 'show') {
    const lines = describeOptions(ctx.store, i.guildId, game, t);
    // Every option, in as many ephemeral messages as Discord's 6,000 characters of embeds need
    // (Vietnamese mahjong's 48 rules take two).
    const [embeds = [], ...more] = embedPages(
      chunk(lines, 4000).map((text, k) =>
        new EmbedBuilder().setTitle(k === 0 ? t('common:config.title', { game: t(`${game}:name`) }) : '…').setDescription(text),
      ),
    );
    const presets = ['default', ...Object.keys(engineOf(game).options.presets)].slice(0, 25);
    await i.reply({
      embeds,
      components: [
        row(
          new StringSelectMenuBuilder()
            .setCustomId(encodeConfigId({ game, verb: 'preset' }))
            .setPlaceholder(t('common:config.choose-preset'))
            .addOptions(
              presets.map((p) => ({
                label: (p === 'default' ? t('common:config.preset-default') : t(`${game}:preset.${p}`, { defaultValue: p })).slice(0, 100),
                value: p,
                description: p,
              })),
            ),
        ),
        row(button(encodeConfigId({ game, verb: 'modal' }), t('common:config.set-button'), ButtonStyle.Primary)),
      ],
      flags: MessageFlags.Ephemeral,
    });
    for (const page of more) await i.followUp({ embeds: page, flags: MessageFlags.Ephemeral });
    return;
  }
  // Typed text is trimmed, as the modal's is: " bet-unit" is the option bet-unit.
  const text = (name: string, required: boolean) => i.options.getString(name, required)?.trim() ?? null;
  const r =
    s === 'set'
      ? setOption(ctx.store, i.guildId, game, text('key', true)!, text('value', true)!, by, t)
      : s === 'reset'
        ? resetOption(ctx.store, i.guildId, game, text('key', false), by, t)
        : s === 'preset'
          ? applyPreset(ctx.store, i.guildId, game, text('name', true)!, by, t)
          : toggleOverridable(ctx.store, i.guildId, game, text('key', true)!, by, t);
  const key = s === 'set' || s === 'reset' ? text('key', false) : '';
  await eph(r.ok ? `✅ ${r.message}\n${runningNote(key, t)}` : `⚠️ ${r.message}`);
  // Open lobbies say when they close and which rules their host may change (their House rules…
  // button): redrawn when either changes (a reset of every key resets lobby-days too).
  if (r.ok && (key === 'lobby-days' || s === 'allow-play' || (s === 'reset' && key === null)))
    await redrawOpenLobbies(ctx, i.guildId, game);
}
