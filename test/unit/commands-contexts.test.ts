/**
 * Where Discord offers the commands. Registered without `integration_types`, a command takes the app's
 * installation contexts: with User Install enabled in the Developer Portal it was listed in group DMs
 * and in servers the bot is not in, where nothing of it works. Every command is a server install's
 * (`integration_types` [GUILD_INSTALL]), offered in servers (`contexts` [GUILD]) and, for those that work
 * there, in the bot's DMs (BOT_DM); /config stays server-only as it was (discord-api-docs,
 * interactions/application-commands).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApplicationIntegrationType, InteractionContextType } from 'discord.js';
import { loadCommands } from '../../src/bot/commands.js';

/** The commands that answer in the bot's DMs (the others say they work in a server only). */
const IN_DMS = ['away', 'help', 'notify', 'prefs', 'privacy', 'rules'];

test('every command is a server install, offered in servers, and in the bot DMs where it works there', async () => {
  const cmds = await loadCommands();
  for (const [name, c] of cmds) {
    const json = c.data.toJSON() as { integration_types?: number[]; contexts?: number[] };
    assert.deepEqual(json.integration_types, [ApplicationIntegrationType.GuildInstall], `/${name} integration_types`);
    const want = IN_DMS.includes(name) ? [InteractionContextType.Guild, InteractionContextType.BotDM] : [InteractionContextType.Guild];
    assert.deepEqual(json.contexts, want, `/${name} contexts`);
  }
});
