/**
 * One member holds at most MAX_OPEN_LOBBIES open lobbies on a server: each keeps a public thread open
 * and a server's active threads are capped for everyone. The next /play is refused ephemerally with
 * links to the open ones; once one is cancelled, /play works again. Another member is not limited.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openTable, slash, until, withWorld } from './harness.js';
import { MAX_OPEN_LOBBIES } from '../../commands/play.js';

test('a host with the maximum of open lobbies is refused the next one until one closes', async () => {
  await withWorld(async (w) => {
    const [host, other] = [w.users[0]!.id, w.users[1]!.id];
    const lobbies: string[] = [];
    for (let k = 0; k < MAX_OPEN_LOBBIES; k++) lobbies.push((await slash(w, host, 'play', { game: 'phom' })).response!.id);
    const refused = await slash(w, host, 'play', { game: 'chan' });
    assert.equal(refused.response!.ephemeralTo, host);
    const text = w.sim.text(refused.response!);
    assert.match(text, new RegExp(`already host ${MAX_OPEN_LOBBIES} open lobbies or tables you play alone`));
    for (const g of w.store.listing.tablesHeldOpenBy(w.guildId, host)) assert.ok(text.includes(`<#${g.threadId}>`), text);
    assert.equal(w.store.listing.tablesHeldOpenBy(w.guildId, host).length, MAX_OPEN_LOBBIES);
    // another member opens theirs
    assert.equal((await slash(w, other, 'play', { game: 'phom' })).response!.ephemeralTo, undefined);
    // the host cancels one, then may open a new one
    const first = w.sim.message(lobbies[0]!)!;
    await click(w, host, first.id, buttonByLabel(w.sim, first, 'Cancel').custom_id as string);
    const again = await slash(w, host, 'play', { game: 'chan' });
    assert.equal(again.response!.ephemeralTo, undefined);
    assert.equal(w.store.listing.tablesHeldOpenBy(w.guildId, host).length, MAX_OPEN_LOBBIES);
  });
});

test('a table its host plays alone with the AI counts too (it holds a thread open); one shared with another person does not', async () => {
  await withWorld(async (w) => {
    const [host, other] = [w.users[0]!.id, w.users[1]!.id];
    // Two tables alone with the AI, started: /play, Add AI, Start (before, as many as a member liked).
    for (let k = 0; k < 2; k++) {
      const { gameId } = await openTable(w, 'phom', 1, 1);
      assert.equal(w.store.games.get(gameId)!.status, 'running');
    }
    // One shared with another person: the community's, not counted.
    await openTable(w, 'phom', 2, 0);
    assert.equal(w.store.listing.tablesHeldOpenBy(w.guildId, host).length, 2);
    assert.equal((await slash(w, host, 'play', { game: 'phom' })).response!.ephemeralTo, undefined, 'a third');
    const refused = await slash(w, host, 'play', { game: 'chan' });
    assert.equal(refused.response!.ephemeralTo, host);
    const text = w.sim.text(refused.response!);
    assert.match(text, /already host 3 open lobbies or tables you play alone/);
    for (const g of w.store.listing.tablesHeldOpenBy(w.guildId, host)) assert.ok(text.includes(`<#${g.threadId}>`), text);
    assert.equal((await slash(w, other, 'play', { game: 'phom' })).response!.ephemeralTo, undefined, 'another member is not limited');
  });
});

test('a solo table a moderator locked (held: its End match waits for the unlock) does not count toward the cap', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    const tables: string[] = [];
    for (let k = 0; k < 3; k++) tables.push((await openTable(w, 'phom', 1, 1)).gameId);
    assert.equal(w.store.listing.tablesHeldOpenBy(w.guildId, host).length, 3);
    const row = w.store.games.get(tables[0]!)!;
    w.sim.archiveThread(row.threadId!, { locked: true });
    await until(w, 'the lock holds the table', () => w.store.games.get(tables[0]!)!.hold !== null);
    assert.equal(w.store.listing.tablesHeldOpenBy(w.guildId, host).length, 2);
    assert.equal((await slash(w, host, 'play', { game: 'phom' })).response!.ephemeralTo, undefined, 'a place is free');
  });
});

test('ten /play sent at once by one member open no more than the cap (the count and the new lobby are one step)', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    const sent = await Promise.all(Array.from({ length: 10 }, () => w.sim.slash(host, w.channelId, 'play', { game: 'phom' })));
    await Promise.all(sent.map((h) => h.settled({ timeout: 30_000 })));
    await w.bot.whenIdle();
    const opened = sent.filter((h) => h.response!.ephemeralTo === undefined);
    const refused = sent.filter((h) => h.response!.ephemeralTo === host);
    assert.equal(opened.length, MAX_OPEN_LOBBIES);
    assert.equal(refused.length, 10 - MAX_OPEN_LOBBIES);
    for (const h of refused) assert.match(w.sim.text(h.response!), /already host 3 open lobbies/);
    assert.equal(w.store.listing.tablesHeldOpenBy(w.guildId, host).length, MAX_OPEN_LOBBIES);
    assert.equal(w.sim.threads(w.channelId).length, MAX_OPEN_LOBBIES);
  });
});
