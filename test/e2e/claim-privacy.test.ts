/**
 * Claims that reveal nothing (issue #13 §2) in the thread: while two people may claim, one of them
 * passing leaves no trace in public (the table message is not edited, no message is posted); the
 * table says "waiting for claims on <piece>" and names nobody.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  withWorld,
  openHand,
  openTable,
  playAsAi,
  playAsAiUntil,
  playHandToEnd,
  tableMessage,
  click,
  buttonByLabel,
  type World,
  pendingNow,
} from './harness.js';
import { initialState } from '../../src/store/index.js';
import { tableWithSeed } from './seeded.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { canonical } from '../../src/games/core/match.js';

/** The seat that alone may claim now, else null. */
const soleClaimant = (pending: Decision<BaseAction>[]) => {
  const claims = pending.filter((x) => x.kind === 'claim');
  return claims.length === 1 ? claims[0]!.seat : null;
};

/** Plays (as the AI would) until the next move opens a window whose one claimant is seat `c`. */
async function playToSoleWindow(w: World, gameId: string, c: number) {
  const engine = engineOf('classic-mahjong');
  const seats = w.store.games.seats(gameId);
  const opensWindow = (): boolean => {
    const state = w.store.games.state(w.store.games.get(gameId)!);
    const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
    const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
    return r.ok && soleClaimant(engine.pending(r.value) as Decision<BaseAction>[]) === c;
  };
  for (let n = 0; n < 1500 && !opensWindow(); n++) {
    const d = pendingNow(w, gameId)[0]!;
    const u = seats[d.seat]!.userId!;
    await playAsAi(w, u, gameId, await openHand(w, u, gameId));
  }
  assert.ok(opensWindow(), "the next move opens C's window");
  return seats;
}

/** A classical table (everyone a person) played to the move that opens a window whose one claimant is C. */
async function soleWindowTable(w: World) {
  const {
    gameId,
    seat: c,
    user,
  } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => all.filter((x) => x.kind === 'claim').length === 1);
  return { gameId, c, user, seats: await playToSoleWindow(w, gameId, c) };
}

/**
 * Everyone has a live seat view, but C's token is dead at Discord (only Discord's clock moves: the
 * bot still counts C's view as live); the others open their hands anew. Returns who moves next,
 * the others' views, and the public messages' edit counts now.
 */
async function killClaimantView(w: World, gameId: string, c: number, user: string) {
  const seats = w.store.games.seats(gameId);
  const mover = pendingNow(w, gameId)[0]!.seat;
  await openHand(w, user, gameId);
  w.sim.clock.advance(16 * 60_000);
  const views = new Map<number, string>();
  for (const s of seats) if (s.seat !== c) views.set(s.seat, (await openHand(w, s.userId!, gameId)).id);
  const threadId = w.store.games.get(gameId)!.threadId!;
  const before = new Map(w.sim.allMessages(threadId).map((m) => [m.id, m.edits]));
  return { mover, views, threadId, before };
}

/** The others play on (C has no decision meanwhile) until a window of other claimants opens. */
async function playToLaterWindow(w: World, gameId: string, c: number) {
  const seats = w.store.games.seats(gameId);
  let later = false;
  for (let n = 0; n < 20 && !later; n++) {
    const d = pendingNow(w, gameId)[0]!;
    assert.notEqual(d.seat, c);
    const u = seats[d.seat]!.userId!;
    await playAsAi(w, u, gameId, await openHand(w, u, gameId));
    const pending = pendingNow(w, gameId);
    later = pending.some((x) => x.kind === 'claim') && !pending.some((x) => x.seat === c);
  }
  assert.ok(later, 'a later window opened');
}

test('a pass by one of two claimants leaves no trace in the thread', async () => {
  await withWorld(async (w) => {
    const { gameId } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => all.filter((x) => x.kind === 'claim').length >= 2);
    // People play as the AI until the window with two claimants is open.
    for (let n = 0; n < 1500 && pendingNow(w, gameId).filter((d) => d.kind === 'claim').length < 2; n++) {
      const d = pendingNow(w, gameId)[0]!;
      const user = w.store.games.seats(gameId)[d.seat]!.userId!;
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    }
    const claims = pendingNow(w, gameId).filter((d) => d.kind === 'claim');
    assert.equal(claims.length, 2, 'two people may claim');
    const threadId = w.store.games.get(gameId)!.threadId!;
    const table = tableMessage(w, gameId);
    assert.match(w.sim.text(table), /Waiting for claims on/);
    for (const s of w.store.games.seats(gameId)) assert.ok(!w.sim.text(table).includes(s.displayName + ' may'), 'nobody named');
    const d = claims[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    const view = await openHand(w, user, gameId);
    const before = {
      edits: w.sim.message(table.id)!.edits,
      content: w.sim.text(table.id),
      count: w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo).length,
    };
    const pass = d.options.findIndex((a) => a.type === 'pass');
    assert.ok(pass >= 0);
    const b = w.sim
      .components(view)
      .find((c) => decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.arg === String(pass))!;
    const h = await w.sim.click(user, view.id, String(b.custom_id));
    await h.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(pendingNow(w, gameId).filter((x) => x.kind === 'claim').length, 1, 'the other claimant still decides');
    assert.equal(w.sim.message(table.id)!.edits, before.edits, 'the table message was not edited');
    assert.equal(w.sim.text(table.id), before.content);
    assert.equal(w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo).length, before.count, 'nothing posted in public');
  });
});

/**
 * A classical deal whose first window with two claimants, both passing, hands the turn to a seat
 * that is not a claimant (its player then has no live view and is pinged in public).
 */
function seedForPassedWindow(options: unknown): string {
  const engine = engineOf('classic-mahjong');
  for (let k = 0; k < 300; k++) {
    const seed = `passed-window-${k}`;
    let state = initialState(engine, options, 4, seed);
    for (let n = 0; n < 1500 && !engine.result(state); n++) {
      const pending = engine.pending(state) as Decision<BaseAction>[];
      const claims = pending.filter((d) => d.kind === 'claim');
      if (claims.length === 2) {
        let after = state;
        for (const d of claims) {
          const r = engine.apply(
            after,
            d.seat,
            d.options.find((a) => a.type === 'pass')!,
          );
          assert.ok(r.ok);
          after = r.value;
        }
        const next = (engine.pending(after) as Decision<BaseAction>[])[0];
        // A preference never passes a win: one claimant at least must have no win to pass by preference.
        const plain = claims.some((c) => !c.options.some((a) => a.type === 'mahjong'));
        if (next && next.kind === 'turn' && !claims.some((c) => c.seat === next.seat) && plain) return seed;
        break;
      }
      const d = pending[0]!;
      const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
      assert.ok(r.ok);
      state = r.value;
    }
  }
  throw new Error('no seed');
}

for (const how of ['pass', 'preference'] as const)
  test(`no public message is a follow-up of a claimant's click (${how}): its interaction metadata would name them`, async () => {
    await withWorld(async (w) => {
      const { gameId } = await openTable(w, 'classic-mahjong', 4, 0, {}, { seed: seedForPassedWindow });
      await playAsAiUntil(w, gameId, () => pendingNow(w, gameId).filter((d) => d.kind === 'claim').length >= 2, 1500);
      // The claimant without a win answers last (a preference can pass only a claim that is not a win).
      const claims = pendingNow(w, gameId)
        .filter((d) => d.kind === 'claim')
        .sort((a, b) => Number(!a.options.some((x) => x.type === 'mahjong')) - Number(!b.options.some((x) => x.type === 'mahjong')));
      assert.equal(claims.length, 2, 'two people may claim');
      const threadId = w.store.games.get(gameId)!.threadId!;
      const claimants = claims.map((d) => w.store.games.seats(gameId)[d.seat]!.userId!);
      // After a restart no seat view is live: the next turn is pinged in public.
      await w.restartBot();
      const seen = new Set(w.sim.allMessages(threadId).map((m) => m.id));
      // Both pass: the window closes on the second pass and the next turn is pinged in public.
      for (const [k, d] of claims.entries()) {
        const user = w.store.games.seats(gameId)[d.seat]!.userId!;
        const view = await openHand(w, user, gameId);
        // The second claimant closes the window with a pass, or by choosing "auto-pass" in the preferences.
        const h =
          how === 'preference' && k === claims.length - 1
            ? await w.sim.select(
                user,
                view.id,
                String(w.sim.components(view).find((c) => decodeGameId(String(c.custom_id))?.verb === 'prefs')!.custom_id),
                ['auto-pass'],
              )
            : await w.sim.click(
                user,
                view.id,
                String(
                  w.sim
                    .components(view)
                    .find(
                      (c) =>
                        decodeGameId(String(c.custom_id))?.verb === 'act' &&
                        decodeGameId(String(c.custom_id))?.arg === String(d.options.findIndex((a) => a.type === 'pass')),
                    )!.custom_id,
                ),
              );
        await h.settled({ timeout: 30_000 });
        await w.bot.whenIdle();
      }
      const next = pendingNow(w, gameId)[0]!;
      assert.equal(next.kind, 'turn', 'the window closed');
      assert.ok(!claims.some((c) => c.seat === next.seat));
      const posted = w.sim.allMessages(threadId).filter((m) => !seen.has(m.id) && !m.ephemeralTo);
      assert.ok(posted.length > 0, 'the next turn was posted in public');
      const sim = w.sim as unknown as { interactions: Map<string, { userId: string }> };
      for (const m of posted) {
        const by = m.interactionId ? sim.interactions.get(m.interactionId)?.userId : undefined;
        assert.ok(!by || !claimants.includes(by), `public message ${m.id} is a follow-up of a claimant's click`);
      }
    });
  });

test("every public component carries version 0, the result's too: Next hand / End match name their hand instead", async () => {
  await withWorld(async (w) => {
    // Four people: claim answers that change nothing public (passes) move the version, so a version
    // on a public message, minus the public moves, would count them.
    const { gameId, threadId } = await openTable(w, 'classic-mahjong', 4, 0);
    await playHandToEnd(w, gameId);
    const publicComponents = () =>
      w.sim
        .allMessages(threadId)
        .filter((m) => !m.ephemeralTo && !m.deleted)
        .flatMap((m) => w.sim.components(m).map((c) => ({ m, b: decodeGameId(String(c.custom_id ?? '')) })))
        .filter((x) => x.b !== null);
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    assert.ok(result, 'the result message');
    const buttons = w.sim.components(result).map((c) => decodeGameId(String(c.custom_id ?? '')));
    assert.deepEqual(
      buttons.filter((b) => b?.verb === 'next-hand' || b?.verb === 'end-match').map((b) => [b!.verb, b!.ver, b!.arg]),
      [
        ['next-hand', 0, '0'],
        ['end-match', 0, '0'],
      ],
    );
    for (const { m, b } of publicComponents()) assert.equal(b!.ver, 0, `${w.sim.text(m).slice(0, 60)}: ${b!.verb}`);
    await click(w, w.users[1]!.id, result.id, String(buttonByLabel(w.sim, result, 'Next hand').custom_id));
    assert.equal(w.store.games.get(gameId)!.handIndex, 1, 'Next hand dealt');
    for (const { m, b } of publicComponents()) assert.equal(b!.ver, 0, `${w.sim.text(m).slice(0, 60)}: ${b!.verb}`);
  });
});

test('a claimant whose live seat view cannot be pushed as its window opens is not singled out by the claim ping', async () => {
  await withWorld(async (w) => {
    // A deal whose first claim window has one claimant, C; everyone has a live seat view when it
    // opens, but C's token is no longer valid at Discord: the edit that would show C the claim fails.
    const { gameId, c, user, seats } = await soleWindowTable(w);
    const { mover, views, threadId, before } = await killClaimantView(w, gameId, c, user);
    assert.notEqual(mover, c);
    const fails = () => w.sim.restLog().filter((e) => e.code === 50027 && /PATCH .*@original/.test(e.summary)).length;
    const failsBefore = fails();
    await playAsAi(w, seats[mover]!.userId!, gameId, w.sim.message(views.get(mover)!)!);
    assert.deepEqual(
      pendingNow(w, gameId).map((d) => [d.seat, d.kind]),
      [[c, 'claim']],
      'the window is open, C alone may claim',
    );
    assert.equal(fails(), failsBefore + 1, "the edit of C's view failed");
    const changed = w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo && !m.deleted && before.get(m.id) !== m.edits);
    assert.ok(changed.length > 0, 'the table moved');
    // Content and Components V2 text alike (a ping naming C would be a new message here).
    for (const m of changed) assert.ok(!w.sim.text(m).includes(`<@${user}>`), `public message names the claimant: ${w.sim.text(m)}`);
  });
});

/**
 * A classical deal (live timers) whose first window with a single claimant, C, is let pass (the
 * timeout default), and where a window of other claimants opens before C's next decision.
 */
function lateWindowSeed(options: unknown): { seed: string; seat: number } {
  const engine = engineOf('classic-mahjong');
  for (let k = 0; k < 300; k++) {
    const seed = `late-window-${k}`;
    let state = initialState(engine, options, 4, seed);
    let c: number | null = null;
    for (let n = 0; n < 1500 && !engine.result(state); n++) {
      const pending = engine.pending(state) as Decision<BaseAction>[];
      const claims = pending.filter((d) => d.kind === 'claim');
      let d = pending[0]!;
      let action = engine.ai(state, d.seat) as BaseAction;
      if (c === null && claims.length === 1) {
        d = claims[0]!;
        c = d.seat;
        action = d.timeoutDefault;
      } else if (c !== null) {
        if (pending.some((x) => x.seat === c)) break;
        if (claims.length) return { seed, seat: c };
      }
      const r = engine.apply(state, d.seat, action);
      assert.ok(r.ok);
      state = r.value;
    }
  }
  throw new Error('no deal with a later window before the claimant acts again');
}

test('a claimant whose view could not be pushed is not singled out by a later window’s claim ping either', async () => {
  await withWorld(async (w) => {
    const { gameId, seat: c, user } = await tableWithSeed(w, 'classic-mahjong', () => false, { timer: 'live' }, lateWindowSeed);
    const seats = await playToSoleWindow(w, gameId, c);
    const { mover, views, threadId, before } = await killClaimantView(w, gameId, c, user);
    await playAsAi(w, seats[mover]!.userId!, gameId, w.sim.message(views.get(mover)!)!);
    assert.equal(soleClaimant(pendingNow(w, gameId)), c, 'C alone may claim');
    // C lets it pass: the deadline expires on the bot's clock (C's view is still young there).
    w.now.t = w.store.timers.forGame(gameId).find((x) => x.seat === c)!.deadline + 1;
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
    assert.ok(!pendingNow(w, gameId).some((d) => d.seat === c), 'the window is closed');
    // The others play on until a window of other claimants opens, C still without a decision.
    await playToLaterWindow(w, gameId, c);
    const changed = w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo && !m.deleted && before.get(m.id) !== m.edits);
    assert.ok(changed.length > 0, 'the table moved');
    for (const m of changed)
      assert.ok(!w.sim.text(m).includes(`<@${user}>`), `public message names the earlier claimant: ${w.sim.text(m)}`);
  });
});

test('a claimant’s pass does not keep their view counted as live for a later claim ping (the claim clock)', async () => {
  await withWorld(async (w) => {
    const { gameId, seat: c, user } = await tableWithSeed(w, 'classic-mahjong', () => false, {}, lateWindowSeed);
    const seats = await playToSoleWindow(w, gameId, c);
    // Everyone opens their hand at T; the mover opens C's window.
    const views = new Map<number, string>();
    for (const s of seats) views.set(s.seat, (await openHand(w, s.userId!, gameId)).id);
    const mover = pendingNow(w, gameId)[0]!.seat;
    await playAsAi(w, seats[mover]!.userId!, gameId, w.sim.message(views.get(mover)!)!);
    const d = pendingNow(w, gameId).find((x) => x.seat === c)!;
    assert.equal(d.kind, 'claim');
    // Five minutes later C passes on its view: a click only a claimant can make.
    w.now.t += 5 * 60_000;
    const pass = d.options.findIndex((a) => canonical(a) === canonical(d.timeoutDefault));
    const hand = w.sim.message(views.get(c)!)!;
    const b = w.sim
      .components(hand)
      .find(
        (x) => x.type === 2 && decodeGameId(String(x.custom_id))?.verb === 'act' && decodeGameId(String(x.custom_id))?.arg === String(pass),
      );
    assert.ok(b, 'the pass button');
    await click(w, user, hand.id, String(b.custom_id));
    assert.ok(!pendingNow(w, gameId).some((x) => x.seat === c), 'the window is closed');
    // At T + 13.5 min the views opened at T are too old to count, C's included: its pass did not renew it.
    w.now.t += 8.5 * 60_000;
    const threadId = w.store.games.get(gameId)!.threadId!;
    const before = new Set(w.sim.allMessages(threadId).map((m) => m.id));
    await playToLaterWindow(w, gameId, c);
    const claimLines = w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo && !before.has(m.id) && /claims are open/.test(m.content));
    assert.ok(claimLines.length > 0, 'a claim ping');
    for (const m of claimLines) assert.ok(m.content.includes(`<@${user}>`), `C is mentioned with the others: ${m.content}`);
  });
});

test("a window's claimant views are pushed after the table and the ping, so their number does not delay what the table sees (#13 §2)", async () => {
  await withWorld(async (w) => {
    const { gameId, c, user, seats } = await soleWindowTable(w);
    const mover = pendingNow(w, gameId)[0]!.seat;
    assert.notEqual(mover, c);
    // C's view is live (its token is what C's edit goes through); the mover plays from theirs.
    const t = tableMessage(w, gameId);
    const opened = await click(w, user, t.id, String(buttonByLabel(w.sim, t, 'Open my hand').custom_id));
    const moverView = await openHand(w, seats[mover]!.userId!, gameId);
    const from = w.sim.restLog().length;
    await playAsAi(w, seats[mover]!.userId!, gameId, moverView);
    assert.deepEqual(
      pendingNow(w, gameId).map((d) => [d.seat, d.kind]),
      [[c, 'claim']],
      'the window is open, C alone may claim',
    );
    const log = w.sim.restLog().slice(from);
    const threadId = w.store.games.get(gameId)!.threadId!;
    const tableId = tableMessage(w, gameId).id;
    const claimantEdit = log.findIndex((e) => e.summary.includes(opened.token) && /PATCH/.test(e.summary));
    const publicPost = log.findIndex(
      (e) =>
        (e.summary.includes(`/channels/${threadId}/messages`) && /POST|PATCH/.test(e.summary)) ||
        e.summary.includes(`/messages/${tableId}`),
    );
    assert.ok(claimantEdit >= 0, `C's view was edited: ${log.map((e) => e.summary).join('\n')}`);
    assert.ok(publicPost >= 0, 'the table (or a ping) was updated in public');
    assert.ok(publicPost < claimantEdit, `public first:\n${log.map((e) => e.summary).join('\n')}`);
  });
});

test('a claim the timer answers is told in the claimant’s own view only ("your time ran out"), nothing in public', async () => {
  await withWorld(async (w) => {
    // Live timers: the claim's deadline comes while C's view is still live (an interaction token lasts 15 minutes).
    const {
      gameId,
      seat: c,
      user,
    } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => all.filter((x) => x.kind === 'claim').length === 1, { timer: 'live' });
    const seats = await playToSoleWindow(w, gameId, c);
    // C keeps a live view; the mover opens the window.
    const view = await openHand(w, user, gameId);
    const mover = pendingNow(w, gameId)[0]!;
    const mu = seats[mover.seat]!.userId!;
    await playAsAi(w, mu, gameId, await openHand(w, mu, gameId));
    assert.equal(soleClaimant(pendingNow(w, gameId)), c, 'C alone may claim');
    const threadId = w.store.games.get(gameId)!.threadId!;
    const timer = w.store.timers.forGame(gameId).find((x) => x.seat === c && x.kind === 'claim')!;
    assert.ok(timer, "C's claim has a deadline");
    w.now.t = timer.deadline + 1;
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
    assert.ok(!pendingNow(w, gameId).some((x) => x.seat === c && x.kind === 'claim'), 'the timer answered');
    assert.match(w.sim.text(w.sim.message(view.id)!), /^⏰ Your time ran out: “.+” was chosen for you\.$/m);
    // Nothing public says so, nor names C as having had a claim.
    for (const m of w.sim.allMessages(threadId).filter((x) => !x.ephemeralTo)) {
      assert.doesNotMatch(w.sim.text(m), /time ran out/i);
      assert.doesNotMatch(w.sim.text(m), new RegExp(`${seats[c]!.displayName} ran out of time`));
    }
  });
});
