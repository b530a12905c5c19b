/**
 * A table playing in its channel (the server at Discord's thread cap) may share it with another:
 * its claim window's ping says its id too (views.ts `sharedChannelTag`), as its turn ping does. The
 * same for every claimant, so it tells nothing of who may claim (#13 §2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, untilClaimWindow } from '../support/table-rig.js';
import { pingView } from '../../src/table/views.js';
import type { Table } from '../../src/table/store.js';

test("a claim window's ping names its table in a shared channel, and only there", () => {
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: 'shared-claim-ping' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const claim = untilClaimWindow(r);
  const t = r.ts.load(r.gameId)!;
  const inChannel: Table = { ...t, row: { ...t.row, threadId: t.row.channelId } };
  const tag = `#${t.row.id}`;
  const shared = pingView(inChannel, [], claim, 'en').lines;
  assert.ok(shared[0]!.includes(tag), shared.join('\n'));
  const own = pingView(t, [], claim, 'en').lines;
  assert.ok(!own.join('\n').includes(tag), own.join('\n'));
});
