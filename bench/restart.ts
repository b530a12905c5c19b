/**
 * `npm run bench -- restart` (issue #18 §1): a database of running Phỏm games, each mid-hand, made
 * through the store's real apply path (src/table/act.ts `start` then `move` commands, committed
 * by the table store as the bot commits them), whose threads and table/ping messages exist in the
 * simulator; then the real bot process (`node src/bot/main.ts`) is started and measured from
 * process start: time to the gateway's READY, time until start-up work is done (the last request
 * of the start-up burst seen by the simulator), table edits/posts at start, the first click on a
 * random old game ("Open my hand") answered (ack), and RSS.
 *
 * Targets (#18 §1): start-up work done ≤ 2 s after READY, first click on an old game acked ≤ 100 ms
 * once the bot answers, RSS ≤ 300 MiB. A click sent at the very moment of READY is reported too: its
 * INTERACTION_CREATE comes behind every guild's GUILD_CREATE in the gateway stream (500 active threads
 * each here), and discord.js holds interactions until it has taken them all in.
 * Every game is made through the store's apply path: `--templates 50` games are played through the
 * table layer (`act`: judged by the engine, committed by the table store), and every other game
 * replays one template's committed steps through the same `store.commit` (one transaction per step:
 * log entries, snapshots, game row, timers, outbox) under the template's seed and options, so its log
 * is a real, replayable log of that deal (a sample is replayed and checked). 10,000 games take ~30–40 s.
 * Options: `--games 10000`, `--templates 50`, `--moves 3` (moves per game after the deal), `--max-s 120` (how long
 * the start-up burst is watched before it is reported as not done), `--rss-cap 6144` (MiB: the bot
 * is killed above it, to protect the shared machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DiscordSim } from '../test/discord-sim/index.js';
import type { SimChannel } from '../test/discord-sim/model.js';
import { createThread } from '../test/discord-sim/routes/threads.js';
import { deployCommands } from '../src/bot/deploy.js';
import { encodeGameId } from '../src/bot/custom-id.js';
import { openStore, replayLog, type GameRow, type SeatRow, type StepCommit } from '../src/store/index.js';
import { engineOf } from '../src/table/manifests.js';
import { tableStore, type TableStore } from '../src/table/store.js';
import { act } from '../src/table/act.js';
import { optionsForTable } from '../src/bot/options-in-force.js';
import type { BaseAction, Decision } from '../src/games/core/types.js';
import { pct, rng, rssOf, startBotProcess, printTable } from './load.js';

type Row = { name: string; value: number; unit: string };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function arg(name: string, dflt: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 && process.argv[k + 1] ? process.argv[k + 1]! : dflt;
}

/** Discord caps active threads per guild at 1,000: the games are spread over guilds of 500. */
const PER_GUILD = 500;

export interface Generated {
  games: { gameId: string; threadId: string; tableMessageId: string; users: string[]; guildId: string }[];
  seconds: number;
  moves: number;
  /** Games played through the table layer (`act`); the rest replay their committed steps through `store.commit`. */
  applied: number;
}

/** Builds the simulated world and the database (before the bot process starts). */
export function generate(sim: DiscordSim, dbPath: string, n: number, movesPerGame: number, templateCount = n, seed = 1): Generated {
  const t0 = performance.now();
  const now = Date.now();
  const store = openStore(dbPath, engineOf, () => now);
  // Statements prepared once (the store prepares per call; ~30 % of the generator's time otherwise).
  const prepared = new Map<string, ReturnType<typeof store.db.prepare>>();
  const prepare = store.db.prepare.bind(store.db);
  store.db.prepare = ((sql: string) => {
    let st = prepared.get(sql);
    if (!st) prepared.set(sql, (st = prepare(sql)));
    return st;
  }) as typeof store.db.prepare;
  // The templates' committed steps, recorded as the table layer commits them.
  const recorded = new Map<string, StepCommit[]>();
  const base = tableStore(store);
  const ts: TableStore = {
    ...base,
    commit: (step) => {
      base.commit(step);
      recorded.set(step.gameId, [...(recorded.get(step.gameId) ?? []), step]);
    },
  };
  const templateRows = new Map<string, GameRow>();
  /** Templates whose deal ended the hand at once (their result is delivered by the bot at start). */
  const ended = new Set<string>();
  const templateSeats = new Map<string, SeatRow[]>();
  const rand = rng(seed);
  const engine = engineOf('phom');
  const opts = optionsForTable(store, null, 'phom', {});
  if (!opts.ok) throw new Error('phom options');
  const out: Generated = { games: [], seconds: 0, moves: 0, applied: 0 };
  let parent: SimChannel | null = null;
  let guildId = '';
  const s = sim as unknown as {
    storeMessage(ch: SimChannel, p: { authorId: string; content: string; components: unknown[] }): { id: string };
    botUserId: string;
  };
  /** The messages the bot had posted in the game's thread: the table message and the turn ping. */
  const ensureGuild = (k: number) => {
    if (k % PER_GUILD !== 0) return;
    guildId = sim.createGuild({ name: `Quán ${k / PER_GUILD}`, locale: 'en-US' }).id;
    parent = sim.createTextChannel(guildId, 'games');
  };
  const world = (k: number, gameId: string, ver: number) => {
    const thread = createThread(sim, parent!, { name: `Phỏm · r${k}`, type: 11, autoArchive: 10080, invitable: true });
    const openHand = { type: 2, style: 1, label: 'Open my hand', custom_id: encodeGameId({ gameId, ver, verb: 'hand' }) };
    const table = s.storeMessage(thread, { authorId: s.botUserId, content: 'Phỏm', components: [{ type: 1, components: [openHand] }] });
    const ping = s.storeMessage(thread, { authorId: s.botUserId, content: 'your turn', components: [{ type: 1, components: [openHand] }] });
    return { guildId, channelId: parent!.id, threadId: thread.id, tableMessageId: table.id, pingMessageId: ping.id };
  };
  const templates = Math.min(n, templateCount);
  const batch = store.db.transaction((from: number, to: number) => {
    for (let k = from; k < to; k++) {
      ensureGuild(k);
      const users = [0, 1, 2, 3].map((j) => {
        const u = sim.createUser({ username: `r${k}-${j}`, locale: 'en-US' });
        sim.addMember(guildId, u.id);
        return u.id;
      });
      const row = store.games.create({
        game: 'phom',
        guildId,
        channelId: parent!.id,
        hostUserId: users[0]!,
        options: opts.options,
        optionsHash: opts.hash,
        seed: `restart-${seed}-${k}`,
        seats: 4,
        locale: 'en-US',
      });
      store.games.setSeats(
        row.id,
        users.map((u, seat) => ({ seat, userId: u, isAi: false, displayName: `r${k}-${seat}` })),
      );
      let r = act(ts, { kind: 'start', gameId: row.id, userId: users[0]! }, now);
      // A deal that ends the hand at once (e.g. Ù at the deal) keeps its outbox: the simulated world
      // has no result message for it, so the bot delivers it at start, as after a crash.
      const over = () => engine.result(store.games.state(store.games.get(row.id)!) as never) !== null;
      if (!over()) store.games.clearOutbox(row.id, r.outbox);
      for (let m = 0; m < movesPerGame; m++) {
        const t = ts.load(row.id)!;
        const d = (engine.pending(t.state as never) as Decision<BaseAction>[])[0];
        if (!d) break;
        const action = d.options[Math.floor(rand() * d.options.length)]!;
        r = act(ts, { kind: 'move', gameId: row.id, seat: d.seat, action, ver: t.row.version, userId: users[d.seat]! }, now);
        if (!r.outcome.ok) break;
        store.games.clearOutbox(row.id, r.outbox);
        out.moves++;
      }
      templateRows.set(row.id, store.games.get(row.id)!);
      templateSeats.set(row.id, store.games.seats(row.id));
      const w = world(k, row.id, store.games.get(row.id)!.version);
      store.games.update(row.id, { threadId: w.threadId, tableMessageId: w.tableMessageId, pingMessageId: w.pingMessageId });
      // The simulated table message shows this version, as the bot records after an edit.
      if (!over()) store.games.markShown(row.id, store.games.get(row.id)!.version);
      else ended.add(row.id);
      out.games.push({ gameId: row.id, threadId: w.threadId, tableMessageId: w.tableMessageId, users, guildId });
    }
  });
  // The other games replay a template's committed steps through the store's own commit (the one
  // transaction per table step the bot uses: log entries, snapshots, game row, timers, outbox), with
  // the template's seed, options and players, so each one's log is a real, replayable log of that deal.
  // Only the judging (the table layer and the engine) is skipped: the template proved those steps.
  const clone = store.db.transaction((from: number, to: number) => {
    for (let k = from; k < to; k++) {
      const tpl = out.games[k % templates]!;
      const src = templateRows.get(tpl.gameId)!;
      const steps = recorded.get(tpl.gameId) ?? [];
      ensureGuild(k);
      const row = store.games.create({
        game: 'phom',
        guildId,
        channelId: parent!.id,
        hostUserId: src.hostUserId,
        options: src.options,
        optionsHash: src.optionsHash,
        seed: src.seed,
        seats: src.seats,
        locale: 'en-US',
      });
      store.games.setSeats(row.id, templateSeats.get(tpl.gameId)!);
      for (const st of steps) store.commit({ ...st, gameId: row.id, guildId });
      if (steps.length && !ended.has(tpl.gameId)) store.games.clearOutbox(row.id, steps.at(-1)!.outbox);
      const w = world(k, row.id, store.games.get(row.id)!.version);
      for (const u of tpl.users) if (!sim.guild(w.guildId).members.has(u)) sim.addMember(w.guildId, u);
      store.games.update(row.id, { threadId: w.threadId, tableMessageId: w.tableMessageId, pingMessageId: w.pingMessageId });
      if (!ended.has(tpl.gameId)) store.games.markShown(row.id, store.games.get(row.id)!.version);
      out.games.push({ gameId: row.id, threadId: w.threadId, tableMessageId: w.tableMessageId, users: tpl.users, guildId: w.guildId });
    }
  });
  for (let k = 0; k < templates; k += 250) batch(k, Math.min(templates, k + 250));
  out.applied = templates;
  for (let k = templates; k < n; k += 500) clone(k, Math.min(n, k + 500));
  // A sample of the games: each log replays to its stored state (the copies' logs are real logs).
  for (let k = 0; k < n; k += Math.max(1, Math.floor(n / 20))) {
    const g = out.games[k]!;
    const row = store.games.get(g.gameId)!;
    const replayed = replayLog(engine, row.options, row.seats, row.seed, store.games.log(g.gameId));
    store.games.forgetCache();
    if (JSON.stringify(replayed) !== JSON.stringify(store.games.state(store.games.get(g.gameId)!)))
      throw new Error(`generated game ${g.gameId} does not replay to its state`);
  }
  store.close();
  out.seconds = (performance.now() - t0) / 1000;
  return out;
}

export async function run(): Promise<Row[]> {
  const n = Number(arg('games', '10000'));
  const movesPerGame = Number(arg('moves', '3'));
  const maxMs = Number(arg('max-s', '120')) * 1000;
  const templateCount = Number(arg('templates', '50'));
  const rssCap = Number(arg('rss-cap', '6144'));
  const sim = await DiscordSim.start({ realTime: true });
  const dir = mkdtempSync(join(tmpdir(), 'hq-restart-bench-'));
  const dbPath = join(dir, 'hq.db');
  let bot: ReturnType<typeof startBotProcess> | null = null;
  try {
    const gen = generate(sim, dbPath, n, movesPerGame, templateCount);
    console.error(
      `restart: ${n} games generated in ${gen.seconds.toFixed(1)} s: ${gen.applied} played through act (${gen.moves} moves), ${n - gen.applied} replaying their committed steps through store.commit`,
    );
    for (const gid of new Set(gen.games.map((g) => g.guildId)))
      await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: gid });
    sim.rateLimits.reset();
    const routeCount = (re: RegExp) =>
      Object.entries(sim.rateLimits.stats().routes)
        .filter(([k]) => re.test(k))
        .reduce((a, [, v]) => a + v.requests, 0);

    // Every REST request the bot makes, with its time (the simulator's log, real clock).
    const t0 = Date.now();
    const p0 = performance.now();
    bot = startBotProcess(sim, dbPath);
    let rssMax = 0;
    let killed = false;
    const rssTimer = setInterval(() => {
      const r = rssOf(bot!.pid).rssMiB;
      rssMax = Math.max(rssMax, r);
      if (r > rssCap && !killed) {
        killed = true;
        console.error(`restart: bot RSS ${r.toFixed(0)} MiB over the cap; killing it`);
        void bot!.kill();
      }
    }, 200);
    const readyAt = await sim.waitFor(
      () => sim.gatewayLog().find((e) => e.at >= t0 && e.kind === 'gateway-out' && /^DISPATCH READY /.test(e.summary))?.at,
      { timeout: 120_000, interval: 5, message: 'READY' },
    );
    const toReady = readyAt - t0;
    // Clicks on random old games ("Open my hand"), the first right at READY, then one a second, until
    // the bot is online (start() resolved) and its start-up requests have stopped for 5 s.
    const clicks: { at: number; ack: number; failed: boolean }[] = [];
    const pick = rng(7);
    const clickOne = async () => {
      const o = gen.games[Math.floor(pick() * gen.games.length)]!;
      const m = sim.message(o.tableMessageId);
      const b = m && sim.findButton(m, (c) => c.label === 'Open my hand');
      if (!m || !b) return;
      const at = Date.now();
      const s0 = performance.now();
      const hh = await sim.click(o.users[1]!, m.id, String(b.custom_id));
      await hh.settled({ timeout: 30_000 }).catch(() => undefined);
      clicks.push({ at: at - readyAt, ack: performance.now() - s0, failed: hh.failed || !hh.acknowledged });
    };
    const pending: Promise<void>[] = [clickOne()];
    let lastAt = readyAt;
    let firstAt: number | null = null;
    let lastCount = 0;
    let nextClick = performance.now() + 1000;
    while (performance.now() - p0 < maxMs && !bot.exited) {
      await sleep(100);
      const mine = sim.restLog().filter((e) => e.at >= readyAt && /\/channels\//.test(e.summary));
      if (mine.length && firstAt === null) firstAt = mine[0]!.at;
      if (mine.length !== lastCount) {
        lastCount = mine.length;
        lastAt = mine[mine.length - 1]!.at;
      } else if (bot.onlineAt !== undefined && Date.now() - Math.max(lastAt, bot.onlineAt) > 5000) break;
      if (performance.now() > nextClick && clicks.length + pending.length < 120) {
        nextClick += 1000;
        pending.push(clickOne());
      }
    }
    await Promise.all(pending);
    const firstClick = clicks[0];
    const firstAck = firstClick?.ack ?? NaN;
    const firstAckFailed = !firstClick || firstClick.failed;
    const answered = clicks.find((c) => !c.failed);
    // The first click sent once the bot answers (start() resolved: discord.js ready, tables resumed):
    // the first interaction with a game not yet loaded (snapshot + tail read on demand).
    const onlineRel = bot.onlineAt !== undefined ? bot.onlineAt - readyAt : Infinity;
    const afterOnline = clicks.find((c) => c.at >= onlineRel);
    const afterOnlineOk = !!afterOnline && !afterOnline.failed;
    const laterAcks = clicks
      .slice(1)
      .filter((c) => !c.failed)
      .map((c) => c.ack);
    const done = bot.onlineAt !== undefined && Date.now() - Math.max(lastAt, bot.onlineAt) > 5000;
    clearInterval(rssTimer);
    const rssEnd = rssOf(bot.pid).rssMiB;
    const edits = routeCount(/^PATCH \/channels\/:id\/messages\/:id$/);
    const posts = routeCount(/^POST \/channels\/:id\/messages$/);
    const deletes = routeCount(/^DELETE \/channels\/:id\/messages\/:id$/);
    const stats = sim.rateLimits.stats();
    const lagNote = bot.lag ? `${bot.lag.p99.toFixed(0)} / ${bot.lag.max.toFixed(0)}` : '–';
    const workAfterReady = (Math.max(lastAt, bot.onlineAt ?? 0) - readyAt) / 1000;
    const onlineAfterReady = bot.onlineAt !== undefined ? (bot.onlineAt - readyAt) / 1000 : NaN;
    const failedClicks = clicks.filter((c) => c.failed).length;
    const rows: Row[] = [
      { name: 'games', value: n, unit: '' },
      { name: 'generate', value: gen.seconds, unit: 's' },
      { name: 'process start → READY', value: toReady / 1000, unit: 's' },
      { name: `start-up work after READY${done ? '' : ' (NOT done: cut off)'}`, value: workAfterReady, unit: 's' },
      { name: 'READY → "online" (start() resolved)', value: onlineAfterReady, unit: 's' },
      { name: 'READY → first start-up request', value: firstAt === null ? NaN : (firstAt - readyAt) / 1000, unit: 's' },
      { name: 'READY → first click answered', value: answered ? (answered.at + answered.ack) / 1000 : NaN, unit: 's' },
      { name: 'clicks during start-up: sent', value: clicks.length, unit: '' },
      { name: 'clicks during start-up: failed (not acked in 3 s)', value: failedClicks, unit: '' },
      { name: 'table edits at start', value: edits, unit: '' },
      { name: 'messages posted at start', value: posts, unit: '' },
      { name: 'messages deleted at start', value: deletes, unit: '' },
      { name: 'REST requests at start', value: stats.requests, unit: '' },
      { name: '429s at start', value: stats.sent429, unit: '' },
      { name: `click at READY ack${firstAckFailed ? ' (FAILED)' : ''}`, value: firstAck, unit: 'ms' },
      { name: 'first answered click ack', value: answered?.ack ?? NaN, unit: 'ms' },
      { name: `first click once answering, ack${afterOnlineOk ? '' : ' (FAILED or none)'}`, value: afterOnline?.ack ?? NaN, unit: 'ms' },
      { name: 'later clicks ack p50', value: pct(laterAcks, 50), unit: 'ms' },
      { name: 'later clicks ack max', value: laterAcks.length ? Math.max(...laterAcks) : NaN, unit: 'ms' },
      { name: 'bot RSS max', value: rssMax, unit: 'MiB' },
      { name: 'bot RSS at end', value: rssEnd, unit: 'MiB' },
    ];
    printTable([
      {
        games: String(n),
        'gen s': gen.seconds.toFixed(1),
        'start→READY s': (toReady / 1000).toFixed(2),
        'work after READY s': `${workAfterReady.toFixed(1)}${done ? '' : ' (cut off)'}`,
        'online after READY s': onlineAfterReady.toFixed(1),
        'first answered click after READY s': answered ? ((answered.at + answered.ack) / 1000).toFixed(1) : '–',
        'clicks failed/sent': `${failedClicks} / ${clicks.length}`,
        'edits/posts/deletes': `${edits} / ${posts} / ${deletes}`,
        'click at READY ack ms': `${firstAck.toFixed(0)}${firstAckFailed ? ' FAILED' : ''}`,
        'first click once answering ack ms': afterOnline ? `${afterOnline.ack.toFixed(0)}${afterOnline.failed ? ' FAILED' : ''}` : '–',
        'later ack p50/max ms': `${pct(laterAcks, 50).toFixed(0)} / ${laterAcks.length ? Math.max(...laterAcks).toFixed(0) : '–'}`,
        'RSS max/end MiB': `${rssMax.toFixed(0)} / ${rssEnd.toFixed(0)}`,
        'lag p99/max ms': lagNote,
        killed: killed ? 'yes (RSS cap)' : 'no',
      },
    ]);
    console.error(
      `restart targets (#18 §1): work ≤ 2 s after READY: ${done && workAfterReady <= 2 ? 'met' : 'NOT met'}; ` +
        `first click on an old game once answering, ack ≤ 100 ms: ${afterOnlineOk && afterOnline.ack <= 100 ? 'met' : 'NOT met'} ` +
        `(a click sent at READY itself: ${firstAck.toFixed(0)} ms, behind the GUILD_CREATEs in the gateway stream); RSS ≤ 300 MiB: ${rssMax <= 300 ? 'met' : 'NOT met'}`,
    );
    return rows;
  } finally {
    await bot?.kill();
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
