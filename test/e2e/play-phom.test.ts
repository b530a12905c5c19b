/** Playing Phỏm in Discord end to end: the real discord.js client against the simulator. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, playHandToEnd, tableMessage, click, slash, buttonByLabel, endMatch } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

test('four people play a complete Phỏm hand through buttons; the result is stored and shown', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 4, 0, { timer: 'live' });
    const table = tableMessage(w, gameId);
    assert.equal(table.channelId, threadId);
    assert.equal(w.sim.images(table).length, 1, 'the table message has one image');
    // Exactly one ping for the first decision, mentioning the starter.
    const pings = w.sim.visibleMessages(threadId, w.users[0]!.id).filter((m) => /your turn/.test(w.sim.text(m)));
    assert.equal(pings.length, 1);
    await playHandToEnd(w, gameId);
    const msgs = w.sim.visibleMessages(threadId, w.users[1]!.id);
    const result = msgs.find((m) => /Hand 1 is over/.test(w.sim.text(m)));
    assert.ok(result, 'result message');
    assert.equal(w.sim.images(result).length, 1);
    assert.ok(buttonByLabel(w.sim, result, 'Next hand'));
    const hands = w.store.results.handsOf(gameId);
    assert.equal(hands.length, 4);
    assert.equal(Math.round(hands.reduce((a, h) => a + h.points, 0) * 1e6), 0, 'points sum to zero');
    // Next hand deals again; the match goes on.
    await click(w, w.users[2]!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.handIndex, 1);
    // /score reads the stored results.
    const sc = await slash(w, w.users[0]!.id, 'score', { game: 'phom' });
    assert.match((await sc.reply()).content, /1 hand · /);
  });
});

test('one person against three AI players: the AIs move by themselves and the person is pinged', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 1, 3);
    const seats = w.store.games.seats(gameId);
    assert.deepEqual(
      seats.map((s) => s.isAi),
      [false, true, true, true],
    );
    const pings = w.sim.visibleMessages(threadId, w.users[0]!.id).filter((m) => w.sim.text(m).includes(`<@${w.users[0]!.id}>`));
    assert.equal(pings.length, 1, 'the person is pinged once for their decision');
    await playHandToEnd(w, gameId);
    const log = w.store.games.logWithMeta(gameId);
    assert.ok(
      log.some((e) => e.source === 'ai'),
      'AI seats played',
    );
    assert.ok(
      log.some((e) => e.source === 'player'),
      'the person played',
    );
  });
});

test('a click on an outdated hand view says so, shows a fresh view and changes nothing', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const starter = w.store.games.seats(gameId)[(w.store.games.state(w.store.games.get(gameId)!) as { turn: number }).turn]!;
    const hand = await openHand(w, starter.userId!, gameId);
    const act = w.sim.components(hand).find((c) => c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act')!;
    // The player acts from a second, fresh view: the first view is now outdated.
    const fresh = await openHand(w, starter.userId!, gameId);
    await playAsAi(w, starter.userId!, gameId, fresh);
    const before = w.store.games.get(gameId)!.version;
    const h = await click(w, starter.userId!, hand.id, act.custom_id as string);
    assert.equal(w.store.games.get(gameId)!.version, before, 'nothing changed');
    assert.match(w.sim.text(hand.id), /out of date/);
    assert.equal(h.failed, false);
  });
});

test('two clicks at the same moment are serialized: only one is accepted', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const row = w.store.games.get(gameId)!;
    const turn = (w.store.games.state(row) as { turn: number }).turn;
    const user = w.store.games.seats(gameId)[turn]!.userId!;
    const hand = await openHand(w, user, gameId);
    const acts = w.sim.components(hand).filter((c) => c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act');
    assert.ok(acts.length >= 2);
    const [h1, h2] = await Promise.all([
      w.sim.click(user, hand.id, acts[0]!.custom_id as string),
      w.sim.click(user, hand.id, acts[1]!.custom_id as string),
    ]);
    await Promise.all([h1.settled({ timeout: 30_000 }), h2.settled({ timeout: 30_000 })]);
    await w.bot.whenIdle();
    const mine = w.store.games.logWithMeta(gameId).filter((e) => e.source === 'player');
    assert.equal(mine.length, 1, 'exactly one of the two clicks was applied');
  });
});

test('a player who runs out of time gets the default move, and the thread says so', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    const before = w.store.games.get(gameId)!.version;
    // The reminder, at 3/4 of Phỏm's 25 s turn, before the deadline (one fired after it posts nothing).
    w.now.t = w.store.timers.forGame(gameId)[0]!.remindAt! + 1;
    await w.bot.scheduler.tick();
    assert.ok(
      w.sim.visibleMessages(threadId, w.users[0]!.id).some((m) => /time is running out/.test(w.sim.text(m))),
      'a reminder',
    );
    w.now.t += 20_000;
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
    const log = w.store.games.logWithMeta(gameId);
    assert.ok(w.store.games.get(gameId)!.version > before);
    assert.equal(log[0]!.source, 'timeout');
    assert.match(w.sim.text(tableMessage(w, gameId)), /ran out of time/);
  });
});

test('a restart loses nothing: the game continues and old buttons still work', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    const row = w.store.games.get(gameId)!;
    const turn = (w.store.games.state(row) as { turn: number }).turn;
    const user = w.store.games.seats(gameId)[turn]!.userId!;
    const hand = await openHand(w, user, gameId);
    const timersBefore = w.store.timers.forGame(gameId);
    await w.restartBot();
    assert.deepEqual(w.store.timers.forGame(gameId), timersBefore, 'deadlines keep their remaining time');
    const after = await playAsAi(w, user, gameId, hand); // a button drawn before the restart
    assert.doesNotMatch(w.sim.text(after), /out of date/);
    assert.equal(w.store.games.logWithMeta(gameId).filter((e) => e.source === 'player').length, 1);
    await playHandToEnd(w, gameId);
  });
});

test('a spectator cannot open a hand, and a finished game answers "this game has ended"', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const spectator = w.users[3]!;
    const table = tableMessage(w, gameId);
    const open = buttonByLabel(w.sim, table, 'Open my hand').custom_id as string;
    const h = await click(w, spectator.id, table.id, open);
    assert.match((await h.reply()).content, /watching/);
    await playHandToEnd(w, gameId);
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand \d+ is over/.test(w.sim.text(m)))!;
    await endMatch(w, w.users[0]!.id, result);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.ok(w.sim.visibleMessages(threadId, w.users[0]!.id).some((m) => /Match over/.test(w.sim.text(m))));
  });
});

test('without permission to create threads, /play explains what is missing', async () => {
  await withWorld(async (w) => {
    // View, Send, Send in threads, Attach files, Embed links, Read history, Use commands — but no Create Public Threads.
    w.sim.setBotPermissions(w.guildId, (1n << 10n) | (1n << 11n) | (1n << 38n) | (1n << 15n) | (1n << 14n) | (1n << 16n) | (1n << 31n));
    const h = await slash(w, w.users[0]!.id, 'play', { game: 'phom' });
    const r = await h.reply();
    assert.equal(r.ephemeralTo, w.users[0]!.id);
    assert.match(w.sim.text(r), /missing these permissions in this channel: Create Public Threads\./, 'named as Discord names it');
    assert.equal(w.sim.threads(w.channelId).length, 0);
  });
});

test('pause and resume by majority vote freeze and restore the timers', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 3, 0, { timer: 'live' });
    const deadline = w.store.timers.forGame(gameId)[0]!.deadline;
    const vote = async (userId: string, label: string) => {
      const t = tableMessage(w, gameId);
      await click(w, userId, t.id, buttonByLabel(w.sim, t, label).custom_id as string);
    };
    await vote(w.users[0]!.id, 'Pause');
    assert.equal(w.store.games.get(gameId)!.status, 'running', 'one vote of three is not enough');
    assert.match(w.sim.text(tableMessage(w, gameId)), /votes to Pause \(1\/2\)/);
    // The same voter again: told privately where the vote stands; nothing changes.
    const t0 = tableMessage(w, gameId);
    const again = await click(w, w.users[0]!.id, t0.id, buttonByLabel(w.sim, t0, 'Pause').custom_id as string);
    const told = again.followUps.at(-1)!;
    assert.equal(told.ephemeralTo, w.users[0]!.id);
    assert.match(w.sim.text(told), /already voted \(1 of 2 votes\)/);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    await vote(w.users[1]!.id, 'Pause');
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    // Said once: the pause's notice, not also the paused status line.
    const paused = w.sim.text(tableMessage(w, gameId));
    assert.match(paused, /⏸️ Paused by vote\./);
    assert.equal(paused.split('\n').filter((l) => /⏸️/.test(l)).length, 1, paused);
    w.now.t += 10 * 60_000; // time passes while paused: nothing times out
    await w.bot.scheduler.tick();
    assert.equal(w.store.games.logWithMeta(gameId).length, 0);
    await vote(w.users[2]!.id, 'Resume');
    await vote(w.users[0]!.id, 'Resume');
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    assert.equal(w.store.timers.forGame(gameId)[0]!.deadline, deadline + 10 * 60_000, 'the deadline kept its remaining time');
  });
});

test('with on-timeout:ai the AI takes an absent player’s seat until they take it back', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live', 'on-timeout': 'ai' });
    const row = w.store.games.get(gameId)!;
    const turn = (w.store.games.state(row) as { turn: number }).turn;
    const absent = w.store.games.seats(gameId)[turn]!;
    w.now.t += 61_000;
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
    assert.equal(w.store.games.seats(gameId)[turn]!.isAi, true, 'the AI plays the seat');
    assert.match(w.sim.text(tableMessage(w, gameId)), /the AI plays for them/);
    const hand = await openHand(w, absent.userId!, gameId);
    assert.match(w.sim.text(hand), /AI is playing your seat/);
    await click(w, absent.userId!, hand.id, buttonByLabel(w.sim, hand, 'Take my seat back').custom_id as string);
    assert.equal(w.store.games.seats(gameId)[turn]!.isAi, false);
  });
});

test('a stored game replays from its SQLite action log to the same results', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 3, 1);
    await playHandToEnd(w, gameId);
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await click(w, w.users[0]!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
    await playHandToEnd(w, gameId);
    const { replayStoredGame } = await import('../../src/cli/replay-db.js');
    const rep = replayStoredGame(w.dbPath, gameId);
    assert.equal(rep.hands.length, 2);
    assert.ok(rep.hands.every((h) => h.stored !== null && h.same));
    assert.equal(rep.matchesStored, true);
  });
});

test('at the active-thread cap the game plays in the channel, and the lobby says why', async () => {
  await withWorld(async (w) => {
    w.sim.setActiveThreadLimit(w.guildId, 0);
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    assert.equal(threadId, w.channelId, 'the game lives in the channel');
    const lobby = w.sim.visibleMessages(w.channelId, w.users[0]!.id).find((m) => /active threads/.test(w.sim.text(m)));
    assert.ok(lobby, 'the lobby explains the fallback');
    await playHandToEnd(w, gameId);
    assert.equal(w.store.results.handsOf(gameId).length, 2);
  });
});

test('rate limits and server errors from Discord slow the game down but lose nothing', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 1);
    w.sim.faults.rateLimit({ route: /\/channels\/\d+\/messages/, retryAfterMs: 30, times: 4 });
    w.sim.faults.serverError({ route: /\/channels\/\d+\/messages/, status: 502, times: 2 });
    w.sim.faults.rateLimit({ route: /\/interactions\//, global: false, retryAfterMs: 20, times: 1 });
    await playHandToEnd(w, gameId);
    assert.equal(w.store.results.handsOf(gameId).length, 3);
    assert.ok(
      w.sim.restLog().some((e) => e.status === 429),
      'the bot did meet a 429',
    );
    assert.ok(
      w.sim.restLog().some((e) => e.status === 502),
      'and a 502',
    );
  });
});

test('a hand over at the deal (Ù khan, phom.md §8.4) shows its result with no timer, and Next hand deals on', async () => {
  await withWorld(async (w) => {
    // Seed chosen so that seat 1's dealt hand holds no phỏm and no cạ (2 seats, default rules).
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'live' }, { seed: 'u-khan-1154' });
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'running');
    assert.deepEqual(w.store.timers.forGame(gameId), [], 'nobody has a decision, so no deadline');
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)));
    assert.ok(result, 'the result is posted right after Start');
    assert.match(w.sim.text(result), /khan/i);
    assert.doesNotMatch(w.sim.text(tableMessage(w, gameId)), /Turn: /);
    await click(w, w.users[0]!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.handIndex, 1);
    assert.ok(w.store.timers.forGame(gameId).length > 0, 'hand 2 is in play, with its deadline');
    assert.match(w.sim.text(tableMessage(w, gameId)), /Hand 2[\s\S]*Turn: /);
    assert.equal(w.sim.failedInteractions().length, 0);
  });
});
