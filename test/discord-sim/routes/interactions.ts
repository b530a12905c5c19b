/** REST routes answered with an interaction token: the callback and the webhook routes (follow-ups, `@original`). */
import { Errors } from '../errors.js';
import type { Router } from '../http.js';
import type { InteractionHandle } from '../interaction.js';
import { hasPerm, Permissions as P, type SimChannel, type SimMessage } from '../model.js';
import { messageJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';
import { isPlainObject, ACK_DEADLINE_MS, TOKEN_LIFETIME_MS, type Json, type ParsedBody, type RouteResult } from '../types.js';
import { MessageFlags, validateModal } from '../validate.js';
import { reopenForPost } from './messages.js';

export function getInteractionByToken(sim: DiscordSim, app: string, token: string): InteractionHandle {
  const i = sim.interactionsByToken.get(token);
  if (!i || app !== sim.applicationId) throw Errors.unknownWebhook();
  if (sim.clock.now() - i.createdAt > TOKEN_LIFETIME_MS) throw Errors.invalidWebhookToken();
  if (!i.acknowledged) throw Errors.unknownWebhook();
  return i;
}

export function webhookMessage(sim: DiscordSim, i: InteractionHandle, id: string): SimMessage {
  if (id === '@original') {
    if (!i.response || i.response.deleted || i.ackType === 9) throw Errors.unknownMessage();
    return i.response;
  }
  const m = sim.messageIndex.get(id);
  if (!m || m.deleted) throw Errors.unknownMessage();
  const mine =
    i.followUps.includes(m) ||
    i.response === m ||
    (m.webhookId === sim.applicationId && m.ephemeralTo === undefined && m.channelId === i.channelId);
  if (!mine) throw Errors.unknownMessage();
  return m;
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
      // An archived thread is immutable: the edit is refused as PATCH is (50083).
      if (sim.channel(src.channelId).archived && src.ephemeralTo === undefined) throw Errors.archivedThread();
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
    resource = { type, ...(m && type !== 9 ? { message: messageJson(sim, m) } : {}) };
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
      const ch = sim.channel(m.channelId);
      if (ch.archived && m.ephemeralTo === undefined) throw Errors.archivedThread();
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
