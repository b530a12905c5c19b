/**
 * Claims that reveal nothing (issue #13 §2). For generated claim windows of every game that has
 * them, the public messages (the table message's text, components and image model, the ping) are
 * the same function of the public view whichever seats may claim: each situation is compared with
 * the same table where other seats are the claimants (the engine's pending decisions, its public
 * "waiting for" list and the claim timers swapped, everything public left alone). A claim timeout
 * and a claim reminder say nothing in public either.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, type Store } from '../../src/store/index.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { tableStore, type Table, type TableStore } from '../../src/table/store.js';
import { act, type TableCommand } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { claimReminderText, pingView, tableView } from '../../src/table/views.js';
import { pendingOf, withClaimants } from '../support/claim-variants.js';
import type { BaseAction, GameId } from '../../src/games/core/types.js';

const CLAIM_GAMES: GameId[] = ['chan', 'vn-mahjong', 'classic-mahjong'];

function rig(game: GameId, seed: string): { store: Store; ts: TableStore; gameId: string; run(c: TableCommand): ReturnType<typeof act> } {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  const row = store.games.create({
    game,
    guildId: 'g',
    channelId: 'c',
    threadId: 'th',
    hostUserId: 'u0',
    options: defaultOptions(GAMES[game].engine.options) as Record<string, unknown>,
    optionsHash: 'h',
    seed,
    seats: 4,
    timerPreset: { name: 'live' },
    timeoutPolicy: 'ai',
  });
  store.games.setSeats(
    row.id,
    [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
  );
  return {
    store,
    ts,
    gameId: row.id,
    run: (cmd) => {
      const r = act(ts, cmd, clock.t);
      if (r.outbox.length) store.games.clearOutbox(row.id, r.outbox);
      return r;
    },
  };
}

/** Plays AI choices (as the humans' moves) until a claim window is open; null at the hand's end. */
function untilClaim(r: ReturnType<typeof rig>, skip: number): Table | null {
  let seen = 0;
  for (let n = 0; n < 600; n++) {
    const t = r.ts.load(r.gameId)!;
    if (t.engine.result(t.state)) return null;
    const p = pendingOf(t);
    if (p.some((d) => d.kind === 'claim') && seen++ >= skip) return t;
    const d = p[0]!;
    const action = t.engine.ai(t.state, d.seat) as BaseAction;
    const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null });
    assert.equal(res.outcome.ok, true);
  }
  return null;
}

for (const game of CLAIM_GAMES) {
  test(`${game}: the public messages of a claim window are the same whichever seats may claim`, () => {
    let checked = 0;
    for (let k = 0; k < 6 && checked < 4; k++) {
      const r = rig(game, `privacy-${game}-${k}`);
      assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
      const t = untilClaim(r, k % 2);
      if (!t) continue;
      const claimants = pendingOf(t)
        .filter((d) => d.kind === 'claim')
        .map((d) => d.seat);
      const others = [0, 1, 2, 3].filter((s) => !claimants.includes(s));
      const variants = [claimants, others.slice(0, 1), others, [0, 1, 2, 3]].filter((v) => v.length);
      for (const lang of ['en', 'vi', 'zh-TW'] as const) {
        const base = withClaimants(t, claimants);
        const view = tableView(base, lang);
        const ping = pingView(base, [], claimants, lang);
        assert.ok(
          view.lines.some((l) => l.startsWith('⏳')),
          'the table says it waits for claims',
        );
        for (const v of variants) {
          const alt = withClaimants(t, v);
          assert.deepEqual(tableView(alt, lang), view, `${game} table message, claimants ${claimants} vs ${v}`);
          assert.deepEqual(pingView(alt, [], v, lang), ping, `${game} ping, claimants ${claimants} vs ${v}`);
          // The reminder of a window without a deadline (and its vote), too.
          assert.deepEqual(
            claimReminderText(alt, lang, { n: 3, vote: true }),
            claimReminderText(base, lang, { n: 3, vote: true }),
            `${game} claim reminder, claimants ${claimants} vs ${v}`,
          );
          // With live seat views (the same for both), still the same.
          const live = new Set([1, 3]);
          assert.deepEqual(pingView(alt, [], v, lang, live), pingView(base, [], claimants, lang, live));
        }
      }
      checked++;
    }
    assert.ok(checked >= 2, `${game}: at least two claim windows were generated (${checked})`);
  });
}

test('a claim that times out says nothing in public and does not hand the seat to the AI; no claim reminder is posted', () => {
  const checked: string[] = [];
  for (const game of CLAIM_GAMES) {
    const r = rig(game, `privacy-timeout-${game}`);
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const t = untilClaim(r, 0);
    if (!t) continue;
    checked.push(game);
    const seat = pendingOf(t).find((d) => d.kind === 'claim')!.seat;
    const remind = r.run({ kind: 'remind', gameId: r.gameId, seat });
    assert.deepEqual(
      remind.effects.filter((e) => e.kind === 'remind'),
      [],
      `${game}: no public reminder for a claim`,
    );
    const res = r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: 'claim' });
    assert.equal(res.outcome.ok, true);
    const table = res.effects.find((e) => e.kind === 'table') as { notice?: unknown } | undefined;
    assert.ok(table, `${game}: the table is redrawn`);
    assert.equal(table.notice, undefined, `${game}: no "ran out of time" notice naming the claimant`);
    assert.equal(r.store.games.seats(r.gameId)[seat]!.isAi, false, `${game}: the seat stays its player's`);
  }
  assert.deepEqual(checked, [...CLAIM_GAMES], 'a claim window in every game');
});

test('claims that ran out together are answered in one step: the window ends on time, not a step per claimant later', () => {
  const checked = new Set<GameId>();
  for (const game of CLAIM_GAMES) {
    for (let k = 0; k < 8 && !checked.has(game); k++) {
      const r = rig(game, `together-${game}-${k}`);
      r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
      let t: Table | null = null;
      for (let skip = 0; skip < 30; skip++) {
        t = untilClaim(r, 0);
        if (!t || pendingOf(t).filter((d) => d.kind === 'claim').length >= 2) break;
        // One claimant only: let it pass and play on.
        const d = pendingOf(t).find((x) => x.kind === 'claim')!;
        r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: d.timeoutDefault, ver: null });
      }
      if (!t || pendingOf(t).filter((d) => d.kind === 'claim').length < 2) continue;
      const claims = pendingOf(t).filter((d) => d.kind === 'claim');
      const timers = t.timers.filter((x) => x.kind === 'claim');
      assert.equal(timers.length, claims.length, `${game}: one claim timer per claimant`);
      assert.equal(new Set(timers.map((x) => x.deadline)).size, 1, `${game}: one deadline for the window`);
      const deadline = timers[0]!.deadline!;
      const version = t.row.version;
      const res = act(r.ts, { kind: 'timeout', gameId: r.gameId, seat: claims[0]!.seat, timerKind: 'claim', deadline }, deadline + 1);
      if (res.outbox.length) r.store.games.clearOutbox(r.gameId, res.outbox);
      assert.equal(res.outcome.ok, true);
      const after = r.ts.load(r.gameId)!;
      const left = pendingOf(after).filter((d) => claims.some((c) => c.seat === d.seat) && d.kind === 'claim');
      assert.deepEqual(left, [], `${game}: every claim that ran out is answered`);
      const entries = r.store.games.logWithMeta(r.gameId).filter((e) => e.seq > version);
      assert.ok(entries.filter((e) => e.source === 'timeout').length >= 2, `${game}: both by their timeout, in one step`);
      // The other claimant's own firing, read before that step, finds nothing left to do.
      const late = act(r.ts, { kind: 'timeout', gameId: r.gameId, seat: claims[1]!.seat, timerKind: 'claim', deadline }, deadline + 2);
      assert.equal(late.outcome.ok, false);
      assert.equal(late.outcome.applied, 0);
      checked.add(game);
      r.store.close();
    }
  }
  assert.ok(checked.size >= 2, `windows with two claimants were found (${[...checked].join(', ')})`);
});
