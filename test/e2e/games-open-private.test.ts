/**
 * /games show:open lists lobbies with a free seat on the server: only those in channels the member
 * can view (a staff-only channel's lobby, with its host and thread link, was listed to everyone), and
 * its Join refuses a lobby there as not found (it seated anyone before). The simulator resolves
 * channel permission overwrites as Discord does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PermissionFlagsBits as P } from 'discord.js';
import { click, slash, withWorld } from './harness.js';
import type { SimMessage } from '../discord-sim/model.js';

const text = (m: SimMessage) => [m.content, ...m.embeds.map((e) => `${String(e.title ?? '')}\n${String(e.description ?? '')}`)].join('\n');

test('a lobby in a channel the member cannot see is neither listed nor joined by them', async () => {
  await withWorld(
    async (w) => {
      const [host, outsider, staff2] = w.users;
      const staff = w.sim.createTextChannel(w.guildId, 'staff-only');
      await slash(w, host!.id, 'play', { game: 'phom' }, staff.id);
      const gameId = w.store.listing.tablesHeldOpenBy(w.guildId, host!.id)[0]!.id;
      await slash(w, staff2!.id, 'play', { game: 'chan' });
      // listed while the channel is open to everyone
      const before = await (await slash(w, outsider!.id, 'games', { show: 'open' })).reply();
      assert.match(text(before), /Lobbies with free seats \(2\)/);

      // the channel becomes staff-only
      w.sim.setPermissionOverwrite(staff.id, w.guildId, 0, { deny: P.ViewChannel });
      w.sim.setPermissionOverwrite(staff.id, host!.id, 1, { allow: P.ViewChannel });
      w.sim.setPermissionOverwrite(staff.id, staff2!.id, 1, { allow: P.ViewChannel });
      await assert.rejects(async () => w.sim.slash(outsider!.id, staff.id, 'play', { game: 'phom' }), /cannot see/);
      const seen = await (await slash(w, outsider!.id, 'games', { show: 'open' })).reply();
      const listed = text(seen);
      assert.match(listed, /Lobbies with free seats \(1\)/, listed);
      assert.match(listed, /Chắn/);
      assert.doesNotMatch(listed, /Phỏm/);
      // the Join of the earlier listing finds nothing now
      await click(w, outsider!.id, before.id, `x:games:join:${gameId}`);
      assert.match(text(w.sim.message(before.id)!), /not found|no longer exists|cannot find|no such/i);
      assert.ok(!w.store.games.seats(gameId).some((s) => s.userId === outsider!.id));

      // a member who sees the channel has both listed
      const both = await (await slash(w, staff2!.id, 'games', { show: 'open' })).reply();
      assert.match(text(both), /Lobbies with free seats \(2\)/);
    },
    { users: 3 },
  );
});
