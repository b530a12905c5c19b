/**
 * A small JSON control API on the simulator's own port (`/_sim/...`), so a script in another process can play as
 * users against a simulator started with `npm run sim`. `remote.ts` is its client. Loopback only, no auth.
 */
import type { InteractionHandle } from './interaction.js';
import type { SimAttachment, SimChannel, SimMessage } from './model.js';
import type { DiscordSim, SlashOptions } from './sim.js';
import type { Notified } from './mentions.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export interface SimMessageView {
  id: string;
  channelId: string;
  type: number;
  content: string;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
  attachments: Array<Omit<SimAttachment, 'data'>>;
  flags: number;
  authorId: string;
  ephemeralTo?: string;
  interactionId?: string;
  timestamp: string;
  editedTimestamp: string | null;
  threadId?: string;
  /** Who the message notified when sent (mentions.ts). */
  notified: Notified;
}

export interface InteractionView {
  id: string;
  kind: string;
  userId: string;
  channelId: string;
  acknowledged: boolean;
  ackType?: number;
  failed: boolean;
  failReason?: string;
  response?: SimMessageView;
  followUps: SimMessageView[];
  modal?: { customId: string; title: string; components: Array<Record<string, unknown>> };
  errors: Array<{ method: string; path: string; status: number; code: number; message: string }>;
}

export function messageView(m: SimMessage): SimMessageView {
  return {
    id: m.id,
    channelId: m.channelId,
    type: m.type,
    content: m.content,
    embeds: m.embeds,
    components: m.components,
    attachments: m.attachments.map(({ data: _d, ...rest }) => rest),
    flags: m.flags,
    authorId: m.authorId,
    ephemeralTo: m.ephemeralTo,
    interactionId: m.interactionId,
    timestamp: m.timestamp,
    editedTimestamp: m.editedTimestamp,
    threadId: m.threadId,
    notified: m.notified,
  };
}

export function interactionView(i: InteractionHandle): InteractionView {
  return {
    id: i.id,
    kind: i.kind,
    userId: i.userId,
    channelId: i.channelId,
    acknowledged: i.acknowledged,
    ackType: i.ackType,
    failed: i.failed,
    failReason: i.failReason,
    response: i.response ? messageView(i.response) : undefined,
    followUps: i.followUps.map(messageView),
    modal: i.modal ? { customId: i.modal.customId, title: i.modal.title, components: i.modal.components } : undefined,
    errors: i.errors,
  };
}

function channelView(c: SimChannel): Json {
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    guildId: c.guildId,
    parentId: c.parentId,
    archived: c.archived,
    locked: c.locked,
    members: [...c.threadMembers.keys()],
  };
}

/** Handles `/_sim/...`; returns undefined for unknown paths. Throws Error on bad input (sent back as 400). */
export async function handleControl(
  sim: DiscordSim,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Json,
): Promise<{ status: number; body: unknown } | undefined> {
  const ok = (b: unknown) => ({ status: 200, body: b });
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /_sim/state':
      return ok(sim.describe());
    case 'POST /_sim/users': {
      const u = sim.createUser({ username: String(body.username), locale: body.locale, globalName: body.globalName });
      for (const g of body.guildIds ?? sim.describe().guilds.map((x) => x.id))
        sim.addMember(g, u.id, body.permissions ? { permissions: String(body.permissions) } : {});
      return ok(u);
    }
    case 'POST /_sim/channels':
      // `type: 'announcement'`: an announcement channel (type 5), whose threads are type 10.
      return ok(
        channelView(
          body.type === 'announcement'
            ? sim.createAnnouncementChannel(String(body.guildId), String(body.name))
            : sim.createTextChannel(String(body.guildId), String(body.name)),
        ),
      );
    case 'POST /_sim/slash':
      return ok(
        interactionView(
          await sim.slash(String(body.userId), String(body.channelId), String(body.name), (body.options ?? {}) as SlashOptions),
        ),
      );
    case 'POST /_sim/click':
      return ok(interactionView(await sim.click(String(body.userId), String(body.messageId), String(body.customId))));
    case 'POST /_sim/select':
      return ok(
        interactionView(await sim.select(String(body.userId), String(body.messageId), String(body.customId), body.values as string[])),
      );
    case 'POST /_sim/modal':
      return ok(
        interactionView(
          await sim.submitModal(
            String(body.userId),
            body.messageId ? String(body.messageId) : null,
            String(body.customId),
            body.fields ?? {},
          ),
        ),
      );
    case 'POST /_sim/say':
      return ok(messageView(sim.say(String(body.userId), String(body.channelId), String(body.content))));
    case 'GET /_sim/messages':
      return ok(sim.visibleMessages(query.get('channel') ?? '', query.get('user') ?? '').map(messageView));
    case 'GET /_sim/threads':
      return ok(sim.threads(query.get('channel') ?? '').map(channelView));
    case 'POST /_sim/clock/advance':
      sim.clock.advance(Number(body.ms ?? 0));
      return ok({ now: sim.clock.now() });
    case 'GET /_sim/clock':
      return ok({ now: sim.clock.now(), realTime: sim.clock.realTime });
    case 'POST /_sim/faults': {
      const route = typeof body.route === 'string' ? new RegExp(body.route) : undefined;
      if (body.kind === 'rateLimit')
        sim.faults.rateLimit({ route, global: body.global, retryAfterMs: body.retryAfterMs, times: body.times });
      else if (body.kind === 'serverError') sim.faults.serverError({ route, status: body.status, times: body.times });
      else if (body.kind === 'slow') sim.faults.slow({ route, delayMs: Number(body.delayMs), times: body.times });
      else if (body.kind === 'dropGateway') sim.dropGatewayConnections();
      else if (body.kind === 'clear') sim.faults.clear();
      else throw new Error(`unknown fault kind ${String(body.kind)}`);
      return ok({});
    }
    case 'GET /_sim/ratelimits':
      return ok(sim.rateLimits.stats());
    case 'POST /_sim/ratelimits/reset':
      sim.rateLimits.reset();
      return ok({});
    case 'POST /_sim/kick':
      sim.kick(String(body.guildId), String(body.userId));
      return ok({});
    case 'POST /_sim/ban':
      sim.ban(String(body.guildId), String(body.userId));
      return ok({});
    case 'POST /_sim/bot/remove':
      sim.removeBot(String(body.guildId));
      return ok({});
    case 'POST /_sim/bot/add':
      sim.addBot(String(body.guildId), body.permissions === undefined ? {} : { permissions: String(body.permissions) });
      return ok({});
    case 'POST /_sim/timeout':
      sim.timeout(String(body.guildId), String(body.userId), body.until === null ? null : (body.until as string | number));
      return ok({});
    case 'POST /_sim/dms':
      sim.setDmsClosed(String(body.userId), Boolean(body.closed));
      return ok({});
    case 'GET /_sim/gateway':
      return ok({ shards: sim.shardCount, sessions: sim.gatewaySessions(), ...sim.gatewayStats() });
    case 'GET /_sim/failed':
      return ok(sim.failedInteractions().map(interactionView));
    case 'GET /_sim/log':
      return ok(sim.log.slice(Number(query.get('since') ?? 0)));
    default: {
      const m = /^GET \/_sim\/interactions\/(\d+)$/.exec(key);
      if (m) {
        const i = sim.allInteractions().find((x) => x.id === m[1]);
        return i ? ok(interactionView(i)) : { status: 404, body: { error: 'no such interaction' } };
      }
      const mm = /^GET \/_sim\/messages\/(\d+)$/.exec(key);
      if (mm) {
        const msg = sim.message(mm[1]!);
        return msg ? ok(messageView(msg)) : { status: 404, body: { error: 'no such message' } };
      }
      return undefined;
    }
  }
}
