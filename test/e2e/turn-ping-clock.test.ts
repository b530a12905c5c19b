/**
 * Who could claim is hidden (#13 §2): the turn part of a ping must not depend on it. It was decided
 * by plain seat-view liveness, which a claim answer renews (registerView sets `since` on every click):
 * a claimant who passed 10 min ago was still "live" at their turn 14 min after everyone opened their
 * hand, so they were NOT mentioned, where a non-claimant with the same public history was. The turn
 * part now goes by the claim clock (seat-views.ts `forTurn`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openHand, playAsAi, type World, pendingNow } from './harness.js';
import { tableWithSeed } from './seeded.js';
import { engineOf } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const windowIndex = { v: 0 };
/** A deal whose first 2-claimant window, all passing, hands the turn to N = discarder+1; `nClaims`: N is one of them. */
function seedFor(nClaims: boolean) {
  return (options: unknown): { seed: string; seat: number } => {
    windowIndex.v = 0;
    const engine = engineOf('classic-mahjong');
    for (let k = 0; k < 400; k++) {
      const seed = `turnping-${nClaims}-${k}`;
      let state = initialState(engine, options, 4, seed);
      let lastTurn = -1;
      let windows = 0;
      let prevClaim = false;
      for (let n = 0; n < 1500 && !engine.result(state); n++) {
        const pending = engine.pending(state) as Decision<BaseAction>[];
        const claims = pending.filter((d) => d.kind === 'claim');
        const isNew = claims.length > 0 && !prevClaim;
        prevClaim = claims.length > 0;
        if (isNew) windows++;
        if (isNew && claims.length === 2) {
          let after = state;
          for (const d of claims) after = (engine.apply(after, d.seat, { type: 'pass' }) as { ok: true; value: unknown }).value;
          const next = (engine.pending(after) as Decision<BaseAction>[])[0];
          const N = (lastTurn + 1) % 4;
          const has = claims.some((c) => c.seat === N);
          if (next && next.kind === 'turn' && next.seat === N && has === nClaims) {
            windowIndex.v = windows;
            return { seed, seat: N };
          }
        }
        const d = pending[0]!;
        if (d.kind === 'turn') lastTurn = d.seat;
        const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
        assert.ok(r.ok);
        state = r.value;
      }
    }
    throw new Error('no seed');
  };
}

async function passOn(w: World, gameId: string, seat: number, viewId: string) {
  const d = pendingNow(w, gameId).find((x) => x.seat === seat)!;
  const idx = d.options.findIndex((a) => a.type === 'pass');
  const view = w.sim.message(viewId)!;
  const b = w.sim
    .components(view)
    .find((c) => decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.arg === String(idx))!;
  assert.ok(b, 'pass button');
  const h = await w.sim.click(w.store.games.seats(gameId)[seat]!.userId!, viewId, String(b.custom_id));
  await h.settled({ timeout: 30_000 });
  await w.bot.whenIdle();
}

async function scenario(nClaims: boolean): Promise<{ mentioned: boolean; texts: string[] }> {
  let out = { mentioned: false, texts: [] as string[] };
  await withWorld(async (w) => {
    const { gameId, seat: N } = await tableWithSeed(w, 'classic-mahjong', () => false, {}, seedFor(nClaims));
    let seen = 0;
    let prev = false;
    for (let n = 0; n < 1500; n++) {
      const isClaim = pendingNow(w, gameId).some((d) => d.kind === 'claim');
      if (isClaim && !prev) seen++;
      prev = isClaim;
      if (isClaim && seen === windowIndex.v) break;
      const d = pendingNow(w, gameId)[0]!;
      const u = w.store.games.seats(gameId)[d.seat]!.userId!;
      await playAsAi(w, u, gameId, await openHand(w, u, gameId));
    }
    const claims = pendingNow(w, gameId).filter((d) => d.kind === 'claim');
    assert.equal(claims.length, 2);
    assert.equal(
      claims.some((c) => c.seat === N),
      nClaims,
    );
    // t0: every player opens their hand (the same public-invisible click for everybody).
    const seats = w.store.games.seats(gameId);
    const views = new Map<number, string>();
    for (const s of seats) views.set(s.seat, (await openHand(w, s.userId!, gameId)).id);
    // The first claimant (N itself when N may claim) passes at t0+10 min, the other at t0+14 min.
    const [first, last] = nClaims ? [claims.find((c) => c.seat === N)!, claims.find((c) => c.seat !== N)!] : [claims[0]!, claims[1]!];
    w.now.t += 10 * 60_000;
    w.sim.clock.advance(10 * 60_000);
    await passOn(w, gameId, first.seat, views.get(first.seat)!);
    w.now.t += 4 * 60_000;
    w.sim.clock.advance(4 * 60_000);
    const threadId = w.store.games.get(gameId)!.threadId!;
    const before = new Set(w.sim.allMessages(threadId).map((m) => m.id));
    await passOn(w, gameId, last.seat, views.get(last.seat)!);
    const next = pendingNow(w, gameId)[0]!;
    assert.equal(next.seat, N);
    assert.equal(next.kind, 'turn');
    const posted = w.sim.allMessages(threadId).filter((m) => !before.has(m.id) && !m.ephemeralTo && !m.deleted);
    const uid = seats[N]!.userId!;
    out = { mentioned: posted.some((m) => w.sim.text(m).includes(`<@${uid}>`)), texts: posted.map((m) => w.sim.text(m)) };
  });
  return out;
}

test(
  'the turn ping for the next seat does not depend on whether that seat could claim (and passed) in the window',
  { timeout: 180_000 },
  async () => {
    const claimant = await scenario(true);
    const nonClaimant = await scenario(false);
    assert.equal(nonClaimant.mentioned, true, `a non-claimant N is mentioned in the turn ping: ${JSON.stringify(nonClaimant.texts)}`);
    assert.equal(claimant.mentioned, true, `a claimant N who passed is mentioned alike: ${JSON.stringify(claimant.texts)}`);
  },
);
