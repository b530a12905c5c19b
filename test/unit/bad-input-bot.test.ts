/**
 * Bad input on the bot's side gets a clear refusal and changes nothing: rules text with a key given
 * twice or a key named like an Object.prototype property, /config keys of that kind, and a game
 * component clicked on another server than the game's (a forged custom_id).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRuleOverrides, optionsForTable, rulesRefusal } from '../../src/bot/options-in-force.js';
import { resetOption, setOption, toggleOverridable } from '../../src/bot/config-core.js';
import { createRouter } from '../../src/bot/router.js';
import { GameLocks, type BotContext } from '../../src/bot/context.js';
import { translator } from '../../src/table/i18n.js';
import { rig } from '../support/table-rig.js';
import { forgetStorageErrors } from '../../src/store/health.js';

const t = translator('en');

test('rules text: a key given twice is refused by name; a prototype name is a key like any other, and then not allowed', () => {
  const twice = parseRuleOverrides('turn-timeout-s=30, turn-timeout-s = 60');
  assert.equal(twice.ok, false);
  assert.ok(!twice.ok && twice.twice === 'turn-timeout-s');
  assert.equal(
    rulesRefusal(twice as { bad: string; twice?: string }, t),
    '"turn-timeout-s" is given twice in the rules: give each rule once.',
  );
  const bad = parseRuleOverrides('what');
  assert.ok(!bad.ok);
  assert.match(rulesRefusal(bad, t), /Cannot read "what"/);
  const proto = parseRuleOverrides('__proto__=1, constructor=2');
  assert.ok(proto.ok);
  assert.deepEqual(Object.keys(proto.value).sort(), ['__proto__', 'constructor']);
  const r = rig('phom', ['human', 'human']);
  const opts = optionsForTable(r.store, 'g', 'phom', proto.value);
  assert.equal(opts.ok, false, 'neither is an option /play may change');
});

test('/config: keys named like Object.prototype properties are unknown options, and nothing is stored', () => {
  const r = rig('phom', ['human', 'human']);
  const before = JSON.stringify(r.store.settings.get('g', 'phom'));
  for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const set = setOption(r.store, 'g', 'phom', key, '1', 'admin', t);
    assert.equal(set.ok, false, `set ${key}`);
    assert.match(set.message, /Unknown option/);
    const reset = resetOption(r.store, 'g', 'phom', key, 'admin', t);
    assert.equal(reset.ok, false, `reset ${key}`);
    const allow = toggleOverridable(r.store, 'g', 'phom', key, 'admin', t);
    assert.equal(allow.ok, false, `allow-play ${key}`);
  }
  assert.equal(JSON.stringify(r.store.settings.get('g', 'phom')), before);
});

test('/config allow-play: a table setting (/config show lists it) is refused as not a house rule, and nothing is stored', () => {
  const r = rig('phom', ['human', 'human']);
  const before = JSON.stringify(r.store.settings.get('g', 'phom'));
  for (const key of ['hints', 'ai-level', 'takeover-level', 'vote-after']) {
    const allow = toggleOverridable(r.store, 'g', 'phom', key, 'admin', t);
    assert.equal(allow.ok, false, key);
    assert.match(allow.message, new RegExp(`"${key}" is a setting of every table on this server, not a house rule /play can change`));
  }
  assert.equal(JSON.stringify(r.store.settings.get('g', 'phom')), before);
});

/** A button click as the router reads it (a user u0 in en-US), with `over` replacing its parts. */
function fakeButton(customId: string, guildId: string, over: Record<string, unknown>) {
  return {
    id: 'i0',
    customId,
    guildId,
    channelId: 'c1',
    locale: 'en-US',
    user: { id: 'u0' },
    deferred: false,
    replied: false,
    isRepliable: () => true,
    isButton: () => true,
    isCommand: () => false,
    isStringSelectMenu: () => false,
    isModalSubmit: () => false,
    isChatInputCommand: () => false,
    isAutocomplete: () => false,
    deferUpdate: () => Promise.resolve(),
    deferReply: () => Promise.resolve(),
    ...over,
  };
}

test("a game component clicked on another server than the game's is refused as not found; nothing runs", async () => {
  const r = rig('phom', ['human', 'human']);
  const replies: unknown[] = [];
  let deferred = false;
  const ctx = { store: r.store, table: r.ts, defaultLang: 'en', log: { error() {}, warn() {}, info() {} } } as unknown as BotContext;
  const route = createRouter(ctx, new GameLocks(), new Map());
  for (const customId of [`g:${r.gameId}:0:join`, `g:${r.gameId}:0:start`, `g:${r.gameId}:7:act:0`, `g:${r.gameId}:0:hand`]) {
    const i = fakeButton(customId, 'another-server', {
      deferUpdate: () => ((deferred = true), Promise.resolve()),
      deferReply: () => ((deferred = true), Promise.resolve()),
      reply: (p: unknown) => (replies.push(p), Promise.resolve()),
    });
    await route(i as never);
  }
  assert.equal(deferred, false, 'no handler ran');
  assert.equal(replies.length, 4);
  for (const p of replies as { content: string; flags: number }[]) {
    assert.equal(p.content, t('errors:game-not-found'));
    assert.ok(p.flags, 'ephemeral');
  }
  assert.equal(r.store.games.get(r.gameId)!.status, 'lobby');
  assert.equal(r.store.games.seats(r.gameId).length, 2);
});

test('a click that fails on storage (a full disk) is answered, counted as failed (storage), and logged with what was clicked', async (tc) => {
  // The router notes the full disk for /healthz (store/health.ts): forgotten after, for the files batched after this one.
  tc.after(forgetStorageErrors);
  const failed: Record<string, string>[] = [];
  const logged: Record<string, unknown>[] = [];
  const full = () => {
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  };
  const ctx = {
    // Every read of the store fails as a full disk does.
    store: new Proxy({}, { get: () => new Proxy({}, { get: () => full }) }),
    table: { load: full },
    defaultLang: 'en',
    metrics: { interactionsFailed: { inc: (l: Record<string, string>) => void failed.push(l) }, visibleSeconds: { observe() {} } },
    log: { error: (o: Record<string, unknown>) => void logged.push(o), warn() {}, info() {} },
  } as unknown as BotContext;
  const route = createRouter(ctx, new GameLocks(), new Map());
  const replies: { content: string }[] = [];
  const answer = (p: { content: string }) => (replies.push(p), Promise.resolve());
  await route(fakeButton('g:abcdefgh:0:hand', 'g1', { id: 'i1', reply: answer, followUp: answer }) as never);
  assert.deepEqual(
    replies.map((p) => p.content),
    [t('errors:internal')],
  );
  assert.deepEqual(failed, [{ reason: 'storage' }]);
  const line = logged.find((o) => o.id === 'i1')!;
  assert.deepEqual([line.customId, line.guildId, line.userId], ['g:abcdefgh:0:hand', 'g1', 'u0']);
});

test('any click at a table by a player who is away tells the other shards that away mode may have ended (user-sync.ts)', async () => {
  const r = rig('phom', ['human', 'human']);
  const calls: string[] = [];
  const ctx = {
    store: r.store,
    table: r.ts,
    clock: { now: () => r.clock.t },
    defaultLang: 'en',
    log: { error() {}, warn() {}, info() {} },
  } as unknown as BotContext;
  const users = {
    changed: (userId: string, before: { away_until: unknown } | null) => {
      calls.push(`${userId}:${before?.away_until !== null && before?.away_until !== undefined}`);
      return Promise.resolve();
    },
  };
  const route = createRouter(ctx, new GameLocks(), new Map(), undefined, users as never);
  // "Open my hand" and a table button, not only a hand view's own buttons (its handler may fail here: the sync still runs).
  for (const customId of [`g:${r.gameId}:0:hand`, `g:${r.gameId}:0:pause`]) {
    // Away again for each: the first click ended it (a seated player's click at any table does).
    r.store.prefs.setAway('u0', r.clock.t + 3_600_000);
    const i = fakeButton(customId, 'g', { reply: () => Promise.resolve(), followUp: () => Promise.resolve() });
    await route(i as never);
  }
  assert.deepEqual(calls, ['u0:true', 'u0:true']);
});
