/**
 * /privacy delete-my-data end to end (issue #18 §3), the real bot against the simulator: refused while
 * the user sits at a running table; after the match ends, the ephemeral confirm button erases them
 * (seats and results show "former player", the leaderboard no longer lists them) and every game in
 * the database still replays to its stored results (`npm run cli -- replay-db --all`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buttonByLabel, click, openTable, playHandToEnd, slash, withWorld, endMatch } from './harness.js';
import { FORMER_PLAYER } from '../../src/store/index.js';
import { replayAllGames } from '../../src/cli/replay-db.js';
import { programArgs } from '../support/program.js';

const root = join(import.meta.dirname, '..', '..');

test(
  '/privacy delete-my-data: refused while playing, then confirmed: the user leaves the records, the games replay the same',
  { timeout: 240_000 },
  async () => {
    await withWorld(
      async (w) => {
        const [an, binh] = w.users as [{ id: string; name: string }, { id: string; name: string }];
        const { gameId, threadId } = await openTable(w, 'phom', 2, 2);

        const refused = await slash(w, an.id, 'privacy', { 'delete-my-data': {} });
        const r0 = await refused.reply();
        assert.equal(r0.ephemeralTo, an.id);
        assert.match(w.sim.text(r0), /still seated at an open table/);
        assert.match(w.sim.text(r0), new RegExp(gameId));
        assert.equal(w.sim.components(r0).length, 0, 'no confirm button while playing');

        await playHandToEnd(w, gameId);
        const result = w.sim.visibleMessages(threadId, an.id).find((m) => w.sim.text(m).includes('Hand 1 is over'))!;
        await endMatch(w, an.id, result);
        assert.equal(w.store.games.get(gameId)!.status, 'finished');
        const board0 = await (await slash(w, binh.id, 'leaderboard', { game: 'phom' })).reply();
        assert.match(w.sim.text(board0) + JSON.stringify(board0.embeds), new RegExp(an.id));
        const before = replayAllGames(w.dbPath);

        const ask = await slash(w, an.id, 'privacy', { 'delete-my-data': {} });
        const m = await ask.reply();
        assert.equal(m.ephemeralTo, an.id);
        assert.match(w.sim.text(m), /cannot be undone/);
        await click(w, an.id, m.id, buttonByLabel(w.sim, w.sim.message(m.id)!, 'Delete my data').custom_id as string);
        const done = w.sim.message(m.id)!;
        assert.match(w.sim.text(done), /Done\. You were removed from 1 game/);
        assert.equal(w.sim.components(done).length, 0, 'the buttons are gone');

        const seats = w.store.games.seats(gameId);
        assert.deepEqual(
          seats.filter((s) => !s.isAi).map((s) => [s.userId, s.displayName]),
          [
            [null, FORMER_PLAYER],
            [binh.id, 'binh'],
          ],
        );
        const rows = w.store.db.prepare('SELECT DISTINCT user_id, display_name FROM results WHERE game_id = ? AND seat = 0').all(gameId);
        assert.deepEqual(rows, [{ user_id: null, display_name: FORMER_PLAYER }]);
        const board = await (await slash(w, binh.id, 'leaderboard', { game: 'phom' })).reply();
        assert.doesNotMatch(w.sim.text(board) + JSON.stringify(board.embeds), new RegExp(an.id), 'the leaderboard no longer lists them');
        assert.match(w.sim.text(board) + JSON.stringify(board.embeds), new RegExp(binh.id));
        assert.equal((w.store.db.prepare('SELECT COUNT(*) AS n FROM actions WHERE user_id = ?').get(an.id) as { n: number }).n, 0);

        // The action log still replays to the same results.
        assert.deepEqual(replayAllGames(w.dbPath), before);
        const cli = spawnSync(process.execPath, [...programArgs('src/cli/main.ts'), 'replay-db', '--db', w.dbPath, '--all'], {
          cwd: root,
          encoding: 'utf8',
        });
        assert.equal(cli.status, 0, cli.stderr + cli.stdout);

        // Cancel deletes nothing (the confirm button sits on an ephemeral message: only the asker sees it,
        // and the handler checks the user id it carries anyway).
        const other = await (await slash(w, binh.id, 'privacy', { 'delete-my-data': {} })).reply();
        await click(w, binh.id, other.id, buttonByLabel(w.sim, w.sim.message(other.id)!, 'Cancel').custom_id as string);
        assert.match(w.sim.text(other.id), /Nothing was deleted/);
        assert.equal(w.store.games.seats(gameId).find((s) => s.userId === binh.id)?.displayName, 'binh');
      },
      { users: 2 },
    );
  },
);
