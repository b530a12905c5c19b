/**
 * A player's name is player-chosen text shown in public messages and images. A nickname holding
 * `<@someone>`, `<@&role>`, `@here` or a masked link: nobody outside the table is notified by any
 * message (the client's default allowedMentions parses nothing; the ping names its users), and the
 * name is shown plain: no mention pill of another user, no link (bot/member-name.ts). Before, the
 * table message went out without allowed_mentions and pinged whoever a nickname named.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, withWorld } from './harness.js';
import { plainName } from '../../src/bot/member-name.js';

const ROLE = '111111111111111111';

test('hostile nicknames: no message notifies anyone they name, and the names are shown plain', async () => {
  await withWorld(async (w) => {
    const [host, other] = [w.users[0]!, w.users[1]!];
    const victim = w.admin.id; // not at the table
    const g = w.sim.guild(w.guildId);
    g.members.get(host.id)!.nick = `<@${victim}> [hand](https://x.io)`;
    g.members.get(other.id)!.nick = `<@&${ROLE}> @here\u202Eevil`;
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const seated = new Set([host.id, other.id]);
    const messages = [...w.sim.allMessages(w.channelId), ...w.sim.allMessages(threadId)];
    assert.ok(messages.length > 2);
    for (const m of messages) {
      assert.deepEqual(m.notified.roles, [], w.sim.text(m));
      assert.equal(m.notified.everyone, false, w.sim.text(m));
      for (const u of m.notified.users) assert.ok(seated.has(u), `notified ${u}: ${w.sim.text(m)}`);
    }
    // the turn's ping still notifies the player to act
    assert.ok(
      messages.some((m) => m.notified.users.length > 0),
      'the ping notifies its player',
    );
    // the stored names and the table message: no mention of the victim, no masked link, no override
    const names = w.store.games.seats(gameId).map((s) => s.displayName);
    assert.deepEqual(names, [`‹@${victim}> [hand]\u2060(https://x.io)`, `‹@&${ROLE}> @hereevil`]);
    const table = w.sim.text(w.sim.message(w.store.games.get(gameId)!.tableMessageId!)!);
    assert.doesNotMatch(table, new RegExp(`<@!?${victim}>|<@&${ROLE}>|\\]\\(|\u202E`), table);
  });
});

test('a name stored raw (by an older version) still pings nobody: every message parses no mention it does not list', async () => {
  await withWorld(async (w) => {
    const victim = w.admin.id;
    let gameId = '';
    const raw = `<@${victim}>`;
    // just before Start: the host's seat holds the raw mention, as a row written before member-name.ts
    await openTable(
      w,
      'phom',
      2,
      0,
      {},
      {
        seed: () => {
          gameId = (w.store.db.prepare('SELECT id FROM games ORDER BY rowid DESC LIMIT 1').get() as { id: string }).id;
          const seats = w.store.games.seats(gameId);
          w.store.games.setSeats(
            gameId,
            seats.map((x, k) => (k === 0 ? { ...x, displayName: raw } : x)),
          );
          return 'hostile-names-1';
        },
      },
    );
    assert.equal(w.store.games.seats(gameId)[0]!.displayName, raw);
    const { threadId } = w.store.games.get(gameId)!;
    const posted = [...w.sim.allMessages(w.channelId), ...w.sim.allMessages(threadId!)];
    assert.ok(
      posted.some((m) => w.sim.text(m).includes(raw)),
      'the raw name is in a message',
    );
    for (const m of posted) assert.ok(!m.notified.users.includes(victim), `pinged the victim: ${w.sim.text(m)}`);
  });
});

test('plainName keeps ordinary names whole (emoji sequences, <3, brackets)', () => {
  for (const n of ['Minh', 'Bình 🐉', '👨‍👩‍👧 family', 'An <3', '[VN] Lan', 'a:b', 'Trần Thị Ánh']) assert.equal(plainName(n), n);
  assert.equal(plainName('\u200B\u202E'), '?');
});
