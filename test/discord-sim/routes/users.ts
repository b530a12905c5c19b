/** REST routes of users: `GET /users/@me`, `GET /users/{id}`, `POST /users/@me/channels` (open or reuse a DM). */
import { Errors } from '../errors.js';
import type { Router } from '../http.js';
import { ChannelType } from '../model.js';
import { channelJson, userJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';

export function register(r: Router, sim: DiscordSim): void {
  r.on('GET', '/users/@me', () => ({
    status: 200,
    body: { ...userJson(sim, sim.user(sim.botUserId)), verified: true, mfa_enabled: false },
  }));
  r.on('GET', '/users/:user', ({ params }) => {
    const u = sim.users.get(params.user!);
    if (!u) throw Errors.unknownUser();
    return { status: 200, body: userJson(sim, u) };
  });
  r.on('POST', '/users/@me/channels', ({ body }) => {
    const rid = String(body.json?.recipient_id ?? '');
    if (!sim.users.has(rid)) throw Errors.unknownUser();
    let dm = [...sim.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === rid);
    dm ??= sim.newChannel({ type: ChannelType.DM, name: `dm-${sim.user(rid).username}`, recipientId: rid });
    return { status: 200, body: channelJson(sim, dm) };
  });
}
