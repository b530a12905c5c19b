/**
 * One member holds at most MAX_OPEN_LOBBIES open lobbies on a server: each keeps a public thread open
 * and a server's active threads are capped for everyone. The next /play is refused ephemerally with
 * links to the open ones; once one is cancelled, /play works again. Another member is not limited.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, slash, withWorld } from './harness.js';
import { MAX_OPEN_LOBBIES } from '../../commands/play.js';

test('a host with the maximum of open lobbies is refused the next one until one closes', async () => {
  await withWorld(async (w) => {
    const [host, other] = [w.users[0]!.id, w.users[1]!.id];
    const lobbies: string[] = [];
    for (let k = 0; k < MAX_OPEN_LOBBIES; k++) lobbies.push((await slash(w, host, 'play', { game: 'phom' })).response!.id);
    const refused = await slash(w, host, 'play', { game: 'chan' });
    assert.equal(refused.response!.ephemeralTo, host);
    const text = w.sim.text(refused.response!);
    assert.match(text, new RegExp(`already host ${MAX_OPEN_LOBBIES} open lobbies`));
    for (const g of w.store.listing.lobbiesHostedBy(w.guildId, host)) assert.ok(text.includes(`<#${g.threadId}>`), text);
    assert.equal(w.store.listing.lobbiesHostedBy(w.guildId, host).length, MAX_OPEN_LOBBIES);
    // another member opens theirs
    assert.equal((await slash(w, other, 'play', { game: 'phom' })).response!.ephemeralTo, undefined);
    // the host cancels one, then may open a new one
    const first = w.sim.message(lobbies[0]!)!;
    await click(w, host, first.id, buttonByLabel(w.sim, first, 'Cancel').custom_id as string);
    const again = await slash(w, host, 'play', { game: 'chan' });
    assert.equal(again.response!.ephemeralTo, undefined);
    assert.equal(w.store.listing.lobbiesHostedBy(w.guildId, host).length, MAX_OPEN_LOBBIES);
  });
});
