/**
 * The CLI as a process: its output reaches a pipe whole (issue #15: it was cut at 64 KiB because
 * main.ts called process.exit right after console.log), and `duel` answers in its JSON contract.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

const CLI = ['--import', 'tsx', 'src/cli/main.ts'];

test('score of 2,000 hands piped through cat arrives whole and parses', () => {
  const hand = {
    seatWind: '2z',
    concealed: ['2m', '3m', '4m', '5p', '6p', '7p', '3s', '4s', '5s', '6s', '7s', '8s', '9m', '9m'],
    won: true,
    winningTile: '9m',
    winBy: 'discard',
  };
  const input = JSON.stringify(Array.from({ length: 2000 }, () => hand));
  // `sh -c '… | cat'` makes stdout a pipe whose reader is slower than the writer, as in the report.
  const r = spawnSync('sh', ['-c', `node ${CLI.join(' ')} score --game classic-mahjong | cat`], {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stdout.length > 65536, `output of ${r.stdout.length} bytes`);
  const out = JSON.parse(r.stdout) as { valid: boolean }[];
  assert.equal(out.length, 2000);
  assert.ok(out.every((o) => o.valid));
});

test('duel --json prints the duplicate-duel report; equal levels differ by exactly 0', () => {
  const r = spawnSync(
    'node',
    [...CLI, 'duel', '--game', 'phom', '--a', 'normal', '--b', 'normal', '--hands', '5', '--seed', 't', '--json'],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 0, r.stderr);
  const rep = JSON.parse(r.stdout) as Record<string, unknown> & { perHand: { diff: number; ci95: number[] } };
  for (const k of ['game', 'players', 'hands', 'a', 'b', 'perHand', 'winRate', 'drawRate', 'meanDecisionMs', 'p99DecisionMs']) {
    assert.ok(k in rep, k);
  }
  assert.equal(rep.players, 4);
  // the same deterministic AI in every seat plays each rotation identically: A's seat is any seat
  assert.equal(rep.perHand.diff, 0);
});

test('duel rejects an unknown level with one error line', () => {
  const r = spawnSync('node', [...CLI, 'duel', '--game', 'phom', '--a', 'expert', '--b', 'normal', '--hands', '5', '--seed', 't'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 2);
  assert.match(r.stderr.trim(), /^error: --a must be one of easy, normal, strong/);
});
