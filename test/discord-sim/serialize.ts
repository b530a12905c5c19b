/** Discord API JSON of the simulator's records (users, members, roles, channels, guilds, messages, READY). */
import { ChannelType, type SimAttachment, type SimChannel, type SimGuild, type SimMember, type SimMessage, type SimUser } from './model.js';
import { shardOf } from './gateway.js';
import type { DiscordSim } from './sim.js';
import type { Json } from './types.js';

export function userJson(sim: DiscordSim, u: SimUser): Json {
  const j: Json = {
    id: u.id,
    username: u.username,
    discriminator: '0',
    global_name: u.globalName,
    avatar: null,
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    primary_guild: null,
    collectibles: null,
  };
  if (u.bot) j.bot = true;
  return j;
}

export function memberJson(sim: DiscordSim, m: SimMember): Json {
  return {
    user: userJson(sim, sim.user(m.userId)),
    roles: m.roles,
    joined_at: m.joinedAt,
    nick: m.nick,
    avatar: null,
    banner: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    premium_since: null,
    communication_disabled_until: m.communicationDisabledUntil ?? null,
  };
}

export function roleJson(sim: DiscordSim, r: SimGuild['roles'][number]): Json {
  const j: Json = {
    id: r.id,
    name: r.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: r.position,
    permissions: r.permissions.toString(),
    managed: r.managed,
    mentionable: false,
    flags: 0,
  };
  if (r.botId) j.tags = { bot_id: r.botId };
  return j;
}

export function threadMemberJson(sim: DiscordSim, ch: SimChannel, userId: string): Json {
  return {
    id: ch.id,
    user_id: userId,
    join_timestamp: ch.threadMembers.get(userId) ?? new Date(sim.clock.now()).toISOString(),
    flags: 0,
  };
}

/** @internal API JSON of a channel/thread/DM. */
export function channelJson(sim: DiscordSim, ch: SimChannel): Json {
  if (ch.type === ChannelType.DM) {
    return { id: ch.id, type: 1, last_message_id: ch.lastMessageId, flags: 0, recipients: [userJson(sim, sim.user(ch.recipientId!))] };
  }
  if (sim.isThread(ch)) {
    const j: Json = {
      id: ch.id,
      type: ch.type,
      guild_id: ch.guildId,
      parent_id: ch.parentId,
      owner_id: ch.ownerId,
      name: ch.name,
      last_message_id: ch.lastMessageId,
      message_count: ch.messageCount,
      total_message_sent: ch.messageCount,
      member_count: Math.min(ch.threadMembers.size, 50),
      rate_limit_per_user: 0,
      flags: 0,
      applied_tags: [],
      thread_metadata: {
        archived: ch.archived,
        auto_archive_duration: ch.autoArchiveDuration,
        archive_timestamp: ch.archiveTimestamp,
        locked: ch.locked,
        create_timestamp: ch.createTimestamp,
        ...(ch.type === ChannelType.PrivateThread ? { invitable: ch.invitable } : {}),
      },
    };
    if (ch.threadMembers.has(sim.botUserId)) j.member = threadMemberJson(sim, ch, sim.botUserId);
    return j;
  }
  return {
    id: ch.id,
    type: ch.type,
    guild_id: ch.guildId,
    name: ch.name,
    position: ch.position,
    parent_id: null,
    topic: ch.topic,
    nsfw: false,
    last_message_id: ch.lastMessageId,
    rate_limit_per_user: 0,
    flags: 0,
    default_thread_rate_limit_per_user: 0,
    permission_overwrites: (ch.overwrites ?? []).map((x) => ({
      id: x.id,
      type: x.type,
      allow: x.allow.toString(),
      deny: x.deny.toString(),
    })),
  };
}

const LISTED_CHANNEL_TYPES: ReadonlySet<number> = new Set([
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
  ChannelType.GuildCategory,
]);

export function guildCreatePayload(sim: DiscordSim, g: SimGuild): Json {
  const chans = [...sim.channels.values()].filter((c) => c.guildId === g.id && !c.deleted);
  return {
    id: g.id,
    name: g.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: g.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: g.roles.map((r) => roleJson(sim, r)),
    emojis: [],
    features: g.features,
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    max_members: 500000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: g.locale,
    public_updates_channel_id: null,
    nsfw_level: 0,
    stickers: [],
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    joined_at: g.members.get(sim.botUserId)?.joinedAt ?? g.createdAt,
    large: false,
    unavailable: false,
    member_count: g.members.size,
    voice_states: [],
    members: [...g.members.values()].map((m) => memberJson(sim, m)),
    // Text and announcement channels and categories: the kinds the sim creates (a voice or stage channel a
    // test makes with `newChannel` is announced with CHANNEL_CREATE only).
    channels: chans.filter((c) => LISTED_CHANNEL_TYPES.has(c.type)).map((c) => channelJson(sim, c)),
    // "All active threads in the guild that current user has permission to view" (gateway-events.mdx, Guild Create).
    threads: chans.filter((c) => sim.isThread(c) && !c.archived && sim.canView(sim.botUserId, c)).map((c) => channelJson(sim, c)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    incidents_data: null,
  };
}

export function guildJson(sim: DiscordSim, g: SimGuild): Json {
  const { members: _m, channels: _c, threads: _t, presences: _p, voice_states: _v, ...rest } = guildCreatePayload(sim, g);
  return { ...rest, approximate_member_count: g.members.size };
}

export function readyPayload(sim: DiscordSim, sessionId: string, resumeUrl: string, shard: [number, number] = [0, 1]): Json {
  return {
    v: 10,
    user: { ...userJson(sim, sim.user(sim.botUserId)), verified: true, mfa_enabled: false, email: null },
    guilds: [...sim.guilds.keys()]
      .filter((id) => sim.botInGuild(id) && shardOf(id, shard[1]) === shard[0])
      .map((id) => ({ id, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: resumeUrl,
    session_type: 'normal',
    shard,
    application: { id: sim.applicationId, flags: 0 },
    private_channels: [],
    presences: [],
    relationships: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    user_settings: {},
    _trace: ['discord-sim'],
  };
}

export function membersChunk(
  sim: DiscordSim,
  guildId: string,
  query: string | undefined,
  limit: number,
  ids: string[] | undefined,
): Json[] {
  const g = sim.guilds.get(guildId);
  if (!g) return [];
  let list = [...g.members.values()];
  if (ids) list = list.filter((m) => ids.includes(m.userId));
  else if (query) list = list.filter((m) => sim.user(m.userId).username.toLowerCase().startsWith(query.toLowerCase()));
  if (limit > 0) list = list.slice(0, limit);
  return list.map((m) => memberJson(sim, m));
}

/** @internal API JSON of a message. */
export function messageJson(sim: DiscordSim, m: SimMessage): Json {
  const author = sim.user(m.authorId);
  const j: Json = {
    id: m.id,
    channel_id: m.channelId,
    type: m.type,
    content: m.content,
    author: userJson(sim, author),
    timestamp: m.timestamp,
    edited_timestamp: m.editedTimestamp,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    mention_channels: [],
    attachments: m.attachments.map((a) => attachmentJson(sim, a)),
    embeds: m.embeds,
    components: m.components,
    flags: m.flags,
    pinned: false,
    position: 0,
  };
  if (m.guildId) j.guild_id = m.guildId;
  if (m.webhookId) {
    j.webhook_id = m.webhookId;
    j.application_id = sim.applicationId;
  }
  if (m.messageReference) j.message_reference = m.messageReference;
  if (m.reactions.size) {
    j.reactions = [...m.reactions].map(([emoji, users]) => ({
      emoji: { id: null, name: emoji },
      count: users.size,
      me: users.has(sim.botUserId),
      count_details: { burst: 0, normal: users.size },
      burst_colors: [],
      me_burst: false,
      burst_me: false,
      burst_count: 0,
    }));
  }
  if (m.interactionId) {
    const i = sim.interactions.get(m.interactionId);
    if (i) {
      const u = userJson(sim, sim.user(i.userId));
      j.interaction_metadata = {
        id: i.id,
        type: i.type,
        user: u,
        authorizing_integration_owners: i.payload.authorizing_integration_owners,
        ...(i.sourceMessage ? { interacted_message_id: i.sourceMessage.id } : {}),
      };
      j.interaction = {
        id: i.id,
        type: i.type,
        name: i.kind === 'slash' ? (i.payload.data as Json).name : (i.payload.data as Json).custom_id,
        user: u,
      };
    }
  }
  if (m.threadId) {
    const t = sim.channels.get(m.threadId);
    if (t && !t.deleted) j.thread = channelJson(sim, t);
  }
  return j;
}

export function attachmentJson(sim: DiscordSim, a: SimAttachment): Json {
  const j: Json = { id: a.id, filename: a.filename, size: a.size, url: a.url, proxy_url: a.url, content_type: a.contentType };
  if (a.width !== undefined) {
    j.width = a.width;
    j.height = a.height;
  }
  if (a.description) j.description = a.description;
  return j;
}
