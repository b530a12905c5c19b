/**
 * /privacy delete-my-data (issue #18 §3): ephemeral; a confirm button (`x:privacy:erase:<user id>`,
 * routed to `component` below) removes the user's identity from finished games' public records
 * (src/store/privacy.ts `eraseUser`): seats and results show "former player", ratings and leaderboard
 * lines go, the action logs keep the moves without the user id, so every game still replays to the same
 * results. Refused while the user sits at an open (lobby, running or paused) table: they finish or leave
 * it, then ask again. With one database file per shard, every shard's file is erased (src/ops/privacy.ts).
 */
import { ButtonStyle, ComponentType, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { offered } from '../src/bot/command-options.js';
import { named } from '../src/bot/localize.js';
import { encodeCommandId } from '../src/bot/custom-id.js';
import { langOf, translator, type T } from '../src/table/i18n.js';
import { openSeatsOf } from '../src/store/index.js';
import { eraseEverywhere, shardDatabases } from '../src/ops/privacy.js';
import type { CommandComponentInteraction } from '../src/bot/command-types.js';

export const data = offered(named(new SlashCommandBuilder(), 'privacy', 'privacy'), 'servers-and-dms').addSubcommand((s) =>
  named(s, 'delete-my-data', 'privacy.delete-my-data'),
);

const playing = (t: T, open: { id: string; game: string }[]) =>
  t('ops:privacy.playing', { count: open.length, tables: open.map((g) => `${t(`${g.game}:name`)} \`${g.id}\``).join(', ') });

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const t = translator(langOf(i.locale, ctx.defaultLang));
  const open = openSeatsOf(ctx.store.db, i.user.id);
  if (open.length) return void (await i.reply({ content: playing(t, open), flags: MessageFlags.Ephemeral }));
  await i.reply({
    content: t('ops:privacy.confirm'),
    flags: MessageFlags.Ephemeral,
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: t('ops:privacy.confirm-button'),
            custom_id: encodeCommandId('privacy', `erase:${i.user.id}`),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: t('ops:privacy.cancel-button'),
            custom_id: encodeCommandId('privacy', 'cancel'),
          },
        ],
      },
    ],
  });
}

export async function component(i: CommandComponentInteraction, rest: string, ctx: BotContext): Promise<void> {
  const t = translator(langOf(i.locale, ctx.defaultLang));
  if (!i.isButton()) return void (await i.reply({ content: t('ops:privacy.cancelled'), flags: MessageFlags.Ephemeral }));
  if (rest === 'cancel') return void (await i.update({ content: t('ops:privacy.cancelled'), components: [] }));
  const m = /^erase:(\d{1,25})$/.exec(rest);
  if (!m || m[1] !== i.user.id) return void (await i.reply({ content: t('ops:privacy.not-yours'), flags: MessageFlags.Ephemeral }));
  // Acknowledged first: the erasure scans every table that names a user, in every shard's database
  // (seconds on a server with a million hands), and Discord allows 3 s for the first answer. Answered
  // after it, the click failed ("This interaction failed") though the data was erased, and its message
  // still offered Delete.
  await i.deferUpdate();
  const r = eraseEverywhere(ctx.store.db, i.user.id, shardDatabases());
  if (!r.ok) return void (await i.editReply({ content: playing(t, r.games), components: [] }));
  ctx.log.info({ seats: r.seats, results: r.results, actions: r.actions }, 'a user deleted their data (/privacy)');
  const nothing = r.games === 0 && r.results === 0 && r.ratings === 0 && r.actions === 0 && r.hints === 0;
  await i.editReply({ content: nothing ? t('ops:privacy.nothing') : t('ops:privacy.done', r), components: [] });
}
