/**
 * The table image never shows a bare UTC clock time (issue #13 §4): its deadline has the date and
 * the time zone, in the table's language; the message text carries the Discord relative timestamp.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deadlineStamp, tableView } from '../../src/table/views.js';
import { rig } from '../support/table-rig.js';

test('the deadline stamp has the date, the time and the zone in each language', () => {
  const t = Date.UTC(2026, 11, 1, 16, 57);
  assert.equal(deadlineStamp(t, 'en'), 'Dec 1, 16:57 UTC');
  assert.equal(deadlineStamp(t, 'vi'), '1 thg 12, 16:57 UTC');
  assert.equal(deadlineStamp(t, 'zh-TW'), '12月1日 16:57 UTC');
});

test('a running table with a deadline draws it with its date; the text next to it is a Discord timestamp', () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { timer: { name: 'async' } });
  assert.ok(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok);
  const t = r.ts.load(r.gameId)!;
  const v = tableView(t, 'en');
  const timer = (v.model as { timer?: string } | null)?.timer;
  assert.ok(timer, 'the image shows a deadline');
  assert.match(timer, /^Deadline [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} UTC$/, 'labelled, with the date and the zone');
  assert.match(tableView(t, 'vi').model!.timer!, /^Hạn chót \d{1,2} thg 12, \d{2}:\d{2} UTC$/);
  assert.ok(
    v.lines.some((l) => /<t:\d+:R>/.test(l)),
    'the message text has the relative timestamp',
  );
});
