/**
 * The language of public text (src/bot/public-locale.ts): a server's preferred locale is en-US unless
 * it is a Community server, which alone can choose it (Discord's Guild resource, `preferred_locale`).
 * On an ordinary server the lobby, the table and the leaderboard speak the language of the member who
 * opened them; a Community server's chosen locale wins over the member's. A refusal of /play for
 * missing permissions names them as Discord does in the user's language.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slash, withWorld, type World } from './harness.js';
import { translator } from '../../src/table/i18n.js';

const vi = translator('vi');

async function openLobby(w: World, hostId: string) {
  const h = await slash(w, hostId, 'play', { game: 'phom' });
  const id = h.response!.id;
  const gameId = w.store.games.recent(w.guildId, 1)[0]!.id;
  return { lobby: () => w.sim.message(id)!, gameId };
}
const en = translator('en');

test('an ordinary server (preferred locale en-US, not chosen): the lobby and the leaderboard follow the host', async () => {
  await withWorld(
    async (w) => {
      const { lobby, gameId } = await openLobby(w, w.users[0]!.id);
      assert.ok(w.sim.text(lobby()).includes(vi('common:lobby.hints-on')), 'the lobby in Vietnamese');
      assert.equal(w.store.games.get(gameId)!.locale, 'vi', 'the table keeps the host language');
      const lb = await slash(w, w.users[1]!.id, 'leaderboard', { game: 'phom' });
      const text = (await lb.reply()).content;
      assert.ok(text.includes(vi('common:leaderboard.none')), 'the leaderboard in Vietnamese');
    },
    { userLocale: 'vi' },
  );
});

test('a Community server keeps the locale it chose, en-US included, whatever the host speaks', async () => {
  await withWorld(
    async (w) => {
      const { lobby } = await openLobby(w, w.users[0]!.id);
      assert.ok(w.sim.text(lobby()).includes(en('common:lobby.hints-on')), 'the lobby in English');
    },
    { userLocale: 'vi', guildFeatures: ['COMMUNITY'] },
  );
  await withWorld(
    async (w) => {
      const { lobby } = await openLobby(w, w.users[0]!.id);
      assert.ok(w.sim.text(lobby()).includes(translator('zh-TW')('common:lobby.hints-on')), 'the lobby in Traditional Chinese');
    },
    { userLocale: 'vi', guildLocale: 'zh-TW' },
  );
});

test('/play in a channel where the bot lacks permissions names them as Discord does, in the user’s language', async () => {
  for (const [locale, names] of [
    ['en-US', ['Create Public Threads', 'Attach Files']],
    ['vi', ['Tạo Chủ Đề Công Khai', 'Đính kèm tệp']],
  ] as const) {
    await withWorld(
      async (w) => {
        const { PermissionFlagsBits } = await import('discord.js');
        const now = w.sim.botPermissions(w.guildId, w.channelId);
        w.sim.setBotPermissions(w.guildId, now & ~PermissionFlagsBits.AttachFiles & ~PermissionFlagsBits.CreatePublicThreads, w.channelId);
        const h = await slash(w, w.users[0]!.id, 'play', { game: 'phom' });
        const reply = await h.reply();
        assert.equal(reply.ephemeralTo, w.users[0]!.id);
        for (const n of names) assert.ok(reply.content.includes(n), `"${n}" in: ${reply.content}`);
        assert.doesNotMatch(reply.content, /CreatePublicThreads|AttachFiles/, 'no internal names');
        assert.equal(w.store.games.recent(w.guildId, 1).length, 0, 'nothing created');
      },
      { userLocale: locale },
    );
  }
});

test('the leaderboard and /score write numbers as the reader does (vi: decimal comma)', async () => {
  await withWorld(
    async (w) => {
      const [a, b] = [w.users[0]!, w.users[1]!];
      const seats = [a, b].map((u, seat) => ({ seat, userId: u.id, isAi: false, displayName: u.name }));
      const { gameId } = await openLobby(w, a.id);
      // Two hands recorded as the table layer records them (store/results.ts); the ratings follow.
      for (const hand of [0, 1])
        w.store.results.recordHand(gameId, 'phom', w.guildId, hand, seats as never, {
          winners: [0],
          ranking: [[0], [1]],
          deltas: [1.25, -1.25],
          payments: [],
          items: [],
          unit: 'bet',
          endedBy: 'rank',
        });
      const lb = (await (await slash(w, a.id, 'leaderboard', { game: 'phom' })).reply()).embeds
        .map((e) => String(e.description))
        .join('\n');
      assert.match(lb, /\d,\d · /, `a decimal comma in the rating: ${lb}`);
      assert.match(lb, /tổng 2,5 × cược$/m, `the total, in its unit: ${lb}`);
      const score = (await (await slash(w, b.id, 'score', { game: 'phom' })).reply()).content;
      assert.match(score, /-2,5 /, score);
    },
    { userLocale: 'vi' },
  );
});

test('publicLocale: a chosen locale counts without the guild in the cache; en-US counts only for a Community server', async () => {
  const { publicLocale } = await import('../../src/bot/public-locale.js');
  const at = (guildLocale: string, features: string[] | null, locale: string) =>
    publicLocale({ guildLocale, locale, guild: features ? ({ features } as never) : null } as never);
  assert.equal(at('vi', null, 'en-US'), 'vi', 'only a Community server can choose vi: no cache needed');
  assert.equal(at('en-US', null, 'vi'), 'vi', 'not cached, en-US: the host');
  assert.equal(at('en-US', [], 'zh-TW'), 'zh-TW', 'an ordinary server: the host');
  assert.equal(at('en-US', ['COMMUNITY'], 'vi'), 'en-US', 'a Community server that chose en-US');
  assert.equal(at('vi', [], 'en-US'), 'en-US', 'a cached server no longer Community: the host');
});
