/** REST routes of channels: get, edit (threads too: archive, lock, rename sublimit), delete, typing; access helpers. */
import { ApiError, Errors, FormErrors } from '../errors.js';
import type { Router } from '../http.js';
import { Intents } from '../gateway.js';
import { ChannelType, hasPerm, Permissions as P, type SimChannel, type SimGuild, type SimMessage } from '../model.js';
import { channelJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';
import { type Json, type RouteResult } from '../types.js';

/**
 * A guild the bot is in: 404 / 10004 Unknown Guild for no guild, 403 / 50001 Missing Access for one it
 * is not (or no longer) in, as Discord answers a bot for another server's guild, members or channels.
 */
export function botGuild(sim: DiscordSim, id: string): SimGuild {
  const g = sim.guilds.get(id);
  if (!g) throw Errors.unknownGuild();
  if (!sim.botInGuild(g.id)) throw Errors.missingAccess();
  return g;
}

export function getGuildChannel(sim: DiscordSim, id: string): SimChannel {
  const ch = sim.channels.get(id);
  if (!ch || ch.deleted) throw Errors.unknownChannel();
  if (ch.type === ChannelType.DM) return ch;
  if (!sim.guilds.has(ch.guildId!)) throw Errors.unknownChannel();
  const g = botGuild(sim, ch.guildId!);
  if (!hasPerm(sim.botPermissions(g.id, ch.id), P.ViewChannel)) throw Errors.missingAccess();
  if (
    ch.type === ChannelType.PrivateThread &&
    !ch.threadMembers.has(sim.botUserId) &&
    !hasPerm(sim.botPermissions(g.id, ch.id), P.ManageThreads)
  ) {
    throw Errors.missingAccess();
  }
  return ch;
}

export function requirePerm(sim: DiscordSim, ch: SimChannel, bit: bigint): void {
  if (ch.type === ChannelType.DM) return;
  if (!hasPerm(sim.botPermissions(ch.guildId!, ch.id), bit)) throw Errors.missingPermissions();
}

export function getChannelMessage(sim: DiscordSim, ch: SimChannel, id: string): SimMessage {
  const m = sim.messageIndex.get(id);
  if (!m || m.deleted || m.channelId !== ch.id || m.ephemeralTo !== undefined) throw Errors.unknownMessage();
  return m;
}

/** Discord's separate sublimit on channel name/topic edits: 2 per 10 minutes per channel. */
export function checkRenameLimit(sim: DiscordSim, ch: SimChannel, j: Json): void {
  const renaming = (j.name !== undefined && j.name !== ch.name) || (j.topic !== undefined && j.topic !== ch.topic);
  if (!renaming) return;
  const now = sim.clock.now();
  const recent = (sim.renames.get(ch.id) ?? []).filter((t) => now - t < 600_000);
  if (recent.length >= 2) {
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + 600_000 - now) / 1000));
    const msg = `channel #${ch.name} renamed more than twice in 10 minutes (Discord's rename sublimit: 429, retry after ${retryAfter} s)`;
    sim.warnings.push(msg);
    sim.addLog({ kind: 'sim', summary: `WARNING ${msg}` });
    if (sim.opts.enforceRenameLimit) {
      throw new ApiError(429, 0, 'You are being rate limited.', undefined, {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Scope': 'shared',
      });
    }
  }
  recent.push(now);
  sim.renames.set(ch.id, recent);
}

/**
 * Whether a thread edit changes a field only its creator or a holder of MANAGE_THREADS may change
 * (topics/threads.md, "Editing & Deleting Threads": "Editing a thread to change the `name`, `archived`,
 * `auto_archive_duration` fields requires `MANAGE_THREADS` or that the current user is the thread
 * creator"). `archived` is only its setting to true: "Editing a thread to set `archived` to `false` only
 * requires the current user has already been added to the thread". A field sent with its current value
 * changes nothing.
 */
function changesCreatorFields(ch: SimChannel, j: Json): boolean {
  return (
    (j.name !== undefined && j.name !== ch.name) ||
    (j.auto_archive_duration !== undefined && Number(j.auto_archive_duration) !== ch.autoArchiveDuration) ||
    (j.archived === true && !ch.archived)
  );
}

export function patchChannel(sim: DiscordSim, ch: SimChannel, j: Json): RouteResult {
  if (ch.type === ChannelType.DM) throw Errors.missingPermissions();
  const perms = sim.botPermissions(ch.guildId!, ch.id);
  const manage = hasPerm(perms, P.ManageThreads);
  if (!sim.isThread(ch)) {
    requirePerm(sim, ch, P.ManageChannels);
    checkRenameLimit(sim, ch, j);
    if (j.name !== undefined) {
      if (typeof j.name !== 'string' || [...j.name].length < 1 || [...j.name].length > 100)
        throw FormErrors.single(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      ch.name = j.name;
    }
    if (j.topic !== undefined) ch.topic = j.topic;
    sim.gateway.dispatch('CHANNEL_UPDATE', channelJson(sim, ch), Intents.Guilds);
    return { status: 200, body: channelJson(sim, ch) };
  }
  // "Locked Threads": without MANAGE_THREADS no one may "update properties like its title or tags" (160005).
  if (ch.locked && !manage) throw Errors.lockedThread();
  if (j.locked !== undefined && Boolean(j.locked) !== ch.locked && !manage) throw Errors.missingPermissions();
  if (changesCreatorFields(ch, j) && ch.ownerId !== sim.botUserId && !manage) throw Errors.missingPermissions();
  if (ch.archived && j.archived !== false) {
    // An archived thread can only be unarchived (Modify Channel: `archived` false or set false in the
    // request); anything else is 50083, a lock too (discord-api-docs#6928), unless the option
    // `lockArchivedThreads` lets a bot with MANAGE_THREADS lock or unlock it.
    const onlyLock = Object.keys(j).every((k) => k === 'locked' || k === 'archived');
    if (!(sim.opts.lockArchivedThreads && onlyLock && j.locked !== undefined && manage)) throw Errors.archivedThread();
  }
  if (ch.archived && j.archived === false) requirePerm(sim, ch, P.SendMessagesInThreads);
  // A reopen past the server's cap of active threads (160006) is refused before any field is written:
  // a request Discord refuses changes nothing (a reopen that also locks leaves the thread unlocked).
  if (
    ch.archived &&
    j.archived !== undefined &&
    !j.archived &&
    sim.activeThreads(ch.guildId!).length >= sim.guild(ch.guildId!).activeThreadLimit
  )
    throw Errors.threadCap();
  checkRenameLimit(sim, ch, j);
  if (j.name !== undefined) {
    if (typeof j.name !== 'string' || [...j.name].length < 1 || [...j.name].length > 100)
      throw FormErrors.single(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    ch.name = j.name;
  }
  if (j.auto_archive_duration !== undefined) {
    if (![60, 1440, 4320, 10080].includes(Number(j.auto_archive_duration)))
      throw FormErrors.single(['auto_archive_duration'], 'BASE_TYPE_CHOICES', 'Value must be one of (60, 1440, 4320, 10080).');
    ch.autoArchiveDuration = Number(j.auto_archive_duration);
  }
  if (j.invitable !== undefined && ch.type === ChannelType.PrivateThread) ch.invitable = Boolean(j.invitable);
  if (j.locked !== undefined) ch.locked = Boolean(j.locked);
  if (j.archived !== undefined && Boolean(j.archived) !== ch.archived) {
    ch.archived = Boolean(j.archived);
    ch.archiveTimestamp = new Date(sim.clock.now()).toISOString();
    ch.lastActivity = sim.clock.now();
  }
  sim.threadUpdate(ch);
  return { status: 200, body: channelJson(sim, ch) };
}

export function register(r: Router, sim: DiscordSim): void {
  // Channels
  r.on('GET', '/channels/:ch', ({ params }) => ({ status: 200, body: channelJson(sim, getGuildChannel(sim, params.ch!)) }));
  r.on('PATCH', '/channels/:ch', ({ params, body }) => patchChannel(sim, getGuildChannel(sim, params.ch!), body.json ?? {}));
  r.on('DELETE', '/channels/:ch', ({ params }) => {
    const ch = getGuildChannel(sim, params.ch!);
    if (ch.type === ChannelType.DM) return { status: 200, body: channelJson(sim, ch) };
    requirePerm(sim, ch, sim.isThread(ch) ? P.ManageThreads : P.ManageChannels);
    sim.deleteChannel(ch.id);
    return { status: 200, body: channelJson(sim, ch) };
  });
  r.on('POST', '/channels/:ch/typing', ({ params }) => {
    getGuildChannel(sim, params.ch!);
    return { status: 204 };
  });
}
