/**
 * A match nobody plays any more ends by itself (/config idle-days, default 30;
 * src/bot/idle-expiry.ts): nothing public changed at the table within that many days (a result
 * nobody follows up, a Chắn move without a deadline nobody makes, reminded daily, a pause nobody
 * ends), so the housekeeping round ends it as End match would: the final standings are posted, the
 * table says why, the thread is archived and locked. 0 keeps it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, buttonByLabel, click, openTable, playHandToEnd, slash, tableMessage, withWorld, type World } from './harness.js';

const DAY = 24 * 3600_000;

async function atResult(w: World, game = 'phom', humans = 2) {
  const t = await openTable(w, game, humans, 0, { timer: 'async' });
  await playHandToEnd(w, t.gameId);
  await w.bot.whenIdle();
  const result = () => w.sim.allMessages(t.threadId).find((m) => w.sim.text(m).includes('Hand 1 is over'));
  assert.ok(result(), 'the result is posted');
  return { ...t, result };
}
const ends = (w: World, threadId: string) => w.sim.allMessages(threadId).filter((m) => /Match over: final totals/.test(w.sim.text(m)));

test('a result nobody follows up for idle-days (30 by default) ends the match: standings posted, the table says why, the thread locked', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, result } = await atResult(w);
    await later(w, 29 * DAY);
    assert.equal(w.store.games.get(gameId)!.status, 'running', 'twenty-nine days: still waiting');
    await later(w, DAY + 11 * 60_000);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.equal(ends(w, threadId).length, 1, 'the final standings are posted');
    assert.match(w.sim.text(tableMessage(w, gameId)), /The match ended by itself: nothing happened at the table for 30 days/);
    assert.equal(w.sim.channel(threadId).locked, true);
    assert.equal(w.sim.channel(threadId).archived, true);
    // The result's buttons answer as for any ended match.
    const r = result()!;
    const h = await click(w, w.users[0]!.id, r.id, buttonByLabel(w.sim, r, 'Next hand').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.handIndex, 0, 'no hand is dealt');
    assert.equal(h.failed, false);
    assert.match(w.sim.text(h.followUps[0]!), /This game has ended/);
    await later(w, 30 * DAY);
    assert.equal(ends(w, threadId).length, 1, 'once');
  });
});

test('idle-days is per server and game and applies to running tables: 0 keeps an idle table, 1 ends it after a day; a public change restarts the count', async () => {
  await withWorld(async (w) => {
    const set = async (game: string, value: string) =>
      (await slash(w, w.admin.id, 'config', { set: { game, key: 'idle-days', value } })).response!.content;
    const chan = await atResult(w, 'chan', 4);
    assert.match(await set('chan', '0'), /idle-days is now 0\.[\s\S]*applies to running games too/);
    assert.match(await set('chan', '91'), /0–90/, 'out of range is refused with the range');
    await later(w, 60 * DAY);
    assert.equal(w.store.games.get(chan.gameId)!.status, 'running', '0: it waits');
    assert.match(await set('chan', '1'), /idle-days is now 1/);
    // The result waited 60 days already: the next round ends it.
    await later(w, 11 * 60_000);
    assert.equal(w.store.games.get(chan.gameId)!.status, 'finished', 'the setting applies to a table already waiting');
    assert.match(
      w.sim.text(tableMessage(w, chan.gameId)),
      /nothing happened at the table for 60 days\./,
      'how long it was idle, not the setting',
    );

    // Phỏm keeps the default (30): a seat left 10 days in is a public change, and the count starts again.
    const phom = await atResult(w, 'phom');
    await later(w, 10 * DAY);
    const leave = buttonByLabel(w.sim, tableMessage(w, phom.gameId), 'Leave the table');
    const ask = await click(w, w.users[1]!.id, tableMessage(w, phom.gameId).id, leave.custom_id as string);
    const question = ask.followUps[0]!;
    await click(w, w.users[1]!.id, question.id, buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, leave').custom_id as string);
    const changedAt = w.store.games.get(phom.gameId)!.publicAt;
    assert.equal(changedAt, w.now.t, 'leaving is a public change');
    await later(w, 29 * DAY);
    assert.equal(w.store.games.get(phom.gameId)!.status, 'running', '29 days after the change: still waiting');
    await later(w, DAY + 11 * 60_000);
    assert.equal(w.store.games.get(phom.gameId)!.status, 'finished');
  });
});

test('a Chắn table without deadlines whose players went away (reminded every day) ends after idle-days; so does a pause nobody ends', async () => {
  await withWorld(async (w) => {
    const chan = await openTable(w, 'chan', 4, 0);
    assert.ok(w.store.timers.forGame(chan.gameId).length, 'a decision without a deadline waits');
    const reminders = () => w.sim.allMessages(chan.threadId).filter((m) => /Reminder|still waiting/i.test(w.sim.text(m))).length;
    for (let d = 0; d < 29; d++) await later(w, DAY);
    assert.equal(w.store.games.get(chan.gameId)!.status, 'running', 'reminders are not changes, but 29 days are not 30');
    assert.ok(reminders() > 0, 'it was reminded');
    await later(w, DAY + 11 * 60_000);
    assert.equal(w.store.games.get(chan.gameId)!.status, 'finished');
    assert.equal(w.store.timers.forGame(chan.gameId).length, 0, 'no timer is left');
    const after = reminders();
    await later(w, 3 * DAY);
    assert.equal(reminders(), after, 'no reminder after the end');

    // A paused table: both players vote Pause, nobody resumes.
    const p = await openTable(w, 'phom', 2, 0);
    const tm = tableMessage(w, p.gameId);
    const pause = buttonByLabel(w.sim, tm, 'Pause').custom_id as string;
    await click(w, w.users[0]!.id, tm.id, pause);
    await click(w, w.users[1]!.id, tm.id, pause);
    assert.equal(w.store.games.get(p.gameId)!.status, 'paused');
    await later(w, 29 * DAY);
    assert.equal(w.store.games.get(p.gameId)!.status, 'paused');
    await later(w, DAY + 11 * 60_000);
    assert.equal(w.store.games.get(p.gameId)!.status, 'finished');
    assert.match(w.sim.text(tableMessage(w, p.gameId)), /nothing happened at the table for 30 days/);
    assert.equal(ends(w, p.threadId).length, 1);
  });
});
