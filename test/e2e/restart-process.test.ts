/**
 * Kill the real bot process (`node src/bot/main.ts`, as `npm start` runs it) in the middle of a
 * hand and start it again: the game continues from the same state, old buttons still work, and
 * nothing is lost or done twice.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { processWorld, readGame, startBot } from './bot-process.js';
import type { SimMessage } from '../discord-sim/model.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';
import { canonical } from '../../src/games/core/match.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('kill -9 mid-hand and restart: the game continues, old buttons work, nothing lost or done twice', { timeout: 120_000 }, async (t) => {
  const { sim, dbPath, channel, a, b } = await processWorld('hq-restart-', t);
  let bot = startBot(sim, dbPath);
  try {
    await sim.waitFor(() => sim.connectedBots() === 1, { timeout: 60_000, message: 'bot connects' });
    // Async timers: the process runs on the real clock, and a live Phỏm turn (25 s) could run out
    // while a loaded host restarts the bot, playing the stale hand's move for it.
    const play = await sim.slash(a.id, channel.id, 'play', { game: 'phom', timer: 'async' });
    const lobby = await play.reply({ timeout: 30_000 });
    const btn = (m: SimMessage, label: string) => sim.findButton(sim.message(m.id)!, (c) => c.label === label)!.custom_id as string;
    const gameId = decodeGameId(btn(lobby, 'Join'))!.gameId;
    await (await sim.click(b.id, lobby.id, btn(lobby, 'Join'))).settled();
    await sim.waitFor(() => sim.text(lobby.id).includes(b.id));
    await (await sim.click(a.id, lobby.id, btn(lobby, 'Start'))).settled();
    await sim.waitFor(() => readGame(dbPath, gameId).row.tableMessageId, { timeout: 30_000 });

    // The player to act opens their hand (ephemeral) and plays one move as the AI would.
    const engine = engineOf('phom');
    // A rare deal (its seed is the interaction id) ends the hand at once (a Ù at the deal): then the next hand.
    for (let k = 0; k < 3 && !(engine.pending(readGame(dbPath, gameId).state) as unknown[]).length; k++) {
      const g = readGame(dbPath, gameId);
      const result = sim
        .visibleMessages(g.row.threadId!, a.id)
        .reverse()
        .find((m) => sim.findButton(m, (c) => c.label === 'Next hand'));
      assert.ok(result, 'the result of a hand that ended at the deal offers the next hand');
      await (await sim.click(a.id, result.id, sim.findButton(result, (c) => c.label === 'Next hand')!.custom_id as string)).settled();
      await sim.waitFor(() => readGame(dbPath, gameId).row.version > g.row.version, { timeout: 30_000 });
    }
    const g0 = readGame(dbPath, gameId);
    assert.ok((engine.pending(g0.state) as unknown[]).length, 'a hand that goes on');
    const playOne = async (hand: SimMessage) => {
      const g = readGame(dbPath, gameId);
      const d = (engine.pending(g.state) as Decision<BaseAction>[])[0]!;
      // As the AI would, except a Ù (the deal's seed is the interaction id: a rare deal lets the dealer
      // or a seat declare Ù at once, and the hand must go on for the test).
      const ai = engine.ai(g.state, d.seat) as BaseAction;
      const pick = ai.type === 'u' ? (d.options.find((x) => x.type !== 'u') ?? ai) : ai;
      const idx = d.options.findIndex((x) => canonical(x) === canonical(pick));
      const comp = sim
        .components(sim.message(hand.id)!)
        .find(
          (c) =>
            decodeGameId(String(c.custom_id))?.arg === String(idx) ||
            (c.type === 3 && (c.options as { value: string }[]).some((o) => o.value === String(idx))),
        )!;
      const user = g.seats[d.seat]!.userId!;
      const h =
        comp.type === 2
          ? await sim.click(user, hand.id, comp.custom_id as string)
          : await sim.select(user, hand.id, comp.custom_id as string, [String(idx)]);
      await h.settled();
      await sim.waitFor(() => readGame(dbPath, gameId).row.version > g.row.version, { timeout: 30_000 });
    };
    const openHand = async (user: string) => {
      const t = sim.message(readGame(dbPath, gameId).row.tableMessageId!)!;
      const h = await sim.click(user, t.id, sim.findButton(t, (c) => c.label === 'Open my hand')!.custom_id as string);
      return h.reply({ timeout: 30_000 });
    };
    const first = (engine.pending(g0.state) as Decision<BaseAction>[])[0]!;
    await playOne(await openHand(g0.seats[first.seat]!.userId!));
    const next = readGame(dbPath, gameId);
    const d1 = (engine.pending(next.state) as Decision<BaseAction>[])[0]!;
    const staleHand = await openHand(next.seats[d1.seat]!.userId!); // drawn before the crash
    const timersBefore = new Database(dbPath, { readonly: true })
      .prepare('SELECT seat, kind, deadline FROM timers WHERE game_id = ?')
      .all(gameId);

    bot.kill('SIGKILL');
    await new Promise((r) => bot.once('exit', r));
    await sim.waitFor(() => sim.connectedBots() === 0, { timeout: 30_000 });
    const frozen = readGame(dbPath, gameId);
    assert.equal(frozen.row.version, next.row.version, 'nothing lost at the kill');

    bot = startBot(sim, dbPath);
    await sim.waitFor(() => sim.connectedBots() === 1, { timeout: 60_000, message: 'bot reconnects' });
    const timersAfter = new Database(dbPath, { readonly: true })
      .prepare('SELECT seat, kind, deadline FROM timers WHERE game_id = ?')
      .all(gameId);
    assert.deepEqual(timersAfter, timersBefore, 'timers resume with their remaining time');
    await playOne(staleHand); // the button drawn before the crash still works
    const after = readGame(dbPath, gameId);
    assert.equal(after.row.version, next.row.version + 1, 'exactly one more action: nothing done twice');
    assert.deepEqual(
      sim.failedInteractions().map((i) => i.kind),
      [],
    );
  } finally {
    bot.kill('SIGKILL');
    await sim.stop();
  }
});
