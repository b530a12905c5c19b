/** The store part of playing over days (migration 9): prefs, quiet hours, away mode, DM notices. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, inWindow, isTimeZone, localMinutes, parseClock, quietUntil, formatClock } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { parseAway, DEFAULT_AWAY_MS } from '../../commands/away.js';

const NOON = Date.UTC(2026, 10, 30, 12, 0, 0);

function store(now = { t: NOON }) {
  return { s: openStore(':memory:', engineOf, () => now.t), now };
}

test('prefs: everything off by default; toggles, time zone, quiet hours and digest are stored per user', () => {
  const { s } = store();
  const p = s.prefs.get('u1');
  assert.deepEqual(p.notify, { turn: false, claim: false, result: false, start: false });
  assert.equal(p.timeZone, null);
  assert.equal(p.quiet, null);
  assert.equal(p.awayUntil, null);
  s.prefs.setNotify('u1', 'turn', true);
  s.prefs.setNotify('u1', 'result', true);
  s.prefs.setTimeZone('u1', 'Asia/Ho_Chi_Minh');
  s.prefs.setQuiet('u1', { from: 23 * 60, to: 8 * 60 });
  s.prefs.setDigestOver('u1', 99);
  const q = s.prefs.get('u1');
  assert.deepEqual(q.notify, { turn: true, claim: false, result: true, start: false });
  assert.equal(q.timeZone, 'Asia/Ho_Chi_Minh');
  assert.deepEqual(q.quiet, { from: 1380, to: 480 });
  assert.equal(q.digestOver, 25, 'clamped');
  assert.deepEqual(s.prefs.get('u2').notify.turn, false, 'another user is untouched');
  assert.throws(() => s.prefs.setTimeZone('u1', 'Mars/Olympus'), { name: 'Error', message: 'unknown time zone Mars/Olympus' });
  assert.equal(s.prefs.get('u1').timeZone, 'Asia/Ho_Chi_Minh', 'a refused zone changes nothing');
  assert.deepEqual([...s.prefs.wantsAny(['u1', 'u2'])], ['u1']);
});

test('DMs closed: every notice off, the flag is taken exactly once, turning a notice on clears it', () => {
  const { s } = store();
  s.prefs.setNotify('u1', 'turn', true);
  s.prefs.setNotify('u1', 'claim', true);
  assert.equal(s.prefs.takeDmsClosedNotice('u1'), false, 'nothing to tell');
  s.prefs.markDmsClosed('u1');
  const p = s.prefs.get('u1');
  assert.deepEqual(p.notify, { turn: false, claim: false, result: false, start: false });
  assert.equal(p.dmsClosed, true);
  assert.equal(s.prefs.takeDmsClosedNotice('u1'), true);
  assert.equal(s.prefs.takeDmsClosedNotice('u1'), false, 'said once');
  s.prefs.setNotify('u1', 'turn', true);
  assert.equal(s.prefs.get('u1').dmsClosed, false);
});

test('time zones and quiet hours: validated with Intl, windows across midnight, the end of quiet hours', () => {
  assert.equal(isTimeZone('Asia/Ho_Chi_Minh'), true);
  assert.equal(isTimeZone('Asia/Taipei'), true);
  assert.equal(isTimeZone('Nowhere/Else'), false);
  assert.equal(isTimeZone(''), false);
  assert.equal(localMinutes(NOON, 'Asia/Ho_Chi_Minh'), 19 * 60, 'UTC+7');
  assert.equal(localMinutes(NOON, null), 12 * 60);
  assert.equal(localMinutes(NOON, 'America/New_York'), 7 * 60, 'EST in November');
  assert.equal(parseClock('23:00'), 1380);
  assert.equal(parseClock('8'), 480);
  assert.equal(parseClock('24:00'), null);
  assert.equal(parseClock('7:61'), null);
  assert.equal(formatClock(485), '08:05');
  const night = { from: 23 * 60, to: 8 * 60 };
  assert.equal(inWindow(23 * 60, night), true);
  assert.equal(inWindow(2 * 60, night), true);
  assert.equal(inWindow(8 * 60, night), false, 'the end is not quiet');
  assert.equal(inWindow(12 * 60, night), false);
  assert.equal(inWindow(600, { from: 540, to: 1020 }), true, 'a daytime window');
  // 19:00 in HCM, quiet 18:00–23:00 → ends 23:00 local = 16:00 UTC.
  assert.equal(quietUntil({ timeZone: 'Asia/Ho_Chi_Minh', quiet: { from: 1080, to: 1380 } }, NOON), Date.UTC(2026, 10, 30, 16, 0));
  // 19:00 in HCM, quiet 23:00–08:00 → not quiet.
  assert.equal(quietUntil({ timeZone: 'Asia/Ho_Chi_Minh', quiet: night }, NOON), null);
  // 02:30 UTC (09:30 HCM) with quiet 23:00–10:00 → 10:00 local = 03:00 UTC.
  assert.equal(
    quietUntil({ timeZone: 'Asia/Ho_Chi_Minh', quiet: { from: 1380, to: 600 } }, Date.UTC(2026, 10, 30, 2, 30, 20)),
    Date.UTC(2026, 10, 30, 3, 0),
  );
  assert.equal(quietUntil({ timeZone: null, quiet: null }, NOON), null);
});

test('away mode: set, isAway, awayUsers, expiry and off', () => {
  const { s, now } = store();
  assert.equal(s.prefs.isAway('u1', now.t), false);
  s.prefs.setAway('u1', now.t + 3_600_000);
  s.prefs.setAway('u2', now.t + 7_200_000);
  s.prefs.setAway('u3', now.t - 1);
  assert.equal(s.prefs.isAway('u1', now.t), true);
  assert.equal(s.prefs.isAway('u3', now.t), false, 'an away time in the past is over');
  assert.deepEqual(s.prefs.awayUsers(now.t), [
    { userId: 'u1', until: now.t + 3_600_000 },
    { userId: 'u2', until: now.t + 7_200_000 },
  ]);
  assert.deepEqual(
    s.prefs.awayUsers(now.t + 3_600_000).map((a) => a.userId),
    ['u2'],
    'u1 is back exactly at the end',
  );
  s.prefs.setAway('u2', null);
  assert.equal(s.prefs.isAway('u2', now.t), false);
  assert.deepEqual(
    s.prefs.awayUsers(now.t).map((a) => a.userId),
    ['u1'],
  );
  // Away mode does not touch the notice settings.
  s.prefs.setNotify('u1', 'turn', true);
  assert.equal(s.prefs.isAway('u1', now.t), true);
});

test('/away durations', () => {
  assert.equal(parseAway('12h'), 12 * 3_600_000);
  assert.equal(parseAway('1d12h'), 36 * 3_600_000);
  assert.equal(parseAway('2w'), 14 * 24 * 3_600_000);
  assert.equal(parseAway(' 90m '), 90 * 60_000);
  assert.equal(parseAway('off'), 'off');
  assert.equal(parseAway('0'), 'off');
  assert.equal(parseAway('soon'), null);
  assert.equal(parseAway('0h'), null);
  assert.equal(DEFAULT_AWAY_MS, 24 * 3_600_000);
});

test('notices: recorded once per (user, table, kind, version); postponed, due, closed, dropped', () => {
  const { s } = store();
  const g = s.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2 });
  const n = { userId: 'u1', gameId: g.id, kind: 'turn' as const, version: 3, hand: 0, dueAt: NOON };
  assert.equal(s.notices.add(n), true);
  assert.equal(s.notices.add(n), false, 'never twice');
  assert.equal(s.notices.add({ ...n, kind: 'result' }), true, 'another kind at that version');
  assert.deepEqual(s.notices.usersDue(NOON), ['u1']);
  const [a, b] = s.notices.waiting('u1');
  s.notices.postpone([a!.id], NOON + 1000);
  s.notices.close([b!.id], 'sent', NOON);
  assert.deepEqual(s.notices.usersDue(NOON), []);
  assert.equal(s.notices.nextDue(), NOON + 1000);
  assert.deepEqual(s.notices.usersDue(NOON + 1000), ['u1']);
  s.notices.dropAll('u1', 'closed', NOON);
  assert.equal(s.notices.waiting('u1').length, 0);
  assert.deepEqual(
    s.notices.all('u1').map((x) => x.outcome),
    ['closed', 'sent'],
  );
  // Closing is final: a closed notice is not closed again with another outcome.
  s.notices.close([a!.id], 'sent', NOON + 5);
  assert.equal(s.notices.all('u1')[0]!.outcome, 'closed');
});

test('quiet hours end at the local time across a DST change (spring forward: an hour sooner in real time; fall back: later)', () => {
  const local = (ms: number, tz: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
  const berlin = { quiet: { from: 22 * 60, to: 8 * 60 }, timeZone: 'Europe/Berlin' };
  const spring = Date.UTC(2026, 2, 28, 22, 0); // 23:00 CET, the night clocks go forward
  const s = quietUntil(berlin, spring)!;
  assert.equal(local(s, 'Europe/Berlin'), '08:00');
  assert.equal(s - spring, 8 * 3600_000, '9 local hours, 8 real ones');
  const fall = Date.UTC(2026, 9, 24, 21, 0); // 23:00 CEST, the night clocks go back
  const f = quietUntil(berlin, fall)!;
  assert.equal(local(f, 'Europe/Berlin'), '08:00');
  assert.equal(f - fall, 10 * 3600_000);
  const ny = { quiet: { from: 60, to: 180 }, timeZone: 'America/New_York' };
  const at = Date.UTC(2026, 2, 8, 6, 30); // 01:30 EST; 02:00 becomes 03:00
  assert.equal(local(quietUntil(ny, at)!, 'America/New_York'), '03:00');
  assert.equal(quietUntil(ny, at)! - at, 30 * 60_000);
});

test('quiet hours ending in a spring-forward gap end at the first minute after it (America/New_York, 8 March 2026)', () => {
  const p = { timeZone: 'America/New_York', quiet: { from: 23 * 60, to: 2 * 60 + 30 } };
  // 23:00 EST on 7 March, and 01:40 EST: the clocks jump from 02:00 EST to 03:00 EDT, 02:30 never comes.
  for (const now of [Date.UTC(2026, 2, 8, 4, 0), Date.UTC(2026, 2, 8, 6, 40)]) {
    const end = quietUntil(p, now)!;
    assert.equal(end, Date.UTC(2026, 2, 8, 7, 0), `from ${new Date(now).toISOString()}: 03:00 EDT`);
    assert.equal(inWindow(localMinutes(end, p.timeZone), p.quiet), false);
  }
});

test('time zones are IANA Area/Location names: abbreviations Intl reads as another place are refused', () => {
  // BST is Asia/Dhaka to Intl (not British Summer Time), IST India (not Irish), EST a fixed UTC−5.
  for (const tz of ['BST', 'IST', 'EST', 'CET', 'EST5EDT']) assert.equal(isTimeZone(tz), false, tz);
  for (const tz of ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Etc/GMT+7']) assert.equal(isTimeZone(tz), true, tz);
});
