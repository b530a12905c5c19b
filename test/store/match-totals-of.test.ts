/**
 * Each seat's match total is its present occupant's (store/results.ts `matchTotalsOf`,
 * `occupantSeat`): a person's rows wherever they played them (one who left and sat down again at
 * another seat), an AI's at its own seat only (before 2026-12-06 two AIs of a match could share a
 * name), nobody's for whoever left; and it agrees with the standings (`matchStandings`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchStandings, matchTotalsOf, type HandRow } from '../../src/store/results.js';

const row = (hand: number, seat: number, userId: string | null, displayName: string, points: number, forUserId?: string): HandRow => ({
  hand,
  seat,
  userId,
  ...(forUserId ? { forUserId } : {}),
  displayName,
  points,
  unit: 'bet',
  rank: 1,
  won: false,
});

const rows = [
  row(0, 0, 'u0', 'An', 5),
  row(0, 1, 'u1', 'Bình', -3),
  row(0, 2, null, 'AI 1', 7), // an AI of seat 2, replaced by u1 later
  row(0, 3, null, 'AI 1', -9), // before 2026-12-06, a second "AI 1"
  row(1, 0, 'u0', 'An', 1),
  row(1, 1, null, 'Bình', -2, 'u1'), // the AI played u1's seat (away)
  row(1, 2, null, 'AI 1', 0),
  row(1, 3, null, 'AI 1', 1),
  // u1 left seat 1 ("AI 2" sits there) and took seat 2.
  row(2, 0, 'u0', 'An', -2),
  row(2, 1, null, 'AI 2', -10),
  row(2, 2, 'u1', 'Bình', 4),
  row(2, 3, null, 'AI 1', 8),
];
const now = [
  { seat: 0, userId: 'u0', displayName: 'An' },
  { seat: 1, userId: null, displayName: 'AI 2' },
  { seat: 2, userId: 'u1', displayName: 'Bình' },
  { seat: 3, userId: null, displayName: 'AI 1' },
];
const sorted = (m: Map<number, number>) => [...m].sort((a, b) => a[0] - b[0]);

test('a person’s rows follow them to their present seat; an AI’s stay at its seat; a replaced AI counts nowhere', () => {
  assert.deepEqual(sorted(matchTotalsOf(rows, now)), [
    [0, 4],
    [1, -10],
    [2, -1],
    [3, 0],
  ]);
});

test('without the seats: by seat, whoever played there', () => {
  assert.deepEqual(sorted(matchTotalsOf(rows)), [
    [0, 4],
    [1, -15],
    [2, 11],
    [3, 0],
  ]);
});

test('the seats’ totals are their occupants’ standings, and with those who left they add up to what the hands paid', () => {
  const totals = matchTotalsOf(rows, now);
  const st = matchStandings(rows, now);
  for (const s of now) assert.equal(totals.get(s.seat) ?? 0, st.find((e) => e.seated && e.seat === s.seat)!.total, `seat ${s.seat}`);
  const gone = st.filter((e) => !e.seated).reduce((a, e) => a + e.total, 0);
  assert.equal(gone, 7, 'the AI u1 replaced');
  const seated = [...totals.values()].reduce((a, x) => a + x, 0);
  assert.equal(
    seated + gone,
    rows.reduce((a, r) => a + r.points, 0),
  );
});

test('a person who somehow holds two seats: each row counts once, at the seat it was played at', () => {
  const two = [row(0, 0, 'u0', 'An', 3), row(0, 1, 'u0', 'An', -3)];
  const seats = [
    { seat: 0, userId: 'u0', displayName: 'An' },
    { seat: 1, userId: 'u0', displayName: 'An' },
  ];
  assert.deepEqual(sorted(matchTotalsOf(two, seats)), [
    [0, 3],
    [1, -3],
  ]);
});
