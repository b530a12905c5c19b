/**
 * The one interactionCreate handler: slash commands by name, components and modals by custom_id
 * prefix. No collectors: every click is routed from its custom_id and loads state from SQLite, so
 * buttons keep working after a restart. Every interaction is acknowledged before slow work.
 */
import {
  MessageFlags,
  type ButtonInteraction,
  type Interaction,
  type RepliableInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { BotContext, GameLocks } from './context.js';
import type { Command } from './command-types.js';
import { decodeCommandId, decodeConfigId, decodeGameId, type GameButton } from './custom-id.js';
import { langOf, translator } from '../table/i18n.js';
import { onLobbyButton, onLobbyRulesButton, onLobbySetting } from './lobby.js';
import { onHandComponent, onTableComponent, openHand, resultWords, tableWords } from './play.js';
import { onConfigComponent, onConfigModal } from './config-ui.js';
import { tableSettled } from './effects.js';
import { tellDmsClosedOnce } from '../notify/tell.js';
import { performance } from 'node:perf_hooks';
import { noteStorageError } from '../store/health.js';
import type { DmForwarding } from './dm-forward.js';
import { USER_COMMANDS, type UserSync } from './user-sync.js';
import { MemberCheck, noteGone } from './members.js';

const LOBBY = new Set(['join', 'leave', 'add-ai', 'start', 'cancel']);
const HAND = new Set(['refresh', 'act', 'pick', 'retake', 'announce', 'hint', 'prefs']);

async function sorry(ctx: BotContext, i: RepliableInteraction, e: unknown): Promise<void> {
  // Counted as failed (the player saw the error reply); a storage error also turns /healthz unhealthy.
  ctx.metrics?.interactionsFailed.inc({ reason: noteStorageError(e) ? 'storage' : 'error' });
  // What the operator needs to find it again: what was clicked or run, where, by whom.
  ctx.log.error(
    {
      err: e,
      id: i.id,
      ...('customId' in i ? { customId: i.customId } : {}),
      ...(i.isCommand() ? { command: i.commandName } : {}),
      guildId: i.guildId,
      channelId: i.channelId,
      userId: i.user.id,
    },
    'interaction failed',
  );
  const t = translator(langOf(i.locale, ctx.defaultLang));
  const payload = { content: t('errors:internal'), flags: MessageFlags.Ephemeral as const };
  try {
    if (i.deferred && !i.ephemeral) await dropThinking(i);
    if (i.deferred || i.replied) await i.followUp(payload);
    else await i.reply(payload);
  } catch {
    /* the token may be gone; nothing more to do */
  }
}

/**
 * A public deferred reply still "thinking" (/play, /leaderboard defer before their work) is deleted
 * before the error is told: Discord's first follow-up fills that placeholder, keeping it public
 * whatever its flags, so the error was shown to the whole channel. One the command filled already
 * (a lobby posted) is left as it is.
 */
async function dropThinking(i: RepliableInteraction): Promise<void> {
  const shown = await i.fetchReply().catch(() => null);
  if (shown?.flags.has(MessageFlags.Loading)) await i.deleteReply().catch(() => undefined);
}

/**
 * `dm`: under sharding, a DM click on another shard's game is passed to that shard (src/bot/dm-forward.ts);
 * without it every click plays here. `members`: who is still a member of a game's server, asked before
 * a DM click plays (members.ts; the bot's own, shared with its GUILD_BAN_ADD handler).
 */
export function createRouter(
  ctx: BotContext,
  locks: GameLocks,
  commands: Map<string, Command>,
  dm?: DmForwarding,
  users?: UserSync,
  members: MemberCheck = new MemberCheck(ctx.client, () => ctx.clock.now()),
) {
  /** Runs a command (or its component) that may change the user's own settings, then tells the other shards (user-sync.ts). */
  const userCommand = async (name: string, userId: string, fn: () => Promise<void>): Promise<void> => {
    if (!users || !USER_COMMANDS.has(name)) return fn();
    const before = ctx.store.prefs.choices(userId);
    try {
      await fn();
    } finally {
      // Also when answering failed after the settings were written.
      await users.changed(userId, before);
    }
  };
  /**
   * A game component clicked on another server than the game's (a forged custom_id: Discord only
   * shows a message's components where it was posted). A seat view in DMs has no server: it passes,
   * and the table layer checks the seat.
   */
  const guildOf = new Map<string, string | null>();
  /** The game's server (null: none; undefined: no such game). */
  const serverOf = (gameId: string): string | null | undefined => {
    // A game's server never changes: remembered (bounded), so a click still costs one game load.
    let g = guildOf.get(gameId);
    if (g === undefined) {
      const row = ctx.store.games.get(gameId);
      if (!row) return undefined; // not found: the handler says so
      g = row.guildId;
      if (guildOf.size >= 10_000) guildOf.delete(guildOf.keys().next().value!);
      guildOf.set(gameId, g);
    }
    return g;
  };
  const otherServer = (guildId: string | null, gameId: string): boolean => {
    if (!guildId) return false;
    const g = serverOf(gameId);
    return !!g && g !== guildId;
  };
  /**
   * A click from the clicker's DMs on a game (a seat view kept in DMs, a DM notice's Open my hand)
   * carries no member data, and the clicker may have been kicked from the game's server, or left it,
   * since: without the privileged GuildMembers intent no GUILD_MEMBER_REMOVE tells the bot (a ban
   * does: app.ts). So Discord is asked (members.ts; a yes is remembered for minutes). One who is no
   * member is told so in their language, and their seats on that server pass to the AI at the next
   * housekeeping round (members.ts `noteGone`: not at a click, whose timing follows their claims); true then.
   * A click inside the server comes with `member`: the clicker is one.
   */
  const goneFromServer = async (i: ButtonInteraction | StringSelectMenuInteraction, g: GameButton): Promise<boolean> => {
    if (i.guildId) return false;
    const guildId = serverOf(g.gameId);
    if (!guildId || (await members.isMember(guildId, i.user.id)) !== false) return false;
    const content = translator(langOf(i.locale, ctx.defaultLang))('errors:not-a-member');
    // Deferred as an ephemeral reply (Open my hand) or as an update of the clicked hand message.
    if (g.verb === 'hand') await i.editReply({ content }).catch(() => undefined);
    else await i.followUp({ content, flags: MessageFlags.Ephemeral }).catch(() => undefined);
    noteGone(ctx, guildId, i.user.id);
    return true;
  };
  const notFound = (i: RepliableInteraction) =>
    i.reply({ content: translator(langOf(i.locale, ctx.defaultLang))('errors:game-not-found'), flags: MessageFlags.Ephemeral });
  /** A game component (decoded `g`): the lobby, the table, a seat's hand view. */
  const routeGame = async (i: ButtonInteraction | StringSelectMenuInteraction, g: GameButton): Promise<void> => {
    if (g.verb === 'hand') {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      if (await goneFromServer(i, g)) return;
      await locks.run(g.gameId, () => openHand(ctx, i, g));
    } else if (g.verb === 'words') {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      // On a result message it names its hand: that hand's result in words; else the table now.
      await locks.run(g.gameId, () => (g.arg === undefined ? tableWords(ctx, i, g) : resultWords(ctx, i, g)));
    } else if (HAND.has(g.verb)) {
      const arrived = performance.now();
      await i.deferUpdate();
      if (await goneFromServer(i, g)) return;
      let seen = false;
      await locks.run(g.gameId, () =>
        onHandComponent(ctx, i, g, () => {
          seen = true;
          ctx.metrics?.visibleSeconds.observe({ view: 'seat' }, (performance.now() - arrived) / 1000);
        }),
      );
      // The table message edit runs outside the game lock, coalesced per table (effects.ts). The move
      // is committed by now: a failure of the table's edit is logged, never answered as the click's
      // (`sorry` says "nothing was changed", and a second try would play another move).
      const settled = await tableSettled(ctx, g.gameId).then(
        () => true,
        (err: unknown) => {
          ctx.log.error({ err, gameId: g.gameId, id: i.id }, 'the table message was not updated after a move');
          return false;
        },
      );
      // A move's public side is shown once the table edit it queued has landed (or none was due).
      if (seen && settled) ctx.metrics?.visibleSeconds.observe({ view: 'table' }, (performance.now() - arrived) / 1000);
    } else if (g.verb === 'lobby-rules' && i.isButton()) {
      // Answered with a modal, which must be the interaction's first answer (no defer).
      await onLobbyRulesButton(ctx, i, g);
    } else if (g.verb === 'lobby-set' && i.isStringSelectMenu()) {
      await i.deferUpdate();
      await locks.run(g.gameId, () => onLobbySetting(ctx, i, g));
    } else if (LOBBY.has(g.verb) && i.isButton()) {
      await i.deferUpdate();
      await locks.run(g.gameId, () => onLobbyButton(ctx, i, g));
    } else {
      await i.deferUpdate();
      await locks.run(g.gameId, () => onTableComponent(ctx, i, g));
    }
  };
  return async function onInteraction(i: Interaction): Promise<void> {
    try {
      // After a DM failed with 50007, the user's next ephemeral reply of any kind says so, once.
      if (i.isRepliable()) tellDmsClosedOnce(ctx.store, i, langOf(i.locale, ctx.defaultLang));
      if (i.isButton() || i.isStringSelectMenu() || i.isModalSubmit()) {
        const x = decodeCommandId(i.customId);
        const handler = x ? commands.get(x.command)?.component : undefined;
        if (x && handler) {
          await userCommand(x.command, i.user.id, () => handler(i, x.rest, ctx));
          return;
        }
      }
      if (i.isChatInputCommand()) {
        const cmd = commands.get(i.commandName);
        if (!cmd) {
          await i.reply({
            content: translator(langOf(i.locale, ctx.defaultLang))('errors:unknown-command'),
            flags: MessageFlags.Ephemeral,
          });
          return;
        }
        await userCommand(i.commandName, i.user.id, () => cmd.execute(i, ctx));
        return;
      }
      if (i.isAutocomplete()) {
        await commands.get(i.commandName)?.autocomplete?.(i, ctx);
        return;
      }
      if (i.isButton() || i.isStringSelectMenu()) {
        const g = decodeGameId(i.customId);
        if (g && otherServer(i.guildId, g.gameId)) return void (await notFound(i));
        // In DMs the bot sends hand views (seat channels) and Open my hand (notices) only: a lobby or
        // table button there is forged, and has no server to be checked against.
        if (g && !i.guildId && g.verb !== 'hand' && !HAND.has(g.verb)) return void (await notFound(i));
        // Discord sends every DM click to shard 0: another shard's game is played by that shard.
        if (g && !i.guildId && dm && !dm.playsHere(g.gameId)) {
          const r = await dm.forward(i.id);
          if (r === 'taken') ctx.handedOff?.(i.id);
          else if (r === 'not-found') await notFound(i);
          else if (r === 'unreachable')
            await i.reply({ content: translator(langOf(i.locale, ctx.defaultLang))('errors:restarting'), flags: MessageFlags.Ephemeral });
          return;
        }
        if (g) {
          // A click that changes the user's own choices, as /prefs and /away do, is told to the other
          // shards (user-sync.ts): any click at a table ends the player's away mode (act.ts awayMode),
          // and the seat view's Claim preferences select sets the preferences of all their tables of
          // that game (act.ts 'prefs'; they stayed in this shard's file).
          const tracked = !!users && (g.verb === 'prefs' || ctx.store.prefs.isAway(i.user.id, ctx.clock.now()));
          const before = tracked ? ctx.store.prefs.choices(i.user.id) : null;
          try {
            await routeGame(i, g);
          } finally {
            if (tracked) await users!.changed(i.user.id, before);
          }
          return;
        }
        const c = decodeConfigId(i.customId);
        if (c) {
          await onConfigComponent(ctx, i, c);
          return;
        }
        await i.reply({ content: translator(langOf(i.locale, ctx.defaultLang))('errors:unknown-button'), flags: MessageFlags.Ephemeral });
        return;
      }
      if (i.isModalSubmit()) {
        const g = decodeGameId(i.customId);
        if (g && (otherServer(i.guildId, g.gameId) || !i.guildId)) return void (await notFound(i));
        if (g?.verb === 'lobby-rules' && i.isFromMessage()) {
          await i.deferUpdate();
          await locks.run(g.gameId, () => onLobbySetting(ctx, i, g));
          return;
        }
        const c = decodeConfigId(i.customId);
        if (c) await onConfigModal(ctx, i, c);
        else
          await i.reply({ content: translator(langOf(i.locale, ctx.defaultLang))('errors:unknown-button'), flags: MessageFlags.Ephemeral });
      }
    } catch (e) {
      if (i.isRepliable()) await sorry(ctx, i, e);
      else ctx.log.error({ err: e, id: i.id, guildId: i.guildId, userId: i.user.id }, 'interaction failed');
    }
  };
}
