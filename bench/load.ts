/**
 * `npm run bench -- load` (issue #17): the real bot process (`node src/bot/main.ts`, as `npm start`
 * runs it) against the Discord simulator (real clock, rate limits on: 50/s global with the
 * interaction exemption), N tables (Phỏm unless `--game`) with 4 simulated players each who click legal actions
 * through the UI: "Open my hand" on the table message, then an option on their ephemeral hand.
 *
 * Two pacings per N: flood (the next move as soon as the previous one's result is visible) and live
 * (one move every 5 s per table). Per run it prints interactions/s, moves/s, ack p50/p99, visible
 * result p50/p99 (the player's own hand view and the public table message), REST requests per move
 * split into globally limited and exempt (the simulator's counters), 429s, bot RSS start/max/end
 * (/proc/<pid>/status) and its slope per 1,000 moves after warm-up, event-loop lag p99/max, how
 * busy its main thread was (event-loop utilization) and attachment bytes uploaded per move.
 *
 * Event-loop lag: Node's histogram of a 10 ms timer's intervals (p99/max; 'late' is that less 10 ms,
 * how late the timer ran). The bot process is started with a tiny `--import data:` probe
 * (perf_hooks.monitorEventLoopDelay, reset on SIGUSR2, printed to stderr once a second) on its main
 * thread only: the render and AI workers inherit `--import`, and before 2026-12-01 their probes'
 * lines were read too, so a worker blocked by an image could be reported as the bot's lag.
 *
 * Options: `--tables 10,50,200`, `--flood-s 20`, `--live-s 25`, `--seed 1`, `--game phom` (any game id).
 * Environment: `HQ_BENCH_PROFILE=<dir>` (V8 CPU profiles of the bot's threads), `HQ_BENCH_V8_FLAGS`
 * (V8 flags for the bot, e.g. `--trace-gc`), `HQ_BENCH_NODE_OPTIONS` (the bot's `NODE_OPTIONS`, e.g.
 * `--max-semi-space-size=64`), `HQ_TEST_LOG=1` (the bot's output). The JSON line of each
 * run also gives the requests per route and the uploads per file name.
 * The players choose among the legal options at random (seeded), reading whose turn it is from the
 * bot's SQLite file (read-only), as test/e2e/restart-process.test.ts does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { DiscordSim, type RateLimitStats, type SimMessage } from '../test/discord-sim/index.js';
import type { InteractionHandle } from '../test/discord-sim/interaction.js';
import { deployCommands } from '../src/bot/deploy.js';
import { decodeGameId } from '../src/bot/custom-id.js';
import { seatToken } from '../src/table/seat-token.js';
import { windowKind } from '../src/table/timers.js';
import { GameStore } from '../src/store/games.js';
import { cacheStatements } from '../src/store/db.js';
import { engineOf } from '../src/table/manifests.js';
import type { BaseAction, Decision } from '../src/games/core/types.js';

type Json = Record<string, unknown>;
type Row = { name: string; value: number; unit: string };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Tick of the event-loop probe, ms. */
const LAG_RESOLUTION_MS = 10;

/** How late the probe's tick ran, from an interval of Node's histogram (ms). */
const late = (intervalMs: number): number => Math.max(0, intervalMs - LAG_RESOLUTION_MS);

/** Event-loop probe loaded into the bot process with `--import` (nothing in src/ changes). */
const PROBE = `data:text/javascript,${encodeURIComponent(`
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
// Worker threads inherit --import: measure the bot's main thread only (a render worker's loop is
// blocked by each image it draws, by design).
import { setFlagsFromString } from 'node:v8';
// HQ_BENCH_V8_FLAGS="--trace-gc …": V8 flags for the bot, set at its start (on the command line they
// would reach the render workers' execArgv, which Node refuses for V8 flags).
if (isMainThread && process.env.HQ_BENCH_V8_FLAGS) setFlagsFromString(process.env.HQ_BENCH_V8_FLAGS);
if (isMainThread) {
  // Node's histogram records the whole interval between two ticks of its timer, so an idle loop
  // reads the resolution itself (10 ms). The lag figures are those raw intervals (as prom-client
  // reports them); 'late' is the interval less the tick, i.e. how late the tick ran. Percentiles are
  // per tick, so they depend on the tick: 1 ms ticks put the same 10-table flood at p99 12 ms late
  // against 15 with 10 ms ticks (2026-12-02): we keep 10 ms, comparable with earlier figures.
  const RES = ${LAG_RESOLUTION_MS};
  const h = monitorEventLoopDelay({ resolution: RES });
  h.enable();
  // The main thread's event-loop utilization since the phase began (share of the time it was busy).
  let elu0 = performance.eventLoopUtilization();
  process.on('SIGUSR2', () => { h.reset(); elu0 = performance.eventLoopUtilization(); });
  const ms = (ns) => ns / 1e6;
  setInterval(() => {
    process.stderr.write('@@el ' + JSON.stringify({ p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), n: h.count, busy: performance.eventLoopUtilization(elu0).utilization }) + '\\n');
  }, 1000).unref();
}
`)}`;

export function rssOf(pid: number): { rssMiB: number; hwmMiB: number } {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { rssMiB: kb('VmRSS') / 1024, hwmMiB: kb('VmHWM') / 1024 };
  } catch {
    return { rssMiB: 0, hwmMiB: 0 };
  }
}

/** CPU seconds (user + system) the process has used so far, from /proc/<pid>/stat. */
export function cpuOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

export function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** A seeded PRNG (mulberry32): the players' choices are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BotProcess {
  child: ChildProcess;
  pid: number;
  /** Latest event-loop figures printed by the probe (ms). */
  /** Node's histogram of the probe's tick intervals (ms); less `LAG_RESOLUTION_MS`, how late a tick ran. */
  lag: { p50: number; p99: number; max: number; n: number; busy: number } | null;
  /** Resets the probe's histogram. */
  resetLag(): void;
  /** When the last reset was sent, and how many seconds after it the lag maximum was printed (±1 s). */
  lagResetAt: number;
  lagMaxAt: number;
  stderr: string[];
  exited: boolean;
  /** When main.ts printed "is online" (bot.start() resolved: logged in, running games resumed), epoch ms. */
  onlineAt?: number;
  /** How it exited ("code …, signal …"). */
  exit?: string;
  kill(): Promise<void>;
}

/** Starts `node src/bot/main.ts` against the simulator, as the e2e process tests do. */
export function startBotProcess(sim: DiscordSim, dbPath: string, env: Record<string, string> = {}): BotProcess {
  // HQ_BENCH_PROFILE=<dir>: the bot writes a V8 CPU profile there (it is then stopped with SIGTERM).
  const profile = process.env.HQ_BENCH_PROFILE;
  const prof = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', '--import', PROBE, 'src/bot/main.ts'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: sim.token,
      DISCORD_API_BASE: sim.apiBase,
      DATABASE_PATH: dbPath,
      LOG_LEVEL: 'warn',
      DEFAULT_LOCALE: 'en',
      // HQ_BENCH_NODE_OPTIONS: Node options for the bot process only (e.g. `--max-semi-space-size=32`).
      ...(process.env.HQ_BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.HQ_BENCH_NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const bp: BotProcess = {
    child,
    pid: child.pid!,
    lag: null,
    stderr: [],
    exited: false,
    lagResetAt: 0,
    lagMaxAt: 0,
    resetLag: () => {
      child.kill('SIGUSR2');
      bp.lagResetAt = performance.now();
      bp.lagMaxAt = 0;
    },
    async kill() {
      if (bp.exited) return;
      child.kill(profile ? 'SIGTERM' : 'SIGKILL');
      await new Promise((r) => child.once('exit', r));
    },
  };
  child.once('exit', (code, signal) => {
    bp.exited = true;
    bp.exit = `code ${code}, signal ${signal}`;
  });
  let buf = '';
  child.stderr!.on('data', (d: Buffer) => {
    buf += d.toString();
    let k;
    while ((k = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, k);
      buf = buf.slice(k + 1);
      if (line.startsWith('@@el ')) {
        const prev = bp.lag?.max ?? 0;
        bp.lag = JSON.parse(line.slice(5)) as BotProcess['lag'];
        // when in the phase the lag maximum was reached: the probe's max is cumulative since the
        // reset, so it changes when a new maximum comes, or drops on the first line after a reset
        if (Math.abs(bp.lag!.max - prev) > 1) bp.lagMaxAt = (performance.now() - bp.lagResetAt) / 1000;
      } else {
        bp.stderr.push(line);
        if (bp.stderr.length > 2000) bp.stderr.shift();
        if (process.env.HQ_TEST_LOG) process.stderr.write(line + '\n');
      }
    }
  });
  child.stdout!.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n').filter(Boolean)) {
      if (bp.onlineAt === undefined && line.includes('is online as')) bp.onlineAt = Date.now();
      bp.stderr.push(line);
      if (bp.stderr.length > 2000) bp.stderr.shift();
    }
    if (process.env.HQ_TEST_LOG) process.stderr.write(d);
  });
  return bp;
}

export interface Seat {
  id: string;
  hand?: SimMessage;
  /** The last attempt found no component for the decision (one retry with a fresh hand). */
  retried?: boolean;
}
export interface LoadTable {
  gameId: string;
  threadId: string;
  users: Seat[];
}

export interface Rig {
  sim: DiscordSim;
  bot: BotProcess;
  dbPath: string;
  guildId: string;
  channels: string[];
  tables: LoadTable[];
  /** Tables that did not open (their diagnostics). */
  openFailures: string[];
  /** Read-only view of the bot's database. */
  read(gameId: string): { row: NonNullable<ReturnType<GameStore['get']>>; state: unknown; seats: ReturnType<GameStore['seats']> };
  /** The table's state version only (no state load: the players ask it while they wait). */
  version(gameId: string): number;
  /** Attachment bytes the bot has uploaded so far. */
  uploaded(): number;
  /** Uploads so far by file name (`table.png`, `hand.png`, …): how many and their bytes. */
  uploads(): Record<string, { n: number; bytes: number }>;
  stop(): Promise<void>;
}

export async function startRig(
  o: {
    globalWindowMs?: number;
    botEnv?: Record<string, string>;
    /** Builds a world and database before the bot starts (e.g. bench/restart.ts `generate`); returns its tables. */
    prepare?: (sim: DiscordSim, dbPath: string) => LoadTable[];
  } = {},
): Promise<Rig> {
  const sim = await DiscordSim.start({
    realTime: true,
    rateLimits: o.globalWindowMs ? { globalWindowMs: o.globalWindowMs } : true,
  } as Parameters<typeof DiscordSim.start>[0]);
  watchMessages(sim);
  const dir = mkdtempSync(join(tmpdir(), 'hq-load-'));
  const dbPath = join(dir, 'hq.db');
  const guild = sim.createGuild({ name: 'Quán', locale: 'en-US' });
  await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: guild.id });
  // Attachment bytes uploaded: counted where the simulator stores files (every upload route goes through it).
  let bytes = 0;
  const byFile: Record<string, { n: number; bytes: number }> = {};
  const s = sim as unknown as { makeAttachments(c: string, files: { data: Buffer; filename: string }[], p: Json): unknown };
  const orig = s.makeAttachments.bind(sim);
  s.makeAttachments = (c, files, p) => {
    for (const f of files) {
      bytes += f.data.length;
      const u = (byFile[f.filename] ??= { n: 0, bytes: 0 });
      u.n++;
      u.bytes += f.data.length;
    }
    return orig(c, files, p);
  };
  const prepared = o.prepare?.(sim, dbPath) ?? [];
  const bot = startBotProcess(sim, dbPath, o.botEnv);
  await sim.waitFor(() => sim.connectedBots() === 1, { timeout: 60_000, message: 'bot connects' });
  let db: Database.Database | null = null;
  let store: GameStore | null = null;
  const games = (): GameStore => {
    if (!store) {
      db = new Database(dbPath, { readonly: true });
      cacheStatements(db); // the players read the table often: prepare each query once, as the bot does
      store = new GameStore(db, engineOf);
    }
    return store;
  };
  const rig: Rig = {
    sim,
    bot,
    dbPath,
    guildId: guild.id,
    channels: [],
    tables: prepared,
    openFailures: [],
    read(gameId) {
      const row = games().get(gameId)!;
      return { row, state: games().state(row), seats: games().seats(gameId) };
    },
    version: (gameId) => games().get(gameId)!.version,
    uploaded: () => bytes,
    uploads: () => structuredClone(byFile),
    async stop() {
      await bot.kill();
      db?.close();
      await sim.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return rig;
}

const btn = (sim: DiscordSim, m: SimMessage, label: string) =>
  sim.findButton(sim.message(m.id)!, (c) => c.label === label)?.custom_id as string | undefined;

async function settle(h: InteractionHandle, stats?: Phase): Promise<InteractionHandle> {
  const t0 = performance.now();
  await h.settled({ timeout: 30_000 }).catch(() => undefined);
  if (stats) {
    stats.interactions++;
    stats.ack.push(performance.now() - t0);
    if (h.failed || !h.acknowledged) stats.failed++;
  }
  return h;
}

/** Opens one Phỏm table through the UI: /play, three joins, Start. */
async function openTable(rig: Rig, channelId: string, users: string[], game: string): Promise<LoadTable> {
  const { sim } = rig;
  const play = await settle(await sim.slash(users[0]!, channelId, 'play', { game }));
  const lobby = await play.reply({ timeout: 30_000 });
  const join = btn(sim, lobby, 'Join')!;
  const gameId = decodeGameId(join)!.gameId;
  for (const u of users.slice(1)) {
    await settle(await sim.click(u, lobby.id, join));
    await sim.waitFor(() => sim.message(lobby.id)!.content.includes(u), { timeout: 60_000 });
  }
  const start = await settle(await sim.click(users[0]!, lobby.id, btn(sim, lobby, 'Start')!));
  const row = await sim
    .waitFor(
      () => {
        const g = rig.read(gameId).row;
        return g.tableMessageId && g.threadId && sim.message(g.tableMessageId) ? g : null;
      },
      { timeout: 30_000 },
    )
    .catch(() => {
      const g = rig.read(gameId);
      throw new Error(
        `table ${gameId} not posted: status ${g.row.status}, seats ${g.seats.length}, start ${start.failed ? `failed (${start.failReason})` : 'acknowledged'}, ` +
          `bot ${rig.bot.exited ? `exited (${rig.bot.exit})` : 'running'}; bot log lines about it:\n` +
          `${rig.bot.stderr
            .filter((l) => l.includes(gameId) || (g.row.threadId && l.includes(g.row.threadId)))
            .slice(-10)
            .join('\n')}\n` +
          (g.row.threadId ? sim.transcript(g.row.threadId, users[0]!).slice(-1500) : 'no thread') +
          `\nREST requests on the thread: ${sim
            .restLog()
            .filter((e) => g.row.threadId && e.summary.includes(g.row.threadId))
            .map((e) => e.summary)
            .join('\n')}` +
          `\ntable message id ${g.row.tableMessageId}`,
      );
    });
  return { gameId, threadId: row.threadId!, users: users.map((id) => ({ id })) };
}

export async function openTables(rig: Rig, n: number, concurrency = 8, game = 'phom'): Promise<void> {
  const { sim } = rig;
  const perChannel = 25;
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const k = next++;
      const c = Math.floor(k / perChannel);
      while (rig.channels.length <= c) rig.channels.push(sim.createTextChannel(rig.guildId, `games-${rig.channels.length}`).id);
      const users = [0, 1, 2, 3].map((j) => {
        const u = sim.createUser({ username: `p${k}-${j}`, locale: 'en-US' });
        sim.addMember(rig.guildId, u.id);
        return u.id;
      });
      try {
        rig.tables.push(await openTable(rig, rig.channels[c]!, users, game));
      } catch (e) {
        // Reported, not fatal: the run goes on with the tables that opened.
        rig.openFailures.push((e as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export interface Phase {
  interactions: number;
  moves: number;
  failed: number;
  ack: number[];
  ownVisible: number[];
  tableVisible: number[];
  notVisible: number;
  handsEnded: number;
}
const newPhase = (): Phase => ({
  interactions: 0,
  moves: 0,
  failed: 0,
  ack: [],
  ownVisible: [],
  tableVisible: [],
  notVisible: 0,
  handsEnded: 0,
});

/** The token in a hand view's custom_ids (src/table/seat-token.ts: the seat's view it was drawn for); -1: none. */
function tokenOf(sim: DiscordSim, m: SimMessage | undefined): number {
  if (!m) return -1;
  let v = -1;
  for (const c of sim.components(m)) {
    const g = typeof c.custom_id === 'string' ? decodeGameId(c.custom_id) : null;
    if (g && g.ver > v) v = g.ver;
  }
  return v;
}

/** How long a player watches their live hand view for the bot's push before opening a new one. */
const LIVE_VIEW_WAIT_MS = 5000;

/**
 * Players waiting for a message to change, by message id (`untilMessage`). The simulator calls
 * back on every create/edit/delete (`onMessageChange`), so a waiting player re-checks only when
 * its message changed: polling every 5 ms cost the bench process ~80,000 timer wake-ups a second
 * with 200 tables, CPU the bot's render workers then lacked on this 2-core host.
 */
const messageWaiters = new WeakMap<DiscordSim, Map<string, Set<() => void>>>();

function watchMessages(sim: DiscordSim): void {
  const byId = new Map<string, Set<() => void>>();
  messageWaiters.set(sim, byId);
  sim.onMessageChange((m) => {
    const ws = byId.get(m.id);
    if (!ws) return;
    byId.delete(m.id);
    for (const w of ws) w();
  });
}

/**
 * Resolves true once `cond` holds, re-checked whenever message `id` changes (and every
 * `fallbackMs` anyway), or false after `timeoutMs`. The time is taken when the change arrives,
 * not at the next poll.
 */
async function untilMessage(sim: DiscordSim, id: string, cond: () => boolean, timeoutMs: number, fallbackMs = 250): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  const byId = messageWaiters.get(sim)!;
  while (!cond()) {
    const left = end - performance.now();
    if (left <= 0) return false;
    await new Promise<void>((resolve) => {
      let set = byId.get(id);
      if (!set) byId.set(id, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        byId.get(id)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(left, fallbackMs));
      set.add(done);
    });
  }
  return true;
}

async function until(cond: () => boolean, timeoutMs: number, everyMs = 5): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!cond()) {
    if (performance.now() > end) return false;
    await sleep(everyMs);
  }
  return true;
}

/**
 * One move at a table: the player to act opens their hand (unless their ephemeral hand is current),
 * picks a legal option at random among those with a component, and waits until the result is
 * visible on their hand and on the public table. Returns false when the table cannot move.
 */
async function oneMove(rig: Rig, t: LoadTable, rand: () => number, st: Phase): Promise<boolean | 'moved'> {
  const { sim } = rig;
  const g = rig.read(t.gameId);
  if (g.row.status !== 'running') return false;
  const engine = engineOf(g.row.game);
  if (engine.result(g.state as never)) {
    // Hand over: "Next hand" on the newest result message, clicked by each player until it is dealt.
    const v0 = g.row.version;
    const oldTable = g.row.tableMessageId;
    const nextHand = () => [...sim.allMessages(t.threadId)].reverse().find((m) => btn(sim, m, 'Next hand'));
    // The result may not be posted yet (its image is drawn first): a person waits for it.
    await until(() => nextHand() !== undefined, 30_000, 50);
    for (const u of t.users) {
      const res = nextHand();
      if (!res) break;
      await settle(await sim.click(u.id, res.id, btn(sim, res, 'Next hand')!), st);
      // Dealt, and the new hand's table message posted: a person plays on the message they see,
      // and the game's row names the new one only once it is posted, after its image is drawn
      // (seconds on a loaded machine; the finished hand's table has no Open my hand any more).
      if (await until(() => rig.read(t.gameId).row.version > v0, 3000)) {
        await until(() => rig.read(t.gameId).row.tableMessageId !== oldTable, 30_000, 50);
        break;
      }
    }
    st.handsEnded++;
    return true;
  }
  const pend = (engine.pending(g.state as never) as Decision<BaseAction>[]).filter((d) => !g.seats[d.seat]!.isAi);
  if (!pend.length) return false;
  const d = pend[Math.floor(rand() * pend.length)]!;
  const seat = t.users.find((u) => u.id === g.seats[d.seat]!.userId)!;
  const v0 = g.row.version;
  // The token the seat's view carries now (a hand view carries it, never the state version).
  const want = seatToken({ engine, state: g.state, row: g.row }, d.seat);
  if (seat.hand && tokenOf(sim, sim.message(seat.hand.id)) !== want) {
    // A player's hand ephemeral is live (issue #13 §1): the bot edits it when their decision comes,
    // so a person looks at it for a moment before clicking "Open my hand" again. (Until 2026-12-02
    // the bench opened a new hand whenever the push had not landed yet, at once: 0.6 opens per move.)
    const moved = () => rig.version(t.gameId) !== v0;
    await untilMessage(sim, seat.hand.id, () => tokenOf(sim, sim.message(seat.hand!.id)) === want || moved(), LIVE_VIEW_WAIT_MS);
    if (moved()) return true; // the table moved on meanwhile
  }
  if (!seat.hand || tokenOf(sim, sim.message(seat.hand.id)) !== want) {
    const tm = sim.message(g.row.tableMessageId!)!;
    const open = await settle(await sim.click(seat.id, tm.id, btn(sim, tm, 'Open my hand')!), st);
    if (open.failed) return true;
    seat.hand = await open.reply({ timeout: 30_000 }).catch(() => undefined);
    if (!seat.hand) return true;
  }
  const hand = sim.message(seat.hand.id)!;
  const comps = sim.components(hand);
  const usable = d.options
    .map((_, idx) => {
      const b = comps.find(
        (c) => c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.arg === String(idx),
      );
      if (b) return { idx, id: String(b.custom_id), select: false };
      // Only `act` selects make a move: Chắn's xướng builder (`announce` selects) edits a draft on the
      // player's own view and moves nothing until its confirm button (until 2026-12-02 the bench took
      // a draft step for a move and waited 30 s for a table change that never came).
      const s = comps.find(
        (c) =>
          c.type === 3 &&
          decodeGameId(String(c.custom_id))?.verb === 'act' &&
          ((c.options as Json[]) ?? []).some((op) => op.value === String(idx)),
      );
      return s ? { idx, id: String(s.custom_id), select: true } : null;
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);
  if (!usable.length) {
    // The hand on screen does not show this decision (drawn before it): open a fresh one next time.
    if (seat.retried) return false;
    seat.retried = true;
    seat.hand = undefined;
    return true;
  }
  seat.retried = false;
  const pick = usable[Math.floor(rand() * usable.length)]!;
  const tableId = g.row.tableMessageId!;
  const handEdits = hand.edits;
  const tableEdits = sim.message(tableId)?.edits ?? 0;
  const t0 = performance.now();
  const h = pick.select ? await sim.select(seat.id, hand.id, pick.id, [String(pick.idx)]) : await sim.click(seat.id, hand.id, pick.id);
  await settle(h, st);
  if (h.failed) return true;
  st.moves++;
  const own = untilMessage(sim, hand.id, () => (sim.message(hand.id)?.edits ?? 0) > handEdits, 30_000).then(
    (ok) => ok && st.ownVisible.push(performance.now() - t0),
  );
  // A claim decision is hidden (issue #13 §2): the table changes only once the whole window has
  // closed, so a pass that leaves others deciding has no public result to wait for.
  const pub =
    windowKind(d) === 'claim'
      ? Promise.resolve(null)
      : untilMessage(
          sim,
          tableId,
          () => {
            const m = sim.message(tableId);
            return !m || m.deleted || m.edits > tableEdits;
          },
          30_000,
        ).then((ok) => ok && st.tableVisible.push(performance.now() - t0));
  const [a, b] = await Promise.all([own, pub]);
  if (a === false || b === false) {
    st.notVisible++;
    if (process.env.HQ_TEST_LOG)
      console.error('load: not visible', JSON.stringify({ game: t.gameId, own: a, table: b, kind: d.kind, option: d.options[pick.idx] }));
  }
  return 'moved';
}

/** Runs every table for `durationMs`, flood or live (one move per 5 s per table), then drains. */
export async function drive(
  rig: Rig,
  o: { pacing: 'flood' | 'live'; durationMs?: number; movesPerTable?: number; tables?: LoadTable[]; seed?: number; livePeriodMs?: number },
): Promise<PhaseReport> {
  const tables = o.tables ?? rig.tables;
  const st = newPhase();
  const stats0 = rig.sim.rateLimits.stats();
  const bytes0 = rig.uploaded();
  const uploads0 = rig.uploads();
  const failed0 = rig.sim.failedInteractions().length;
  const rss0 = rssOf(rig.bot.pid).rssMiB;
  const cpu0 = cpuOf(rig.bot.pid);
  let rssMax = rss0;
  rig.bot.resetLag();
  // RSS against moves played, for the slope after warm-up (issue #17: < 5 MiB per 1,000 moves)
  const rssByMoves: [moves: number, rssMiB: number][] = [];
  const rssTimer = setInterval(() => {
    const now = rssOf(rig.bot.pid).rssMiB;
    rssMax = Math.max(rssMax, now);
    rssByMoves.push([st.moves, now]);
  }, 250);
  const t0 = performance.now();
  const end = o.durationMs !== undefined ? t0 + o.durationMs : Infinity;
  const period = o.livePeriodMs ?? 5000;
  await Promise.all(
    tables.map(async (t, k) => {
      const rand = rng((o.seed ?? 1) * 7919 + k);
      if (o.pacing === 'live') await sleep(rand() * period);
      // `movesPerTable` counts moves played at this table (not attempts; at most 3 attempts per move).
      let mine = 0;
      for (
        let n = 0;
        performance.now() < end && (o.movesPerTable === undefined || (mine < o.movesPerTable && n < 3 * o.movesPerTable));
        n++
      ) {
        const started = performance.now();
        let ok: boolean | 'moved';
        try {
          ok = await oneMove(rig, t, rand, st);
        } catch (e) {
          // E.g. the click raced a new hand's re-posted table (the old message lost its buttons):
          // a person would look again, so the player tries again (bounded by the attempts above).
          st.notVisible++;
          if (process.env.HQ_TEST_LOG) console.error(e);
          ok = true;
          await sleep(100);
        }
        if (!ok) break;
        if (ok === 'moved') mine++;
        if (o.pacing === 'live') await sleep(Math.max(0, started + period - performance.now()));
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  clearInterval(rssTimer);
  await sleep(1100); // the probe's next line covers the whole phase
  const s1 = rig.sim.rateLimits.stats();
  const d = (k: keyof Omit<RateLimitStats, 'routes'>) => (s1[k] as number) - (stats0[k] as number);
  const routes: Record<string, number> = {};
  for (const [k, v] of Object.entries(s1.routes)) {
    const n = v.requests - (stats0.routes[k]?.requests ?? 0);
    if (n) routes[k] = n;
  }
  return {
    pacing: o.pacing,
    tables: tables.length,
    seconds: elapsed,
    phase: st,
    requests: d('requests'),
    globallyLimited: d('globallyLimited'),
    exempt: d('exempt'),
    sent429: d('sent429'),
    global429: d('global429'),
    routes,
    failedInteractions: rig.sim.failedInteractions().length - failed0,
    bytes: rig.uploaded() - bytes0,
    uploads: Object.fromEntries(
      Object.entries(rig.uploads()).map(([f, u]) => [f, { n: u.n - (uploads0[f]?.n ?? 0), bytes: u.bytes - (uploads0[f]?.bytes ?? 0) }]),
    ),
    rss: { start: rss0, max: Math.max(rssMax, rssOf(rig.bot.pid).rssMiB), end: rssOf(rig.bot.pid).rssMiB },
    rssSlope: rssSlope(rssByMoves),
    lag: rig.bot.lag,
    lagMaxAtS: rig.bot.lagMaxAt,
    cpuPct: ((cpuOf(rig.bot.pid) - cpu0) / (elapsed + 1.1)) * 100,
  };
}

export interface PhaseReport {
  pacing: string;
  tables: number;
  seconds: number;
  phase: Phase;
  requests: number;
  globallyLimited: number;
  exempt: number;
  sent429: number;
  global429: number;
  routes: Record<string, number>;
  failedInteractions: number;
  bytes: number;
  /** Uploads in the phase by file name. */
  uploads: Record<string, { n: number; bytes: number }>;
  rss: { start: number; max: number; end: number };
  /** RSS growth in MiB per 1,000 moves after warm-up (`rssSlope`), NaN when too few moves. */
  rssSlope: number;
  lag: BotProcess['lag'];
  /** Seconds into the phase at which the lag maximum was seen (±1 s). */
  lagMaxAtS: number;
  /** The bot process's CPU use over the phase, % of one core. */
  cpuPct: number;
}

/**
 * RSS growth in MiB per 1,000 moves after warm-up: the least-squares slope of the lowest RSS in each
 * window of 1,000 moves against the window's moves, over the windows after the first third of the
 * phase's moves (warm-up: caches, sprite sheets and surface sizes fill first). The lowest value of
 * a window is the memory kept between garbage collections: RSS itself rises and falls by ~100 MiB
 * with V8's heap sizing, every 500–700 moves at 10 tables, which a slope over raw samples reads as
 * growth or shrinkage depending on where the run stops. NaN with fewer than 4 windows after warm-up
 * (a flood of 7 minutes at 10 tables has ~5), where a slope says nothing.
 */
export function rssSlope(samples: readonly (readonly [number, number])[], window = 1000): number {
  const last = samples.at(-1)?.[0] ?? 0;
  const floor = new Map<number, number>();
  for (const [m, r] of samples) {
    if (m < last / 3) continue;
    const w = Math.floor(m / window);
    floor.set(w, Math.min(floor.get(w) ?? Infinity, r));
  }
  // the last window is partial: drop it
  floor.delete(Math.floor(last / window));
  const pts = [...floor].map(([w, r]) => [(w + 0.5) * window, r] as const);
  if (pts.length < 4) return NaN;
  const n = pts.length;
  const mx = pts.reduce((a, [m]) => a + m, 0) / n;
  const my = pts.reduce((a, [, r]) => a + r, 0) / n;
  let num = 0;
  let den = 0;
  for (const [m, r] of pts) {
    num += (m - mx) * (r - my);
    den += (m - mx) ** 2;
  }
  return (num / den) * 1000;
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');

export function summarize(r: PhaseReport): Record<string, string> {
  const p = r.phase;
  const mv = Math.max(1, p.moves);
  return {
    run: `${r.tables} ${r.pacing}`,
    s: f(r.seconds),
    'int/s': f(p.interactions / r.seconds),
    'moves/s': f(p.moves / r.seconds),
    'ack p50/p99 ms': `${f(pct(p.ack, 50), 0)} / ${f(pct(p.ack, 99), 0)}`,
    'own view p50/p99 s': `${f(pct(p.ownVisible, 50) / 1000, 2)} / ${f(pct(p.ownVisible, 99) / 1000, 2)}`,
    'table p50/p99 s': `${f(pct(p.tableVisible, 50) / 1000, 2)} / ${f(pct(p.tableVisible, 99) / 1000, 2)}`,
    'req/move global/exempt': `${f(r.globallyLimited / mv, 2)} / ${f(r.exempt / mv, 2)}`,
    '429s (global)': `${r.sent429} (${r.global429})`,
    'failed int': String(r.failedInteractions),
    'not visible': String(p.notVisible),
    'RSS MiB start/max/end': `${f(r.rss.start, 0)} / ${f(r.rss.max, 0)} / ${f(r.rss.end, 0)}`,
    'RSS MiB/1k moves': f(r.rssSlope, 2),
    'lag p99/max ms': r.lag ? `${f(r.lag.p99, 0)} / ${f(r.lag.max, 0)}` : '–',
    'late p99/max ms': r.lag ? `${f(late(r.lag.p99), 0)} / ${f(late(r.lag.max), 0)}` : '–',
    'lag max at s': r.lag ? f(r.lagMaxAtS, 0) : '–',
    'main busy %': r.lag ? f(100 * r.lag.busy, 0) : '–',
    'KB/move': f(r.bytes / mv / 1024, 1),
    'bot CPU %': f(r.cpuPct, 0),
  };
}

export function printTable(rows: Record<string, string>[]): void {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]!);
  const w = keys.map((k) => Math.max(k.length, ...rows.map((r) => (r[k] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`;
  console.error(line(keys));
  console.error(line(w.map((n) => '-'.repeat(n))));
  for (const r of rows) console.error(line(keys.map((k) => r[k] ?? '')));
}

function arg(name: string, dflt: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 && process.argv[k + 1] ? process.argv[k + 1]! : dflt;
}

export async function run(): Promise<Row[]> {
  const sizes = arg('tables', '10,50,200').split(',').map(Number);
  const floodMs = Number(arg('flood-s', '20')) * 1000;
  const liveMs = Number(arg('live-s', '25')) * 1000;
  const seed = Number(arg('seed', '1'));
  const game = arg('game', 'phom');
  const rows: Row[] = [];
  const table: Record<string, string>[] = [];
  for (const n of sizes) {
    const rig = await startRig();
    try {
      const t0 = performance.now();
      await openTables(rig, n, 8, game);
      const setupS = (performance.now() - t0) / 1000;
      console.error(
        `load: ${rig.tables.length}/${n} tables opened in ${setupS.toFixed(1)} s (bot RSS ${rssOf(rig.bot.pid).rssMiB.toFixed(0)} MiB)`,
      );
      if (rig.openFailures.length) {
        console.error(`load: ${rig.openFailures.length} tables did not open; the first:\n${rig.openFailures[0]}`);
        rows.push({ name: `${n} tables that did not open`, value: rig.openFailures.length, unit: '' });
      }
      await waitQuiet(rig);
      for (const pacing of ['flood', 'live'] as const) {
        const r = await drive(rig, { pacing, durationMs: pacing === 'flood' ? floodMs : liveMs, seed });
        const s = summarize(r);
        table.push(s);
        console.error(JSON.stringify({ ...s, routes: r.routes, uploads: r.uploads }));
        const p = r.phase;
        const mv = Math.max(1, p.moves);
        const name = game === 'phom' ? `${n} ${pacing}` : `${game} ${n} ${pacing}`;
        rows.push(
          { name: `${name} interactions/s`, value: p.interactions / r.seconds, unit: '/s' },
          { name: `${name} moves/s`, value: p.moves / r.seconds, unit: '/s' },
          { name: `${name} ack p50`, value: pct(p.ack, 50), unit: 'ms' },
          { name: `${name} ack p99`, value: pct(p.ack, 99), unit: 'ms' },
          { name: `${name} own view p50`, value: pct(p.ownVisible, 50), unit: 'ms' },
          { name: `${name} own view p99`, value: pct(p.ownVisible, 99), unit: 'ms' },
          { name: `${name} table p50`, value: pct(p.tableVisible, 50), unit: 'ms' },
          { name: `${name} table p99`, value: pct(p.tableVisible, 99), unit: 'ms' },
          { name: `${name} global req/move`, value: r.globallyLimited / mv, unit: 'req' },
          { name: `${name} exempt req/move`, value: r.exempt / mv, unit: 'req' },
          { name: `${name} 429s`, value: r.sent429, unit: '' },
          { name: `${name} failed interactions`, value: r.failedInteractions, unit: '' },
          { name: `${name} rss max`, value: r.rss.max, unit: 'MiB' },
          { name: `${name} rss slope`, value: r.rssSlope, unit: 'MiB/1k moves' },
          { name: `${name} lag p99`, value: r.lag?.p99 ?? NaN, unit: 'ms' },
          { name: `${name} lag max`, value: r.lag?.max ?? NaN, unit: 'ms' },
          { name: `${name} timer late p99`, value: r.lag ? late(r.lag.p99) : NaN, unit: 'ms' },
          { name: `${name} main thread busy`, value: r.lag ? 100 * r.lag.busy : NaN, unit: '%' },
          { name: `${name} uploaded/move`, value: r.bytes / mv / 1024, unit: 'KB' },
          { name: `${name} bot CPU`, value: r.cpuPct, unit: '% of a core' },
        );
        await waitQuiet(rig);
      }
    } finally {
      await rig.stop();
    }
  }
  printTable(table);
  return rows;
}

/** Waits until the bot has sent nothing for 1 s (its queues drained), at most `maxMs`. */
export async function waitQuiet(rig: Rig, maxMs = 60_000): Promise<void> {
  const end = performance.now() + maxMs;
  let last = rig.sim.rateLimits.stats().requests;
  while (performance.now() < end) {
    await sleep(1000);
    const now = rig.sim.rateLimits.stats().requests;
    if (now === last) return;
    last = now;
  }
}
