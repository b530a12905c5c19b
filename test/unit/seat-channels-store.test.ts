/**
 * Migration 13 and the seat channel store (issue #13 §1): the per-user seat view place (default
 * ephemeral, checked), the once-told fallback notice, the seat channel rows (open, update, lookup
 * by user, replace, remove, cascade with the game) and /privacy erasure.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore, migrate, schemaVersion, eraseUser, unhandledUserColumns } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { engineOf } from '../../src/table/manifests.js';
import { tempDir } from '../support/temp-dir.js';

const tmpDb = () => join(tempDir('hq-seatch-'), 'hq.db');

function withGame() {
  const store = openStore(tmpDb(), engineOf, () => 1000);
  const g = store.games.create({ game: 'phom', options: {}, optionsHash: 'h', seed: 's', seats: 2, guildId: 'g1', channelId: 'c1' });
  return { store, gameId: g.id };
}

test('migration 13 brings a version-12 database forward: the place defaults to ephemeral, bad places are refused', () => {
  const path = tmpDb();
  const old = new Database(path);
  migrate(
    old,
    MIGRATIONS.filter((m) => m.version <= 12),
  );
  old.prepare("INSERT INTO user_prefs (user_id, updated_at) VALUES ('u1', 1)").run();
  old.close();
  const store = openStore(path, engineOf, () => 5);
  assert.equal(schemaVersion(store.db), MIGRATIONS.at(-1)!.version);
  assert.deepEqual(store.seatChannels.place('u1'), { place: 'ephemeral', lang: null });
  assert.deepEqual(store.seatChannels.place('nobody'), { place: 'ephemeral', lang: null });
  assert.throws(() => store.db.prepare("UPDATE user_prefs SET seat_place = 'pigeon' WHERE user_id = 'u1'").run(), /CHECK/);
  assert.throws(() => store.seatChannels.setPlace('u1', 'pigeon' as never, null), /bad seat place/);
  store.seatChannels.setPlace('u1', 'thread', 'vi');
  store.seatChannels.setPlace('u2', 'dm', 'en');
  assert.deepEqual(store.seatChannels.place('u1'), { place: 'thread', lang: 'vi' });
  assert.deepEqual(store.seatChannels.place('u2'), { place: 'dm', lang: 'en' });
  // The DM notice preferences of migration 9 are untouched.
  assert.equal(store.prefs.get('u2').notify.turn, false);
  store.close();
});

test('a fallback is told once; closed DMs put the choice back to ephemeral, a missing permission keeps it', () => {
  const { store, gameId } = withGame();
  const s = store.seatChannels;
  s.setPlace('a', 'dm', 'en');
  s.setPlace('b', 'thread', 'en');
  s.open({ gameId, seat: 1, userId: 'b', place: 'thread', channelId: null, lang: 'en', failed: 'thread-perm' });
  s.fellBack('a', 'dm-closed');
  s.tableFellBack(gameId, 1, 'thread-perm');
  assert.equal(s.place('a').place, 'ephemeral');
  assert.equal(s.place('b').place, 'thread');
  assert.equal(s.takeNotice('a'), 'dm-closed');
  assert.equal(s.takeNotice('a'), null, 'once');
  assert.equal(s.takeNotice('b'), null, "a table's fallback is not the user's");
  assert.equal(s.takeTableNotice(gameId, 'b'), 'thread-perm');
  assert.equal(s.takeTableNotice(gameId, 'b'), null, 'once');
  // Choosing again clears a notice not yet told.
  s.fellBack('b', 'dm-closed');
  s.setPlace('b', 'dm', 'en');
  assert.equal(s.takeNotice('b'), null);
  store.close();
});

test("a table's fallback is kept with that table's seat channel: another table's is another notice, re-opening the channel drops it", () => {
  const store = openStore(tmpDb(), engineOf, () => 1000);
  const mk = () =>
    store.games.create({ game: 'phom', options: {}, optionsHash: 'h', seed: 's', seats: 2, guildId: 'g1', channelId: 'c1' }).id;
  const [g1, g2] = [mk(), mk()];
  const s = store.seatChannels;
  s.open({ gameId: g1, seat: 0, userId: 'a', place: 'thread', channelId: null, lang: 'en', failed: 'thread-kind' });
  s.tableFellBack(g1, 0, 'thread-kind');
  s.open({ gameId: g2, seat: 1, userId: 'a', place: 'thread', channelId: 't2', lang: 'en' });
  s.tableFellBack(g2, 1, 'unreachable');
  assert.equal(s.takeTableNotice(g2, 'a'), 'unreachable', 'the second table has its own');
  assert.equal(s.takeTableNotice(g1, 'a'), 'thread-kind', 'not overwritten by the second');
  assert.equal(s.takeTableNotice(g1, 'b'), null, "nobody else's");
  s.tableFellBack(g2, 1, 'unreachable');
  s.tableFellBack(g2, 1, null);
  assert.equal(s.takeTableNotice(g2, 'a'), null, 'cleared: the channel works again');
  s.tableFellBack(g1, 0, 'thread-kind');
  s.open({ gameId: g1, seat: 0, userId: 'a', place: 'dm', channelId: 'd1', lang: 'en' });
  assert.equal(s.takeTableNotice(g1, 'a'), null, 'the view moved (a DM now): the old fallback is moot');
  store.close();
});

test('migration 38 moves a waiting table fallback from the user to their seat channels that fell back for it; closed DMs stay', () => {
  const path = tmpDb();
  const old = new Database(path);
  migrate(
    old,
    MIGRATIONS.filter((m) => m.version <= 37),
  );
  old.exec(`INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at)
    VALUES ('g1', 'phom', '{}', 'h', 's', 2, 'running', 1, 1), ('g2', 'phom', '{}', 'h', 's', 2, 'running', 1, 1)`);
  old.exec(`INSERT INTO user_prefs (user_id, seat_notice, updated_at) VALUES ('a', 'thread-kind', 1), ('b', 'dm-closed', 1)`);
  old.exec(`INSERT INTO seat_channels (game_id, seat, user_id, place, lang, failed, updated_at) VALUES
    ('g1', 0, 'a', 'thread', 'en', 'thread-kind', 1), ('g2', 0, 'a', 'thread', 'en', NULL, 1),
    ('g1', 1, 'b', 'dm', 'en', 'dm-closed', 1)`);
  old.close();
  const store = openStore(path, engineOf, () => 5);
  const s = store.seatChannels;
  assert.equal(schemaVersion(store.db), MIGRATIONS.at(-1)!.version);
  assert.equal(s.takeTableNotice('g2', 'a'), null, 'not at a table whose channel works');
  assert.equal(s.takeTableNotice('g1', 'a'), 'thread-kind');
  assert.equal(s.takeNotice('a'), null, 'no longer told at any table');
  assert.equal(s.takeTableNotice('g1', 'b'), null);
  assert.equal(s.takeNotice('b'), 'dm-closed', "closed DMs stay the user's");
  store.close();
});

test('seat channel rows: open, update, find by user and message, replace, remove, cascade with the game', () => {
  const { store, gameId } = withGame();
  const s = store.seatChannels;
  assert.equal(s.get(gameId, 0), null);
  s.open({ gameId, seat: 0, userId: 'a', place: 'thread', channelId: 't1', lang: 'vi' });
  s.update(gameId, 0, { messageId: 'm1', hand: 0, sig: 'x', acting: true, pingId: 'p1' });
  assert.deepEqual(s.get(gameId, 0), {
    gameId,
    seat: 0,
    userId: 'a',
    place: 'thread',
    channelId: 't1',
    messageId: 'm1',
    hand: 0,
    pingId: 'p1',
    acting: true,
    sig: 'x',
    lang: 'vi',
    failed: null,
  });
  assert.equal(s.ofUser(gameId, 'a')?.seat, 0);
  assert.equal(s.ofUser(gameId, 'b'), null);
  s.update(gameId, 0, { pingId: null, acting: false });
  assert.equal(s.get(gameId, 0)!.pingId, null);
  assert.equal(s.get(gameId, 0)!.acting, false);
  // Re-opened (another place, another player): a fresh record, no message.
  s.open({ gameId, seat: 0, userId: 'b', place: 'dm', channelId: null, lang: 'en', failed: 'dm-closed' });
  const r = s.get(gameId, 0)!;
  assert.equal(r.userId, 'b');
  assert.equal(r.messageId, null);
  assert.equal(r.failed, 'dm-closed');
  assert.throws(() => store.db.prepare(`UPDATE seat_channels SET place = 'ephemeral' WHERE game_id = ?`).run(gameId), /CHECK/);
  s.open({ gameId, seat: 1, userId: 'c', place: 'dm', channelId: 'd1', lang: 'en' });
  assert.deepEqual(
    s.forGame(gameId).map((x) => x.seat),
    [0, 1],
  );
  s.remove(gameId, 0);
  assert.deepEqual(
    s.forGame(gameId).map((x) => x.seat),
    [1],
  );
  store.db.prepare('DELETE FROM games WHERE id = ?').run(gameId);
  assert.deepEqual(s.forGame(gameId), [], 'deleted with the game');
  store.close();
});

test('/privacy erasure deletes the seat channel rows and the place; no user column is left unhandled', () => {
  const { store, gameId } = withGame();
  store.seatChannels.setPlace('a', 'thread', 'en');
  store.seatChannels.open({ gameId, seat: 0, userId: 'a', place: 'thread', channelId: 't1', lang: 'en' });
  assert.deepEqual(unhandledUserColumns(store.db), []);
  const out = eraseUser(store.db, 'a');
  assert.equal(out.ok, true);
  assert.equal(store.seatChannels.ofUser(gameId, 'a'), null);
  assert.equal(store.seatChannels.place('a').place, 'ephemeral');
  store.close();
});
