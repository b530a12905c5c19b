/**
 * hand_starts is a cache like the snapshots (migration 30): a damaged row (a torn write, a bad
 * restore) broke /history's replay of that hand and /score's best hand, as `GameStore.handStart`
 * parsed it with no fallback, and the replay's rewrite kept any row of the current format. Now the
 * log replays and the rewrite replaces it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult, type Rig } from '../support/table-rig.js';
import { replayHand } from '../../src/bot/replays.js';
import type { BotContext } from '../../src/bot/context.js';

function twoHands(): Rig {
  const r = rig('phom', ['human', 'ai', 'human', 'ai'], { seed: 'hs' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  assert.ok(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand' }).outcome.ok);
  timeOutToResult(r);
  return r;
}
const ctxOf = (r: Rig) => ({ store: r.store }) as unknown as BotContext;
const row = (r: Rig) =>
  r.store.db.prepare('SELECT seq, state FROM hand_starts WHERE game_id = ? AND hand = 1').get(r.gameId) as { seq: number; state: string };

for (const [what, damage] of [
  ['truncated', 'substr(state, 1, 40)'],
  ['no state ("null")', "'null'"],
] as const)
  test(`a ${what} hand_starts row: hand 1 replays from the log, and the replay's rewrite replaces the row`, () => {
    const r = twoHands();
    const good = replayHand(ctxOf(r), r.gameId, 1);
    assert.ok(good?.result);
    const stored = row(r);
    r.store.db.prepare(`UPDATE hand_starts SET state = ${damage} WHERE game_id = ? AND hand = 1`).run(r.gameId);
    const warnings: string[] = [];
    r.store.games.warn = (m) => warnings.push(m);
    let again: ReturnType<typeof replayHand> = null;
    assert.doesNotThrow(() => (again = replayHand(ctxOf(r), r.gameId, 1)));
    assert.deepEqual(again!.result, good!.result);
    assert.match(warnings[0]!, /the stored start of hand 1 is damaged/, 'read as no start');
    assert.deepEqual(row(r), stored, 'the row holds the start again');
    assert.deepEqual(r.store.games.handStart(r.gameId, 1)?.seq, stored.seq);
  });

test("the replay's rewrite still keeps a sound row of the current format as it is", () => {
  const r = twoHands();
  const mark = JSON.stringify({ ...(JSON.parse(row(r).state) as object), kept: true });
  r.store.db.prepare('UPDATE hand_starts SET state = ? WHERE game_id = ? AND hand = 1').run(mark, r.gameId);
  r.store.games.saveHandStarts(r.gameId, 'phom', [{ hand: 1, seq: row(r).seq, state: '{"other":1}' }], true);
  assert.equal(row(r).state, mark);
});
