/**
 * Chắn, Vietnamese mahjong and classical mahjong in Discord: the same end-to-end checks as Phỏm
 * (complete hands with people and with AI players, claim windows, timeouts, stale and concurrent
 * clicks, restart in the middle of a claim window).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openTable,
  openHand,
  playAsAi,
  playHandToEnd,
  tableMessage,
  click,
  slash,
  buttonByLabel,
  withWorld,
  type World,
} from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

function pendingNow(w: World, gameId: string): Decision<BaseAction>[] {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
}

/** Humans play as the AI until a claim window with at least one human claimant is open. */
async function playUntilHumanClaim(w: World, gameId: string, maxSteps = 400): Promise<Decision<BaseAction>[] | null> {
  for (let step = 0; step < maxSteps; step++) {
    const row = w.store.games.get(gameId)!;
    if (engineOf(row.game).result(w.store.games.state(row))) return null;
    const seats = w.store.games.seats(gameId);
    const p = pendingNow(w, gameId).filter((d) => !seats[d.seat]!.isAi);
    if (p.some((d) => d.kind === 'claim')) return p;
    const d = p[0]!;
    const user = seats[d.seat]!.userId!;
    await playAsAi(w, user, gameId, await openHand(w, user, gameId));
  }
  return null;
}

const GAMES: { game: GameId; people: number }[] = [
  { game: 'chan', people: 4 },
  { game: 'vn-mahjong', people: 4 },
  { game: 'classic-mahjong', people: 4 },
];

for (const { game, people } of GAMES) {
  test(`${game}: ${people} people play a complete hand through buttons, results are stored, next hand deals`, async () => {
    await withWorld(async (w) => {
      const { gameId, threadId } = await openTable(w, game, people, 0, { timer: 'live' });
      assert.equal(w.sim.images(tableMessage(w, gameId)).length, 1);
      await playHandToEnd(w, gameId);
      const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)));
      assert.ok(result, 'result message');
      assert.equal(w.sim.images(result).length, 1);
      const hands = w.store.results.handsOf(gameId);
      assert.equal(hands.length, people);
      assert.equal(Math.round(hands.reduce((a, h) => a + h.points, 0) * 1e6), 0);
      await click(w, w.users[1]!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
      assert.equal(w.store.games.get(gameId)!.handIndex, 1);
      await playHandToEnd(w, gameId);
      assert.equal(w.store.results.handsOf(gameId).length, people * 2, 'the second hand is stored with stable seats');
    });
  });

  test(`${game}: one person and AI players; the person is asked only when they can act`, async () => {
    await withWorld(async (w) => {
      const engine = engineOf(game);
      const { gameId } = await openTable(w, game, 1, engine.minSeats - 1);
      await playHandToEnd(w, gameId);
      const log = w.store.games.logWithMeta(gameId);
      assert.ok(log.some((e) => e.source === 'ai'));
      assert.ok(log.some((e) => e.source === 'player'));
    });
  });
}

for (const game of ['vn-mahjong', 'classic-mahjong'] as const) {
  // Issue #13 §2 changed this test on purpose: the public thread no longer names the claimants
  // (it did: "X: you can claim"); it says "waiting for claims on <piece>", claimants are told on
  // their live seat view, and a claim timeout is not announced.
  test(`${game}: a claim window asks only the people who can claim, privately; a timeout passes for them silently; restart mid-window keeps it`, async () => {
    await withWorld(async (w) => {
      const { gameId, threadId } = await openTable(w, game, 4, 0, { timer: 'live' });
      const claim = await playUntilHumanClaim(w, gameId);
      assert.ok(claim, 'a claim window with people in it');
      const seats = w.store.games.seats(gameId);
      const claimants = claim.filter((d) => d.kind === 'claim').map((d) => seats[d.seat]!.userId!);
      assert.match(w.sim.text(tableMessage(w, gameId)), /Waiting for claims on/);
      // No public message names a claimant apart: a claim ping, if any, mentions every seated
      // person whose seat view is not live, claimant or not.
      const ping = w.sim
        .visibleMessages(threadId, claimants[0]!)
        .filter((m) => /claims are open/.test(w.sim.text(m)))
        .at(-1);
      if (ping) assert.doesNotMatch(w.sim.text(ping), /can claim/);
      for (const m of w.sim.visibleMessages(threadId, claimants[0]!)) assert.doesNotMatch(w.sim.text(m), /you can claim/);
      // Each claimant is told privately: their seat view (opened earlier, pushed live) or the ping.
      for (const u of claimants) {
        const view = w.sim
          .allMessages(threadId)
          .filter((m) => m.ephemeralTo === u)
          .at(-1);
        const told = (view && /You can claim/.test(w.sim.text(view))) || (ping && w.sim.text(ping).includes(`<@${u}>`));
        assert.ok(told, `claimant ${u} is told privately or mentioned with everyone`);
      }
      // Restart in the middle of the window: same pending decisions, same deadlines.
      const timers = w.store.timers.forGame(gameId);
      await w.restartBot();
      assert.deepEqual(w.store.timers.forGame(gameId), timers);
      assert.deepEqual(
        pendingNow(w, gameId).map((d) => d.seat),
        claim.map((d) => d.seat),
      );
      // Nobody answers: the window's timers run out and the engine's default (pass) is taken.
      const before = w.store.games.get(gameId)!.version;
      w.now.t += 31_000;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
      const log = w.store.games.logWithMeta(gameId).slice(before);
      assert.ok(log.filter((e) => e.source === 'timeout').length >= 1);
      assert.ok(!pendingNow(w, gameId).some((d) => d.kind === 'claim'), 'the claim window closed');
      assert.doesNotMatch(w.sim.text(tableMessage(w, gameId)), /ran out of time/, 'a claim timeout names nobody');
    });
  });
}

test('stale and concurrent clicks on a mahjong hand change nothing twice', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'classic-mahjong', 2, 0);
    const d = pendingNow(w, gameId)[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    const hand = await openHand(w, user, gameId);
    const acts = w.sim.components(hand).filter((c) => decodeGameId(String(c.custom_id))?.verb === 'act');
    assert.ok(acts.length >= 2);
    const [a, b] = await Promise.all([
      w.sim.click(user, hand.id, acts[0]!.custom_id as string),
      w.sim.click(user, hand.id, acts[1]!.custom_id as string),
    ]);
    await Promise.all([a.settled({ timeout: 30_000 }), b.settled({ timeout: 30_000 })]);
    await w.bot.whenIdle();
    assert.equal(w.store.games.logWithMeta(gameId).filter((e) => e.source === 'player').length, 1);
  });
});

test('chan: the winner announces their cước through the xướng menu and the announcement is judged', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'chan', 4, 0, { timer: 'live' });
    // Play until a person can ù; they ù without announcing, then build the announcement in the menu.
    for (let step = 0; step < 600; step++) {
      const row = w.store.games.get(gameId)!;
      const engine = engineOf(row.game);
      const state = w.store.games.state(row);
      if (engine.result(state)) break;
      const seats = w.store.games.seats(gameId);
      const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
      const user = seats[d.seat]!.userId!;
      const hand = await openHand(w, user, gameId);
      const u = d.options.findIndex((a) => a.type === 'u' && !(a as { calls?: unknown }).calls);
      if (u >= 0 && engine.ai(state, d.seat).type === 'u') {
        const b = w.sim
          .components(hand)
          .find((c) => decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.arg === String(u))!;
        await click(w, user, hand.id, String(b.custom_id));
        const menu = await openHand(w, user, gameId);
        assert.ok(
          w.sim.components(menu).some((c) => decodeGameId(String(c.custom_id))?.verb === 'announce'),
          'the xướng menu',
        );
        await playAsAi(w, user, gameId, menu);
        break;
      }
      await playAsAi(w, user, gameId, hand);
    }
    const row = w.store.games.get(gameId)!;
    const r = engineOf('chan').result(w.store.games.state(row)) as unknown as {
      endedBy: string;
      announcementCorrect: boolean | null;
    } | null;
    assert.ok(r, 'the hand ended');
    if (r.endedBy === 'u') assert.equal(r.announcementCorrect, true, 'the announcement made through the menu is right');
  });
});

test('vn-mahjong with 5 people: four play each hand and one sits out, in rotation', async () => {
  await withWorld(
    async (w) => {
      const { gameId, threadId } = await openTable(w, 'vn-mahjong', 1, 4, { seats: 5 });
      const out = (w.store.games.state(w.store.games.get(gameId)!) as { match: { reserves: number[] } }).match.reserves;
      assert.equal(out.length, 1, 'one person sits out');
      await playHandToEnd(w, gameId);
      const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
      await click(w, w.users[0]!.id, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
      await playHandToEnd(w, gameId);
      assert.equal(w.store.results.handsOf(gameId).length, 10, 'every person has a result row per hand');
    },
    { users: 1 },
  );
});

test('classic-mahjong: a quick match of one wind round ends by itself after its last hand', async () => {
  await withWorld(async (w) => {
    await slash(w, w.admin.id, 'config', { set: { game: 'classic-mahjong', key: 'match-rounds', value: '1' } });
    const { gameId, threadId } = await openTable(w, 'classic-mahjong', 1, 1);
    for (let hand = 1; hand <= 20 && w.store.games.get(gameId)!.status === 'running'; hand++) {
      await playHandToEnd(w, gameId);
      const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => new RegExp(`Hand ${hand} is over`).test(w.sim.text(m)))!;
      const next = w.sim.components(result).find((c) => c.label === 'Next hand');
      if (!next) break;
      await click(w, w.users[0]!.id, result.id, String(next.custom_id));
    }
    assert.equal(w.store.games.get(gameId)!.status, 'finished', 'the match ended when its wind round was over');
    assert.ok(w.sim.visibleMessages(threadId, w.users[0]!.id).some((m) => /Match over/.test(w.sim.text(m))));
    assert.ok(w.store.results.handsOf(gameId).length >= 4, 'at least one full round of two dealers');
  });
});
