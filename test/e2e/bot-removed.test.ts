/**
 * The bot removed from a server and invited back (src/bot/app.ts, holds.ts `botRemoved`,
 * `botBack`, `settleHeldTables`; src/table/act.ts 'bot-removed', 'bot-back'). Admins kick and re-invite
 * a bot to fix its permissions: before, the removal abandoned every open table of the server for good
 * (a re-invite restored nothing, and a click answered "This table was cancelled"). Now a running or
 * paused table is held (paused, timers frozen, nothing played, nothing sent), released with a notice
 * when the bot is back, and abandoned only after `BOT_REMOVED_GRACE_MS` without it. Lobbies are
 * abandoned at once, as before.
 *
 * The simulator has no "remove the bot" operation here: the gateway events Discord sends are
 * dispatched by hand (GUILD_DELETE without `unavailable`, then GUILD_CREATE with the server).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openLobby, openTable, tableMessage, until, withWorld, type World, requestsAbout } from './harness.js';
import { guildCreatePayload } from '../discord-sim/serialize.js';
import { abandonedAt, wasDealt } from '../../src/store/index.js';
import { HOUSEKEEPING_MS } from '../../src/bot/housekeeping.js';
import { BOT_REMOVED_GRACE_MS } from '../../src/bot/holds.js';

const HOUR = 3600_000;

/** Discord's GUILD_DELETE for a removal (no `unavailable`: an outage sends it with `unavailable: true`). */
async function removeBot(w: World, gameId: string): Promise<void> {
  w.sim.gateway.dispatch('GUILD_DELETE', { id: w.guildId });
  await until(w, 'the table is held', () => w.store.games.get(gameId)!.hold !== null);
}

/** Discord's GUILD_CREATE for the server the bot was invited back to. */
async function inviteBack(w: World, gameId: string): Promise<void> {
  w.sim.gateway.dispatch('GUILD_CREATE', guildCreatePayload(w.sim, w.sim.guild(w.guildId)));
  await until(w, 'the table is released', () => w.store.games.get(gameId)!.hold === null);
  await w.bot.whenIdle();
}

test('removed from a server: a running table is held, nothing plays or is sent past its deadlines; invited back, it resumes from the time left, with a notice', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await later(w, 5_000);
    const before = w.store.games.get(gameId)!;
    const [timer] = w.store.timers.forGame(gameId);
    assert.ok(timer && timer.pausedLeft === null, 'a running deadline');
    const left = timer.deadline - w.now.t;
    assert.ok(left > 10_000, `time is left (${left} ms)`);
    const heldAt = w.now.t;
    const mark = w.sim.restLog().length;

    await removeBot(w, gameId);
    const held = w.store.games.get(gameId)!;
    assert.equal(held.status, 'paused');
    assert.deepEqual(held.hold, { at: heldAt, from: 'running', reasons: { removed: heldAt } }, 'the hold is the removal’s, since now');
    assert.equal(abandonedAt(w.store.db, gameId), null, 'not abandoned');
    assert.deepEqual(
      w.store.timers.forGame(gameId).map((x) => x.pausedLeft),
      [left],
      'the deadline frozen with its time left, as a pause freezes it',
    );

    // Days pass, far past the deadline, with housekeeping rounds: nothing is played for anyone, and
    // nothing is sent into the server the bot left (no redraw, ping or retry that Discord would refuse).
    for (let k = 0; k < 6; k++) await later(w, 12 * HOUR);
    const during = w.store.games.get(gameId)!;
    assert.equal(during.version, before.version, 'no move played during the hold');
    assert.equal(during.status, 'paused');
    assert.notEqual(during.hold, null);
    assert.deepEqual(requestsAbout(w, mark, threadId), [], 'no request to the game thread while the bot is away');

    await inviteBack(w, gameId);
    const back = w.store.games.get(gameId)!;
    assert.equal(back.status, 'running', 'play resumes');
    assert.equal(back.version, before.version);
    const [resumed] = w.store.timers.forGame(gameId);
    assert.equal(resumed!.pausedLeft, null);
    assert.equal(resumed!.deadline, w.now.t + left, 'the deadline goes on from its time left');
    const shown = w.sim.text(tableMessage(w, gameId));
    assert.match(shown, /The bot is back in this server: play resumes/, 'the table says so, in the server’s language');
    assert.ok(buttonByLabel(w.sim, tableMessage(w, gameId), 'Pause'), 'a running table again');
    const ping = w.sim.allMessages(threadId).at(-1)!;
    assert.match(w.sim.text(ping), /<@/, 'whoever must decide is mentioned again');

    // The deadline runs out at its time left after the return, not before.
    await later(w, left - 1_000);
    assert.equal(w.store.games.get(gameId)!.version, before.version, 'not yet');
    await later(w, 2_000);
    assert.ok(w.store.games.get(gameId)!.version > before.version, 'the timeout is played at the deadline');
  });
});

test('a table its players paused stays paused when the bot is back, saying so; a click during the hold is refused, not played', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    for (const u of w.users.slice(0, 2)) {
      const t = tableMessage(w, gameId);
      await click(w, u.id, t.id, String(buttonByLabel(w.sim, t, 'Pause').custom_id));
    }
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    const frozen = w.store.timers.forGame(gameId).map((x) => x.pausedLeft);
    const open = String(buttonByLabel(w.sim, tableMessage(w, gameId), 'Open my hand').custom_id);

    await removeBot(w, gameId);
    assert.deepEqual(w.store.games.get(gameId)!.hold?.from, 'paused', 'told apart from the removal’s hold');
    // A click the server would no longer deliver, but a DM hand view could: it is told why.
    const h = await click(w, w.users[0]!.id, tableMessage(w, gameId).id, open);
    assert.match(w.sim.text(h.response!), /removed from this table's server/);

    await later(w, 2 * HOUR);
    await inviteBack(w, gameId);
    const back = w.store.games.get(gameId)!;
    assert.equal(back.status, 'paused', 'the players’ pause stands');
    assert.deepEqual(
      w.store.timers.forGame(gameId).map((x) => x.pausedLeft),
      frozen,
      'its timers still frozen as the pause left them',
    );
    assert.match(w.sim.text(tableMessage(w, gameId)), /The bot is back in this server\. The table stays paused/);
    assert.ok(buttonByLabel(w.sim, tableMessage(w, gameId), 'Resume'), 'the players resume it by their vote');
  });
});

test('not invited back within the grace period: a housekeeping round abandons the held tables; a lobby is abandoned at once', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const lobby = await openLobby(w, w.users[2]!.id);

    await removeBot(w, gameId);
    assert.equal(w.store.games.get(lobby.gameId)!.status, 'cancelled', 'a lobby (no hand dealt) is abandoned as before');
    assert.notEqual(abandonedAt(w.store.db, lobby.gameId), null);

    await later(w, BOT_REMOVED_GRACE_MS - HOUR);
    assert.equal(w.store.games.get(gameId)!.status, 'paused', 'still held within the grace period');
    assert.equal(abandonedAt(w.store.db, gameId), null);

    await later(w, HOUR + HOUSEKEEPING_MS);
    const gone = w.store.games.get(gameId)!;
    assert.equal(gone.status, 'cancelled', 'abandoned once the grace period is over');
    assert.notEqual(abandonedAt(w.store.db, gameId), null);
    assert.equal(gone.hold, null);
    assert.equal(wasDealt(w.store.db, gone), true, 'a match abandoned while it ran (its hands replayable in /history)');
    assert.equal(
      (w.store.db.prepare('SELECT abandoned_from AS f FROM games WHERE id = ?').get(gameId) as { f: string }).f,
      'running',
      'abandoned from the status it had before the hold',
    );
    assert.deepEqual(w.store.timers.forGame(gameId), [], 'no timer left to fire');
  });
});

test('a start-up whose READY lacks the server holds its tables; a later start-up that finds it back resumes them', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const [timer] = w.store.timers.forGame(gameId);
    const left = timer!.deadline - w.now.t;
    // Removed while the bot was down: the next READY does not list the server (no GUILD_DELETE comes).
    const guild = w.sim.guild(w.guildId);
    w.sim.guilds.delete(w.guildId);
    try {
      await w.restartBot();
      await w.bot.whenIdle();
    } finally {
      w.sim.guilds.set(w.guildId, guild);
    }
    const held = w.store.games.get(gameId)!;
    assert.equal(held.status, 'paused');
    assert.equal(held.hold?.from, 'running');
    assert.equal(abandonedAt(w.store.db, gameId), null, 'held, not abandoned');

    // Invited back while the bot was down again: READY lists the server.
    await later(w, 3 * HOUR);
    await w.restartBot();
    await w.bot.whenIdle();
    const back = w.store.games.get(gameId)!;
    assert.equal(back.status, 'running');
    assert.equal(back.hold, null);
    assert.equal(w.store.timers.forGame(gameId)[0]!.deadline, w.now.t + left, 'from the time left');
    assert.match(w.sim.text(tableMessage(w, gameId)), /The bot is back in this server/);
  });
});
