/**
 * Shards (issue #18 §2): `npm start`'s launcher (src/ops/launch.ts) with SHARDS=auto runs discord.js's
 * ShardingManager, which asks the simulator for the recommended count (2) and runs the real bot
 * (src/bot/main.ts) once per shard, both processes on one SQLite file (WAL). Three guilds (one on
 * shard 0, two on shard 1) play Phỏm at once; shard 1's process is killed with SIGKILL: shard 0's game
 * goes on meanwhile, the manager respawns shard 1, and its games resume (a hand view drawn before the
 * kill is clicked and answered after the respawn). Every game's log stays contiguous and replays.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DiscordSim } from '../discord-sim/index.js';
import type { SimMessage } from '../discord-sim/model.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { replayLog } from '../../src/store/replay.js';
import { engineOf } from '../../src/table/manifests.js';
import { openStore } from '../../src/store/index.js';
import { canonical } from '../../src/games/core/match.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { optionComponent, readGame as readProcessGame } from './bot-process.js';
import { removeTempDir, tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const engine = engineOf('phom');

interface Table {
  guildId: string;
  shard: number;
  channelId: string;
  users: [string, string];
  gameId: string;
}

describe('SHARDS=auto: two shard processes under the ShardingManager, one database', { timeout: 180_000 }, () => {
  let sim: DiscordSim;
  let launcher: ChildProcess;
  let dbPath: string;
  const pids = new Map<number, number[]>();
  let out = '';
  const tables: Table[] = [];
  /** Table edits of shard 0's game made by shard 1's start-up sweep after its respawn. */
  let sweptOther = -1;
  /** REST requests about shard 0's game's thread made by shard 1's start-up sweep. */
  let touchedOther = -1;

  const readGame = (gameId: string) => readProcessGame(dbPath, gameId);

  /** The player to act opens their hand (an ephemeral view with the move buttons). */
  const openHand = async (t: Table) => {
    const g = readGame(t.gameId);
    const d = (engine.pending(g.state) as Decision<BaseAction>[])[0]!;
    const table = sim.message(g.row.tableMessageId!)!;
    const h = await sim.click(
      g.seats[d.seat]!.userId!,
      table.id,
      sim.findButton(table, (c) => c.label === 'Open my hand')!.custom_id as string,
    );
    return { hand: await h.reply({ timeout: 30_000 }), version: g.row.version };
  };
  /** Plays the AI's choice on a hand view drawn at `version`; resolves once the move is in the log. */
  const playOn = async (t: Table, hand: SimMessage, version: number) => {
    const g = readGame(t.gameId);
    assert.equal(g.row.version, version, 'the hand view is current');
    const d = (engine.pending(g.state) as Decision<BaseAction>[])[0]!;
    // Never Ù: a hand that ends within the test's few moves would leave nothing to play (CI saw one).
    const choice = engine.ai(g.state, d.seat) as BaseAction;
    const pick = choice.type === 'u' ? d.options.find((x) => x.type !== 'u')! : choice;
    const idx = d.options.findIndex((x) => canonical(x) === canonical(pick));
    const comp = optionComponent(sim.components(sim.message(hand.id)!), idx)!;
    const user = g.seats[d.seat]!.userId!;
    const h =
      comp.type === 2
        ? await sim.click(user, hand.id, comp.custom_id as string)
        : await sim.select(user, hand.id, comp.custom_id as string, [String(idx)]);
    await h.settled({ timeout: 30_000 });
    await sim.waitFor(() => readGame(t.gameId).row.version > version, { timeout: 30_000, message: `move at ${t.gameId}` });
  };
  const move = async (t: Table) => {
    const { hand, version } = await openHand(t);
    await playOn(t, hand, version);
  };
  const replays = (t: Table) => {
    const g = readGame(t.gameId);
    assert.deepEqual(
      g.log.map((e) => e.seq),
      g.log.map((_, i) => i + 1),
    );
    assert.equal(canonical(replayLog(engine, g.row.options, g.row.seats, g.row.seed, g.log)), canonical(g.state));
    return g.row.version;
  };

  before(async () => {
    sim = await DiscordSim.start({ shards: 2 });
    dbPath = join(tempDir('hq-shards-'), 'hq.db');
    for (const [k, shard] of [0, 1, 1].entries()) {
      const g = sim.createGuild({ name: `Quán ${k}`, locale: 'en-US', shard });
      const ch = sim.createTextChannel(g.id, 'games');
      const users = [0, 1].map((n) => sim.createUser({ username: `p${k}${n}`, locale: 'en-US' }).id) as [string, string];
      for (const u of users) sim.addMember(g.id, u);
      await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: g.id });
      tables.push({ guildId: g.id, shard, channelId: ch.id, users, gameId: '' });
    }
    // The servers' house rule: no Ù khan at the deal (0.2 % of two-seat deals end there; CI met one),
    // so every hand is still running for the test's moves.
    const store = openStore(dbPath, engineOf);
    for (const t of tables)
      store.settings.put(t.guildId, 'phom', { preset: null, options: { 'u-khan': false }, playOverridable: [] }, null);
    store.close();
    launcher = spawn(process.execPath, programArgs('src/ops/launch.ts'), {
      env: {
        ...process.env,
        SHARDS: 'auto',
        SHARD_SPAWN_DELAY_MS: '100',
        DISCORD_TOKEN: sim.token,
        DISCORD_API_BASE: sim.apiBase,
        DATABASE_PATH: dbPath,
        RENDER_WORKERS: '0',
        LOG_LEVEL: 'warn',
        DEFAULT_LOCALE: 'en',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      for (const m of String(d).matchAll(/shard (\d+)\/2 process (\d+) started/g)) {
        pids.set(Number(m[1]), [...(pids.get(Number(m[1])) ?? []), Number(m[2])]);
      }
      if (process.env.HQ_TEST_LOG) process.stderr.write(d);
    });
    launcher.stderr!.on('data', (d: Buffer) => process.env.HQ_TEST_LOG && process.stderr.write(d));
  });

  after(async () => {
    launcher.kill('SIGTERM');
    await new Promise((r) => (launcher.exitCode !== null ? r(null) : launcher.once('exit', r)));
    for (const list of pids.values())
      for (const pid of list) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    await sim.stop();
    removeTempDir(dirname(dbPath));
  });

  it('SHARDS=auto spawns the recommended 2 shards, each identifying as its own shard', async (t) => {
    const t0 = Date.now();
    await sim.waitFor(() => sim.connectedBots(0) === 1 && sim.connectedBots(1) === 1, { timeout: 90_000, message: 'both shards connect' });
    assert.match(out, /starting 2 shards \(recommended by Discord\)/);
    assert.deepEqual(
      sim
        .gatewaySessions()
        .filter((s) => s.connected)
        .map((s) => s.shard)
        .sort((a, b) => a[0] - b[0]),
      [
        [0, 2],
        [1, 2],
      ],
    );
    assert.equal(pids.size, 2);
    assert.notEqual(pids.get(0)![0], pids.get(1)![0], 'one process per shard');
    const rss = (pid: number) => {
      try {
        return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
      } catch {
        return -1;
      }
    };
    t.diagnostic(
      `both shards connected ${((Date.now() - t0) / 1000).toFixed(1)} s after the launcher started; RSS MiB launcher ${rss(launcher.pid!)}, shard 0 ${rss(pids.get(0)![0]!)}, shard 1 ${rss(pids.get(1)![0]!)}`,
    );
  });

  it('three guilds on two shards play at once', async () => {
    await Promise.all(
      tables.map(async (t) => {
        const play = await sim.slash(t.users[0], t.channelId, 'play', { game: 'phom', timer: 'async' });
        const lobby = await play.reply({ timeout: 30_000 });
        const btn = (label: string) => sim.findButton(sim.message(lobby.id)!, (c) => c.label === label)!.custom_id as string;
        t.gameId = decodeGameId(btn('Join'))!.gameId;
        await (await sim.click(t.users[1], lobby.id, btn('Join'))).settled();
        await sim.waitFor(() => sim.text(lobby.id).includes(t.users[1]));
        await (await sim.click(t.users[0], lobby.id, btn('Start'))).settled();
        await sim.waitFor(() => readGame(t.gameId).row.tableMessageId, { timeout: 30_000, message: 'table drawn' });
        assert.equal((readGame(t.gameId).row.options as Record<string, unknown>)['u-khan'], false, "the server's house rule holds");
        for (let k = 0; k < 2; k++) await move(t);
      }),
    );
    for (const t of tables) assert.equal(replays(t), 2);
    assert.deepEqual(sim.failedInteractions(), []);
  });

  it("killing shard 1's process leaves shard 0's game running; the manager respawns it and its games resume", async (t) => {
    const [t0, t1, t2] = tables as [Table, Table, Table];
    const staleHand = await openHand(t1); // drawn by shard 1 before its process dies
    const before = tables.map((t) => readGame(t.gameId).row.version);
    const victim = pids.get(1)!.at(-1)!;
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    await sim.waitFor(() => sim.connectedBots(1) === 0, { timeout: 30_000, message: 'shard 1 is down' });
    assert.equal(sim.connectedBots(0), 1, 'shard 0 is untouched');
    // Shard 0 answers its guild while shard 1 is down.
    await move(t0);
    assert.equal(readGame(t0.gameId).row.version, before[0]! + 1);
    assert.equal(readGame(t1.gameId).row.version, before[1], "shard 1's games do not move while it is away");
    // The manager respawns shard 1 (a new process), which identifies as shard 1 again.
    await sim.waitFor(() => (pids.get(1)?.length ?? 0) >= 2 && sim.connectedBots(1) === 1, {
      timeout: 90_000,
      message: 'shard 1 respawned',
    });
    assert.notEqual(pids.get(1)!.at(-1), victim);
    t.diagnostic(`shard 1 back (new process, READY) ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`);
    // The respawned shard's start-up sweep brings up to date only its own guilds' tables that are
    // behind (games.shown_version, issue #18 §1); count what it does to shard 0's.
    const from = sim.restLog().length;
    const edits = (t: Table) => {
      const g = readGame(t.gameId).row;
      return sim
        .restLog()
        .slice(from)
        .filter((e) => e.summary.startsWith(`PATCH /channels/${g.threadId}/messages/${g.tableMessageId} `)).length;
    };
    await new Promise((r) => setTimeout(r, 3_000));
    t.diagnostic(`shard 1's start-up redrew its own tables ${edits(t1) + edits(t2)} times (only those behind)`);
    sweptOther = edits(t0);
    const g0 = readGame(t0.gameId).row;
    touchedOther = sim
      .restLog()
      .slice(from)
      .filter((e) => e.summary.includes(`/channels/${g0.threadId}`)).length;
    assert.match(out, /shard 1\/2 process \d+ exited \(SIGKILL\); respawning/);
    // Its games resume: the hand view drawn before the kill is answered, and the other guild plays on.
    await playOn(t1, staleHand.hand, staleHand.version);
    await move(t2);
    await move(t0);
    assert.deepEqual(
      tables.map((t) => replays(t)),
      [before[0]! + 2, before[1]! + 1, before[2]! + 1],
      'every move counted once, every log replays',
    );
    assert.deepEqual(
      sim.failedInteractions().map((i) => i.kind),
      [],
    );
  });

  it("the respawned shard's start-up sweep does not redraw shard 0's table", () => {
    assert.equal(sweptOther, 0, `shard 1 edited shard 0's table ${sweptOther} times`);
  });

  it("the respawned shard's start-up sweep leaves shard 0's games alone (no request about them)", () => {
    assert.equal(touchedOther, 0, `shard 1 sent ${touchedOther} requests about shard 0's game thread`);
  });
});
