/** /play: opens a lobby for a game and a public thread under it. */
import { randomBytes } from 'node:crypto';
import { ChannelType, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { offered } from '../src/bot/command-options.js';
import { choice, named } from '../src/bot/localize.js';
import { publicLocale } from '../src/bot/public-locale.js';
import { langOf, translator, type Lang } from '../src/table/i18n.js';
import { memberMissingToOpen, missingToHost } from '../src/bot/permissions.js';
import { optionErrorsRefusal, optionsForTable, parseRuleOverrides, rulesRefusal, staleText } from '../src/bot/options-in-force.js';
import { cut } from '../src/table/cut.js';
import { giveLobbyThread, lobbyPayload } from '../src/bot/lobby.js';
import { redrawLobby } from '../src/bot/effects.js';
import { GAME_IDS, GAMES, isGameId } from '../src/table/manifests.js';
import type { TimerPreset } from '../src/store/index.js';
import { memberName } from '../src/bot/member-name.js';

export const data = offered(named(new SlashCommandBuilder(), 'play', 'play'), 'servers')
  .addStringOption((o) =>
    named(o, 'game', 'play.game')
      .setRequired(true)
      .addChoices(...GAME_IDS.map((g) => choice(`game.${g}`, g))),
  )
  .addIntegerOption((o) => named(o, 'seats', 'play.seats').setMinValue(2).setMaxValue(6))
  .addStringOption((o) =>
    named(o, 'timer', 'play.timer').addChoices(
      choice('timer.live', 'live'),
      choice('timer.async', 'async'),
      choice('timer.custom', 'custom'),
    ),
  )
  .addIntegerOption((o) =>
    named(o, 'turn-seconds', 'play.turn-seconds')
      .setMinValue(10)
      .setMaxValue(7 * 24 * 3600),
  )
  .addIntegerOption((o) =>
    named(o, 'claim-seconds', 'play.claim-seconds')
      .setMinValue(5)
      .setMaxValue(7 * 24 * 3600),
  )
  .addStringOption((o) =>
    named(o, 'on-timeout', 'play.on-timeout').addChoices(choice('on-timeout.default', 'default'), choice('on-timeout.ai', 'ai')),
  )
  .addStringOption((o) => named(o, 'rules', 'play.rules').setMaxLength(500));

/** Open lobbies (and tables played alone with the AI) one member may host on a server at once. */
export const MAX_OPEN_LOBBIES = 3;

/**
 * Whether a lobby posted in a channel of this type can start its game thread. Discord's Start Thread
 * from Message makes a PUBLIC_THREAD under a GUILD_TEXT channel and an ANNOUNCEMENT_THREAD under a
 * GUILD_ANNOUNCEMENT one, and threads exist under no other channel (discord-api-docs, resources/channel
 * "Start Thread from Message"; discord.js's Message#startThread refuses any other parent before asking:
 * MessageThreadParent). Slash commands also run in a voice or stage channel's text chat (GuildVoice,
 * GuildStageVoice): there the lobby would be posted, then cancelled for want of its thread.
 */
export function startsGameThreads(type: ChannelType): boolean {
  return type === ChannelType.GuildText || type === ChannelType.GuildAnnouncement;
}

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const eph = (content: string) => i.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  if (!i.inGuild() || !i.channel) return void (await eph(t('errors:guild-only')));
  if (i.channel.isThread()) return void (await eph(t('errors:not-in-thread')));
  if (!startsGameThreads(i.channel.type)) return void (await eph(t('errors:no-threads-here')));
  const missing = missingToHost(i.appPermissions);
  if (missing.length)
    return void (await eph(t('errors:missing-permissions', { list: missing.map((k) => t(`seatch:perm.${k}`)).join(', ') })));
  const mine = memberMissingToOpen(i.memberPermissions);
  if (mine.length) return void (await eph(t('errors:member-cannot-play', { list: mine.map((k) => t(`seatch:perm.${k}`)).join(', ') })));

  const game = i.options.getString('game', true);
  if (!isGameId(game)) return void (await eph(t('errors:unknown-game', { list: GAME_IDS.join(', ') })));
  const { engine } = GAMES[game];
  const requested = i.options.getInteger('seats');

  const timerName = (i.options.getString('timer') ?? 'async') as TimerPreset['name'];
  const turnS = i.options.getInteger('turn-seconds');
  const claimS = i.options.getInteger('claim-seconds');
  const timerPreset: TimerPreset =
    timerName === 'custom' || turnS !== null || claimS !== null
      ? { name: 'custom', turnMs: (turnS ?? 60) * 1000, claimMs: (claimS ?? 30) * 1000 }
      : { name: timerName };

  const parsed = parseRuleOverrides(i.options.getString('rules'));
  if (!parsed.ok) return void (await eph(rulesRefusal(parsed, t)));
  const opts = optionsForTable(ctx.store, i.guildId, game, parsed.value);
  if (!opts.ok) return void (await eph(optionErrorsRefusal(opts.errors, t)));

  // The table size: /play's `seats`, else the game's own table-size house rule (the manifest's
  // engine: `tableSize(options)`, e.g. Vietnamese mahjong `player-count`, classical `players`).
  const size = engine.tableSize(opts.options);
  if (requested !== null && (requested < size.min || requested > size.max))
    return void (await eph(t('errors:bad-seats', { min: size.min, max: size.max })));
  const seatCap = Math.min(size.max, Math.max(size.min, requested ?? size.default));

  // Each lobby holds a public thread open until it starts or closes (`lobby-days`), and so does a table
  // its host plays alone with the AI; a server's active threads are capped for everyone on it: one
  // member (or a script) may not hold more.
  const hosted = ctx.store.listing.tablesHeldOpenBy(i.guildId, i.user.id);
  if (hosted.length >= MAX_OPEN_LOBBIES)
    return void (await eph(
      t('errors:too-many-lobbies', { count: hosted.length, list: hosted.map((g) => `<#${g.threadId ?? g.channelId}>`).join(', ') }),
    ));

  const tableSettings = ctx.store.settings.table(i.guildId, game);
  const name = memberName(i);
  // Created before anything is awaited: the count above and this row are one synchronous step, so
  // /play commands sent at once by one member (a script) cannot all pass the cap while the first of
  // them waits on Discord (before, ten at once opened ten lobbies).
  const row = ctx.store.games.create(
    {
      game,
      guildId: i.guildId,
      channelId: i.channelId,
      hostUserId: i.user.id,
      options: opts.options,
      optionsHash: opts.hash,
      // Secret and unguessable: every hand is dealt from it (core/rng.ts `handSeed`), so whoever knows
      // it knows every hidden hand and the wall. Not the interaction's id (as it was): Discord shows
      // that to everyone reading the lobby message (its `interaction_metadata.id`).
      seed: randomBytes(16).toString('base64url'),
      seats: seatCap,
      timerPreset,
      timeoutPolicy: (i.options.getString('on-timeout') ?? 'default') as 'default' | 'ai',
      // The server's table settings (/config ai-level, takeover-level, hints), fixed for this game.
      takeoverLevel: tableSettings.takeoverLevel,
      hints: tableSettings.hints,
      // Public text: the server's locale on a Community server, else the host's (public-locale.ts).
      locale: publicLocale(i),
    },
    [{ seat: 0, userId: i.user.id, isAi: false, displayName: name }],
  );
  try {
    await i.deferReply();
  } catch (e) {
    // Not acknowledged (the interaction expired): nobody sees this lobby, so it must not stay open
    // and count toward the cap. The router tells the user (errors:internal) if it still can.
    ctx.store.games.update(row.id, { status: 'cancelled' });
    throw e;
  }
  const publicLang = langOf(publicLocale(i), ctx.defaultLang);
  // The lobby is clickable as soon as it is shown, but its thread is created after it (a thread
  // starts from the lobby message): under load a Join or Start could come before the thread exists
  // and find no thread to add the player to or post the table in. The game's lock is held until
  // the thread is recorded; lobby buttons take the same lock, so they wait for it.
  const open = async () => {
    let msg: Awaited<ReturnType<typeof i.editReply>>;
    try {
      msg = await i.editReply(lobbyPayload(ctx, row, ctx.store.games.seats(row.id), publicLang));
    } catch (e) {
      // No lobby message: nobody can join or cancel it, so it must not stay open (listed by /games,
      // blocking its host's /privacy delete-my-data). The router tells the user (errors:internal).
      ctx.store.games.update(row.id, { status: 'cancelled' });
      throw e;
    }
    // Recorded at once: a process that dies before the thread is recorded leaves a lobby whose
    // message the housekeeping round can still find, to give it its thread (or tell it is closed).
    ctx.store.games.update(row.id, { lobbyMessageId: msg.id });
    const made = await giveLobbyThread(ctx, row, msg.id, false);
    if (made === 'given') return showLobby(ctx, i, row.id, publicLang);
    if (made === 'later') {
      // Discord failed for a moment (the thread may even exist): the lobby stays open without its
      // thread, which Start or the housekeeping round gives it from the lobby message (lobby.ts
      // giveLobbyThread, as for a /play that died here), or cancels it if Discord keeps failing.
      await i.followUp({ content: t('errors:lobby-thread-later'), flags: MessageFlags.Ephemeral }).catch(() => undefined);
      return;
    }
    ctx.store.games.update(row.id, { status: 'cancelled' });
    await i.editReply({ content: t('errors:cannot-create-thread'), components: [] });
  };
  await (ctx.locks ? ctx.locks.run(row.id, open) : open());
  // A server setting an update made invalid was left out (the default holds): the host is told,
  // unless the table could not be opened after all.
  if (opts.stale.length && ctx.store.games.get(row.id)?.status !== 'cancelled')
    await i
      .followUp({ content: cut(opts.stale.map((e) => `⚠️ ${staleText(e, t)}`).join('\n'), 2000), flags: MessageFlags.Ephemeral })
      .catch(() => undefined);
}

/**
 * Redraws the lobby with its thread. The table is open by now: an edit through the interaction that
 * fails (a 5xx past discord.js's retries, the lobby message deleted meanwhile) is redrawn through the
 * channel instead, as a lobby button's is (lobby.ts onLobbyButton), not thrown: the router would tell
 * the host "nothing was changed" of a lobby that stays open, and before, the table was cancelled under
 * a lobby still showing it open, its empty thread left active.
 */
async function showLobby(ctx: BotContext, i: ChatInputCommandInteraction, gameId: string, lang: Lang): Promise<void> {
  const now = ctx.store.games.get(gameId)!;
  try {
    await i.editReply(lobbyPayload(ctx, now, ctx.store.games.seats(gameId), lang));
  } catch (err) {
    ctx.log.warn({ err, gameId }, 'cannot show the lobby its thread: redrawing it through the channel');
    const table = ctx.table.load(gameId);
    if (table) await redrawLobby(ctx, table);
  }
}
