/**
 * Refund rows (rank POT_REFUND, phom.md §15.12) and the periods of /score and /leaderboard: a refund
 * belongs to the period of its own row's date (the match's end), so a period may hold a refund and no
 * hand (the hands that paid into the pot were earlier). Such a player is listed there with those
 * points and 0 hands, by /score and /leaderboard alike, and their totals agree; a refund is never a
 * hand, a win or a best hand, and no win rate is worked out of it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { playWithAi, rig, type Rig, resultClick } from '../support/table-rig.js';
import { POT_REFUND } from '../../src/store/index.js';
import type { PhomResult, State } from '../../src/games/phom/index.js';
import * as score from '../../commands/score.js';
import * as leaderboard from '../../commands/leaderboard.js';
import type { BotContext } from '../../src/bot/context.js';

const phom = engineOf('phom');
const DAY = 24 * 3600 * 1000;
const stateOf = (r: Rig) => r.store.games.load(r.gameId)!.state as State;
const row = (r: Rig) => r.store.games.get(r.gameId)!;

const click = resultClick;

/**
 * Three people and an AI play Phỏm with the gà pot until a hand leaves it unwon, then the match is
 * ended `later` ms after: its refund rows are dated then. The person with the largest refund and it.
 */
function refundedLater(later: number): { r: Rig; userId: string; refund: number } {
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { options: { 'ga-pot': 'flat' }, seed: 'refund-periods' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let h = 0; h < 40; h++) {
    playWithAi(r);
    if (((phom.result(stateOf(r)) as PhomResult).pot.carried ?? 0) > 0) {
      const refunds = () =>
        r.store.db
          .prepare('SELECT user_id, points FROM results WHERE game_id = ? AND rank = ? AND user_id IS NOT NULL')
          .all(r.gameId, POT_REFUND) as {
          user_id: string;
          points: number;
        }[];
      r.clock.t += later;
      assert.equal(click(r, 'end-match').outcome.ok, true);
      const best = refunds().sort((a, b) => b.points - a.points)[0];
      if (!best) break; // only the AI paid in: try no further (the seed below is one where a person did)
      return { r, userId: best.user_id, refund: best.points };
    }
    assert.equal(click(r, 'next-hand').outcome.ok, true);
  }
  throw new Error('no person paid into a pot left unwon');
}

test('a period holding only a refund: /score and /leaderboard list its points with 0 hands, and agree with the totals', () => {
  const { r, userId, refund } = refundedLater(8 * DAY);
  const week = r.store.results.record('g', userId, 'phom', 'week');
  assert.equal(week.hands, 0, 'the hands that paid were played before the week');
  assert.equal(week.wins, 0);
  assert.equal(week.total, refund, 'the refund is dated at the match’s end: in this week');
  assert.deepEqual(week.bests, [], 'a refund is no best hand');
  assert.deepEqual(week.refunds, [{ game: 'phom', unit: 'bet', points: refund, rows: 1 }]);
  // Across games too (/score without a game shows no total: the refund has its line per game).
  assert.deepEqual(r.store.results.record('g', userId, null, 'week').refunds, week.refunds);

  const board = r.store.results.leaderboard('g', 'phom', 'week');
  const mine = board.find((x) => x.userId === userId);
  assert.ok(mine, 'listed for the week with its refund');
  assert.deepEqual([mine.hands, mine.wins, mine.totals], [0, 0, [{ unit: 'bet', total: refund }]]);
  // Nobody else has a row this week but the refunds: each listed entry is one, with 0 hands.
  for (const x of board) assert.equal(x.hands, 0);

  // All time: the hands and the refund, the same on both.
  const all = r.store.results.record('g', userId, 'phom', 'all');
  const allRow = r.store.results.leaderboard('g', 'phom', 'all').find((x) => x.userId === userId)!;
  assert.ok(all.hands > 0);
  assert.deepEqual([allRow.hands, allRow.wins, allRow.totals], [all.hands, all.wins, all.totals]);
  const hands = r.store.db
    .prepare('SELECT COUNT(*) AS n FROM results WHERE game_id = ? AND user_id = ? AND rank > 0')
    .get(r.gameId, userId) as { n: number };
  assert.equal(all.hands, hands.n, 'hands played only');

  // One who played a hand this week, however low their rating, ranks before those listed for a refund alone.
  r.store.db
    .prepare(
      `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, display_name, points, unit, rank, won, players, summary, created_at)
       VALUES (?, 998, 3, 'g', 'phom', 'u8', 'P8', -3, 'bet', 4, 0, 4, '{}', ?)`,
    )
    .run(r.gameId, r.clock.t);
  r.store.db.prepare("INSERT INTO ratings (guild_id, game, user_id, mu, sigma, updated_at) VALUES ('g', 'phom', 'u8', 0, 8, 0)").run();
  const ranked = r.store.results.leaderboard('g', 'phom', 'week');
  assert.equal(ranked[0]!.userId, 'u8', 'the one who played first');
  assert.ok(ranked.length > 1 && ranked.slice(1).every((x) => x.hands === 0));
  assert.ok(ranked[0]!.rating < ranked[1]!.rating, 'though rated lower');
  r.store.db.prepare("DELETE FROM results WHERE user_id = 'u8'").run();

  // A refund alone, by someone who never played the game here, makes no leaderboard entry.
  r.store.db
    .prepare(
      `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, display_name, points, unit, rank, won, players, summary, created_at)
       VALUES (?, 999, 3, 'g', 'phom', 'u9', 'P9', 5, 'bet', ?, 0, 4, '{}', ?)`,
    )
    .run(r.gameId, POT_REFUND, r.clock.t);
  assert.ok(!r.store.results.leaderboard('g', 'phom', 'week').some((x) => x.userId === 'u9'));
  assert.ok(!r.store.results.leaderboard('g', 'phom', 'all').some((x) => x.userId === 'u9'));
});

test('a refund row’s hand number is no recorded hand', () => {
  const { r } = refundedLater(0);
  const hands = r.store.results.handsRecorded(r.gameId);
  const refundHands = (
    r.store.db.prepare('SELECT DISTINCT hand FROM results WHERE game_id = ? AND rank = ?').all(r.gameId, POT_REFUND) as { hand: number }[]
  ).map((x) => x.hand);
  assert.ok(refundHands.length > 0);
  for (const h of refundHands) assert.ok(!hands.includes(h), `hand ${h} is a refund's`);
  assert.deepEqual(hands, [...Array(row(r).handIndex + 1).keys()]);
});

/** Runs a command's `execute` on a fake interaction and returns what it replied (content and embeds). */
async function run(
  cmd: { execute: (i: never, ctx: BotContext) => Promise<void> },
  r: Rig,
  userId: string,
  options: Record<string, string>,
): Promise<string> {
  const out: string[] = [];
  const reply = async (x: { content?: string; embeds?: { toJSON(): { description?: string } }[] }) => {
    out.push(x.content ?? '', ...(x.embeds ?? []).map((e) => e.toJSON().description ?? ''));
  };
  const i = {
    locale: 'en-US',
    guildLocale: 'en-US',
    guild: null,
    guildId: 'g',
    inGuild: () => true,
    user: { id: userId, displayName: userId },
    member: { displayName: userId },
    options: { getUser: () => null, getMember: () => null, getString: (k: string) => options[k] ?? null },
    deferReply: async () => {},
    reply,
    editReply: reply,
  };
  await cmd.execute(i as never, { store: r.store, defaultLang: 'en', render: {} } as unknown as BotContext);
  return out.join('\n');
}

test('/score and /leaderboard for a period holding only a refund show its points and 0 hands', async () => {
  const { r, userId, refund } = refundedLater(8 * DAY);
  const s = await run(score, r, userId, { game: 'phom', period: 'week' });
  assert.doesNotMatch(s, /has no finished hands/);
  assert.match(s, /0 hands · 0 wins/);
  assert.doesNotMatch(s, /win rate|NaN/, 'no rate out of 0 hands');
  assert.match(s, new RegExp(`Total: ${refund}`));
  assert.match(s, new RegExp(`Phỏm \\(Tá lả\\): \\+${refund} .*given back as a match ended`));
  const both = await run(score, r, userId, { period: 'week' });
  assert.match(both, new RegExp(`Phỏm \\(Tá lả\\): \\+${refund} .*given back as a match ended`), 'across games: its own line');
  const lb = await run(leaderboard, r, userId, { game: 'phom', period: 'week' });
  assert.match(lb, new RegExp(`<@${userId}> — rating [-\\d.,]+ · 0 hands · 0 wins · total ${refund}`));
  // A period with no row at all still says so.
  r.clock.t += 40 * DAY;
  assert.match(await run(score, r, userId, { game: 'phom', period: 'month' }), /has no finished hands/);
});
