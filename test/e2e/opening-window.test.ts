/**
 * Vietnamese mahjong's opening joker choices through the real bot (#13 §2): the table names nobody,
 * shows no deadline, and when one holder declines and the next seat holds a choice, nothing new is
 * posted in the thread: the next holder's live seat view is pushed to them privately.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { click, openHand, openTable, tableMessage, withWorld } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

type Expose = { type: 'initial-expose'; jokers: string[]; keepFlower: boolean };
const declines = (a: BaseAction) => (a as unknown as Expose).jokers.length === 0 && !(a as unknown as Expose).keepFlower;

/** A seed whose first two opening choices are two seats', one after the other when the first declines. */
function twoHolders(): { seed: string; a: number; b: number } {
  const engine = engineOf('vn-mahjong');
  const options = defaultOptions(engine.options);
  for (let k = 0; k < 3000; k++) {
    const seed = `e2e-opening-${k}`;
    const s0 = initialState(engine, options, 4, seed);
    const d = (engine.pending(s0) as Decision<BaseAction>[])[0];
    if (!d?.secret) continue;
    const r = engine.apply(s0, d.seat, d.options.find(declines)!);
    if (!r.ok) continue;
    const e = (engine.pending(r.value) as Decision<BaseAction>[])[0];
    if (e?.secret && e.seat !== d.seat) return { seed, a: d.seat, b: e.seat };
  }
  throw new Error('no seed with two opening choices in a row');
}

test('vn-mahjong opening choices: nobody named, no deadline, and the next holder is told on their own view, not in the thread', async () => {
  const { seed, a, b } = twoHolders();
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'vn-mahjong', 4, 0, { timer: 'live' }, { seed });
    const seats = w.store.games.seats(gameId);
    const user = (s: number) => seats[s]!.userId!;
    const other = [0, 1, 2, 3].find((s) => s !== a && s !== b)!;
    const table = w.sim.text(tableMessage(w, gameId));
    assert.match(table, /Opening: waiting for the players' choices/);
    assert.doesNotMatch(table, /Turn:|until|Deadline/);
    for (const s of seats) assert.doesNotMatch(table, new RegExp(`\\b${s.displayName}\\b|<@${s.userId}>`), `${s.displayName} is not named`);

    // The next holder looks first: nothing to decide yet (their view stays live).
    const viewB = await openHand(w, user(b), gameId);
    const acts = (id: string) =>
      w.sim.components(w.sim.message(id)!).filter((c) => decodeGameId(String(c.custom_id ?? ''))?.verb === 'act');
    assert.equal(acts(viewB.id).length, 0);
    const seen = w.sim.visibleMessages(threadId, user(other)).length;

    // The holder declines.
    const viewA = await openHand(w, user(a), gameId);
    const engine = engineOf('vn-mahjong');
    const d = (engine.pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!;
    assert.equal(d.seat, a);
    const i = d.options.findIndex(declines);
    const button = acts(viewA.id).find((c) => decodeGameId(String(c.custom_id))?.arg === String(i));
    assert.ok(button, 'the decline is on the holder’s view');
    await click(w, user(a), viewA.id, String(button.custom_id));
    await w.bot.whenIdle();

    const now = (engine.pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!;
    assert.equal(now.seat, b, 'the next holder decides');
    assert.ok(acts(viewB.id).length > 0, 'the next holder’s live view was pushed with their choice');
    assert.equal(w.sim.visibleMessages(threadId, user(other)).length, seen, 'nothing new in the thread');
    const after = w.sim.text(tableMessage(w, gameId));
    assert.match(after, /Opening: waiting for the players' choices/);
    assert.doesNotMatch(after, /Turn:|until|Deadline/);
  });
});
