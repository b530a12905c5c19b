/** REST routes answered with an interaction token: the callback and the webhook routes (follow-ups, `@original`). */
import { Errors, FormErrors } from '../errors.js';
import type { Router } from '../http.js';
import type { InteractionHandle } from '../interaction.js';
import { hasPerm, Permissions as P, type SimChannel, type SimMessage } from '../model.js';
import { messageJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';
import { isPlainObject, ACK_DEADLINE_MS, TOKEN_LIFETIME_MS, type Json, type ParsedBody, type RouteResult } from '../types.js';
import { MessageFlags, validateModal } from '../validate.js';
import { refuseLockedThread, reopenForPost } from './messages.js';

export function getInteractionByToken(sim: DiscordSim, app: string, token: string): InteractionHandle {
  const i = sim.interactionsByToken.get(token);
  if (!i || app !== sim.applicationId) throw Errors.unknownWebhook();
  if (sim.clock.now() - i.createdAt > TOKEN_LIFETIME_MS) throw Errors.invalidWebhookToken();
  if (!i.acknowledged) throw Errors.unknownWebhook();
  return i;
}

/**
 * The message a token's webhook route names: `@original` (the interaction's response), or by id one
 * "sent with that token" (developers/interactions/receiving-and-responding.mdx, "Followup Messages": "PATCH
 * /webhooks/<application_id>/<interaction_token>/messages/<message_id> to edit a message sent with that
 * token"), i.e. the original response or one of its own follow-ups. Any other message, even one the app
 * sent in the same channel with another interaction's token, is 404 / 10008 Unknown Message.
 */
export function webhookMessage(sim: DiscordSim, i: InteractionHandle, id: string): SimMessage {
  if (id === '@original') {
    if (!i.response || i.response.deleted || i.ackType === 9) throw Errors.unknownMessage();
    return i.response;
  }
  const m = sim.messageIndex.get(id);
  if (!m || m.deleted) throw Errors.unknownMessage();
  if (i.response !== m && !i.followUps.includes(m)) throw Errors.unknownMessage();
  return m;
}

/**
 * An edit through an interaction (callback 7, or PATCH of a message with its token) of a message in a
 * thread: refused 50083 when the thread is archived (an archived thread is immutable), and 160005 when
 * it is locked and the bot lacks MANAGE_THREADS ("Locked Threads": no one without it may "create or
 * update messages in locked threads"; `refuseLockedThread`). An ephemeral message is no message of the
 * thread's. Not the edit that fills a deferred reply (type 5's "thinking…" message): that is the
 * interaction's reply being sent, and the callbacks and follow-ups that send one into a locked, active
 * thread are not refused: the docs say nothing of interaction responses in locked threads (only that
 * responding "is just like sending a webhook request"), so the simulator leaves them as they were.
 */
function refuseThreadEdit(sim: DiscordSim, m: SimMessage): void {
  if (m.ephemeralTo !== undefined) return;
  const ch = sim.channel(m.channelId);
  if (ch.archived) throw Errors.archivedThread();
  if ((m.flags & MessageFlags.Loading) === 0) refuseLockedThread(sim, ch);
}

/**
 * A DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE (5) callback takes no message flag but EPHEMERAL
 * (developers/interactions/receiving-and-responding.mdx, Interaction Callback Data "Messages": "If you create a
 * callback with the type DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE the only valid message flag you may use is
 * EPHEMERAL. If you'd like to create a component based message with IS_COMPONENTS_V2 you must do that
 * with the edit original response endpoint"): anything else is 400 / 50035.
 */
function checkDeferFlags(data: Json): void {
  const flags = Number(data.flags ?? 0);
  if ((flags & ~MessageFlags.Ephemeral) !== 0)
    throw FormErrors.single(
      ['data', 'flags'],
      'MESSAGE_FLAGS_INVALID',
      `The only valid flag for a deferred response is EPHEMERAL (${MessageFlags.Ephemeral}); got ${flags}`,
    );
}

/**
 * An interaction's public reply (callback 4, or 5's "thinking" message) or follow-up in an archived thread
 * reopens it as a channel send does (Execute Webhook `thread_id`: "The thread will automatically be
 * unarchived"). An archived thread that is also locked stays closed to a bot without MANAGE_THREADS: the
 * callback or follow-up is refused with 50083 Thread is archived (discord-api-docs#5517, #6884).
 */
function postInThread(sim: DiscordSim, ch: SimChannel, body: ParsedBody): void {
  if (!sim.isThread(ch) || !ch.archived) return;
  if ((Number(body.json?.flags ?? 0) & MessageFlags.Ephemeral) !== 0) return;
  if (ch.locked && !hasPerm(sim.botPermissions(ch.guildId!, ch.id), P.ManageThreads)) throw Errors.archivedThread();
  reopenForPost(sim, ch, body, true);
}

/**
 * The callback and the webhook routes check none of the bot's channel permissions (Send Messages,
 * Attach Files, Embed Links…): "Interactions--both receiving and responding--are webhooks under the
 * hood. So responding to an Interaction is just like sending a webhook request!" and Create Followup
 * Message "Functions the same as Execute Webhook" (developers/interactions/receiving-and-responding.mdx,
 * "Responding to an Interaction", "Create Followup Message"). A file in a reply or follow-up goes out
 * where a channel send would be refused 50013; so does a reply of a timed-out bot (discord-api-docs#6847:
 * its messages fail, its slash command replies "work").
 */
export function interactionCallback(sim: DiscordSim, id: string, token: string, body: ParsedBody, query: URLSearchParams): RouteResult {
  const i = sim.interactions.get(id);
  if (!i || i.token !== token) throw Errors.unknownInteraction();
  if (i.acknowledged) throw Errors.alreadyAcknowledged();
  if (i.failed || sim.clock.now() - i.createdAt >= ACK_DEADLINE_MS) {
    if (!i.failed) sim.failInteraction(i, 'acknowledged after 3 s');
    throw Errors.unknownInteraction();
  }
  const j = body.json ?? {};
  const type = Number(j.type);
  const data: Json = isPlainObject(j.data) ? j.data : {};
  const ch = sim.channel(i.channelId);
  const componentish = i.type === 3 || (i.type === 5 && i.sourceMessage !== undefined);
  let resource: Json | undefined;
  if (type === 5) checkDeferFlags(data);
  if (type === 4 || type === 5) postInThread(sim, ch, { json: type === 5 ? { flags: data.flags } : data, files: body.files });
  switch (type) {
    case 4: {
      const m = sim.createMessageFrom(
        ch,
        { json: data, files: body.files },
        { allowEphemeral: true, ephemeralTo: i.userId, interaction: i, type: i.type === 2 ? 20 : 19 },
      );
      i.response = m;
      break;
    }
    case 5: {
      const ephemeral = (Number(data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
      const m = sim.storeMessage(ch, {
        authorId: sim.botUserId,
        flags: MessageFlags.Loading | (ephemeral ? MessageFlags.Ephemeral : 0),
        ephemeralTo: ephemeral ? i.userId : undefined,
        interactionId: i.id,
        webhookId: sim.applicationId,
        type: i.type === 2 ? 20 : 19,
      });
      i.response = m;
      break;
    }
    case 6: {
      if (!componentish) throw Errors.invalidInteractionType('DEFERRED_UPDATE_MESSAGE (6) is only valid for component interactions');
      const src = sim.messageIndex.get(i.sourceMessage!.id)!;
      if (src.deleted) throw Errors.unknownMessage();
      i.response = src;
      i.editsAtAck = src.edits;
      break;
    }
    case 7: {
      if (!componentish) throw Errors.invalidInteractionType('UPDATE_MESSAGE (7) is only valid for component interactions');
      const src = sim.messageIndex.get(i.sourceMessage!.id)!;
      if (src.deleted) throw Errors.unknownMessage();
      // As PATCH is: 50083 in an archived thread, 160005 in a locked one without MANAGE_THREADS.
      refuseThreadEdit(sim, src);
      sim.editMessageFrom(src, { json: data, files: body.files });
      i.response = src;
      break;
    }
    case 8:
      throw Errors.invalidInteractionType('APPLICATION_COMMAND_AUTOCOMPLETE_RESULT (8) is only valid for autocomplete interactions');
    case 9: {
      if (i.type === 5) throw Errors.invalidInteractionType('MODAL (9) cannot answer a modal submit');
      validateModal(data);
      i.modal = {
        customId: data.custom_id,
        title: data.title,
        components: data.components,
        userId: i.userId,
        interactionId: i.id,
        channelId: i.channelId,
        guildId: i.guildId,
        sourceMessage: i.type === 3 ? i.sourceMessage : undefined,
        submitted: false,
      };
      sim.modals.push(i.modal);
      break;
    }
    default:
      throw Errors.invalidInteractionType(`Invalid interaction callback type ${String(j.type)}`);
  }
  i.acknowledged = true;
  i.ackType = type;
  sim.addLog({ kind: 'sim', summary: `interaction ${i.id} acknowledged with type ${type}` });
  i._settle();
  if (query.get('with_response') === 'true') {
    const m = i.response;
    // Interaction Callback Resource `message`: "Only present if type is either CHANNEL_MESSAGE_WITH_SOURCE
    // or UPDATE_MESSAGE" (4, 7): not for a defer (5, 6) nor a modal (9). `interaction` still names it.
    resource = { type, ...(m && (type === 4 || type === 7) ? { message: messageJson(sim, m) } : {}) };
    return {
      status: 200,
      body: {
        interaction: {
          id: i.id,
          type: i.type,
          activity_instance_id: null,
          response_message_id: m?.id ?? null,
          response_message_loading: m ? (m.flags & MessageFlags.Loading) !== 0 : null,
          response_message_ephemeral: m ? m.ephemeralTo !== undefined : null,
        },
        resource,
      },
    };
  }
  return { status: 204 };
}

export function register(r: Router, sim: DiscordSim): void {
  // Interaction callback (no Authorization header: authenticated by the token)
  r.on(
    'POST',
    '/interactions/:id/:token/callback',
    ({ params, body, query }) => interactionCallback(sim, params.id!, params.token!, body, query),
    false,
  );

  // Webhook (follow-ups, @original)
  r.on(
    'POST',
    '/webhooks/:app/:token',
    ({ params, body, query }) => {
      const i = getInteractionByToken(sim, params.app!, params.token!);
      const ch = sim.channel(i.channelId);
      let m: SimMessage;
      // A follow-up into a locked, active thread is not refused (the docs say nothing of it:
      // `refuseThreadEdit`); one into an archived thread reopens it unless it is locked (`postInThread`).
      if (i.ackType === 5 && i.response && (i.response.flags & MessageFlags.Loading) !== 0 && !i.response.deleted) {
        // Discord: the first follow-up after a deferred reply replaces the "thinking…" message (keeping its ephemerality).
        m = sim.editMessageFrom(i.response, body);
      } else {
        postInThread(sim, ch, body);
        m = sim.createMessageFrom(ch, body, { allowEphemeral: true, ephemeralTo: i.userId, interaction: i, type: 0 });
        i.followUps.push(m);
      }
      const wait = query.get('wait') === 'true';
      return wait ? { status: 200, body: messageJson(sim, m) } : { status: 204 };
    },
    false,
  );
  r.on(
    'GET',
    '/webhooks/:app/:token/messages/:mid',
    ({ params }) => {
      const i = getInteractionByToken(sim, params.app!, params.token!);
      return { status: 200, body: messageJson(sim, webhookMessage(sim, i, params.mid!)) };
    },
    false,
  );
  r.on(
    'PATCH',
    '/webhooks/:app/:token/messages/:mid',
    ({ params, body }) => {
      const i = getInteractionByToken(sim, params.app!, params.token!);
      const m = webhookMessage(sim, i, params.mid!);
      refuseThreadEdit(sim, m);
      return { status: 200, body: messageJson(sim, sim.editMessageFrom(m, body)) };
    },
    false,
  );
  r.on(
    'DELETE',
    '/webhooks/:app/:token/messages/:mid',
    ({ params }) => {
      const i = getInteractionByToken(sim, params.app!, params.token!);
      const m = webhookMessage(sim, i, params.mid!);
      // As DELETE /channels/{id}/messages/{id}: nothing in an archived thread can be deleted (50083).
      if (sim.channel(m.channelId).archived && m.ephemeralTo === undefined) throw Errors.archivedThread();
      sim.deleteMessage(m);
      return { status: 204 };
    },
    false,
  );
}
