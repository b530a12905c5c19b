/**
 * A member who leaves the table's server mid-game (moderation audit, case 4: banned or kicked, they
 * kept their seat and played on from a seat view in their DMs). Through the real bot and the
 * simulator (src/bot/members.ts, act.ts 'member-gone', seating.ts `memberGone`):
 *
 * - a ban (GUILD_BAN_ADD: the GuildModeration intent, and View Audit Log) hands their seat to the AI at
 *   once; the table says so; the host passes on; they vote no more (the one left pauses alone) and
 *   their DM hand view closes; they leave the server's open lobbies (the host passes on);
 * - a kick tells the bot nothing (no GuildMembers intent): their next DM click is checked with Discord
 *   (GET member: 10007), refused with a message, and their seat passes to the AI;
 * - a member's DM clicks play, with one membership request per few minutes, not one per click.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  click,
  later,
  openHand,
  openLobby,
  openTable,
  playAsAi,
  playHandToEnd,
  slash,
  tableMessage,
  withWorld,
  type World,
  pendingNow,
  endMatch,
} from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { MEMBER_OK_MS } from '../../src/bot/members.js';
import { Permissions } from '../discord-sim/index.js';
import type { SimMessage } from '../discord-sim/model.js';

const seatOf = (w: World, gameId: string, userId: string) => w.store.games.seats(gameId).find((s) => s.userId === userId)?.seat;
const hasGameButtons = (w: World, m: SimMessage) => w.sim.components(m).some((c) => decodeGameId(String(c.custom_id)) !== null);
/** Moves of `userId` logged after version `since`. */
const movesBy = (w: World, gameId: string, userId: string, since: number) =>
  (
    w.store.db.prepare('SELECT COUNT(*) AS n FROM actions WHERE game_id = ? AND user_id = ? AND seq > ?').get(gameId, userId, since) as {
      n: number;
    }
  ).n;
/** Get Guild Member requests the bot made for this user. */
const memberGets = (w: World, userId: string) =>
  w.sim.restLog().filter((e) => e.summary.startsWith(`GET /guilds/${w.guildId}/members/${userId} `)).length;

/** A Phỏm table of two (A hosts, seat 0) where A keeps their seat view in DMs; B plays in the thread. */
async function dmTable(w: World) {
  const [a, b] = [w.users[0]!.id, w.users[1]!.id];
  await slash(w, a, 'prefs', { 'hand-view': 'dm' });
  const t = await openTable(w, 'phom', 2, 0);
  const seatA = seatOf(w, t.gameId, a)!;
  const dmHand = () => w.sim.message(w.store.seatChannels.get(t.gameId, seatA)!.messageId!)!;
  return { ...t, a, b, seatA, dmHand };
}

/** B plays (through ephemeral views) until A must act. */
async function untilTurnOf(w: World, gameId: string, seat: number, b: string): Promise<void> {
  for (let k = 0; k < 10 && pendingNow(w, gameId)[0]!.seat !== seat; k++) await playAsAi(w, b, gameId, await openHand(w, b, gameId));
  assert.equal(pendingNow(w, gameId)[0]!.seat, seat);
}

test('a banned player: the AI takes their seat at once, the table says so, the host passes on, the one left pauses alone', async () => {
  await withWorld(async (w) => {
    // Discord sends GUILD_BAN_ADD only to a bot with Ban Members or View Audit Log (README: invite).
    w.sim.setBotPermission(w.guildId, Permissions.ViewAuditLog, true);
    const { gameId, a, b, seatA, dmHand } = await dmTable(w);
    assert.equal(pendingNow(w, gameId)[0]!.seat, seatA, "the host's seat starts the first hand");
    const hand = dmHand();
    assert.ok(hasGameButtons(w, hand), 'the DM hand view is live');
    const v0 = w.store.games.get(gameId)!.version;
    w.sim.ban(w.guildId, a);
    await w.sim.waitFor(() => w.store.games.seats(gameId)[seatA]!.userId === null, { timeout: 10_000, message: 'the seat passes on' });
    await w.bot.whenIdle();
    const seat = w.store.games.seats(gameId)[seatA]!;
    assert.equal(seat.isAi, true);
    assert.equal(seat.aiLevel, w.store.games.get(gameId)!.takeoverLevel, "at the table's takeover level");
    assert.equal(w.store.games.get(gameId)!.hostUserId, b, 'the host passed to the one left');
    // The AI played the turn A had (nobody waits 24 h for a banned player), and nothing as A.
    assert.ok(w.store.games.get(gameId)!.version > v0, 'the AI played the seat at once');
    assert.equal(movesBy(w, gameId, a, v0), 0);
    assert.notEqual(pendingNow(w, gameId)[0]!.seat, seatA);
    assert.match(w.sim.text(tableMessage(w, gameId)), /an is no longer a member of this server; AI 1 takes their seat/);
    // Their DM hand view is closed: no buttons, nothing more of the seat's hand.
    assert.equal(hasGameButtons(w, w.sim.message(hand.id)!), false, 'the DM hand message lost its buttons');
    assert.match(w.sim.text(w.sim.message(hand.id)!), /the seat is no longer yours/);
    assert.equal(w.store.seatChannels.get(gameId, seatA), null);
    // A is no voter: the one person left pauses (and resumes) alone.
    await click(w, b, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), 'Pause').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.status, 'paused', 'one vote of one voter pauses');
    await click(w, b, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), 'Resume').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    // A is no host: B ends the match once the hand is over.
    await playHandToEnd(w, gameId);
    const tm = tableMessage(w, gameId);
    await endMatch(w, b, tm);
    assert.equal(w.store.games.get(gameId)!.status, 'finished', 'the host now (B) ended the match');
  });
});

test('a banned member leaves the lobbies of that server: the host passes to the next person', async () => {
  await withWorld(async (w) => {
    w.sim.setBotPermission(w.guildId, Permissions.ViewAuditLog, true);
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    const { lobbyId, lobby, join, gameId } = await openLobby(w, a);
    await click(w, b, lobbyId, join);
    w.sim.ban(w.guildId, a);
    await w.sim.waitFor(() => !w.store.games.seats(gameId).some((s) => s.userId === a), { timeout: 10_000 });
    await w.bot.whenIdle();
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'lobby');
    assert.equal(row.hostUserId, b);
    assert.deepEqual(
      w.store.games.seats(gameId).map((s) => [s.seat, s.userId]),
      [[0, b]],
    );
    const text = w.sim.text(lobby());
    assert.doesNotMatch(text, new RegExp(`<@${a}>`), 'the lobby no longer lists them');
    assert.match(text, new RegExp(`<@${b}> · host`));
  });
});

test('a kicked player (no event: no GuildMembers intent) is refused at their next DM click, and their seat passes to the AI', async () => {
  await withWorld(async (w) => {
    const { gameId, a, b, seatA, dmHand } = await dmTable(w);
    // A plays a move from the DM while a member, then B until A's turn again.
    await playAsAi(w, a, gameId, dmHand());
    await untilTurnOf(w, gameId, seatA, b);
    w.sim.kick(w.guildId, a);
    assert.equal(w.store.games.seats(gameId)[seatA]!.userId, a, 'the bot was told nothing');
    // A's move from the DM above left a fresh "still a member" (members.ts): a kick is noticed once
    // it is older than that, a few minutes at most.
    w.now.t += MEMBER_OK_MS + 1000;
    const v0 = w.store.games.get(gameId)!.version;
    const gets = memberGets(w, a);
    const hand = dmHand();
    const act = w.sim.components(hand).find((c) => c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act');
    assert.ok(act, 'a move button on the DM hand view');
    const h = await click(w, a, hand.id, String(act.custom_id));
    assert.equal(h.failed, false);
    assert.equal(movesBy(w, gameId, a, v0), 0, 'the click played nothing');
    assert.match(h.followUps.at(-1)?.content ?? '', /no longer a member of the server this table is on/);
    assert.equal(h.followUps.at(-1)?.ephemeralTo, a, 'told privately');
    assert.equal(memberGets(w, a), gets + 1, 'Discord was asked once');
    // Their seat passes at the next housekeeping round, not at the click: a player clicks most when a
    // claim of theirs is open, and a notice then would tell the table so (#13 §2).
    assert.equal(w.store.games.seats(gameId)[seatA]!.userId, a, 'not at the click');
    await later(w, 10 * 60_000 + 1000);
    const seat = w.store.games.seats(gameId)[seatA]!;
    assert.equal(seat.userId, null, 'the seat is no longer theirs');
    assert.equal(seat.isAi, true);
    assert.ok(w.store.games.get(gameId)!.version > v0, 'the AI played the turn');
    assert.equal(w.store.games.get(gameId)!.hostUserId, b);
    assert.match(w.sim.text(tableMessage(w, gameId)), /an is no longer a member of this server; AI 1 takes their seat/);
    assert.equal(hasGameButtons(w, w.sim.message(hand.id)!), false, 'their DM hand view is closed');
  });
});

test("a member's DM clicks play: one membership request, then none while the answer is fresh (a click in the server: none)", async () => {
  await withWorld(async (w) => {
    const { gameId, a, b, seatA, dmHand } = await dmTable(w);
    const v0 = w.store.games.get(gameId)!.version;
    await playAsAi(w, a, gameId, dmHand());
    assert.equal(movesBy(w, gameId, a, v0), 1, 'the DM click played');
    assert.equal(memberGets(w, a), 1, 'Discord asked once');
    if (pendingNow(w, gameId)[0]!.seat === seatA) await playAsAi(w, a, gameId, dmHand());
    await untilTurnOf(w, gameId, seatA, b);
    assert.equal(memberGets(w, b), 0, 'clicks in the server carry the member: no request');
    await playAsAi(w, a, gameId, dmHand());
    assert.equal(memberGets(w, a), 1, 'no second request within the cache time');
    // Later than the cache time: asked again.
    if (pendingNow(w, gameId)[0]!.seat !== seatA) await untilTurnOf(w, gameId, seatA, b);
    w.now.t += MEMBER_OK_MS + 1000;
    const v1 = w.store.games.get(gameId)!.version;
    await playAsAi(w, a, gameId, dmHand());
    assert.equal(movesBy(w, gameId, a, v1), 1);
    assert.equal(memberGets(w, a), 2, 'asked again once the answer is old');
    assert.equal(w.store.games.seats(gameId)[seatA]!.userId, a, 'still their seat');
  });
});

test('Discord slow to answer whether a DM clicker is still a member: the click goes on within seconds, as a member’s', async () => {
  await withWorld(async (w) => {
    const { gameId, a, dmHand } = await dmTable(w);
    w.sim.faults.slow({ route: new RegExp(`GET /guilds/${w.guildId}/members/${a}`), delayMs: 20_000 });
    const v0 = w.store.games.get(gameId)!.version;
    const started = Date.now();
    await playAsAi(w, a, gameId, dmHand());
    assert.equal(movesBy(w, gameId, a, v0), 1, 'the DM click played');
    assert.ok(Date.now() - started < 15_000, `answered within seconds (${Date.now() - started} ms), not after the 20 s Discord took`);
  });
});

test('a kicked player who never clicks: when their turn runs out Discord is asked, and their seat passes to the AI', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    const seatA = seatOf(w, gameId, a)!;
    await untilTurnOf(w, gameId, seatA, b);
    w.sim.kick(w.guildId, a);
    assert.equal(w.store.games.seats(gameId)[seatA]!.userId, a, 'the bot was told nothing');
    const v0 = w.store.games.get(gameId)!.version;
    for (let k = 0; k < 4 && w.store.games.get(gameId)!.version === v0; k++) await later(w, 8 * 3600_000);
    assert.ok(w.store.games.get(gameId)!.version > v0, "A's deadline ran out: the default move was played");
    assert.equal(memberGets(w, a), 1, 'Discord was asked once, when the deadline ran out');
    // At the next housekeeping round, their seats pass to the AI.
    await later(w, 10 * 60_000 + 1000);
    const seat = w.store.games.seats(gameId)[seatA]!;
    assert.equal(seat.userId, null, 'the seat is no longer theirs');
    assert.equal(seat.isAi, true);
    assert.equal(w.store.games.get(gameId)!.hostUserId, b);
    assert.match(w.sim.text(tableMessage(w, gameId)), /an is no longer a member of this server; AI 1 takes their seat/);
  });
});

test('a member whose turn runs out keeps the seat (Discord is asked once)', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const first = w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
    const v0 = w.store.games.get(gameId)!.version;
    for (let k = 0; k < 4 && w.store.games.get(gameId)!.version === v0; k++) await later(w, 8 * 3600_000);
    assert.ok(w.store.games.get(gameId)!.version > v0, 'the deadline ran out');
    assert.equal(memberGets(w, first), 1, 'asked once');
    await later(w, 10 * 60_000 + 1000);
    assert.ok(
      w.store.games.seats(gameId).some((s) => s.userId === first && !s.isAi),
      'still their seat',
    );
  });
});
