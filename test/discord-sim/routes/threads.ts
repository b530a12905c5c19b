/**
 * REST routes of threads: start from a message or standalone (announcement 10 / public 11 / private 12),
 * list, thread members.
 */
import { Errors, FormErrors } from '../errors.js';
import type { Router } from '../http.js';
import { Intents } from '../gateway.js';
import { ChannelType, hasPerm, Permissions as P, publicThreadTypeIn, type SimChannel } from '../model.js';
import { channelJson, memberJson, threadMemberJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';
import { type RouteCtx, type RouteResult } from '../types.js';
import { MessageFlags } from '../validate.js';
import { botGuild, getGuildChannel, requirePerm, getChannelMessage } from './channels.js';

export function createThread(
  sim: DiscordSim,
  parent: SimChannel,
  o: { name: unknown; type: number; autoArchive: unknown; invitable: unknown; id?: string },
): SimChannel {
  const publicType = publicThreadTypeIn(parent.type);
  if (publicType === undefined)
    throw FormErrors.single(['type'], 'THREAD_INVALID_PARENT', 'Threads can only be created in text and announcement channels');
  if (typeof o.name !== 'string' || [...o.name].length < 1 || [...o.name].length > 100) {
    throw FormErrors.single(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
  }
  if (o.type !== ChannelType.AnnouncementThread && o.type !== ChannelType.PublicThread && o.type !== ChannelType.PrivateThread)
    throw FormErrors.single(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of (10, 11, 12).');
  assertThreadTypeFits(parent, publicType, o.type);
  const aad = o.autoArchive === undefined ? 4320 : Number(o.autoArchive);
  if (![60, 1440, 4320, 10080].includes(aad))
    throw FormErrors.single(['auto_archive_duration'], 'BASE_TYPE_CHOICES', 'Value must be one of (60, 1440, 4320, 10080).');
  // "CREATE_PUBLIC_THREADS: Allows for creating public and announcement threads" (developers/topics/permissions.mdx).
  requirePerm(sim, parent, o.type === ChannelType.PrivateThread ? P.CreatePrivateThreads : P.CreatePublicThreads);
  const g = sim.guild(parent.guildId!);
  if (sim.activeThreads(g.id).length >= g.activeThreadLimit) throw Errors.threadCap();
  const now = new Date(sim.clock.now()).toISOString();
  const t = sim.newChannel({
    id: o.id,
    type: o.type,
    guildId: g.id,
    name: o.name,
    parentId: parent.id,
    ownerId: sim.botUserId,
    autoArchiveDuration: aad,
    archiveTimestamp: now,
    createTimestamp: now,
    invitable: o.invitable === undefined ? true : Boolean(o.invitable),
  });
  t.threadMembers.set(sim.botUserId, now);
  sim.gateway.dispatch('THREAD_CREATE', { ...channelJson(sim, t), newly_created: true }, Intents.Guilds);
  return t;
}

/**
 * A thread's type must fit its parent, refused with the shape of an invalid parent (the message is
 * the sim's own; Discord's is not documented). Private threads "can only be created in `GUILD_TEXT`
 * channels", and a public thread's type "matches the type of the parent channel" (developers/topics/
 * threads.mdx, "Public & Private Threads"): an announcement channel takes type 10 only (Start Thread
 * without Message defaults to 12, "`type` currently defaults to `PRIVATE_THREAD`", so it must be
 * given), a text channel 11 or 12.
 */
function assertThreadTypeFits(parent: SimChannel, publicType: number, type: number): void {
  if (type === ChannelType.PrivateThread && parent.type !== ChannelType.GuildText)
    throw FormErrors.single(['type'], 'THREAD_INVALID_PARENT', 'Private threads can only be created in text channels');
  if (type !== ChannelType.PrivateThread && type !== publicType)
    throw FormErrors.single(
      ['type'],
      'THREAD_INVALID_PARENT',
      `A thread in this channel must be of type ${publicType === ChannelType.AnnouncementThread ? 'ANNOUNCEMENT_THREAD (10)' : 'PUBLIC_THREAD (11)'}`,
    );
}

export function addThreadMember(sim: DiscordSim, threadId: string, userId: string): RouteResult {
  const t = getGuildChannel(sim, threadId);
  if (!sim.isThread(t)) throw Errors.unknownChannel();
  if (t.archived) throw Errors.archivedThread();
  const g = sim.guild(t.guildId!);
  if (!g.members.has(userId)) throw Errors.unknownMember();
  if (userId !== sim.botUserId) {
    requirePerm(sim, t, P.SendMessagesInThreads);
    if (
      t.type === ChannelType.PrivateThread &&
      !t.invitable &&
      !hasPerm(sim.botPermissions(g.id, t.id), P.ManageThreads) &&
      t.ownerId !== sim.botUserId
    ) {
      throw Errors.missingPermissions();
    }
  }
  if (!t.threadMembers.has(userId)) {
    const now = new Date(sim.clock.now()).toISOString();
    t.threadMembers.set(userId, now);
    sim.gateway.dispatch(
      'THREAD_MEMBERS_UPDATE',
      {
        id: t.id,
        guild_id: t.guildId,
        member_count: t.threadMembers.size,
        added_members: [{ ...threadMemberJson(sim, t, userId), member: memberJson(sim, g.members.get(userId)!) }],
      },
      Intents.GuildMembers,
    );
    if (userId === sim.botUserId)
      sim.gateway.dispatch('THREAD_MEMBER_UPDATE', { ...threadMemberJson(sim, t, userId), guild_id: t.guildId }, Intents.Guilds);
  }
  return { status: 204 };
}

export function register(r: Router, sim: DiscordSim): void {
  // Threads
  r.on('POST', '/channels/:ch/messages/:mid/threads', ({ params, body }) => {
    const ch = getGuildChannel(sim, params.ch!);
    const m = getChannelMessage(sim, ch, params.mid!);
    if (m.threadId) throw Errors.threadAlreadyCreated();
    requirePerm(sim, ch, P.ReadMessageHistory);
    const j = body.json ?? {};
    // "When called on a GUILD_TEXT channel, creates a PUBLIC_THREAD. When called on a GUILD_ANNOUNCEMENT
    // channel, creates a ANNOUNCEMENT_THREAD" (developers/resources/channel.mdx, "Start Thread from Message").
    const t = createThread(sim, ch, {
      name: j.name,
      type: publicThreadTypeIn(ch.type) ?? ChannelType.PublicThread,
      autoArchive: j.auto_archive_duration,
      invitable: undefined,
      id: m.id,
    });
    m.threadId = t.id;
    m.flags |= MessageFlags.HasThread;
    return { status: 201, body: channelJson(sim, t) };
  });
  r.on('POST', '/channels/:ch/threads', ({ params, body }) => {
    const ch = getGuildChannel(sim, params.ch!);
    const j = body.json ?? {};
    const type = j.type === undefined ? ChannelType.PrivateThread : Number(j.type);
    const t = createThread(sim, ch, { name: j.name, type, autoArchive: j.auto_archive_duration, invitable: j.invitable });
    if (type !== ChannelType.PrivateThread) {
      sim.storeMessage(ch, {
        authorId: sim.botUserId,
        type: 18,
        content: t.name,
        messageReference: { channel_id: t.id, guild_id: ch.guildId },
      });
    }
    return { status: 201, body: channelJson(sim, t) };
  });
  r.on('GET', '/guilds/:guild/threads/active', ({ params }) => {
    botGuild(sim, params.guild!);
    const threads = sim.activeThreads(params.guild!).filter((t) => hasPerm(sim.botPermissions(t.guildId!, t.id), P.ViewChannel));
    return {
      status: 200,
      body: {
        threads: threads.map((t) => channelJson(sim, t)),
        members: threads.filter((t) => t.threadMembers.has(sim.botUserId)).map((t) => threadMemberJson(sim, t, sim.botUserId)),
      },
    };
  });
  // List Public Archived Threads: "When called on a GUILD_TEXT channel, returns threads of type
  // PUBLIC_THREAD. When called on a GUILD_ANNOUNCEMENT channel returns threads of type
  // ANNOUNCEMENT_THREAD" (developers/resources/channel.mdx); the private list, PRIVATE_THREAD ones.
  const archived =
    (kind: 'public' | 'private') =>
    ({ params }: RouteCtx): RouteResult => {
      const ch = getGuildChannel(sim, params.ch!);
      requirePerm(sim, ch, P.ReadMessageHistory);
      const type = kind === 'private' ? ChannelType.PrivateThread : publicThreadTypeIn(ch.type);
      const threads = sim.threads(ch.id).filter((t) => t.archived && t.type === type);
      return {
        status: 200,
        body: {
          threads: threads.map((t) => channelJson(sim, t)),
          members: threads.filter((t) => t.threadMembers.has(sim.botUserId)).map((t) => threadMemberJson(sim, t, sim.botUserId)),
          has_more: false,
        },
      };
    };
  r.on('GET', '/channels/:ch/threads/archived/public', archived('public'));
  r.on('GET', '/channels/:ch/threads/archived/private', archived('private'));
  r.on('PUT', '/channels/:ch/thread-members/:user', ({ params }) =>
    addThreadMember(sim, params.ch!, params.user === '@me' ? sim.botUserId : params.user!),
  );
  r.on('DELETE', '/channels/:ch/thread-members/:user', ({ params }) => {
    const t = getGuildChannel(sim, params.ch!);
    if (!sim.isThread(t)) throw Errors.unknownChannel();
    const uid = params.user === '@me' ? sim.botUserId : params.user!;
    if (uid !== sim.botUserId) requirePerm(sim, t, P.ManageThreads);
    if (t.archived) throw Errors.archivedThread();
    t.threadMembers.delete(uid);
    sim.gateway.dispatch(
      'THREAD_MEMBERS_UPDATE',
      { id: t.id, guild_id: t.guildId, member_count: t.threadMembers.size, removed_member_ids: [uid] },
      Intents.GuildMembers,
    );
    return { status: 204 };
  });
  r.on('GET', '/channels/:ch/thread-members', ({ params }) => {
    const t = getGuildChannel(sim, params.ch!);
    if (!sim.isThread(t)) throw Errors.unknownChannel();
    return { status: 200, body: [...t.threadMembers.keys()].map((u) => threadMemberJson(sim, t, u)) };
  });
  r.on('GET', '/channels/:ch/thread-members/:user', ({ params }) => {
    const t = getGuildChannel(sim, params.ch!);
    if (!sim.isThread(t)) throw Errors.unknownChannel();
    const uid = params.user === '@me' ? sim.botUserId : params.user!;
    if (!t.threadMembers.has(uid)) throw Errors.unknownMember();
    return { status: 200, body: threadMemberJson(sim, t, uid) };
  });
}
