/**
 * A seat's hand view after the hand says what the hand was worth to that seat ("This hand is over,
 * you −3 bets: …"): before, it only pointed to the thread, and a player who does not see the result
 * image (a screen reader) had to look for their line in the result message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { handView } from '../../src/table/views.js';
import { netPoints } from '../../src/store/results.js';
import type { HandResult } from '../../src/games/core/types.js';

test("after the hand, each seat's view says its own net for the hand, in the game's unit", () => {
  const r = rig('phom', ['human', 'human', 'human'], { seed: 'p1' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = timeOutToResult(r);
  const net = netPoints(t.engine.result(t.state) as HandResult);
  for (let seat = 0; seat < 3; seat++) {
    const line = handView(t, seat, 'en').lines.join('\n');
    const n = net[seat]!;
    const shown = `${n > 0 ? '+' : ''}${n}`;
    assert.ok(line.replace('−', '-').includes(`This hand is over, you ${shown} `), `${seat}: ${line}`);
  }
  assert.match(handView(t, 0, 'vi').lines.join('\n'), /Ván này đã kết thúc, bạn [+−-]?\d/);
  assert.match(handView(t, 0, 'zh-TW').lines.join('\n'), /本局已結束，你 [+−-]?\d/);
});
