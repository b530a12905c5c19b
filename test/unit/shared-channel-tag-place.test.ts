/**
 * A table playing in a channel it may share (the server at Discord's thread cap) names itself in its
 * pings and reminders (views.ts `taggedLine`): before the sentence, "#ab12cd34 · ⏰ …", in every
 * language. Appended, the tag followed the sentence's full stop or bracket: "…no automatic
 * deadline). · #ab12cd34", "…时间快到了（…）。 · #…". Every such line, over a turn and a claim window,
 * with and without a deadline, in vi, en and zh-TW.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, untilClaimWindow } from '../support/table-rig.js';
import { claimReminderText, pingView, reminderText } from '../../src/table/views.js';
import type { Table } from '../../src/table/store.js';
import type { Lang } from '../../src/table/i18n.js';

const LANGS: Lang[] = ['vi', 'en', 'zh-TW'];

/** The lines a shared-channel table's turn and claim messages and their reminders post. */
function lines(t: Table, lang: Lang, turn: number[], claim: number[]): string[] {
  const deadline = t.timers[0]?.deadline ?? Date.UTC(2026, 11, 7, 12);
  return [
    ...pingView(t, turn, claim, lang).lines,
    ...(turn.length ? [reminderText(t, turn[0]!, deadline, lang).text, reminderText(t, turn[0]!, null, lang, { n: 2 }).text] : []),
    ...(claim.length ? [claimReminderText(t, lang, { n: 2 }).text] : []),
  ].flatMap((x) => x.split('\n'));
}

function check(t: Table, turn: number[], claim: number[]): void {
  const shared: Table = { ...t, row: { ...t.row, threadId: t.row.channelId } };
  const tag = `#${t.row.id}`;
  for (const lang of LANGS) {
    const all = lines(shared, lang, turn, claim);
    const tagged = all.filter((l) => l.includes(tag));
    assert.ok(tagged.length >= (turn.length ? 3 : 0) + (claim.length ? 2 : 0), `${lang}: the table is named\n${all.join('\n')}`);
    for (const l of tagged) assert.ok(l.startsWith(`${tag} · `), `${lang}: the tag opens the line: ${l}`);
    assert.ok(!lines(t, lang, turn, claim).some((l) => l.includes(tag)), `${lang}: a thread of its own names no tag`);
  }
}

test("a turn ping and its reminders in a shared channel open with the table's tag, in vi, en and zh-TW", () => {
  const r = rig('phom', ['human', 'human'], { seed: 'tag-place' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const turn = r.pending().map((p) => p.seat);
  assert.ok(turn.length > 0);
  check(r.ts.load(r.gameId)!, turn, []);
});

test("a claim window's ping and reminder in a shared channel open with the table's tag, in vi, en and zh-TW", () => {
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: 'shared-claim-ping' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const claim = untilClaimWindow(r);
  check(r.ts.load(r.gameId)!, [], claim);
});
