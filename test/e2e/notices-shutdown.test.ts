/**
 * A restart during a DM notice round (the scheduler's `dueNotices`: e.g. the digests due when many
 * players' quiet hours end, or DMs slowed by a 429's wait). bot.stop() waits STOP_GRACE_MS for the
 * round, then destroys the client. Before, the round (Notifier.due) went on: each remaining user's
 * notices were taken, the send failed at once (no token any more) and they were closed as 'failed',
 * never sent. Now the scheduler's stop ends the round after the user under way, a send the destroyed
 * client cannot make gives its notices back, and the next process sends each of them once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiscordSim } from '../discord-sim/index.js';
import { connectClient } from '../discord-sim/helpers.js';
import { rig } from '../support/table-rig.js';
import { Notifier, discordSender } from '../../src/notify/notifier.js';
import { STOP_GRACE_MS } from '../../src/bot/app.js';
import { withWorld } from './harness.js';

const DM_POST = /^POST \/channels\/\d+\/messages$/;
const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

/** How many DMs each user got from the bot. */
const dmsOf = (sim: DiscordSim, users: string[]) =>
  users.map((u) => {
    const ch = sim.dmChannel(u);
    return ch ? sim.allMessages(ch.id).length : 0;
  });

test(
  'the client destroyed under a notice round: what it could not send waits, and the next process sends each once',
  { timeout: 60_000 },
  async () => {
    const sim = await DiscordSim.start();
    const guild = sim.createGuild({ name: 'Quán' });
    const r = rig('phom', ['human', 'human'], { seed: 'notices-shutdown', timer: { name: 'async' } });
    const users = Array.from({ length: 12 }, (_, k) => {
      const u = sim.createUser({ username: `p${k}` });
      sim.addMember(guild.id, u.id);
      r.store.prefs.setNotify(u.id, 'result', true);
      r.store.notices.add({ userId: u.id, gameId: r.gameId, kind: 'result', version: 1, hand: 0, dueAt: r.clock.t });
      return u.id;
    });
    const bot = await connectClient(sim);
    const next = await connectClient(sim);
    try {
      // Each DM takes ~150 ms at Discord (a busy moment): the round outlasts the shutdown's grace.
      sim.faults.slow({ route: DM_POST, delayMs: 150, times: 100 });
      const round = new Notifier(r.store, r.ts, discordSender(bot.client)).due(r.clock.t);
      await sleep(500);
      await bot.client.destroy(); // bot.stop(): STOP_GRACE_MS over, the client is destroyed
      await round;
      const outcomes = users.map((u) => r.store.notices.all(u)[0]!.outcome ?? 'waiting');
      const count = (o: string) => outcomes.filter((x) => x === o).length;
      assert.ok(count('sent') > 0 && count('sent') < users.length, `the round was cut by the shutdown: ${outcomes.join(' ')}`);
      assert.equal(count('failed'), 0, `${count('failed')} notices were closed as failed (never sent) by a process shutting down`);
      assert.equal(count('sent') + count('waiting'), users.length, outcomes.join(' '));

      // The next process, at once (the leases were given back): the rest, each once.
      sim.faults.clear();
      await new Notifier(r.store, r.ts, discordSender(next.client)).due(r.clock.t);
      assert.deepEqual(
        users.map((u) => r.store.notices.all(u)[0]!.outcome),
        users.map(() => 'sent'),
      );
      assert.deepEqual(
        dmsOf(sim, users),
        users.map(() => 1),
        'one DM each, none twice',
      );
    } finally {
      await bot.destroy().catch(() => undefined);
      await next.destroy().catch(() => undefined);
      await sim.stop();
    }
  },
);

test(
  'bot.stop during a notice round ends it without waiting the grace out; the restarted bot sends the rest, each once',
  { timeout: 60_000 },
  async () => {
    await withWorld(async (w) => {
      const game = w.store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: w.guildId });
      w.store.games.update(game.id, { status: 'finished' });
      const users = Array.from({ length: 12 }, (_, k) => {
        const u = w.sim.createUser({ username: `q${k}`, locale: 'en-US' });
        w.sim.addMember(w.guildId, u.id);
        w.store.prefs.setNotify(u.id, 'result', true);
        w.store.notices.add({ userId: u.id, gameId: game.id, kind: 'result', version: 1, hand: 0, dueAt: w.now.t });
        return u.id;
      });
      // 600 ms a DM: the 12 take ~7 s, longer than the shutdown's grace.
      w.sim.faults.slow({ route: DM_POST, delayMs: 600, times: 100 });
      void w.bot.scheduler.tick();
      await sleep(500);
      const t0 = Date.now();
      await w.bot.stop();
      const took = Date.now() - t0;
      // Whatever the round still does after the client is gone (before: it went on, each send failing).
      await w.bot.scheduler.idle();
      const outcomes = () => users.map((u) => w.store.notices.all(u)[0]!.outcome ?? 'waiting');
      const cut = outcomes();
      assert.equal(cut.filter((o) => o === 'failed').length, 0, `closed as failed by a process shutting down: ${cut.join(' ')}`);
      assert.ok(cut.includes('sent') && cut.includes('waiting'), `the DM under way went out, the round was cut: ${cut.join(' ')}`);
      assert.ok(took < STOP_GRACE_MS - 1000, `stop ended the round after the DM under way, not the grace (${took} ms)`);

      w.sim.faults.clear();
      await w.restartBot();
      await w.bot.scheduler.tick();
      assert.deepEqual(
        outcomes(),
        users.map(() => 'sent'),
      );
      assert.deepEqual(
        dmsOf(w.sim, users),
        users.map(() => 1),
        'one DM each, none twice',
      );
    });
  },
);
