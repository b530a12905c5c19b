/**
 * A claim ping Discord refused (the bot lost Send Messages in Threads) is kept in the game's outbox
 * and posted again later, but only by a sync (housekeeping, a restart): posted by the game's next
 * step, which may be a claimant's hidden pass, it would tell the table that someone passed, and the
 * DM notices it carried would go out a second time to the other claimants (#13 §2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { click, later, openHand, playAsAi, slash, withWorld, type World } from './harness.js';
import { tableWithSeed } from './seeded.js';
import { Permissions as P } from '../discord-sim/model.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const engine = engineOf('classic-mahjong');
const pendingNow = (w: World, gameId: string) => engine.pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[];
const outboxKinds = (w: World, gameId: string) => w.store.games.get(gameId)!.outbox.map((e) => (e as { kind: string }).kind);

/**
 * A classical table (async, on-timeout ai) played up to a discard two seats may claim, whose claim
 * ping is refused and kept; the permission is back after it. Every person asked for claim DMs.
 */
async function keptClaimPing(w: World): Promise<{ gameId: string; threadId: string; claims: Decision<BaseAction>[] }> {
  const { gameId } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => all.filter((x) => x.kind === 'claim').length >= 2, {
    timer: 'async',
    'on-timeout': 'ai',
  });
  const opensTwo = (): boolean => {
    const state = w.store.games.state(w.store.games.get(gameId)!);
    const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
    if (d.kind !== 'turn') return false;
    const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
    return r.ok && (engine.pending(r.value) as Decision<BaseAction>[]).filter((x) => x.kind === 'claim').length >= 2;
  };
  for (let n = 0; n < 1500 && !opensTwo(); n++) {
    const d = pendingNow(w, gameId)[0]!;
    const u = w.store.games.seats(gameId)[d.seat]!.userId!;
    await playAsAi(w, u, gameId, await openHand(w, u, gameId));
  }
  assert.ok(opensTwo(), 'a discard two seats may claim comes');
  for (const u of w.users) await click(w, u.id, (await (await slash(w, u.id, 'notify')).reply()).id, 'x:notify:t:claim');
  w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
  // The mover's deadline: the AI plays the seat, the window with two claimants opens; its ping is refused.
  await later(w, 24 * 3600_000 + 1000);
  const claims = pendingNow(w, gameId).filter((d) => d.kind === 'claim');
  assert.ok(claims.length >= 2);
  assert.ok(outboxKinds(w, gameId).includes('ping'), 'the claim ping was kept');
  w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
  await w.bot.whenIdle();
  return { gameId, threadId: w.store.games.get(gameId)!.threadId!, claims };
}

/** The first claimant passes through their hand view. */
async function pass(w: World, gameId: string, d: Decision<BaseAction>): Promise<void> {
  const user = w.store.games.seats(gameId)[d.seat]!.userId!;
  const view = await openHand(w, user, gameId);
  const i = d.options.findIndex((a) => a.type === 'pass');
  const b = w.sim.components(view).find((c) => {
    const id = decodeGameId(String(c.custom_id));
    return id?.verb === 'act' && id.arg === String(i);
  })!;
  await (await w.sim.click(user, view.id, String(b.custom_id))).settled({ timeout: 30_000 });
  await w.bot.whenIdle();
  assert.ok(
    pendingNow(w, gameId).some((x) => x.kind === 'claim'),
    'the window is still open',
  );
}

test('a kept claim ping is not posted by a claimant’s hidden pass; housekeeping posts it', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, claims } = await keptClaimPing(w);
    const pub = () => w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo && !m.deleted);
    const before = pub().length;
    await pass(w, gameId, claims[0]!);
    assert.equal(pub().length, before, 'a pass leaves no trace in the thread');
    assert.ok(outboxKinds(w, gameId).includes('ping'), 'still owed');
    // The housekeeping round posts it.
    await later(w, 10 * 60_000 + 1000);
    assert.equal(pub().length, before + 1, 'posted by the housekeeping round');
    assert.ok(!outboxKinds(w, gameId).includes('ping'));
  });
});

test('a kept claim ping does not DM the other claimant again at a hidden pass', async () => {
  await withWorld(async (w) => {
    const { gameId, claims } = await keptClaimPing(w);
    const B = w.store.games.seats(gameId)[claims[1]!.seat]!.userId!;
    const dmsOf = (u: string) => {
      const ch = w.sim.dmChannel(u);
      return ch ? w.sim.visibleMessages(ch.id, u).filter((m) => !m.ephemeralTo) : [];
    };
    const dmBefore = dmsOf(B).length;
    await pass(w, gameId, claims[0]!);
    assert.equal(dmsOf(B).length, dmBefore, "A's pass sends B no other claim notice");
    await later(w, 10 * 60_000 + 1000);
    assert.equal(dmsOf(B).length, dmBefore, 'nor does the kept ping posted again');
  });
});
