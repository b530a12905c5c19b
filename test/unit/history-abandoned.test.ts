/**
 * A match whose game thread was deleted (or whose server removed the bot) after hands were played is
 * abandoned (store/guilds.ts): /history game-id: said it "has not started (a lobby, open or
 * cancelled)", and its hands could not be replayed. They can now, as a finished match's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { rig, type Rig } from '../support/table-rig.js';
import { abandonGames } from '../../src/store/index.js';
import * as history from '../../commands/history.js';
import * as viewer from '../../src/notify/replay-viewer.js';
import type { BotContext } from '../../src/bot/context.js';
import type { State } from '../../src/games/phom/index.js';

const phom = engineOf('phom');
const stateOf = (r: Rig) => r.store.games.load(r.gameId)!.state as State;

function playedThenAbandoned(): Rig {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { seed: 'abandoned-after-play' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let i = 0; i < 600 && !phom.result(stateOf(r)); i++) {
    const s = stateOf(r);
    const d = phom.pending(s)[0]!;
    assert.equal(
      r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: phom.ai(s, d.seat), ver: null, userId: `u${d.seat}` }).outcome.ok,
      true,
    );
  }
  assert.equal(r.store.results.record('g', 'u0', 'phom', 'all').hands, 1);
  // The game thread is deleted (a moderator): the table is abandoned (src/bot/app.ts → abandonGames).
  assert.equal(abandonGames(r.store.db, [r.gameId], r.clock.t).length, 1);
  return r;
}

test('/history game-id: of an abandoned match that was played does not say it never started', async () => {
  const r = playedThenAbandoned();
  const out: string[] = [];
  const reply = async (x: { content?: string }) => void out.push(x.content ?? '');
  const i = {
    locale: 'en-US',
    guildId: 'g',
    inGuild: () => true,
    user: { id: 'u0' },
    options: { getString: (k: string) => (k === 'game-id' ? r.gameId : null), getInteger: () => null },
    deferReply: async () => {},
    reply,
    editReply: reply,
  };
  const png = async () => Buffer.from('89504e470d0a1a0a', 'hex');
  const render = { table: png, result: png, hand: png };
  await history.execute(i as never, { store: r.store, defaultLang: 'en', render } as unknown as BotContext);
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
  const png = async () => Buffer.from('89504e470d0a1a0a', 'hex');
  const ctx = { store: r.store, defaultLang: 'en', render: { table: png, result: png, hand: png } } as unknown as BotContext;
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
  const out: string[] = [];
  const reply = async (x: { content?: string }) => void out.push(x.content ?? '');
  const i = {
    locale: 'en-US',
    guildId: 'g',
    inGuild: () => true,
    user: { id: 'u0' },
    options: { getString: () => null, getInteger: (k: string) => (k === 'hand' ? 2 : null) },
    deferReply: async () => {},
    reply,
    editReply: reply,
  };
  await history.execute(i as never, { store: r.store, defaultLang: 'en' } as unknown as BotContext);
  assert.deepEqual(out, [
    "A hand is replayed from its game: give `game-id` with `hand` (the list, /history without them, shows each game's id).",
  ]);
});
