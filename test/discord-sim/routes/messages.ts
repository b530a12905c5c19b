/** REST routes of channel messages: list, send, get, edit, delete, and the bot's own reactions. */
import { Errors, FormErrors } from '../errors.js';
import type { Router } from '../http.js';
import { ChannelType, compareSnowflakes, hasPerm, Permissions as P, type SimChannel } from '../model.js';
import { messageJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';
import { isPlainObject, type ParsedBody } from '../types.js';
import { MessageFlags, validateMessage } from '../validate.js';
import { getGuildChannel, requirePerm, getChannelMessage } from './channels.js';

/** How long the simulator remembers an enforced nonce ("the past few minutes": we take 5). */
export const NONCE_WINDOW_MS = 5 * 60_000;

/**
 * A message posted in an archived thread reopens it (Channel docs "Example Thread Channel": "The API will
 * helpfully automatically unarchive a thread when sending a message in that thread"; Execute Webhook
 * `thread_id`: "The thread will automatically be unarchived"): after the payload is validated, so a
 * refused message leaves the thread archived, and before the message, so THREAD_UPDATE comes first.
 * Channel sends, interaction replies and follow-ups; not an ephemeral one, which is no message in the
 * thread (`ephemeral`: the payload may carry the EPHEMERAL flag).
 */
export function reopenForPost(sim: DiscordSim, ch: SimChannel, body: ParsedBody, ephemeral: boolean): void {
  if (!sim.isThread(ch) || !ch.archived) return;
  const flags = Number(body.json?.flags ?? 0);
  if (ephemeral && (flags & MessageFlags.Ephemeral) !== 0) return;
  validateMessage({
    payload: body.json ?? {},
    files: body.files,
    finalFlags: flags,
    keptFilenames: [],
    attachmentSizeLimit: sim.guild(ch.guildId!).attachmentSizeLimit,
    allowEphemeral: ephemeral,
  });
  ch.archived = false;
  ch.archiveTimestamp = new Date(sim.clock.now()).toISOString();
  sim.threadUpdate(ch);
}

/**
 * A locked thread takes no new or edited message from a bot without MANAGE_THREADS: 403 / 160005 Thread
 * is locked (topics/threads.md "Locked Threads": "Users (including bot users) without the MANAGE_THREADS
 * permission are more restricted in locked threads. Users won't be able to create or update messages in
 * locked threads, or update properties like its title or tags", and "If a user or bot user has the
 * MANAGE_THREADS permission, they will still be able to make changes to the thread and messages").
 * Deleting a message and reactions stay allowed while the thread is active ("some user activity like
 * deleting messages and adding or removing reactions will *only* be allowed in locked threads if that
 * thread is also active"): the routes that do them do not call this.
 */
export function refuseLockedThread(sim: DiscordSim, ch: SimChannel): void {
  if (!sim.isThread(ch) || !ch.locked) return;
  if (!hasPerm(sim.botPermissions(ch.guildId!, ch.id), P.ManageThreads)) throw Errors.lockedThread();
}

export function register(r: Router, sim: DiscordSim): void {
  r.on('GET', '/channels/:ch/messages', ({ params, query }) => {
    const ch = getGuildChannel(sim, params.ch!);
    requirePerm(sim, ch, P.ReadMessageHistory);
    let list = (sim.messages.get(ch.id) ?? [])
      .filter((m) => !m.deleted && m.ephemeralTo === undefined)
      .sort((a, b) => compareSnowflakes(b.id, a.id));
    const before = query.get('before');
    const after = query.get('after');
    if (before) list = list.filter((m) => compareSnowflakes(m.id, before) < 0);
    if (after) list = list.filter((m) => compareSnowflakes(m.id, after) > 0);
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 50)));
    return { status: 200, body: list.slice(0, limit).map((m) => messageJson(sim, m)) };
  });
  r.on('POST', '/channels/:ch/messages', ({ params, body }) => {
    const ch = getGuildChannel(sim, params.ch!);
    if (ch.type === ChannelType.DM) {
      // A bot can message only a user it shares a server with (support.discord.com article 360060145013
      // "Why isn't my DM going through?": "You don't share a server with the DM recipient"); the DM
      // channel itself stays open, its sends fail with 403 / 50007 (e.g. after the user's last server
      // kicked them).
      const rid = ch.recipientId!;
      if (sim.user(rid).dmsClosed || !sim.botGuilds().some((g) => g.members.has(rid))) throw Errors.cannotDm();
    } else {
      requirePerm(sim, ch, sim.isThread(ch) ? P.SendMessagesInThreads : P.SendMessages);
      if (body.files.length) requirePerm(sim, ch, P.AttachFiles);
    }
    if (sim.isThread(ch)) {
      refuseLockedThread(sim, ch);
      reopenForPost(sim, ch, body, false);
    }
    const ref = body.json?.message_reference;
    if (isPlainObject(ref) && ref.message_id) {
      const target = sim.messageIndex.get(String(ref.message_id));
      if ((!target || target.deleted || target.ephemeralTo !== undefined) && ref.fail_if_not_exists !== false) {
        throw FormErrors.single(['message_reference'], 'REPLIES_UNKNOWN_MESSAGE', 'Unknown message');
      }
    }
    // Create Message (https://discord.com/developers/docs/resources/message#create-message): `nonce` is
    // an integer or a string of at most 25 characters; with `enforce_nonce` "it will be checked for
    // uniqueness in the past few minutes. If another message was created by the same author with the
    // same nonce, that message will be returned and no new message will be created." When that message
    // was deleted since, Discord neither returns nor recreates it: 404 / 10008 Unknown Message
    // ("intentional", the author of enforce_nonce in discord-api-docs#6647).
    const nonce = body.json?.nonce ?? null;
    if (nonce !== null && (typeof nonce === 'string' ? nonce.length > 25 : !Number.isInteger(nonce))) {
      throw FormErrors.single(['nonce'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    }
    const nonceKey = nonce !== null && body.json?.enforce_nonce === true ? `${sim.botUserId}:${String(nonce)}` : null;
    if (nonceKey) {
      const seen = sim.nonces.get(nonceKey);
      if (seen && sim.clock.now() - seen.at < NONCE_WINDOW_MS) {
        const first = sim.messageIndex.get(seen.messageId);
        if (!first || first.deleted) {
          sim.addLog({ kind: 'sim', summary: `nonce ${String(nonce)}: message ${seen.messageId} was deleted, 10008` });
          throw Errors.unknownMessage();
        }
        sim.addLog({ kind: 'sim', summary: `nonce ${String(nonce)}: message ${first.id} returned, none created` });
        return { status: 200, body: messageJson(sim, first) };
      }
    }
    const m = sim.createMessageFrom(ch, body, { allowEphemeral: false, type: isPlainObject(ref) ? 19 : 0 });
    if (nonceKey) sim.nonces.set(nonceKey, { messageId: m.id, at: sim.clock.now() });
    if (ch.type !== ChannelType.DM && m.embeds.length && !hasPerm(sim.botPermissions(ch.guildId!, ch.id), P.EmbedLinks)) {
      // Discord drops embeds silently when the bot lacks EMBED_LINKS.
      m.embeds = [];
      sim.addLog({ kind: 'sim', summary: `embeds of message ${m.id} dropped: the bot lacks EMBED_LINKS in #${ch.name}` });
    }
    return { status: 200, body: messageJson(sim, m) };
  });
  r.on('GET', '/channels/:ch/messages/:mid', ({ params }) => {
    const ch = getGuildChannel(sim, params.ch!);
    requirePerm(sim, ch, P.ReadMessageHistory);
    return { status: 200, body: messageJson(sim, getChannelMessage(sim, ch, params.mid!)) };
  });
  r.on('PATCH', '/channels/:ch/messages/:mid', ({ params, body }) => {
    const ch = getGuildChannel(sim, params.ch!);
    const m = getChannelMessage(sim, ch, params.mid!);
    if (m.authorId !== sim.botUserId) {
      const keys = Object.keys(body.json ?? {});
      if (keys.some((k) => k !== 'flags')) throw Errors.cannotEditOthers();
      requirePerm(sim, ch, P.ManageMessages);
    }
    if (ch.archived) throw Errors.archivedThread();
    refuseLockedThread(sim, ch);
    if (body.files.length) requirePerm(sim, ch, P.AttachFiles);
    return { status: 200, body: messageJson(sim, sim.editMessageFrom(m, body)) };
  });
  r.on('DELETE', '/channels/:ch/messages/:mid', ({ params }) => {
    const ch = getGuildChannel(sim, params.ch!);
    const m = getChannelMessage(sim, ch, params.mid!);
    if (m.authorId !== sim.botUserId) requirePerm(sim, ch, P.ManageMessages);
    if (ch.archived) throw Errors.archivedThread();
    sim.deleteMessage(m);
    return { status: 204 };
  });
  r.on('PUT', '/channels/:ch/messages/:mid/reactions/:emoji/@me', ({ params }) => {
    const ch = getGuildChannel(sim, params.ch!);
    requirePerm(sim, ch, P.AddReactions);
    if (ch.archived) throw Errors.archivedThread();
    const m = getChannelMessage(sim, ch, params.mid!);
    let set = m.reactions.get(params.emoji!);
    if (!set) m.reactions.set(params.emoji!, (set = new Set()));
    set.add(sim.botUserId);
    return { status: 204 };
  });
  r.on('DELETE', '/channels/:ch/messages/:mid/reactions/:emoji/@me', ({ params }) => {
    const ch = getGuildChannel(sim, params.ch!);
    const m = getChannelMessage(sim, ch, params.mid!);
    m.reactions.get(params.emoji!)?.delete(sim.botUserId);
    return { status: 204 };
  });
}
