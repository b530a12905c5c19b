/** /away (issue #14 §4): the command and the stored away time (the table layer reads isAway/awayUsers). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openTable, slash, withWorld } from './harness.js';

test("/away sets the away time, I'm back and /away for:off end it, bad durations are refused", async () => {
  await withWorld(async (w) => {
    const u = w.users[0]!;
    await openTable(w, 'phom', 2, 0);
    const r = await (await slash(w, u.id, 'away', { for: '3d' })).reply();
    assert.equal(r.ephemeralTo, u.id);
    const until = w.now.t + 3 * 24 * 3_600_000;
    assert.equal(w.store.prefs.get(u.id).awayUntil, until);
    assert.equal(w.store.prefs.isAway(u.id, w.now.t), true);
    assert.deepEqual(w.store.prefs.awayUsers(w.now.t), [{ userId: u.id, until }]);
    assert.ok(w.sim.text(r).includes(`<t:${until / 1000}:F>`));
    assert.match(w.sim.text(r), /your 1 table the AI/);
    await click(w, u.id, r.id, String(buttonByLabel(w.sim, r, "I'm back").custom_id));
    assert.equal(w.store.prefs.isAway(u.id, w.now.t), false);
    assert.match(w.sim.text(r.id), /You are not away/);

    const d = await (await slash(w, u.id, 'away')).reply();
    const g = await (await slash(w, u.id, 'games')).reply();
    assert.match(w.sim.text(g), /You are away \(it ends <t:\d+:R>\)/, '/games says so');
    assert.match(d.content, /You are away until/);
    assert.equal(w.store.prefs.get(u.id).awayUntil, w.now.t + 24 * 3_600_000, 'one day by default');
    const off = await (await slash(w, u.id, 'away', { for: 'off' })).reply();
    assert.match(w.sim.text(off), /You are not away/);
    assert.equal(w.store.prefs.get(u.id).awayUntil, null);
    const bad = await (await slash(w, u.id, 'away', { for: 'soon' })).reply();
    assert.match(w.sim.text(bad), /not a duration/);
    const capped = await (await slash(w, u.id, 'away', { for: '9w' })).reply();
    assert.match(w.sim.text(capped), /at most 30 days/);
    assert.equal(w.store.prefs.get(u.id).awayUntil, w.now.t + 30 * 24 * 3_600_000);
  });
});

test('while away the seat is played for them (source away, marked in the thread); their next click takes it back', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const row = () => w.store.games.get(gameId)!;
    const pendingSeat = () => (w.store.games.state(row()) as { turn: number }).turn;
    const seats = w.store.games.seats(gameId);
    const waiting = seats[pendingSeat()]!;
    // The player whose move it is goes away: the table plays their move at once.
    await slash(w, waiting.userId!, 'away', { for: '2d' });
    await w.bot.whenIdle();
    const log = w.store.games.logWithMeta(gameId);
    const mine = log.filter((e) => e.seat === waiting.seat && e.source === 'away');
    assert.ok(mine.length >= 1, 'played with source away');
    assert.ok(mine.every((e) => e.userId === null));
    assert.equal(w.store.games.seats(gameId)[waiting.seat]!.isAi, false, 'the seat stays the player’s');
    const table = w.sim.message(row().tableMessageId!)!;
    assert.match(w.sim.text(table), /is away/);
    // Any click of theirs at the table ends away mode.
    await click(w, waiting.userId!, table.id, String(buttonByLabel(w.sim, table, 'Open my hand').custom_id));
    assert.equal(w.store.prefs.isAway(waiting.userId!, w.now.t), false);
  });
});

test('a player who goes away while the table is paused is played for as soon as it resumes', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 3, 0, { timer: 'async' });
    const row = () => w.store.games.get(gameId)!;
    const waiting = w.store.games.seats(gameId)[(w.store.games.state(row()) as { turn: number }).turn]!;
    const voters = w.users.slice(0, 3).filter((u) => u.id !== waiting.userId);
    const vote = async (label: string) => {
      for (const u of voters) {
        if ((label === 'Pause') !== (row().status === 'running')) break;
        const tm = w.sim.message(row().tableMessageId!)!;
        await click(w, u.id, tm.id, buttonByLabel(w.sim, tm, label).custom_id as string);
      }
    };
    await vote('Pause');
    assert.equal(row().status, 'paused');
    const h = await slash(w, waiting.userId!, 'away', { for: '2d' });
    await w.bot.whenIdle();
    // The paused table counts among theirs: it is played for at the resume.
    assert.match((await h.reply()).content, /at your 1 table\b/);
    assert.equal(w.store.games.logWithMeta(gameId).filter((e) => e.source === 'away').length, 0, 'nothing played while paused');
    await vote('Resume');
    await w.bot.whenIdle();
    assert.equal(row().status, 'running');
    assert.ok(
      w.store.games.logWithMeta(gameId).some((e) => e.seat === waiting.seat && e.source === 'away'),
      'played for them at the resume',
    );
  });
});

test('/away with no table running says so (not "at your 0 tables")', async () => {
  await withWorld(async (w) => {
    const r = await (await slash(w, w.users[0]!.id, 'away', { for: '1d' })).reply();
    assert.match(w.sim.text(r), /No table of yours is running now/);
    assert.doesNotMatch(w.sim.text(r), /your 0 tables/);
  });
});
