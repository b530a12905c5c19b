/** REST routes of the application: `GET /applications/@me` and application commands (global and per guild). */
import { Errors, FormErrors } from '../errors.js';
import type { Router } from '../http.js';
import { snowflake } from '../model.js';
import { userJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';
import { isPlainObject, type Json, type RouteResult, type StoredCommand } from '../types.js';
import { validateCommand } from '../validate.js';
import { botGuild } from './channels.js';

export function commandJson(sim: DiscordSim, c: Json, guildId?: string): StoredCommand {
  const type = typeof c.type === 'number' ? c.type : 1;
  return {
    id: snowflake(),
    application_id: sim.applicationId,
    version: snowflake(),
    default_member_permissions: c.default_member_permissions ?? null,
    type,
    name: c.name,
    name_localizations: c.name_localizations ?? null,
    description: type === 1 ? c.description : '',
    description_localizations: c.description_localizations ?? null,
    options: c.options ?? [],
    nsfw: c.nsfw ?? false,
    contexts: c.contexts ?? null,
    integration_types: c.integration_types ?? [0],
    dm_permission: c.dm_permission ?? true,
    ...(guildId ? { guild_id: guildId } : {}),
  };
}

export function commandStore(sim: DiscordSim, app: string, guildId?: string): Map<string, StoredCommand> {
  if (app !== sim.applicationId) throw Errors.unknownApplication();
  if (!guildId) return sim.globalCommands;
  botGuild(sim, guildId);
  let m = sim.guildCommands.get(guildId);
  if (!m) sim.guildCommands.set(guildId, (m = new Map()));
  return m;
}

export function register(r: Router, sim: DiscordSim): void {
  const app = (): RouteResult => ({
    status: 200,
    body: {
      id: sim.applicationId,
      name: 'Hội Quán',
      icon: null,
      description: '',
      summary: '',
      type: null,
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: '0'.repeat(64),
      flags: 0,
      owner: userJson(sim, sim.user(sim.botUserId)),
      team: null,
      bot: userJson(sim, sim.user(sim.botUserId)),
      approximate_guild_count: sim.botGuilds().length,
      integration_types_config: { '0': {} },
      tags: [],
      install_params: null,
    },
  });
  r.on('GET', '/applications/@me', app);
  r.on('GET', '/oauth2/applications/@me', app);
  // Commands (global and guild)
  for (const prefix of ['/applications/:app/commands', '/applications/:app/guilds/:guild/commands']) {
    r.on('GET', prefix, ({ params }) => ({ status: 200, body: [...commandStore(sim, params.app!, params.guild).values()] }));
    r.on('PUT', prefix, ({ params, body }) => {
      const store = commandStore(sim, params.app!, params.guild);
      const list = body.json;
      if (!Array.isArray(list)) throw FormErrors.single([], 'LIST_TYPE_CONVERT', 'Must be an array.');
      const errs = new FormErrors();
      if (list.length > 100) errs.add([], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
      const seen = new Set<string>();
      list.forEach((c: unknown, i) => {
        validateCommand(c, errs, [i]);
        if (isPlainObject(c)) {
          const key = `${String(c.type ?? 1)}:${String(c.name)}`;
          if (seen.has(key)) errs.add([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', `Application command names must be unique`);
          seen.add(key);
        }
      });
      errs.throwIfAny();
      const old = new Map([...store.values()].map((c) => [`${c.type}:${c.name}`, c.id]));
      store.clear();
      for (const c of list as Json[]) {
        const stored = commandJson(sim, c, params.guild);
        stored.id = old.get(`${stored.type}:${stored.name}`) ?? stored.id;
        store.set(stored.id, stored);
      }
      return { status: 200, body: [...store.values()] };
    });
    r.on('POST', prefix, ({ params, body }) => {
      const store = commandStore(sim, params.app!, params.guild);
      const errs = new FormErrors();
      validateCommand(body.json, errs, []);
      errs.throwIfAny();
      const stored = commandJson(sim, body.json!, params.guild);
      const existing = [...store.values()].find((c) => c.name === stored.name && c.type === stored.type);
      if (existing) {
        stored.id = existing.id;
        store.set(existing.id, stored);
        return { status: 200, body: stored };
      }
      store.set(stored.id, stored);
      return { status: 201, body: stored };
    });
    r.on('GET', `${prefix}/:cmd`, ({ params }) => {
      const c = commandStore(sim, params.app!, params.guild).get(params.cmd!);
      if (!c) throw Errors.unknownCommand();
      return { status: 200, body: c };
    });
    r.on('PATCH', `${prefix}/:cmd`, ({ params, body }) => {
      const store = commandStore(sim, params.app!, params.guild);
      const c = store.get(params.cmd!);
      if (!c) throw Errors.unknownCommand();
      const merged = { ...c, ...body.json };
      const errs = new FormErrors();
      validateCommand(merged, errs, []);
      errs.throwIfAny();
      const stored = { ...commandJson(sim, merged, params.guild), id: c.id };
      store.set(c.id, stored);
      return { status: 200, body: stored };
    });
    r.on('DELETE', `${prefix}/:cmd`, ({ params }) => {
      const store = commandStore(sim, params.app!, params.guild);
      if (!store.delete(params.cmd!)) throw Errors.unknownCommand();
      return { status: 204 };
    });
  }
}
