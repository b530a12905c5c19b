/**
 * The /history viewer replays a hand with today's rules. A hand stored before a rule fix that
 * changes how it scores (store/rule-changes.ts) shows another result than was paid; the viewer now
 * says so at the result step, and only then.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { viewerPayload } from '../../src/notify/replay-viewer.js';
import { RULE_CHANGES } from '../../src/store/rule-changes.js';
import type { BotContext } from '../../src/bot/context.js';

/** Chắn's first and latest rule fixes: a hand "before" precedes the first, one "after" follows them all. */
const FIRST = Date.parse(RULE_CHANGES.chan[0]!.at);
const LAST = Date.parse(RULE_CHANGES.chan.at(-1)!.at);

async function resultStep(playedAt: number, tamper: boolean): Promise<string> {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: 'c-view' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  r.store.db.prepare('UPDATE results SET created_at = ? WHERE game_id = ?').run(playedAt, r.gameId);
  if (tamper) {
    r.store.db.prepare('UPDATE results SET points = points + 1 WHERE game_id = ? AND seat = 0').run(r.gameId);
    r.store.db.prepare('UPDATE results SET points = points - 1 WHERE game_id = ? AND seat = 1').run(r.gameId);
  }
  const ctx = {
    store: r.store,
    render: { table: () => Promise.resolve(Buffer.from('t')), result: () => Promise.resolve(Buffer.from('r')) },
  } as unknown as BotContext;
  const v = (await viewerPayload(ctx, r.gameId, 0, null, 'en', 'u0'))!;
  r.store.close();
  return v.content;
}

test('the viewer says a replayed result differs from what was paid only when a later rule fix explains it', async () => {
  const note = /⚠️ Replayed with today's rules: a rule fix of <t:\d+:D> came after this hand/;
  assert.match(await resultStep(FIRST - 3_600_000, true), note);
  assert.doesNotMatch(await resultStep(FIRST - 3_600_000, false), note, 'the same result: nothing to say');
  assert.doesNotMatch(await resultStep(LAST + 3_600_000, true), note, 'no fix came after it');
});
