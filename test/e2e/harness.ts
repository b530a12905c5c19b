/**
 * End-to-end harness: the real bot (discord.js Client, SQLite store, renderer) against the local
 * Discord simulator, with helpers that read like a person playing.
 */
import { dirname } from 'node:path';
import assert from 'node:assert/strict';
import pino from 'pino';
import { DiscordSim } from '../discord-sim/index.js';
import type { SimMessage } from '../discord-sim/model.js';
import { openStore, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { createRenderer } from '../../src/bot/renderer.js';
import { DEFLATE_LEVEL, DEFLATE_LEVEL_DEEPER, setDeflateLevel } from '../../src/render/draw.js';
import { createBot, type Bot, type BotOptions } from '../../src/bot/app.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { canonical } from '../../src/games/core/match.js';
import { isAnnounceDecision } from '../../src/table/announce.js';
import { initialState } from '../../src/store/replay.js';
import type { Metrics } from '../../src/ops/metrics.js';
import type { AiPort } from '../../src/table/act.js';
import { removeTempDir, tempDb } from '../support/temp-dir.js';

type Json = Record<string, unknown>;

/** Chắn xướng through the UI: pick every cước in the multi-select, set the counts, confirm. */
/** The decisions the game at `gameId` waits for now (its engine's `pending`). */
export function pendingNow(w: World, gameId: string): Decision<BaseAction>[] {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
}

export async function announceAs(
  w: World,
  userId: string,
  gameId: string,
  hand: SimMessage,
  want: { calls: { cuoc: string; count?: number }[] },
): Promise<SimMessage> {
  const row = w.store.games.get(gameId)!;
  const seat = w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;
  const dec = (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[]).find((x) => x.seat === seat)!;
  // Select values are block indexes: the engine's single-cước options, in order.
  const ids = dec.options
    .map((a) => (a as unknown as { calls: { cuoc: string }[] }).calls)
    .filter((c) => c.length === 1)
    .map((c) => c[0]!.cuoc);
  const arg = (c: Json) => decodeGameId(String(c.custom_id))?.arg ?? '';
  const comp = (prefix: string) => w.sim.components(w.sim.message(hand.id)!).find((c) => arg(c).startsWith(prefix))!;
  const done = async (h: { settled(o?: { timeout?: number }): Promise<unknown> }) => {
    await h.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
  };
  await done(
    await w.sim.select(
      userId,
      hand.id,
      String(comp('d.').custom_id),
      want.calls.map((c) => String(ids.indexOf(c.cuoc))),
    ),
  );
  for (const c of want.calls.filter((x) => (x.count ?? 1) > 1)) {
    await done(await w.sim.select(userId, hand.id, String(comp('c.').custom_id), [`${ids.indexOf(c.cuoc)}.${c.count}`]));
  }
  await done(await w.sim.click(userId, hand.id, String(comp('k.').custom_id)));
  return w.sim.message(hand.id)!;
}

export interface World {
  sim: DiscordSim;
  guildId: string;
  channelId: string;
  users: { id: string; name: string }[];
  admin: { id: string; name: string };
  store: Store;
  bot: Bot;
  dbPath: string;
  now: { t: number };
  /** The seeds openTable deals from (`seedInPlay`): the calling test file's name and this world's count of deals. */
  deals: { file: string; n: number };
  stop(): Promise<void>;
  /** Stops the bot, closes and reopens the store, starts a new bot; `whileStopped` runs between the stop and the start. */
  restartBot(o?: { whileStopped?: () => void }): Promise<void>;
}

/**
 * Worlds started and not yet stopped in this process. The deflate level is the process's (draw.ts):
 * the last world to stop sets it back to the idle level, the one a process starts with, for the files
 * run after it in the same batch (draw.ts has no getter of the level to restore one set before).
 */
let liveWorlds = 0;

function releaseDeflateLevel(): void {
  if (--liveWorlds === 0) setDeflateLevel(DEFLATE_LEVEL);
}

export async function startWorld(
  o: {
    users?: number;
    guildLocale?: string;
    guildFeatures?: string[];
    userLocale?: string;
    dbPath?: string;
    metrics?: Metrics;
    /** The AI's port (the bot's worker pool); none: the AI decides inline. */
    ai?: AiPort;
    /**
     * The world's #games channel: a text channel (the default) or an announcement channel, which only
     * a guild with the NEWS feature has (features default to COMMUNITY and NEWS then).
     */
    channel?: 'text' | 'announcement';
  } = {},
): Promise<World> {
  const file = callerTestFile(new Error().stack);
  const sim = await DiscordSim.start();
  const announcement = o.channel === 'announcement';
  const features = o.guildFeatures ?? (announcement ? ['COMMUNITY', 'NEWS'] : undefined);
  const guild = sim.createGuild({
    name: 'Hội Quán',
    locale: o.guildLocale ?? 'en-US',
    ...(features ? { features } : {}),
  });
  const channel = announcement ? sim.createAnnouncementChannel(guild.id, 'games') : sim.createTextChannel(guild.id, 'games');
  const names = ['an', 'binh', 'chi', 'dung', 'em', 'giang'];
  const users = names.slice(0, o.users ?? 4).map((n) => {
    const u = sim.createUser({ username: n, locale: o.userLocale ?? 'en-US' });
    sim.addMember(guild.id, u.id);
    return { id: u.id, name: n };
  });
  const adminUser = sim.createUser({ username: 'admin', locale: o.userLocale ?? 'en-US' });
  sim.addMember(guild.id, adminUser.id, { permissions: 8n });
  const dbPath = o.dbPath ?? tempDb('hq-e2e-');
  const now = { t: Date.UTC(2026, 10, 30, 12, 0, 0) };
  await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: guild.id });
  const render = await createRenderer(0);
  // Images are encoded as a bot under a flood encodes them (draw.ts: deflate level 3, the same
  // pixels in ~10 % larger files): deflating at the idle level 8 was about 30 % of an e2e test's CPU.
  // The idle level's byte budget is test/render's; a test that wants it sets it back. Set back to
  // the idle level when the last world stops (`releaseDeflateLevel`).
  setDeflateLevel(DEFLATE_LEVEL_DEEPER);
  liveWorlds++;
  let store = openStore(dbPath, engineOf, () => now.t);
  const make = async () =>
    simBot(sim, store, render.renderer, now, { ...(o.metrics ? { metrics: o.metrics } : {}), ...(o.ai ? { ai: o.ai } : {}) });
  let bot: Bot;
  try {
    bot = await make();
    await bot.start();
  } catch (e) {
    releaseDeflateLevel(); // no world to stop
    throw e;
  }
  let released = false;
  const world: World = {
    sim,
    guildId: guild.id,
    channelId: channel.id,
    users,
    admin: { id: adminUser.id, name: 'admin' },
    store,
    bot,
    dbPath,
    now,
    deals: { file, n: 0 },
    async stop() {
      try {
        await world.bot.stop();
        world.store.close();
        await sim.stop();
        // The directory is the world's own unless the caller gave the database path.
        if (!o.dbPath) removeTempDir(dirname(dbPath));
      } finally {
        if (!released) releaseDeflateLevel();
        released = true;
      }
    },
    async restartBot(r = {}) {
      await world.bot.stop();
      world.store.close();
      r.whileStopped?.();
      store = openStore(dbPath, engineOf, () => now.t);
      world.store = store;
      bot = await make();
      world.bot = bot;
      await bot.start();
    },
  };
  return world;
}

export function buttons(sim: DiscordSim, m: SimMessage): Json[] {
  return sim.components(m).filter((c) => c.type === 2);
}

export function buttonByLabel(sim: DiscordSim, m: SimMessage, label: RegExp | string): Json {
  const b = buttons(sim, m).find((c) => (typeof label === 'string' ? c.label === label : label.test(String(c.label))));
  assert.ok(
    b,
    `no button ${label} on message: ${buttons(sim, m)
      .map((c) => c.label)
      .join(' | ')}`,
  );
  return b;
}

/** Runs a user's click and waits until the bot has finished handling it. */
export async function click(w: World, userId: string, m: SimMessage | string, customId: string) {
  const h = await w.sim.click(userId, m, customId);
  await h.settled({ timeout: 30_000 });
  await w.bot.whenIdle();
  return h;
}

/**
 * Clicks `customId` (a button that asks first: End match, a deciding End the match vote, a lobby's
 * Cancel) and, when the bot answers with its ephemeral question, the question's `yes` button. Returns
 * the first click and the Yes click (none when no question came: a refusal, or nothing to confirm).
 */
export async function clickConfirmed(w: World, userId: string, m: SimMessage | string, customId: string, yes: RegExp = /^Yes, /) {
  const first = await click(w, userId, m, customId);
  const question = first.followUps.find((q) => buttons(w.sim, w.sim.message(q.id) ?? q).some((c) => yes.test(String(c.label))));
  if (!question) return { first, question: undefined, confirmed: undefined };
  const confirmed = await click(w, userId, question.id, buttonByLabel(w.sim, w.sim.message(question.id)!, yes).custom_id as string);
  return { first, question, confirmed };
}

/** End match on `m` (a result, or the table message between hands) as the host does: asked, then Yes. */
export async function endMatch(w: World, userId: string, m: SimMessage | string) {
  const msg = typeof m === 'string' ? w.sim.message(m)! : m;
  return clickConfirmed(w, userId, msg.id, buttonByLabel(w.sim, msg, 'End match').custom_id as string);
}

export async function slash(w: World, userId: string, name: string, options: Json = {}, channelId = w.channelId) {
  const h = await w.sim.slash(userId, channelId, name, options as never);
  await h.settled({ timeout: 30_000 });
  await w.bot.whenIdle();
  return h;
}

/** /play then everyone joins, then Start. Returns the game id and thread id. */
/** A lobby opened by `hostId` with /play (Phỏm unless said): its message, its Join button and its game. */
export async function openLobby(w: World, hostId: string, game = 'phom') {
  const h = await slash(w, hostId, 'play', { game });
  const lobbyId = h.response!.id;
  const lobby = () => w.sim.message(lobbyId)!;
  const join = buttonByLabel(w.sim, lobby(), 'Join').custom_id as string;
  return { lobbyId, lobby, join, gameId: decodeGameId(join)!.gameId };
}

export async function openTable(
  w: World,
  game: string,
  humans: number,
  ais: number,
  extra: Json = {},
  deal: { seed?: string | ((options: Record<string, unknown>) => string) } = {},
) {
  const host = w.users[0]!;
  const h = await slash(w, host.id, 'play', { game, ...extra });
  const lobby = h.response!;
  assert.ok(lobby, 'the lobby message');
  const join = buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Join').custom_id as string;
  for (const u of w.users.slice(1, humans)) await click(w, u.id, lobby.id, join);
  const addAi = buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Add AI player').custom_id as string;
  for (let k = 0; k < ais; k++) await click(w, host.id, lobby.id, addAi);
  const start = buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Start').custom_id as string;
  const gameId = decodeGameId(start)!.gameId;
  const seed = typeof deal.seed === 'function' ? deal.seed(w.store.games.get(gameId)!.options) : deal.seed;
  w.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(seed ?? seedInPlay(w, gameId), gameId);
  await click(w, host.id, lobby.id, start);
  const row = w.store.games.get(gameId)!;
  assert.equal(row.status, 'running');
  return { gameId, threadId: row.threadId!, lobbyId: lobby.id };
}

/**
 * A bot on the simulator `sim` with `store`, drawing with `render`, on the clock `now`, in English,
 * logging only when HQ_TEST_LOG asks; `extra` adds or replaces options (a world's own, or a test's).
 */
export function simBot(
  sim: DiscordSim,
  store: Store,
  render: BotOptions['render'],
  now: { t: number },
  extra: Partial<BotOptions> = {},
): Promise<Bot> {
  return createBot({
    token: sim.token,
    apiBase: sim.apiBase,
    store,
    log: pino({ level: process.env.HQ_TEST_LOG ?? 'silent' }),
    render,
    clock: { now: () => now.t },
    defaultLang: 'en',
    ...extra,
  });
}

/**
 * The test file that started a world (its name without `.test.ts`), read from the call's stack:
 * its deals are the same whichever batch it runs in, alone or after other files.
 */
function callerTestFile(stack: string | undefined): string {
  return /([\w.-]+)\.test\.[cm]?[jt]s\b/.exec(stack ?? '')?.[1] ?? 'e2e';
}

/**
 * The game's seed is the /play interaction's id, a snowflake of the current time, so every run
 * deals differently, and 0.15–0.8 % of Phỏm deals are Ù khan, which ends the hand at the deal
 * (phom.md §8.4): a test expecting a hand in play then failed at random. openTable gives the
 * lobby the next seed of a fixed sequence instead (the same deals on every run), skipping one whose
 * first hand is over at the deal. A hand over at the deal has its own test (e2e play-phom).
 * The sequence is the world's own, named for its test file: a counter of the whole process gave a
 * file other deals alone than in its batch, and a new e2e file moved the deals of the files after it.
 */
function seedInPlay(w: World, gameId: string): string {
  const row = w.store.games.get(gameId)!;
  const engine = engineOf(row.game);
  const seats = w.store.games.seats(gameId).length;
  for (;;) {
    const seed = `e2e-${w.deals.file}-${row.game}-${seats}-${w.deals.n++}`;
    if (engine.result(initialState(engine, row.options, seats, seed)) === null) return seed;
  }
}

export function tableMessage(w: World, gameId: string): SimMessage {
  const row = w.store.games.get(gameId)!;
  const m = w.sim.message(row.tableMessageId!);
  assert.ok(m, 'table message');
  return m;
}

/** The user clicks "Open my hand" on the table message and gets an ephemeral hand view. */
export async function openHand(w: World, userId: string, gameId: string): Promise<SimMessage> {
  const t = tableMessage(w, gameId);
  const b = buttonByLabel(w.sim, t, 'Open my hand');
  const h = await click(w, userId, t.id, b.custom_id as string);
  const m = h.response!;
  assert.equal(m.ephemeralTo, userId);
  return w.sim.message(m.id)!;
}

/** The others play (as the AI would) until it is `userId`'s move at the table. */
export async function playUntilMoveOf(w: World, gameId: string, userId: string): Promise<void> {
  for (let k = 0; k < 200; k++) {
    const row = w.store.games.get(gameId)!;
    const seats = w.store.games.seats(gameId);
    const pending = engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
    if (pending.some((d) => seats[d.seat]!.userId === userId)) return;
    const d = pending.find((x) => !seats[x.seat]!.isAi);
    assert.ok(d, 'someone must be pending');
    const u = seats[d.seat]!.userId!;
    await playAsAi(w, u, gameId, await openHand(w, u, gameId));
  }
  assert.fail('never their move');
}

/**
 * Each player to act plays as the AI (`playAsAi`, through their hand view) until `done()`, at most
 * `max` moves; returns whether `done()` holds.
 */
export async function playAsAiUntil(w: World, gameId: string, done: () => boolean, max: number): Promise<boolean> {
  for (let n = 0; n < max && !done(); n++) {
    const d = pendingNow(w, gameId)[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    await playAsAi(w, user, gameId, await openHand(w, user, gameId));
  }
  return done();
}

/** Plays as the AI (`playAsAiUntil`) up to the hand's last move: the next move, the AI's, ends the hand. */
export async function playToLastMove(w: World, gameId: string, max = 3000): Promise<void> {
  const engine = engineOf(w.store.games.get(gameId)!.game);
  const lastMove = (): boolean => {
    const state = w.store.games.state(w.store.games.get(gameId)!);
    const d = (engine.pending(state) as Decision<BaseAction>[])[0];
    if (!d) return false;
    const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
    return r.ok && engine.result(r.value) !== null;
  };
  assert.ok(await playAsAiUntil(w, gameId, lastMove, max), 'one move from the end of the hand');
}

/**
 * The user picks the option the AI would choose, through the hand message's buttons or select
 * menus (as a person would), and returns the refreshed hand message.
 */
export async function playAsAi(w: World, userId: string, gameId: string, hand: SimMessage): Promise<SimMessage> {
  const row = w.store.games.get(gameId)!;
  const seat = w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;
  const engine = engineOf(row.game);
  const state = w.store.games.state(row);
  const d = (engine.pending(state) as Decision<BaseAction>[]).find((x) => x.seat === seat);
  assert.ok(d, `seat ${seat} has no decision`);
  const choice = engine.ai(state, seat) as BaseAction;
  const want = canonical(choice);
  const index = d.options.findIndex((a) => canonical(a) === want);
  if (isAnnounceDecision(d.options) && (choice as unknown as { calls: unknown[] }).calls.length > 0)
    return announceAs(w, userId, gameId, hand, choice as unknown as { calls: { cuoc: string; count?: number }[] });
  assert.ok(index >= 0, 'AI choice is among the options');
  const comps = w.sim.components(hand);
  const b = comps.find(
    (c) => c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.arg === String(index),
  );
  let h;
  if (b) h = await w.sim.click(userId, hand.id, b.custom_id as string);
  else {
    const sel = comps.find((c) => c.type === 3 && ((c.options as Json[]) ?? []).some((op) => op.value === String(index)));
    assert.ok(sel, `no component for option ${index}`);
    h = await w.sim.select(userId, hand.id, sel.custom_id as string, [String(index)]);
  }
  await h.settled({ timeout: 30_000 });
  await w.bot.whenIdle();
  return w.sim.message(hand.id)!;
}

/** Every human with a pending decision plays (as the AI would) until the hand ends. */
export async function playHandToEnd(w: World, gameId: string, maxSteps = 3000): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    const row = w.store.games.get(gameId)!;
    const engine = engineOf(row.game);
    const state = w.store.games.state(row);
    if (engine.result(state)) return;
    const seats = w.store.games.seats(gameId);
    const d = (engine.pending(state) as Decision<BaseAction>[]).find((x) => !seats[x.seat]!.isAi);
    assert.ok(d, 'a human must be pending while the hand runs');
    const user = seats[d.seat]!.userId!;
    const hand = await openHand(w, user, gameId);
    await playAsAi(w, user, gameId, hand);
  }
  assert.fail('hand did not end');
}

/** Moves the world's clock by `ms` and runs the scheduler's round (timers, housekeeping), then waits for the bot. */
export async function later(w: World, ms: number): Promise<void> {
  w.now.t += ms;
  // A round the scheduler's own timer started would make this tick a no-op: wait for it first.
  await w.bot.scheduler.idle();
  await w.bot.scheduler.tick();
  await w.bot.scheduler.idle();
  await w.bot.whenIdle();
}

/**
 * Waits (real time, at most 2 s) until `ok()` holds, the bot idle between looks: for what the bot
 * learns in the background (a gateway event, a check it runs after a click); fails saying `what`.
 */
export async function until(w: World, what: string, ok: () => boolean): Promise<void> {
  for (let k = 0; k < 200 && !ok(); k++) {
    await new Promise((r) => setTimeout(r, 10));
    await w.bot.whenIdle();
  }
  assert.ok(ok(), what);
}

/** Runs `fn` in a fresh world, checks that no interaction showed "This interaction failed", and stops the world. */
export async function withWorld(fn: (w: World) => Promise<void>, o?: Parameters<typeof startWorld>[0]): Promise<void> {
  const w = await startWorld(o);
  try {
    await fn(w);
    assert.deepEqual(
      w.sim.failedInteractions().map((i) => `${i.kind} ${i.failReason}`),
      [],
      'no interaction may show "This interaction failed"',
    );
  } finally {
    await w.stop();
  }
}

/** The REST requests the bot made since `from` (an index in the simulator's log) that name `id`. */
export function requestsAbout(w: World, from: number, id: string): string[] {
  return w.sim
    .restLog()
    .slice(from)
    .map((e) => e.summary)
    .filter((s) => s.includes(id));
}
