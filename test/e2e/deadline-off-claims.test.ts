/**
 * An open claim window at a Chắn table without a deadline (`decision-timeout-s` 0, the default;
 * issue #14 §3 with #13 §2), in Discord. Three tables get the same deal and are played to the same
 * window with two claimants; at one both still decide, at the other two one of them has passed (the
 * claimant seats swapped). With the simulated clock moved, nothing is played automatically; each
 * thread gets the same public reminders (12 h, 24 h, 48 h: one per window, mentioning everybody),
 * the third with the vote; the bot restarts in between; two votes (a claimant's among them) let
 * the AI answer the open claims, and the table says so in the same words at the three tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openHand, playAsAiUntil, openTable, tableMessage, click, buttonByLabel, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { chanTwoClaimantSeed, claimPass, claimSeats } from './seeded.js';
import type { SimMessage } from '../discord-sim/model.js';

const H = 3600_000;
const chan = engineOf('chan');

const pendingNow = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return chan.pending(w.store.games.state(row)) as Decision<BaseAction>[];
};

/** /play chan, everyone joins, the deal is set, Start; then people play as the AI up to the window. */
async function tableAtWindow(w: World, seed: string): Promise<{ gameId: string; threadId: string }> {
  const { gameId } = await openTable(w, 'chan', 4, 0, {}, { seed });
  await playAsAiUntil(w, gameId, () => claimSeats(w, gameId).length >= 2, 300);
  assert.equal(claimSeats(w, gameId).length, 2, 'two people may claim');
  return { gameId, threadId: w.store.games.get(gameId)!.threadId! };
}

/** What anyone sees of a message: its text and components, with the table's id taken out. */
const shown = (m: SimMessage, gameId: string) => JSON.stringify([m.content, m.components]).replaceAll(gameId, 'G');
/** The public messages posted after the first `after`, deleted ones too (a reminder is deleted once superseded or over). */
const publicSince = (w: World, threadId: string, after: number) =>
  w.sim
    .allMessages(threadId, { deleted: true })
    .filter((m) => !m.ephemeralTo)
    .slice(after);

test('Chắn without a deadline: an open claim window is reminded in the same words whoever may claim, then the AI answers by vote', async () => {
  await withWorld(
    async (w) => {
      const seed = chanTwoClaimantSeed();
      const tables = [];
      for (let k = 0; k < 3; k++) tables.push(await tableAtWindow(w, seed));
      const [a, b, c] = tables as [(typeof tables)[0], (typeof tables)[0], (typeof tables)[0]];
      const [c1, c2] = claimSeats(w, a.gameId) as [number, number];
      await claimPass(w, b.gameId, c1);
      await claimPass(w, c.gameId, c2);
      assert.deepEqual(claimSeats(w, b.gameId), [c2]);
      assert.deepEqual(claimSeats(w, c.gameId), [c1]);
      const start = tables.map((t) => w.sim.allMessages(t.threadId, { deleted: true }).filter((m) => !m.ephemeralTo).length);
      const versions = tables.map((t) => w.store.games.get(t.gameId)!.version);

      // Two days and a bit, in 6-hour steps; the bot restarts after the second reminder.
      for (let h = 6; h <= 54; h += 6) {
        w.now.t += 6 * H;
        await w.bot.scheduler.tick();
        await w.bot.whenIdle();
        if (h === 30) await w.restartBot();
      }
      tables.forEach((t, k) => assert.equal(w.store.games.get(t.gameId)!.version, versions[k], 'nothing was played'));
      const posted = tables.map((t, k) => publicSince(w, t.threadId, start[k]!));
      const reminders = posted[0]!.filter((m) => /the table is still waiting for claims/.test(w.sim.text(m)));
      assert.equal(reminders.length, 3, posted[0]!.map((m) => w.sim.text(m)).join('\n---\n'));
      assert.match(reminders[0]!.content, /Reminder 1/);
      assert.match(reminders[2]!.content, /Reminder 3/);
      for (const u of w.users) assert.ok(reminders[0]!.content.includes(`<@${u.id}>`), 'everybody is mentioned, claimant or not');
      assert.equal(w.sim.components(reminders[1]!).length, 0, 'no vote before the third reminder');
      assert.ok(buttonByLabel(w.sim, reminders[2]!, 'AI answers the claims'));
      // The same public messages at the three tables (claimants both, only c2, only c1).
      tables.forEach((t, k) => {
        assert.deepEqual(
          posted[k]!.map((m) => shown(m, t.gameId)),
          posted[0]!.map((m) => shown(m, a.gameId)),
          `thread ${k}`,
        );
        assert.equal(shown(tableMessage(w, t.gameId), t.gameId), shown(tableMessage(w, a.gameId), a.gameId), `table ${k}`);
      });

      // The vote: two of four (a majority of the others, one taken to be the absent claimant), a
      // claimant among them; the bot restarts after the first vote.
      const seats = w.store.games.seats(a.gameId);
      const voters = [c1, [0, 1, 2, 3].find((s) => s !== c1 && s !== c2)!].map((s) => seats[s]!.userId!);
      const notices: string[][] = tables.map(() => []);
      for (const [k, user] of voters.entries()) {
        for (const [j, t] of tables.entries()) {
          const vote = publicSince(w, t.threadId, start[j]!).filter((m) => /Reminder 3/.test(w.sim.text(m)))[0]!;
          const h = await click(w, user, vote.id, String(buttonByLabel(w.sim, vote, 'AI answers the claims').custom_id));
          assert.equal(h.followUps.filter((m) => m.ephemeralTo).length, 0, 'no refusal');
          notices[j]!.push(w.sim.text(tableMessage(w, t.gameId)).split('\n').at(-1)!);
        }
        if (k === 0) await w.restartBot();
      }
      assert.match(notices[0]![0]!, /votes: AI answers the claims \(1\/2\)/);
      assert.match(notices[0]![1]!, /By vote, the AI answered the open claims/);
      assert.deepEqual(notices[1], notices[0], 'the same notices with the claimants swapped');
      assert.deepEqual(notices[2], notices[0], 'the same notices with the claimants swapped');
      tables.forEach((t, k) => {
        const open = k === 0 ? [c1, c2] : k === 1 ? [c2] : [c1];
        const after = w.store.games.logWithMeta(t.gameId).filter((e) => e.seq > versions[k]!);
        const answers = after.slice(0, open.length);
        assert.deepEqual(
          answers.map((e) => [e.seat, e.source]),
          open.map((s) => [s, 'ai']),
          `table ${k}: the AI answered each open claim`,
        );
        assert.ok(
          w.store.games.seats(t.gameId).every((s) => !s.isAi),
          'no seat shows as AI-played',
        );
      });
    },
    { users: 4 },
  );
});

for (const restart of [false, true])
  test(`Chắn without a deadline: a claim pass in an archived game thread leaves it archived, nothing posted${restart ? ' (after a restart)' : ''}`, async () => {
    await withWorld(async (w) => {
      const { gameId, threadId } = await tableAtWindow(w, chanTwoClaimantSeed());
      const [c1, c2] = claimSeats(w, gameId) as [number, number];
      const user = w.store.games.seats(gameId)[c1]!.userId!;
      const view = await openHand(w, user, gameId);
      // The window waits for days: Discord archives the thread meanwhile.
      w.sim.archiveThread(threadId);
      if (restart) await w.restartBot();
      const table = tableMessage(w, gameId);
      const before = { count: publicSince(w, threadId, 0).length, edits: table.edits, text: w.sim.text(table) };
      const d = pendingNow(w, gameId).find((x) => x.seat === c1)!;
      const i = d.options.findIndex((a) => a.type === 'pass');
      const b = w.sim.components(view).find((c) => {
        const g = decodeGameId(String(c.custom_id));
        return g?.verb === 'act' && g.arg === String(i);
      })!;
      await click(w, user, view.id, String(b.custom_id));
      assert.deepEqual(claimSeats(w, gameId), [c2], 'the pass was played; the other claimant still decides');
      assert.equal(w.sim.channel(threadId).archived, true, 'the thread stays archived');
      assert.equal(publicSince(w, threadId, 0).length, before.count, 'nothing posted');
      assert.equal(w.sim.text(tableMessage(w, gameId)), before.text);
      assert.equal(w.store.games.get(gameId)!.tableMessageId, table.id, 'the table message is the same one');
      // The other claimant's answer closes the window: that is public, and the thread is reopened.
      await claimPass(w, gameId, c2);
      assert.equal(w.sim.channel(threadId).archived, false, 'reopened for a public change');
    });
  });
