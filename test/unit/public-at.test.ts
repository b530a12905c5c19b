/**
 * `public_at`: the last change of a table anyone can see. /history shows it and /games orders by
 * it; a step that changed nothing public (a claim pass while the window stays open) must leave it,
 * or "updated just now" and a table moved to the top of /games would tell that someone passed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { engineOf } from '../../src/table/manifests.js';
import { act } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { canonical } from '../../src/games/core/match.js';
import { GAMES } from '../../src/table/manifests.js';
import { openStore, migrate, schemaVersion, MIGRATIONS_FOR_TEST } from '../store/helpers.js';
import { rig, type Rig } from '../support/table-rig.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { seatToken } from '../../src/table/seat-token.js';
import { tempDir } from '../support/temp-dir.js';

/** Plays the AI's choice for seat through a hand click, as a person would. */
function clickAsAi(r: Rig, gameId: string, seat: number) {
  const g = r.store.games.load(gameId)!;
  const engine = engineOf(g.row.game);
  const d = (engine.pending(g.state) as Decision<BaseAction>[]).find((x) => x.seat === seat)!;
  const want = canonical(engine.ai(g.state, seat));
  const i = d.options.findIndex((a) => canonical(a) === want);
  const res = act(
    r.ts,
    { kind: 'hand', gameId, userId: `u${seat}`, ver: seatToken(r.ts.load(gameId)!, seat), verb: 'act', arg: String(i) },
    r.clock.t,
  );
  if (res.outbox.length) r.store.games.clearOutbox(gameId, res.outbox);
  return res;
}

const claimsOpen = (r: Rig) => r.pending().filter((d) => d.kind === 'claim');

test('a claim pass that leaves the window open moves updated_at but not public_at, nor the table in /games and /history', () => {
  let found = false;
  for (let k = 0; k < 8 && !found; k++) {
    const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: `public-at-${k}` });
    const tick = () => (r.clock.t += 60_000);
    tick();
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    assert.equal(r.store.games.get(r.gameId)!.publicAt, r.clock.t, 'the start is public');
    for (let n = 0; n < 400 && !found; n++) {
      const p = r.pending();
      if (!p.length) break;
      const claims = p.filter((d) => d.kind === 'claim');
      if (claims.length < 2) {
        tick();
        assert.equal(clickAsAi(r, r.gameId, p[0]!.seat).outcome.ok, true);
        continue;
      }
      // Another table of the same players starts after the window opened: it is the newest in public.
      tick();
      const other = r.store.games.create({
        game: 'phom',
        guildId: 'g',
        channelId: 'c',
        threadId: 'th2',
        hostUserId: 'u0',
        options: defaultOptions(GAMES.phom.engine.options) as Record<string, unknown>,
        optionsHash: 'h',
        seed: 'other',
        seats: 4,
      });
      r.store.games.setSeats(
        other.id,
        [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
      );
      act(r.ts, { kind: 'start', gameId: other.id, userId: 'u0' }, r.clock.t);
      const otherAt = r.clock.t;
      const before = r.store.games.get(r.gameId)!;
      assert.ok(before.publicAt < otherAt);
      const order = () => r.store.listing.userTables('g', 'u0').map((g) => g.id);
      const history = () => r.store.games.recent('g', 15).map((g) => g.id);
      assert.deepEqual(order(), [other.id, r.gameId]);

      tick();
      const a = claims[0]!;
      const pass = a.options.findIndex((x) => x.type === 'pass');
      const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${a.seat}`, ver: r.token(a.seat), verb: 'act', arg: String(pass) });
      assert.equal(res.outcome.ok, true);
      if (claimsOpen(r).length === 0) break; // the window closed: a public step; try another deal
      const after = r.store.games.get(r.gameId)!;
      assert.equal(after.updatedAt, r.clock.t, 'the commit itself moved updated_at (internal)');
      assert.ok(after.version > before.version);
      assert.equal(after.publicAt, before.publicAt, 'a hidden pass leaves public_at');
      assert.deepEqual(order(), [other.id, r.gameId], '/games: the hidden pass does not move the table up');
      assert.deepEqual(history(), [other.id, r.gameId], '/history: likewise');

      // The window closes (the other claimants answer); then a turn is played: public.
      for (let m = 0; m < 4 && claimsOpen(r).length; m++) {
        tick();
        assert.equal(clickAsAi(r, r.gameId, claimsOpen(r)[0]!.seat).outcome.ok, true);
      }
      const turn = r.pending().find((d) => d.kind === 'turn');
      assert.ok(turn, 'a turn after the window');
      tick();
      assert.equal(clickAsAi(r, r.gameId, turn.seat).outcome.ok, true);
      assert.equal(r.store.games.get(r.gameId)!.publicAt, r.clock.t, 'a turn played is public');
      assert.deepEqual(order(), [r.gameId, other.id]);
      assert.deepEqual(history(), [r.gameId, other.id]);
      found = true;
    }
  }
  assert.ok(found, 'a window with two claimants, left open by a pass');
});

test('lobby changes are public, the bot bookkeeping is not', () => {
  const r = rig('phom', ['human', 'human']);
  const t0 = r.store.games.get(r.gameId)!.publicAt;
  r.clock.t += 1000;
  r.store.games.update(r.gameId, { tableMessageId: 'm1', lastNotice: 'x' });
  assert.equal(r.store.games.get(r.gameId)!.publicAt, t0);
  r.clock.t += 1000;
  r.store.games.update(r.gameId, { timeoutPolicy: 'ai' });
  assert.equal(r.store.games.get(r.gameId)!.publicAt, r.clock.t);
});

test('migration: existing games get public_at = updated_at', (t) => {
  const path = join(tempDir('hq-public-at-', t), 'test.db');
  const old = new Database(path);
  migrate(
    old,
    MIGRATIONS_FOR_TEST.filter((m) => m.version < 15),
  );
  old
    .prepare(
      "INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at) VALUES ('m15','phom','{}','h','s',4,'finished',1,1234)",
    )
    .run();
  old.close();
  const store = openStore(path, engineOf);
  assert.equal(schemaVersion(store.db), MIGRATIONS_FOR_TEST.at(-1)!.version);
  assert.equal(store.games.get('m15')!.publicAt, 1234);
  store.close();
});

test('migration 24: an open lobby starts its idle time at the upgrade (older releases did not date joins); other games keep theirs', (t) => {
  const path = join(tempDir('hq-public-at-', t), 'test.db');
  const old = new Database(path);
  migrate(
    old,
    MIGRATIONS_FOR_TEST.filter((m) => m.version < 24),
  );
  const add = old.prepare(
    "INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at, public_at) VALUES (?, 'phom', '{}', 'h', 's', 4, ?, 1, 1234, 1234)",
  );
  add.run('lob', 'lobby');
  add.run('run', 'running');
  old.close();
  const before = Date.now();
  const store = openStore(path, engineOf);
  assert.ok(store.games.get('lob')!.publicAt >= before - 1000, 'the lobby is dated at the upgrade');
  assert.equal(store.games.get('run')!.publicAt, 1234, 'a running game keeps its last public change');
  store.close();
});
