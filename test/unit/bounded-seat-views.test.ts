/**
 * The live seat views (src/bot/seat-views.ts) hold only views whose token is still live (issue #17:
 * memory flat over months). A view used to stay until its table's next step read it: a quiet table's
 * (paused, idle, waiting without deadline) for days, up to the registry's 20,000 cap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { LIVE_MS, liveSeats, liveViewCount, registerView } from '../../src/bot/seat-views.js';
import type { BotContext } from '../../src/bot/context.js';
import type { Table } from '../../src/table/store.js';

function world() {
  const r = rig('phom', ['human', 'human']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const clock = { t: r.clock.t };
  const ctx = { clock: { now: () => clock.t }, store: r.store } as unknown as BotContext;
  const table = r.ts.load(r.gameId)!;
  /** The same table under another game id: one quiet table each. */
  const tableNo = (n: number): Table => ({ ...table, row: { ...table.row, id: `quiet${n}` } });
  return { r, clock, ctx, table, tableNo };
}

test('views of quiet tables leave the registry once their token is no longer live, not at the tables’ next step', () => {
  const { r, clock, ctx, tableNo } = world();
  // 3,000 tables, one opened hand every 10 s (8 h), none of them played again.
  const every = 10_000;
  for (let n = 0; n < 3_000; n++) {
    registerView(ctx, tableNo(n), 0, { token: `tok${n}`, userId: 'u0', lang: 'en' });
    clock.t += every;
  }
  assert.ok(liveViewCount(ctx) <= LIVE_MS / every + 1, `${liveViewCount(ctx)} views held`);
  r.store.close();
});

test('a live view stays (and stays live) whatever was registered after it; a view opened again is kept once', () => {
  const { r, clock, ctx, table, tableNo } = world();
  const t0 = clock.t;
  registerView(ctx, table, 0, { token: 'a', userId: 'u0', lang: 'en' });
  clock.t = t0 + 60_000;
  registerView(ctx, tableNo(1), 0, { token: 'b', userId: 'u0', lang: 'en' });
  clock.t = t0 + LIVE_MS - 1;
  registerView(ctx, tableNo(2), 0, { token: 'c', userId: 'u0', lang: 'en' });
  assert.equal(liveViewCount(ctx), 3);
  assert.ok(liveSeats(ctx, table).has(0), 'still live');
  // Opened again: its clock restarts, so quiet table 1's view (older now) is the first to go.
  registerView(ctx, table, 0, { token: 'd', userId: 'u0', lang: 'en' });
  assert.equal(liveViewCount(ctx), 3, 'held once');
  clock.t = t0 + 60_000 + LIVE_MS;
  registerView(ctx, tableNo(3), 0, { token: 'e', userId: 'u0', lang: 'en' });
  assert.equal(liveViewCount(ctx), 3, 'quiet table 1’s view left; the table’s, opened again, stayed');
  assert.ok(liveSeats(ctx, table).has(0));
  r.store.close();
});
