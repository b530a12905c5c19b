/** /games (issue #14 §1): a user's tables in different states, Open my hand, /games open + Join, paging. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, buttons, click, openTable, slash, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { SimMessage } from '../discord-sim/model.js';

const text = (m: SimMessage) =>
  [
    m.content,
    ...m.embeds.map(
      (e) => `${String(e.title ?? '')}\n${String(e.description ?? '')}\n${String((e.footer as { text?: string } | undefined)?.text ?? '')}`,
    ),
  ].join('\n');

function pendingUsers(w: World, gameId: string): string[] {
  const row = w.store.games.get(gameId)!;
  const seats = w.store.games.seats(gameId);
  return (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[]).map((d) => seats[d.seat]!.userId ?? '');
}

test('/games lists my tables newest first, highlights my move with a deadline and opens my hand', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    const a = await openTable(w, 'phom', 2, 0);
    w.now.t += 60_000;
    const b = await openTable(w, 'chan', 2, 2);
    w.now.t += 60_000;
    // A paused table: both players vote pause.
    const c = await openTable(w, 'phom', 2, 0);
    const tm = w.sim.message(w.store.games.get(c.gameId)!.tableMessageId!)!;
    const pause = buttonByLabel(w.sim, tm, 'Pause').custom_id as string;
    await click(w, an!.id, tm.id, pause);
    await click(w, binh!.id, tm.id, pause);
    assert.equal(w.store.games.get(c.gameId)!.status, 'paused');
    // A table an does not sit at does not show.
    w.now.t += 60_000;

    const h = await slash(w, an!.id, 'games');
    const m = await h.reply();
    assert.equal(m.ephemeralTo, an!.id);
    const body = text(m);
    assert.match(body, /Your tables on this server \(3\)/);
    // Newest activity first: c (paused, last), then b, then a.
    const order = [c.gameId, b.gameId, a.gameId].map((id) => body.indexOf(w.store.games.get(id)!.threadId!));
    assert.ok(
      order.every((x) => x > 0),
      'every table has a jump link to its thread',
    );
    assert.deepEqual(
      [...order].sort((x, y) => x - y),
      order,
      'newest activity first',
    );
    assert.match(body, new RegExp(`https://discord.com/channels/${w.guildId}/${w.store.games.get(a.gameId)!.threadId}`));
    assert.match(body, /⏸️ paused/);
    assert.match(body, /<t:\d+:R>/, 'the deadline as a Discord relative timestamp');
    const mine = [a.gameId, b.gameId].filter((id) => pendingUsers(w, id).includes(an!.id));
    assert.ok(mine.length >= 1, 'an has the move somewhere (seat 0 starts)');
    const theirs = [a.gameId, b.gameId].filter((id) => !pendingUsers(w, id).includes(an!.id));
    assert.equal((body.match(/🟢 \*\*your move\*\*|🟢 \*\*you may claim\*\*/g) ?? []).length, mine.length);
    for (const id of theirs) {
      const who = pendingUsers(w, id).map((u) => w.users.find((x) => x.id === u)?.name);
      assert.ok(who.length, 'someone else is pending');
    }
    const hands = buttons(w.sim, m).filter((b) => decodeGameId(String(b.custom_id))?.verb === 'hand');
    assert.deepEqual(hands.map((b) => decodeGameId(String(b.custom_id))!.gameId).sort(), [...mine].sort());
    if (hands[0]) {
      const opened = await click(w, an!.id, m.id, String(hands[0].custom_id));
      const hv = opened.response!;
      assert.equal(hv.ephemeralTo, an!.id);
      // The hand image, and the piece on offer beside it when an's decision there is a claim.
      const opened0 = decodeGameId(String(hands[0].custom_id))!.gameId;
      const row = w.store.games.get(opened0)!;
      const seat = w.store.games.seats(opened0).findIndex((x) => x.userId === an!.id);
      const mineNow = (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[]).find((d) => d.seat === seat);
      assert.equal(
        w.sim.images(w.sim.message(hv.id)!).length,
        mineNow?.kind === 'claim' ? 2 : 1,
        'the hand image (and the piece on offer)',
      );
    }
    // binh sees the same tables from his side.
    const hb = await (await slash(w, binh!.id, 'games')).reply();
    assert.match(text(hb), /Your tables on this server \(3\)/);
    // Nobody else: the empty list says how to find a table.
    const none = await (await slash(w, w.users[3]!.id, 'games')).reply();
    assert.match(text(none), /no table running/);
  });
});

test('/games open: lobbies with free seats and a Join button that seats me, refusals when full or started, paging', async () => {
  await withWorld(
    async (w) => {
      const [an, binh, chi, dung, em] = w.users;
      // A Phỏm lobby for at most 3.
      const lobbyH = await slash(w, an!.id, 'play', { game: 'phom', seats: 3 });
      const lobbyId = lobbyH.response!.id;
      const gameId = decodeGameId(String(buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'Join').custom_id))!.gameId;

      const list = await (await slash(w, binh!.id, 'games', { show: 'open' })).reply();
      assert.equal(list.ephemeralTo, binh!.id);
      assert.match(text(list), /Lobbies with free seats \(1\)/);
      assert.match(text(list), /1\/3 seats/);
      const join = buttonByLabel(w.sim, list, /1\. Join/).custom_id as string;
      assert.equal(join, `x:games:join:${gameId}`);
      await click(w, binh!.id, list.id, join);
      assert.deepEqual(
        w.store.games.seats(gameId).map((s) => s.userId),
        [an!.id, binh!.id],
      );
      const after = w.sim.message(list.id)!;
      assert.match(text(after), /✅ You joined/);
      assert.match(w.sim.text(lobbyId), new RegExp(`<@${binh!.id}>`), 'the lobby message is redrawn');
      assert.ok(w.sim.threadMembers(w.store.games.get(gameId)!.threadId!).includes(binh!.id), 'added to the game thread');
      // Again: already seated.
      await click(w, binh!.id, list.id, join);
      assert.match(text(w.sim.message(list.id)!), /already/i);
      assert.equal(w.store.games.seats(gameId).length, 2);

      // chi fills it; dung's stale Join button is refused as full, and the lobby drops out of the list.
      const listD = await (await slash(w, dung!.id, 'games', { show: 'open' })).reply();
      const listC = await (await slash(w, chi!.id, 'games', { show: 'open' })).reply();
      await click(w, chi!.id, listC.id, join);
      assert.equal(w.store.games.seats(gameId).length, 3);
      await click(w, dung!.id, listD.id, join);
      assert.match(text(w.sim.message(listD.id)!), /full/i);
      assert.equal(w.store.games.seats(gameId).length, 3);
      assert.match(text(await (await slash(w, dung!.id, 'games', { show: 'open' })).reply()), /No lobby on this server has a free seat/);

      // A started table refuses.
      const l2 = await slash(w, an!.id, 'play', { game: 'phom' });
      const g2 = decodeGameId(String(buttonByLabel(w.sim, w.sim.message(l2.response!.id)!, 'Join').custom_id))!.gameId;
      const listE = await (await slash(w, em!.id, 'games', { show: 'open' })).reply();
      await click(w, binh!.id, l2.response!.id, String(buttonByLabel(w.sim, w.sim.message(l2.response!.id)!, 'Join').custom_id));
      await click(w, an!.id, l2.response!.id, String(buttonByLabel(w.sim, w.sim.message(l2.response!.id)!, 'Start').custom_id));
      assert.equal(w.store.games.get(g2)!.status, 'running');
      await click(w, em!.id, listE.id, `x:games:join:${g2}`);
      assert.match(text(w.sim.message(listE.id)!), /already started/);
      assert.ok(!w.store.games.seats(g2).some((s) => s.userId === em!.id));

      // Twelve more lobbies: two pages, Next and Previous (by four hosts: one member hosts at most
      // MAX_OPEN_LOBBIES open lobbies).
      for (let k = 0; k < 12; k++) await slash(w, [binh, chi, dung, w.admin][k % 4]!.id, 'play', { game: 'chan' });
      const paged = await (await slash(w, em!.id, 'games', { show: 'open' })).reply();
      assert.match(text(paged), /Page 1 of 2/);
      assert.ok(w.sim.components(paged).length <= 25);
      assert.ok(String(paged.embeds[0]!.description).length <= 4000);
      assert.equal(buttons(w.sim, paged).filter((b) => /Join/.test(String(b.label))).length, 10);
      await click(w, em!.id, paged.id, String(buttonByLabel(w.sim, paged, /Next/).custom_id));
      const p2 = w.sim.message(paged.id)!;
      assert.match(text(p2), /Page 2 of 2/);
      assert.equal(buttons(w.sim, p2).filter((b) => /Join/.test(String(b.label))).length, 2);
      assert.match(text(p2), /11\. /);
      await click(w, em!.id, paged.id, String(buttonByLabel(w.sim, p2, /Previous/).custom_id));
      assert.match(text(w.sim.message(paged.id)!), /Page 1 of 2/);
    },
    { users: 5 },
  );
});

test('/games speaks Vietnamese and Chinese too', async () => {
  for (const [loc, re] of [
    ['vi', /Các bàn của bạn|Bạn không có bàn/],
    ['zh-TW', /你在本伺服器/],
  ] as const) {
    await withWorld(
      async (w) => {
        const m = await (await slash(w, w.users[0]!.id, 'games')).reply();
        assert.match(text(m), re);
      },
      { userLocale: loc },
    );
  }
});

test("/games Join waits for the game's lock: a Start (or the /play still opening the thread) never interleaves with it", async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    const lobbyH = await slash(w, an!.id, 'play', { game: 'phom', seats: 3 });
    const gameId = decodeGameId(String(buttonByLabel(w.sim, w.sim.message(lobbyH.response!.id)!, 'Join').custom_id))!.gameId;
    const list = await (await slash(w, binh!.id, 'games', { show: 'open' })).reply();
    // Another step holds the game (as a Start waiting for the AI would).
    let release!: () => void;
    const held = w.bot.locks.run(gameId, () => new Promise<void>((r) => (release = r)));
    const h = await w.sim.click(binh!.id, list.id, `x:games:join:${gameId}`);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(w.store.games.seats(gameId).length, 1, 'not seated while the game is held');
    release();
    await held;
    await h.settled({ timeout: 10_000 });
    await w.bot.whenIdle();
    assert.deepEqual(
      w.store.games.seats(gameId).map((s) => s.userId),
      [an!.id, binh!.id],
    );
  });
});
