/** Registering the slash commands (bulk overwrite), used by `npm run deploy-commands` and the tests. */
import { REST, Routes } from 'discord.js';
import { loadCommands } from './commands.js';

export async function deployCommands(o: {
  apiBase: string;
  token: string;
  applicationId?: string;
  guildId?: string;
}): Promise<{ count: number; scope: string }> {
  const rest = new REST({ api: o.apiBase }).setToken(o.token);
  const body = [...(await loadCommands()).values()].map((c) => c.data.toJSON());
  let appId = o.applicationId;
  if (!appId) appId = ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  const route = o.guildId ? Routes.applicationGuildCommands(appId, o.guildId) : Routes.applicationCommands(appId);
  await rest.put(route, { body });
  return { count: body.length, scope: o.guildId ? `guild ${o.guildId}` : 'global' };
}
