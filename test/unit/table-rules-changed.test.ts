/**
 * A running match whose log today's engine refuses: what a rule fix that forbids a move the rules of
 * its time allowed does to a match in progress across the upgrade (store/rule-changes.ts; its log
 * tail after the last snapshot is replayed by the new engine at a restart). Every command threw, so
 * nobody could move or end it, not even housekeeping's idle end. Now its next command ends it, saying
 * why; the hands stored count.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusedTail } from '../support/refused-tail.js';
import { tableView } from '../../src/table/views.js';
import { translator } from '../../src/table/i18n.js';

test('its next command, a click, ends the match with a notice; the stored hand counts', () => {
  const r = refusedTail();
  const res = r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' });
  assert.deepEqual([res.outcome.ok, res.outcome.refusal?.key], [false, 'errors:rules-changed']);
  const row = r.store.games.get(r.gameId)!;
  assert.equal(row.status, 'finished');
  assert.deepEqual(r.store.timers.forGame(r.gameId), []);
  assert.ok(res.effects.some((e) => e.kind === 'end-match'));
  const notice = res.effects.find((e) => e.kind === 'table' && e.notice);
  assert.deepEqual(notice?.kind === 'table' && notice.notice, { key: 'rules-changed-ended' });
  assert.match(res.warnings.join('\n'), /log entry \d+ was rejected on replay/);
  assert.deepEqual([...new Set(r.store.results.handsOf(r.gameId).map((h) => h.hand))], [0], 'the first hand is kept');
  for (const lang of ['en', 'vi', 'zh-TW'] as const)
    assert.doesNotMatch(translator(lang)('common:notice.rules-changed-ended'), /notice\./, `${lang} has the words`);
  assert.ok(res.table && tableView(res.table, 'en'), 'the table the step ended draws (the end of the match is posted from it)');
});

test("housekeeping's idle end and a timer end it too, instead of throwing", () => {
  for (const cmd of ['expire-idle', 'timeout'] as const) {
    const r = refusedTail();
    const t = r.store.timers.forGame(r.gameId)[0];
    const publicAt = r.store.games.get(r.gameId)!.publicAt;
    r.clock.t += 30 * 86_400_000;
    const res =
      cmd === 'expire-idle'
        ? r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt, days: 14 })
        : r.run({ kind: 'timeout', gameId: r.gameId, seat: t!.seat, timerKind: t!.kind, deadline: t!.deadline });
    assert.equal(res.outcome.refusal?.key, 'errors:rules-changed', cmd);
    assert.equal(r.store.games.get(r.gameId)!.status, 'finished', cmd);
  }
});
