/**
 * DM clicks under sharding (docs/scaling.md): Discord sends every DM interaction to shard 0, whatever
 * the game's server. A player of a server on shard 1 keeps their seat view in DMs (/prefs hand-view dm)
 * and plays from it: each click arrives at shard 0's process, which passes it to shard 1's
 * (src/bot/dm-forward.ts), where the game, its lock and its server's channels are. Both database
 * layouts: one file per shard (before: "This game no longer exists") and one shared file (before: shard
 * 0 played the move itself and could not edit the table message of a server it does not hold).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DiscordSim } from '../discord-sim/index.js';
import type { SimMessage } from '../discord-sim/model.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';
import { canonical } from '../../src/games/core/match.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { optionComponent, readGame } from './bot-process.js';
import Database from 'better-sqlite3';
import { GameStore } from '../../src/store/games.js';
import { initialState } from '../../src/store/replay.js';
import { removeTempDir, tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const engine = engineOf('phom');

/**
 * A two-seat deal whose hand, played by the AI as the test plays it, lasts at least `moves`
 * decisions. /play's seed is the interaction id: 0.6 % of two-seat deals end (Ù khan at the deal,
 * or a Ù within the first moves) before the player's turn comes back for the second test.
 */
function lastingSeed(options: unknown, moves = 16): string {
  for (let k = 0; k < 200; k++) {
    const seed = `shards-dm-${k}`;
    let state = initialState(engine, options, 2, seed);
    let n = 0;
    for (; n < moves && !engine.result(state); n++) {
      const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
      const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
      assert.ok(r.ok);
      state = r.value;
    }
    if (n >= moves) return seed;
  }
  throw new Error(`no two-seat deal lasts ${moves} decisions`);
}

for (const layout of ['one file per shard', 'one shared file'] as const) {
  describe(`DM clicks of a shard-1 server's game, ${layout}`, { timeout: 180_000 }, () => {
    let sim: DiscordSim;
    let launcher: ChildProcess;
    let dir: string;
    let guildId = '';
    let channelId = '';
    let player = '';
    let gameId = '';
    const pids: number[] = [];
    /** The database file that holds shard 1's games. */
    const dbOf = () => join(dir, layout === 'one file per shard' ? 'hq-1.db' : 'hq.db');
    const game = () => readGame(dbOf(), gameId);
    /** The version the table message shows (the bot records it once the edit landed). */
    const shown = () => {
      const db = new Database(dbOf(), { readonly: true });
      try {
        return new GameStore(db, engineOf).shownVersion(gameId);
      } finally {
        db.close();
      }
    };

    before(async () => {
      sim = await DiscordSim.start({ shards: 2 });
      dir = tempDir('hq-shards-dm-');
      const g = sim.createGuild({ name: 'Quán', locale: 'en-US', shard: 1 });
      guildId = g.id;
      channelId = sim.createTextChannel(g.id, 'games').id;
      player = sim.createUser({ username: 'an', locale: 'en-US' }).id;
      sim.addMember(g.id, player);
      await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: g.id });
      // Global commands too: /away in DMs (Discord offers a bot's global commands there).
      await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId });
      launcher = spawn(process.execPath, programArgs('src/ops/launch.ts'), {
        env: {
          ...process.env,
          SHARDS: '2',
          SHARD_SPAWN_DELAY_MS: '100',
          DISCORD_TOKEN: sim.token,
          DISCORD_API_BASE: sim.apiBase,
          DATABASE_PATH: join(dir, layout === 'one file per shard' ? 'hq-{shard}.db' : 'hq.db'),
          RENDER_WORKERS: '0',
          AI_WORKERS: '0',
          LOG_LEVEL: 'warn',
          DEFAULT_LOCALE: 'en',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      launcher.stdout!.on('data', (d: Buffer) => {
        for (const m of String(d).matchAll(/shard \d+\/2 process (\d+) started/g)) pids.push(Number(m[1]));
        if (process.env.HQ_TEST_LOG) process.stderr.write(d);
      });
      launcher.stderr!.on('data', (d: Buffer) => process.env.HQ_TEST_LOG && process.stderr.write(d));
      await sim.waitFor(() => sim.connectedBots(0) === 1 && sim.connectedBots(1) === 1, {
        timeout: 90_000,
        message: 'both shards connect',
      });
    });

    after(async () => {
      launcher.kill('SIGTERM');
      await new Promise((r) => (launcher.exitCode !== null ? r(null) : launcher.once('exit', r)));
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await sim.stop();
      removeTempDir(dir);
    });

    it('a Phỏm table with the seat view in DMs: the DM clicks play the moves and the table message follows', async () => {
      assert.equal(sim.shardOf(guildId), 1);
      const prefs = await sim.slash(player, channelId, 'prefs', { 'hand-view': 'dm' });
      await prefs.settled({ timeout: 30_000 });
      const play = await sim.slash(player, channelId, 'play', { game: 'phom', timer: 'async' });
      const lobby = await play.reply({ timeout: 30_000 });
      const btn = (label: string) => sim.findButton(sim.message(lobby.id)!, (c) => c.label === label)!.custom_id as string;
      gameId = decodeGameId(btn('Join'))!.gameId;
      await (await sim.click(player, lobby.id, btn('Add AI player'))).settled({ timeout: 30_000 });
      await sim.waitFor(() => !sim.findButton(sim.message(lobby.id)!, (c) => c.label === 'Start')!.disabled, { message: 'Start enabled' });
      // A fixed deal (as openTable gives): the bot reads the lobby's row from the file at Start.
      const db = new Database(dbOf());
      try {
        db.pragma('busy_timeout = 5000');
        const { options } = db.prepare('SELECT options FROM games WHERE id = ?').get(gameId) as { options: string };
        db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(lastingSeed(JSON.parse(options)), gameId);
      } finally {
        db.close();
      }
      await (await sim.click(player, lobby.id, btn('Start'))).settled({ timeout: 30_000 });
      await sim.waitFor(() => game().row.tableMessageId, { timeout: 30_000, message: 'table drawn' });
      const dm = await sim.waitFor(() => sim.dmChannel(player), { timeout: 30_000, message: 'a DM channel' });
      const handMessage = () =>
        sim
          .visibleMessages(dm.id, player)
          .filter((m) => m.authorId === sim.botUserId && sim.components(m).some((c) => decodeGameId(String(c.custom_id))?.verb === 'act'))
          .at(-1);

      let moves = 0;
      for (let k = 0; k < 40 && moves < 4; k++) {
        const g = game();
        const d = (engine.pending(g.state) as Decision<BaseAction>[])[0];
        if (!d || engine.result(g.state)) break;
        const mine = g.seats[d.seat]!.userId === player;
        if (!mine) {
          await sim.waitFor(() => game().row.version > g.row.version, { timeout: 30_000, message: 'the AI seat moves' });
          continue;
        }
        // The DM hand message shows this turn's buttons (its view token is in their custom_ids).
        const hand: SimMessage = await sim.waitFor(
          () => {
            const m = handMessage();
            return m && sim.components(sim.message(m.id)!).some((c) => decodeGameId(String(c.custom_id))?.ver !== undefined)
              ? m
              : undefined;
          },
          { timeout: 30_000, message: 'the DM hand view' },
        );
        await sim.waitFor(() => shown() === g.row.version, { timeout: 30_000, message: 'the table shows the current state' });
        const idx = d.options.findIndex((x) => canonical(x) === canonical(engine.ai(g.state, d.seat)));
        const comp = optionComponent(sim.components(sim.message(hand.id)!), idx);
        assert.ok(comp, `the DM hand view offers option ${idx}`);
        const tableEdits = sim.message(g.row.tableMessageId!)!.edits;
        const h =
          comp.type === 2
            ? await sim.click(player, hand.id, comp.custom_id as string)
            : await sim.select(player, hand.id, comp.custom_id as string, [String(idx)]);
        await h.settled({ timeout: 30_000 });
        assert.equal(h.failed, false, 'the click was answered in time');
        for (const f of h.followUps) assert.doesNotMatch(sim.text(f), /no longer exists|try again/, 'not refused');
        await sim.waitFor(() => game().row.version > g.row.version, { timeout: 30_000, message: 'the DM move is in the log' });
        const after = game();
        assert.equal(after.log.find((e) => e.seq === g.row.version + 1)?.userId, player, "the move is the player's click");
        await sim.waitFor(() => sim.message(g.row.tableMessageId!)!.edits > tableEdits, {
          timeout: 30_000,
          message: 'the table message in the thread is edited',
        });
        moves++;
      }
      assert.ok(moves >= 2, `played ${moves} moves from the DM`);
      assert.deepEqual(sim.failedInteractions(), []);
    });

    it("/away given in DMs (shard 0) plays the player's waiting seat at shard 1's table, by shard 1", async () => {
      const dm = sim.dmChannel(player)!;
      // The player's turn, with the AI seat's answers done.
      await sim.waitFor(
        () => {
          const g = game();
          const d = (engine.pending(g.state) as Decision<BaseAction>[])[0];
          return d && g.seats[d.seat]!.userId === player && shown() === g.row.version ? g : undefined;
        },
        { timeout: 30_000, message: "the player's turn, shown" },
      );
      const before = game();
      const tableEdits = sim.message(before.row.tableMessageId!)!.edits;
      const away = await sim.slash(player, dm.id, 'away', { for: '2h' });
      await away.settled({ timeout: 30_000 });
      assert.equal(away.failed, false);
      await sim.waitFor(() => game().row.version > before.row.version, {
        timeout: 30_000,
        message: 'the seat is played for the away player',
      });
      const entry = game().log.find((e) => e.seq === before.row.version + 1)!;
      assert.notEqual(entry.source, 'player', 'played for them, not by a click');
      await sim.waitFor(() => sim.message(before.row.tableMessageId!)!.edits > tableEdits, {
        timeout: 30_000,
        message: 'the table message in the thread is edited',
      });
      assert.deepEqual(sim.failedInteractions(), []);
    });
  });
}
