/**
 * A player at two tables of the same game could not tell their hand views apart outside the game
 * thread: two DM seat views read alike ("Your turn: choose an action."), their DM pings said only
 * "your move at Phỏm (Tá lả)", a closed DM view only "**Phỏm** · hand 1", and a hand opened from
 * /games in another channel never said which table it showed. Now each names its table: the game,
 * the short table id, its game thread as a mention, and in DMs the server (src/bot/seat-channels.ts
 * tableLabel). A view in the game thread itself says nothing more (the thread is the table).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  click,
  openHand,
  openTable,
  playAsAi,
  pendingNow,
  playUntilMoveOf,
  slash,
  withWorld,
  type World,
} from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { SimMessage } from '../discord-sim/model.js';

const seatOf = (w: World, gameId: string, userId: string) => w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;
/** The first text line of a message (a hand view's is its table line when it has one). */
const firstLine = (w: World, m: SimMessage) => w.sim.text(m).split('\n')[0]!;
/** What names table `gameId` (whose game thread is `threadId`) in English. */
const names = (gameId: string, threadId: string) => new RegExp(`\\*\\*Phỏm \\(Tá lả\\)\\*\\* #${gameId} · <#${threadId}>`);

test('DM seat views: two tables in one DM each name their table, server and thread; so do their pings and a closed view', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'dm' });
    const t1 = await openTable(w, 'phom', 2, 0);
    const t2 = await openTable(w, 'phom', 2, 0);
    const dm = w.sim.dmChannel(a)!;
    const hand = (g: string) => w.sim.message(w.store.seatChannels.get(g, seatOf(w, g, a))!.messageId!)!;
    const ping = (g: string) => w.sim.message(w.store.seatChannels.get(g, seatOf(w, g, a))!.pingId!)!;
    for (const t of [t1, t2]) {
      assert.equal(hand(t.gameId).channelId, dm.id, 'in the DM');
      const line = firstLine(w, hand(t.gameId));
      assert.match(line, names(t.gameId, t.threadId), `the hand view names its table: ${line}`);
      assert.match(line, / · server Hội Quán$/, 'and its server');
      assert.equal(pendingNow(w, t.gameId)[0]!.seat, seatOf(w, t.gameId, a), 'a to move at both');
      const said = w.sim.text(ping(t.gameId));
      assert.match(said, names(t.gameId, t.threadId), `the ping names the table and links its thread: ${said}`);
      assert.match(said, /server Hội Quán/);
      assert.match(said, new RegExp(`https://discord.com/channels/@me/${dm.id}/${hand(t.gameId).id}`), 'and links the hand message');
    }
    assert.notEqual(w.sim.text(hand(t1.gameId)), w.sim.text(hand(t2.gameId)), 'the two views read differently');
    // Back to ephemeral views: the DM message at table 2 is closed at its next step, naming its table.
    const old = hand(t2.gameId);
    await slash(w, a, 'prefs', { 'hand-view': 'ephemeral' });
    await playAsAi(w, a, t2.gameId, old);
    const closed = w.sim.text(w.sim.message(old.id)!);
    assert.match(closed, /hand view is closed/);
    assert.match(closed, names(t2.gameId, t2.threadId), `the closed view names its table: ${closed}`);
    assert.match(closed, /server Hội Quán · hand 1/);
  });
});

test('a hand opened from /games in another channel names its table, on every update; one opened in the game thread does not', async () => {
  await withWorld(async (w) => {
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    const t1 = await openTable(w, 'phom', 2, 0);
    const t2 = await openTable(w, 'phom', 2, 0);
    const elsewhere = w.sim.createTextChannel(w.guildId, 'lounge');
    const list = (await slash(w, a, 'games', {}, elsewhere.id)).response!;
    const views = new Map<string, SimMessage>();
    for (const btn of w.sim.components(list).filter((c) => decodeGameId(String(c.custom_id))?.verb === 'hand')) {
      const m = (await click(w, a, list.id, String(btn.custom_id))).response!;
      assert.equal(m.channelId, elsewhere.id);
      views.set(decodeGameId(String(btn.custom_id))!.gameId, m);
    }
    assert.equal(views.size, 2);
    for (const t of [t1, t2]) {
      const line = firstLine(w, w.sim.message(views.get(t.gameId)!.id)!);
      assert.match(line, names(t.gameId, t.threadId), `the /games view names its table: ${line}`);
      assert.doesNotMatch(line, /server/, 'on its own server: no server name');
    }
    // In the game thread: no table line.
    assert.doesNotMatch(w.sim.text(await openHand(w, b, t1.gameId)), new RegExp(`#${t1.gameId}|<#`));
    // a plays at table 1 from the /games view (redrawn), then b moves (a's view is pushed): still named.
    const v1 = views.get(t1.gameId)!;
    await playAsAi(w, a, t1.gameId, w.sim.message(v1.id)!);
    assert.match(firstLine(w, w.sim.message(v1.id)!), names(t1.gameId, t1.threadId), 'after its own click');
    const edits = w.sim.message(v1.id)!.edits;
    await playUntilMoveOf(w, t1.gameId, a);
    assert.ok(w.sim.message(v1.id)!.edits > edits, 'the live view was pushed');
    assert.match(firstLine(w, w.sim.message(v1.id)!), names(t1.gameId, t1.threadId), 'after a push');
  });
});

test("a DM notice's Open my hand names the table and its server", async () => {
  await withWorld(async (w) => {
    const b = w.users[1]!.id;
    await slash(w, b, 'notify', { 'time-zone': 'Asia/Ho_Chi_Minh' });
    await click(w, b, (await (await slash(w, b, 'notify')).reply()).id, 'x:notify:t:turn');
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, gameId, b);
    const dm = w.sim.dmChannel(b)!;
    const notice = w.sim.visibleMessages(dm.id, b).filter((m) => !m.ephemeralTo)[0]!;
    const hv = await click(w, b, notice.id, String(buttonByLabel(w.sim, notice, 'Open my hand').custom_id));
    const line = firstLine(w, w.sim.message(hv.response!.id)!);
    assert.match(line, names(gameId, threadId));
    assert.match(line, / · server Hội Quán$/);
  });
});
