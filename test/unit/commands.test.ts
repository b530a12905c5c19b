import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCommands } from '../../src/bot/commands.js';

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function* walk(o: Record<string, unknown>, path: string): Generator<[string, Record<string, unknown>]> {
  yield [path, o];
  for (const sub of (o.options as Record<string, unknown>[] | undefined) ?? []) yield* walk(sub, `${path} ${String(sub.name)}`);
}

test('every command module exports data + execute, and builds within Discord limits in all languages', async () => {
  const cmds = await loadCommands();
  assert.deepEqual([...cmds.keys()].sort(), [
    'away',
    'config',
    'games',
    'help',
    'history',
    'leaderboard',
    'notify',
    'play',
    'prefs',
    'privacy',
    'rules',
    'score',
  ]);
  for (const [name, c] of cmds) {
    const json = c.data.toJSON() as unknown as Record<string, unknown>;
    let longest = 0;
    for (const [path, node] of walk(json, name)) {
      const names = { en: node.name as string, ...((node.name_localizations as Record<string, string>) ?? {}) };
      for (const [lng, n] of Object.entries(names)) {
        assert.match(n, NAME, `${path} name (${lng})`);
        assert.equal(n, n.normalize('NFC'), `${path} name is NFC (${lng})`);
        assert.equal(n, n.toLowerCase(), `${path} name is lowercase (${lng})`);
      }
      const descs = { en: node.description as string, ...((node.description_localizations as Record<string, string>) ?? {}) };
      for (const [lng, d] of Object.entries(descs)) {
        if (d === undefined) continue;
        assert.ok(d.length >= 1 && d.length <= 100, `${path} description (${lng}) is 1–100 chars`);
      }
      assert.ok(((node.options as unknown[]) ?? []).length <= 25);
      for (const ch of (node.choices as Record<string, unknown>[]) ?? []) assert.ok(String(ch.name).length <= 100);
      longest += Math.max(...Object.values(names).map((s) => s.length)) + Math.max(...Object.values(descs).map((s) => (s ?? '').length));
    }
    assert.ok(longest <= 8000, `${name} is within 8000 characters`);
    assert.ok((json.name_localizations as Record<string, string>).vi, `${name} has a Vietnamese name`);
    assert.ok((json.name_localizations as Record<string, string>)['zh-TW'], `${name} has a Chinese name`);
  }
});

test('a Simplified Chinese client lists the commands by the names the replies give them (zh-CN reads our zh-TW)', async () => {
  // langOf answers zh-CN in zh-TW, and replies name commands ("/開局"): the client must list them so.
  const cmds = await loadCommands();
  for (const [name, c] of cmds) {
    const json = c.data.toJSON() as unknown as Record<string, unknown>;
    for (const [path, node] of walk(json, name)) {
      const same = (field: string) => {
        const loc = (node[field] as Record<string, string> | undefined) ?? {};
        assert.ok(loc['zh-TW'], `${path} ${field} has zh-TW`);
        assert.equal(loc['zh-CN'], loc['zh-TW'], `${path} ${field}: zh-CN as zh-TW`);
      };
      same('name_localizations');
      same('description_localizations');
      for (const ch of (node.choices as Record<string, unknown>[]) ?? []) {
        const loc = ch.name_localizations as Record<string, string>;
        assert.equal(loc['zh-CN'], loc['zh-TW'], `${path} choice ${String(ch.value)}: zh-CN as zh-TW`);
      }
    }
  }
});
