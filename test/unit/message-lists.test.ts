/**
 * Lists in public messages that can grow with a long match (some forty players in Phỏm, those who
 * left included) stay within their message by whole entries, the rest counted: the result message's
 * standings line was cut mid-name by the 2,000-character cut of the whole message (bot/effects.ts),
 * and the end of match's refund line (views.ts endMatchText, cut at 600) mid-**name** or mid-mention.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { endMatchText, resultView } from '../../src/table/views.js';
import { cut } from '../../src/table/cut.js';
import type { MatchEntry } from '../../src/store/results.js';

test('result message: the standings line of a 40-player Phỏm match fits whole or says how many more', () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'st40' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = timeOutToResult(r);
  const entries: MatchEntry[] = Array.from({ length: 40 }, (_, k) => ({
    seat: k % 4,
    userId: `u${k}`,
    name: `Nguyễn Thị Phương Thảo Minh ${String(k).padStart(3, '0')}`,
    seated: k < 4,
    byHand: new Map([[0, 40 - k]]),
    refund: 0,
    total: 40 - k,
  }));
  const v = resultView({ ...t, row: { ...t.row, handIndex: 7 } }, 'vi', false, { roster: [], standings: entries })!;
  // As bot/effects.ts posts it (line 526), with the image drawn.
  const content = cut(v.lines.join('\n'), 2000);
  const last = content.split('\n').at(-1)!;
  // Each listed standing is "<name> <signed total>": the line must end with a total (or a "… more" note).
  assert.match(last, /(?:[+−-]\d+|0|mục nữa)$/, `the standings line is cut mid-entry: …${JSON.stringify(last.slice(-50))}`);
});

test('end of match: the refund line is cut between entries, never inside bold or a mention', () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'refund' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = timeOutToResult(r);
  const entries: MatchEntry[] = Array.from({ length: 16 }, (_, k) => ({
    seat: k % 4,
    userId: `1234567890123456${String(k).padStart(2, '0')}`,
    name: `Nguyễn Thị Phương Thảo Minh ${String(k).padStart(3, '0')}`,
    seated: k < 4,
    byHand: new Map([[0, 10 - k]]),
    refund: 2,
    total: 10 - k,
  }));
  const text = endMatchText(t, 'vi', entries);
  const tail = text.split('\n').at(-1)!;
  assert.equal((tail.match(/\*\*/g) ?? []).length % 2, 0, `odd number of ** in the refund line: …${JSON.stringify(tail.slice(-40))}`);
  assert.doesNotMatch(tail, /<@\d*$/, 'a mention cut in half');
});
