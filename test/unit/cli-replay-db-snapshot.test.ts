/**
 * `cli replay-db` beside a running bot (WAL): a game's row, log, result and refund rows are read in
 * one read transaction (one snapshot). Read by separate statements, a hand the bot ended between
 * the log read and the results read showed as a hand that differs (exit 1) though nothing was damaged.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameStore } from '../../src/store/games.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { engineOf } from '../../src/table/manifests.js';
import { cli } from './cli-capture.js';
import { phomTable } from './cli-table.js';

test('replay-db while the bot ends a hand between its reads replays one snapshot: no false "differs"', async () => {
  const { path, store: bot, id } = phomTable('hq-cli-replay-snapshot-', 'snapshot');
  const results = () => (bot.db.prepare('SELECT COUNT(*) AS n FROM results WHERE game_id = ?').get(id) as { n: number }).n;
  // The bot's connection stays open, as a running bot's does; its moves commit right after replay-db
  // has read the log, until the hand ends (its result rows are stored).
  const log = GameStore.prototype.log;
  let moved = 0;
  GameStore.prototype.log = function (this: GameStore, gid: string) {
    const out = log.call(this, gid);
    GameStore.prototype.log = log;
    for (let i = 0; i < 500 && results() === 0; i++) {
      const d = (engineOf('phom').pending(bot.games.load(id)!.state) as { seat: number; options: { type: string }[] }[]).find(
        (x) => x.seat === 0,
      );
      if (!d) break;
      const r = act(
        tableStore(bot),
        { kind: 'move', gameId: id, seat: 0, action: d.options[0]!, ver: null, source: 'player', userId: 'u0' },
        Date.now(),
      );
      assert.equal(r.outcome.ok, true);
      moved++;
    }
    return out;
  };
  try {
    const r = await cli('replay-db', '--db', path, '--game-id', id);
    assert.ok(moved > 0 && results() > 0, 'the bot ended a hand while replay-db was reading');
    const rep = JSON.parse(r.stdout) as { hands: { same: boolean }[]; matchesStored: boolean };
    assert.equal(r.code, 0, `one snapshot replays as stored; got ${r.stdout}`);
    assert.equal(rep.matchesStored, true);
  } finally {
    GameStore.prototype.log = log;
    bot.close();
  }
  // Read again (nothing writing now): the finished hand replays as stored.
  const again = await cli('replay-db', '--db', path, '--game-id', id);
  assert.equal(again.code, 0, again.stdout);
  const hands = (JSON.parse(again.stdout) as { hands: { same: boolean }[] }).hands;
  assert.ok(hands.length >= 1 && hands.every((h) => h.same), again.stdout);
});
