/**
 * A match whose game thread was deleted (or whose server removed the bot) after hands were played is
 * abandoned (store/guilds.ts): /history game-id: said it "has not started (a lobby, open or
 * cancelled)", and its hands could not be replayed. They can now, as a finished match's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWithAi, rig, type Rig } from '../support/table-rig.js';
import { abandonGames } from '../../src/store/index.js';
import * as history from '../../commands/history.js';
import * as viewer from '../../src/notify/replay-viewer.js';
import type { BotContext } from '../../src/bot/context.js';

function playedThenAbandoned(): Rig {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { seed: 'abandoned-after-play' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAi(r);
  assert.equal(r.store.results.record('g', 'u0', 'phom', 'all').hands, 1);
  // The game thread is deleted (a moderator): the table is abandoned (src/bot/app.ts → abandonGames).
  assert.equal(abandonGames(r.store.db, [r.gameId], r.clock.t).length, 1);
  return r;
}

/** Placeholder images for the replay viewer (the commands only pass them on). */
const png = async () => Buffer.from('89504e470d0a1a0a', 'hex');
const render = { table: png, result: png, hand: png };

/** /history run by u0 in server g with these options (and the images, if given); what it replied. */
async function runHistory(r: Rig, given: Record<string, string | number>, images?: typeof render): Promise<string[]> {
  const out: string[] = [];
  const reply = async (x: { content?: string }) => void out.push(x.content ?? '');
  const i = {
    locale: 'en-US',
    guildId: 'g',
    inGuild: () => true,
    user: { id: 'u0' },
    options: {
      getString: (k: string) => {
        const v = given[k];
        return typeof v === 'string' ? v : null;
      },
      getInteger: (k: string) => {
        const v = given[k];
        return typeof v === 'number' ? v : null;
      },
    },
    deferReply: async () => {},
    reply,
    editReply: reply,
  };
  const ctx = { store: r.store, defaultLang: 'en', ...(images ? { render: images } : {}) };
  await history.execute(i as never, ctx as unknown as BotContext);
  return out;
}

test('/history game-id: of an abandoned match that was played does not say it never started', async () => {
  const r = playedThenAbandoned();
  const out = await runHistory(r, { 'game-id': r.gameId }, render);
  assert.doesNotMatch(out.join('\n'), /has not started/);
  assert.match(out.join('\n'), /Hand 1/, 'the replay viewer of its hand');
});

/** A click on the viewer's `x:history:<rest>` component; what it answered. */
async function viewerClick(r: Rig, rest: string): Promise<{ kind: string; content: string; files: number }[]> {
  const out: { kind: string; content: string; files: number }[] = [];
  const said =
    (kind: string) =>
    async (x: { content?: string; files?: unknown[] } = {}) =>
      void out.push({ kind, content: x.content ?? '', files: x.files?.length ?? 0 });
  const i = {
    locale: 'en-US',
    guildId: 'g',
    inGuild: () => true,
    user: { id: 'u0' },
    isStringSelectMenu: () => false,
    isMessageComponent: () => true,
    reply: said('reply'),
    deferReply: async () => {},
    deferUpdate: async () => {},
    editReply: said('edit'),
    followUp: said('followUp'),
  };
  const ctx = { store: r.store, defaultLang: 'en', render } as unknown as BotContext;
  await viewer.component(i as never, rest, ctx);
  return out;
}

test('the match abandoned while it ran is over: its hands can be exported', async () => {
  const r = playedThenAbandoned();
  const out = await viewerClick(r, `e:${r.gameId}:0`);
  assert.deepEqual(
    out.map((x) => [x.kind, x.files]),
    [['edit', 1]],
    JSON.stringify(out),
  );
});

test('a viewer click on a hand the game does not have is answered, not left silent', async () => {
  const r = playedThenAbandoned();
  const out = await viewerClick(r, `v:${r.gameId}:7:0:n`);
  assert.deepEqual(
    out.map((x) => x.kind),
    ['followUp'],
  );
  assert.match(out[0]!.content, /1 hand/);
});

test('/history hand: without game-id says what it needs', async () => {
  const r = playedThenAbandoned();
  const out = await runHistory(r, { hand: 2 });
  assert.deepEqual(out, ["To replay a hand, give `game-id` as well as `hand` (/history without them lists each game's id)."]);
});
