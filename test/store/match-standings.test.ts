/**
 * Match standings by person (store/results.ts `matchStandings`): the seats' present occupants and
 * those who left, hands the AI played for a person's seat counted as theirs, totals adding up.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchStandings, type HandRow } from '../../src/store/results.js';

const row = (hand: number, seat: number, userId: string | null, displayName: string, points: number): HandRow => ({
  hand,
  seat,
  userId,
  displayName,
  points,
  unit: 'point',
  rank: 0,
  won: false,
});

test('a leaver stays in the standings; the AI that took the seat starts from its first hand', () => {
  const rows = [
    row(0, 0, 'a', 'An', 5),
    row(0, 1, 'e', 'Emma', -5),
    // Emma was away for hand 1: the AI played it under her name, without a user id.
    row(1, 0, 'a', 'An', -3),
    row(1, 1, null, 'Emma', 3),
    // She left after hand 1; "AI 2" holds seat 1 from hand 2.
    row(2, 0, 'a', 'An', 4),
    row(2, 1, null, 'AI 2', -4),
  ];
  const seats = [
    { seat: 0, userId: 'a', displayName: 'An' },
    { seat: 1, userId: null, displayName: 'AI 2' },
  ];
  const e = matchStandings(rows, seats);
  const by = (name: string) => e.find((x) => x.name === name)!;
  assert.equal(e.length, 3);
  assert.deepEqual([by('An').total, by('An').seated, by('An').userId], [6, true, 'a']);
  assert.deepEqual(
    [by('Emma').total, by('Emma').seated, by('Emma').userId, [...by('Emma').byHand]],
    [
      -2,
      false,
      'e',
      [
        [0, -5],
        [1, 3],
      ],
    ],
  );
  assert.deepEqual([by('AI 2').total, by('AI 2').seated, [...by('AI 2').byHand]], [-4, true, [[2, -4]]]);
  assert.equal(
    e.reduce((s, x) => s + x.total, 0),
    rows.reduce((s, x) => s + x.points, 0),
  );
});

test('a person away from the first hand (no row of their own yet) is matched by the seat they hold', () => {
  const rows = [row(0, 0, null, 'Bảo', 2), row(0, 1, 'c', 'Chi', -2)];
  const e = matchStandings(rows, [
    { seat: 0, userId: 'b', displayName: 'Bảo' },
    { seat: 1, userId: 'c', displayName: 'Chi' },
  ]);
  assert.equal(e.length, 2);
  assert.deepEqual(
    e.map((x) => [x.userId, x.total, x.seated]),
    [
      ['b', 2, true],
      ['c', -2, true],
    ],
  );
});

test('someone seated who has played no hand yet is listed at 0', () => {
  const e = matchStandings(
    [row(0, 0, 'a', 'An', 1), row(0, 1, null, 'AI 1', -1)],
    [
      { seat: 0, userId: 'a', displayName: 'An' },
      { seat: 1, userId: 'n', displayName: 'Newcomer' },
    ],
  );
  assert.deepEqual(
    e.map((x) => [x.name, x.total, x.seated]),
    [
      ['An', 1, true],
      ['AI 1', -1, false],
      ['Newcomer', 0, true],
    ],
  );
});

test('two AIs that share a name in different seats (aiRow reuses the lowest free number) stay two, as the seats count them', () => {
  const rows = [
    row(0, 0, 'a', 'An', 4),
    row(0, 1, null, 'AI 1', -4),
    // A person took seat 1 from "AI 1"; later someone left seat 2, and its new AI is "AI 1" again.
    row(1, 0, 'a', 'An', 2),
    row(1, 1, 'b', 'Bảo', 1),
    row(1, 2, null, 'AI 1', -3),
  ];
  const e = matchStandings(rows, [
    { seat: 0, userId: 'a', displayName: 'An' },
    { seat: 1, userId: 'b', displayName: 'Bảo' },
    { seat: 2, userId: null, displayName: 'AI 1' },
  ]);
  const ais = e.filter((x) => x.name === 'AI 1');
  assert.deepEqual(
    ais.map((x) => [x.seat, x.total, x.seated]),
    [
      [1, -4, false],
      [2, -3, true],
    ],
  );
});
