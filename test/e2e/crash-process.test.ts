/**
 * Crash safety of the table layer (issue #12): the real bot process (`node src/bot/main.ts`, as
 * `npm start` runs it) plays a Phỏm game of two people (driven through the simulator, as the AI
 * would play) and two AI seats, and is killed with SIGKILL at random moments, 20 times. After each
 * kill the database must be consistent: the action log replays and holds exactly the moves that
 * were made (none lost, none twice), every pending decision of a person has exactly one deadline,
 * every finished hand exactly one result row per seat. After each restart the undelivered effects
 * are executed (the outbox empties, the table is redrawn, at most one ping is live) and play goes on.
 * `HQ_CRASH_SEED` replays a run's kill moments and `HQ_CRASH_DEAL` its deal (the game's seed, by
 * default the /play interaction's id): a failure names both, and the game id.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import type { DiscordSim } from '../discord-sim/index.js';
import { optionComponent, processWorld, startBot } from './bot-process.js';
import type { SimMessage } from '../discord-sim/model.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { GameStore } from '../../src/store/games.js';
import { applyEntry, initialState } from '../../src/store/replay.js';
import { engineOf } from '../../src/table/manifests.js';
import { canonical } from '../../src/games/core/match.js';
import type { BaseAction, Decision, HandResult } from '../../src/games/core/types.js';
import { viewToken } from '../support/view-token.js';

const KILLS = 20;
const MIN_ACTIONS = 200;

function readGame(dbPath: string, gameId: string) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const store = new GameStore(db, engineOf);
    const row = store.get(gameId)!;
    const timers = db.prepare('SELECT seat, kind FROM timers WHERE game_id = ? ORDER BY seat').all(gameId) as {
      seat: number;
      kind: string;
    }[];
    const results = db.prepare('SELECT hand, seat FROM results WHERE game_id = ?').all(gameId) as { hand: number; seat: number }[];
    return { row, state: store.state(row), seats: store.seats(gameId), log: store.logWithMeta(gameId), timers, results };
  } finally {
    db.close();
  }
}

/** mulberry32: a small seeded PRNG, so a failing run can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Click {
  userId: string;
  seat: number;
  /** The state version when clicked (the move, if applied, is entry ver + 1). */
  ver: number;
  /** The token the hand view carried (src/table/seat-token.ts). */
  token: number;
  action: string;
  handId: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The token a hand view's components carry (the same on each; -1 when none). */
const tokenOf = (sim: DiscordSim, m: SimMessage) =>
  Math.max(-1, ...sim.components(m).map((c) => decodeGameId(String(c.custom_id ?? ''))?.ver ?? -1));

test(
  'SIGKILL at random points of a 200-action game, 20 times: log, deadlines and results stay consistent',
  { timeout: 900_000 },
  async (t) => {
    const seed = Number(process.env.HQ_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const rnd = prng(seed);
    /** What reproduces this run, in every failure (and as a diagnostic, for a run the test's timeout ends). */
    let repro = `HQ_CRASH_SEED=${seed}`;
    t.diagnostic(repro);
    const engine = engineOf('phom');
    const { sim, dbPath, channel, a, b } = await processWorld('hq-crash-', t);
    let bot = startBot(sim, dbPath);
    const clicks: Click[] = [];
    const exited = (p: ChildProcess) => new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r)));
    try {
      await sim.waitFor(() => sim.connectedBots() === 1, { timeout: 60_000, message: 'bot connects' });
      const play = await sim.slash(a.id, channel.id, 'play', { game: 'phom', timer: 'async' });
      const lobby = await play.reply({ timeout: 30_000 });
      const btn = (m: SimMessage, label: string) => sim.findButton(sim.message(m.id)!, (c) => c.label === label)!.custom_id as string;
      const gameId = decodeGameId(btn(lobby, 'Join'))!.gameId;
      repro += ` (game ${gameId})`;
      await (await sim.click(b.id, lobby.id, btn(lobby, 'Join'))).settled();
      await sim.waitFor(() => sim.text(lobby.id).includes(b.id));
      for (let k = 0; k < 2; k++) {
        await (await sim.click(a.id, lobby.id, btn(lobby, 'Add AI player'))).settled();
        await sim.waitFor(() => (sim.text(lobby.id).match(/🤖/g) ?? []).length === k + 1);
      }
      if (process.env.HQ_CRASH_DEAL) {
        // The deal of a failed run: the lobby's seed, read by the bot process at Start.
        const db = new Database(dbPath, { timeout: 5000 });
        try {
          db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(process.env.HQ_CRASH_DEAL, gameId);
        } finally {
          db.close();
        }
      }
      await (await sim.click(a.id, lobby.id, btn(lobby, 'Start'))).settled();
      await sim.waitFor(() => readGame(dbPath, gameId).row.tableMessageId, { timeout: 30_000 });
      const started = readGame(dbPath, gameId).row;
      const threadId = started.threadId!;
      repro = `HQ_CRASH_SEED=${seed} HQ_CRASH_DEAL=${started.seed} (game ${gameId})`;
      t.diagnostic(repro);
      const say = (m: string) => process.env.HQ_TEST_LOG && console.error(m);
      say(`game ${gameId} started`);

      /** One move as a person would make it (or Next hand); throws when the bot is not there to answer. */
      let gen = 0;
      const step = async (mine: number) => {
        const live = () => {
          if (mine !== gen) throw new Error('killed');
        };
        const g = readGame(dbPath, gameId);
        if (engine.result(g.state)) {
          const result = sim.visibleMessages(threadId, a.id).find((m) => sim.text(m).includes(`Hand ${g.row.handIndex + 1} is over`));
          if (!result) throw new Error('no result message yet');
          const next = sim.findButton(result, (c) => c.label === 'Next hand');
          if (!next) throw new Error('no Next hand button');
          live();
          await (await sim.click(a.id, result.id, String(next.custom_id))).settled({ timeout: 4000 });
          return;
        }
        const d = (engine.pending(g.state) as Decision<BaseAction>[]).find((x) => !g.seats[x.seat]!.isAi);
        if (!d) throw new Error('no person to act');
        const user = g.seats[d.seat]!.userId!;
        const table = sim.message(g.row.tableMessageId!);
        if (!table) throw new Error('no table message');
        const open = sim.findButton(table, (c) => c.label === 'Open my hand');
        if (!open) throw new Error('no Open my hand button');
        const hand = await (await sim.click(user, table.id, String(open.custom_id))).reply({ timeout: 4000 });
        const want = canonical(engine.ai(g.state, d.seat));
        const idx = d.options.findIndex((x) => canonical(x) === want);
        const comp = optionComponent(sim.components(sim.message(hand.id)!), idx);
        if (!comp) throw new Error('no component for the move');
        const token = decodeGameId(String(comp.custom_id))!.ver;
        if (token !== viewToken(g.row, g.state, d.seat)) throw new Error('the view is already out of date');
        const ver = g.row.version;
        live();
        clicks.push({ userId: user, seat: d.seat, ver, token, action: canonical(d.options[idx]), handId: hand.id });
        const h =
          comp.type === 2
            ? await sim.click(user, hand.id, String(comp.custom_id))
            : await sim.select(user, hand.id, String(comp.custom_id), [String(idx)]);
        await h.settled({ timeout: 4000 });
        await sim.waitFor(() => readGame(dbPath, gameId).row.version > ver || tokenOf(sim, sim.message(hand.id)!) !== token, {
          timeout: 4000,
        });
      };

      const check = (when: string) => {
        const g = readGame(dbPath, gameId);
        const ctx = `${when} (seed ${seed})`;
        // The log: contiguous, replays, and its player moves are exactly clicks that were made, once each.
        assert.deepEqual(
          g.log.map((e) => e.seq),
          g.log.map((_, i) => i + 1),
          `log contiguous ${ctx}`,
        );
        assert.equal(g.row.version, g.log.length, `version = log length ${ctx}`);
        let s = initialState(engine, g.row.options, g.row.seats, g.row.seed);
        for (const e of g.log) s = applyEntry(engine, g.row.options, g.row.seats, g.row.seed, s, e);
        assert.equal(canonical(s), canonical(g.state), `the log replays to the state ${ctx}`);
        const byKey = new Map(clicks.map((c) => [`${c.userId}:${c.ver}`, c]));
        for (const e of g.log.filter((x) => x.source === 'player')) {
          const c = byKey.get(`${e.userId}:${e.seq - 1}`);
          assert.ok(c, `player move ${e.seq} matches a click ${ctx}`);
          assert.equal(canonical(e.action), c.action, `move ${e.seq} is the clicked action ${ctx}`);
        }
        // No move lost: a click whose hand view was redrawn (another token) without a warning is in the log.
        for (const c of clicks) {
          const m = sim.message(c.handId);
          if (!m || tokenOf(sim, m) === c.token || sim.text(m).includes('⚠️')) continue;
          const e = g.log.find((x) => x.seq === c.ver + 1);
          assert.ok(
            e && e.userId === c.userId && canonical(e.action) === c.action,
            `acknowledged move at ${c.ver + 1} is in the log ${ctx}`,
          );
        }
        // Deadlines: exactly the persons with a pending decision, one each, of the right kind.
        const over = engine.result(g.state) !== null || g.row.status !== 'running';
        const want = over
          ? []
          : (engine.pending(g.state) as Decision<BaseAction>[])
              .filter((d) => !g.seats[d.seat]!.isAi)
              .map((d) => ({ seat: d.seat, kind: d.kind }));
        assert.deepEqual(
          g.timers,
          want.sort((x, y) => x.seat - y.seat),
          `one deadline per pending decision ${ctx}`,
        );
        // Results: one row per seat for every finished hand, none for a hand in play.
        const finished = new Set<number>();
        for (let h = 0; h < g.row.handIndex; h++) finished.add(h);
        if (engine.result(g.state) as HandResult | null) finished.add(g.row.handIndex);
        for (let h = 0; h <= g.row.handIndex; h++) {
          const rows = g.results
            .filter((r) => r.hand === h)
            .map((r) => r.seat)
            .sort();
          assert.deepEqual(rows, finished.has(h) ? [0, 1, 2, 3] : [], `result rows of hand ${h + 1} ${ctx}`);
        }
        return g;
      };

      let kills = 0;
      const drive = async (n: number) => {
        for (let k = 0; k < n; k++) {
          try {
            await step(gen);
          } catch (e) {
            say(`step: ${(e as Error).message}`);
            await sleep(50);
          }
        }
      };
      while (kills < KILLS) {
        // A few whole moves, then a kill at a random moment of the next one: while the click is
        // judged, during the commit, or while its effects are being sent.
        await drive(Math.floor(rnd() * 8));
        const inflight = step(gen).catch(() => undefined);
        await Promise.race([inflight, sleep(rnd() * 600)]);
        bot.kill('SIGKILL');
        gen++;
        await exited(bot);
        kills++;
        say(`kill ${kills} at version ${readGame(dbPath, gameId).row.version}`);
        await sim.waitFor(() => sim.connectedBots() === 0, { timeout: 30_000 });
        check(`after kill ${kills}`);
        bot = startBot(sim, dbPath);
        await sim.waitFor(() => sim.connectedBots() === 1, { timeout: 60_000, message: 'bot reconnects' });
        // The restart sweep executes what the last step's effects left undone.
        await sim.waitFor(() => readGame(dbPath, gameId).row.outbox.length === 0, { timeout: 30_000, message: 'outbox delivered' });
        const g = check(`after restart ${kills}`);
        const table = sim.message(g.row.tableMessageId!);
        assert.ok(table && sim.text(table).includes(`Hand ${g.row.handIndex + 1}`), `the table shows the current hand (seed ${seed})`);
        const pings = sim.visibleMessages(threadId, a.id).filter((m) => /your turn\.|can claim/.test(sim.text(m)));
        assert.ok(pings.length <= 1, `at most one live ping (seed ${seed}): ${pings.length}`);
      }
      // Play on to the 200th action: the game continues normally after all the crashes.
      for (let k = 0; k < 400 && readGame(dbPath, gameId).row.version < MIN_ACTIONS; k++) await drive(1);
      const g = check('at the end');
      assert.ok(g.row.version >= MIN_ACTIONS, `${g.row.version} actions`);
      assert.ok(g.log.some((e) => e.source === 'ai') && g.log.some((e) => e.source === 'player'), 'both AI and people played');
    } catch (e) {
      // The assertion (or wait) as it was, as the cause; the line to replay it first.
      throw new Error(`${repro}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    } finally {
      bot.kill('SIGKILL');
      await sim.stop();
    }
  },
);
