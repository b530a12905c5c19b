/**
 * The CLI as a process: its output reaches a pipe whole (issue #15: it was cut at 64 KiB because
 * main.ts called process.exit right after console.log), and `duel` answers in its JSON contract.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { programArgs } from '../support/program.js';

const CLI = programArgs('src/cli/main.ts');

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
  for (const k of [
    'game',
    'players',
    'hands',
    'dealsCounted',
    'a',
    'b',
    'perHand',
    'winRate',
    'drawRate',
    'meanDecisionMs',
    'p99DecisionMs',
    'errors',
    'problems',
  ]) {
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

test('duel rejects one deal (the interval is over deals), a negative count and an empty seed, with one error line each', () => {
  for (const [args, want] of [
    [['--hands', '1', '--seed', 't'], /^error: --hands must be a whole number from 2/],
    [['--hands', '-3', '--seed', 't'], /^error: --hands must be a whole number from 2/],
    [['--hands', '3', '--seed', ''], /^error: --seed is required/],
  ] as const) {
    const r = spawnSync('node', [...CLI, 'duel', '--game', 'chan', '--a', 'normal', '--b', 'easy', ...args], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr.trim(), want);
  }
});

test('duel with 5 and 6 people at Vietnamese mahjong compares only seats in play', async () => {
  const { duelRange, summarize } = await import('../../src/cli/duel.js');
  for (const players of [5, 6]) {
    const spec = { game: 'vn-mahjong' as const, players, hands: 3, seed: `sitters-${players}`, a: 'strong' as const, b: 'normal' as const };
    const t = await duelRange(spec);
    const rep = summarize(spec, t);
    // Four play each hand and the others sit out, so a deal plays the four rotations whose A seat is in play.
    const inPlay = 4;
    assert.equal(t.games, spec.hands * inPlay, `${players} people: rotations played`);
    // Zero-sum over the seats in play: a + (in play − 1)·b = 0 (a sitter's 0 is no longer in B's mean).
    assert.ok(Math.abs(rep.perHand.a + (inPlay - 1) * rep.perHand.b) < 0.01, JSON.stringify(rep.perHand));
    assert.equal(t.bSeats, t.games * (inPlay - 1));
  }
});

test('duel gives the same figures with 1 and 2 workers: no deal depends on what its process played before', () => {
  // A worker plays a slice of the deals, so with 2 workers deals 3–5 are played in a fresh process.
  // (Vietnamese mahjong's shanten once cached honour and suit counts under clashing keys: +7.4 / +15.4.)
  for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong']) {
    const run = (workers: string) => {
      const r = spawnSync(
        'node',
        [
          ...CLI,
          'duel',
          '--game',
          game,
          '--a',
          'strong',
          '--b',
          'normal',
          '--hands',
          '6',
          '--seed',
          'workers',
          '--workers',
          workers,
          '--json',
        ],
        {
          encoding: 'utf8',
        },
      );
      assert.equal(r.status, 0, r.stderr);
      const rep = JSON.parse(r.stdout) as { perHand: unknown; winRate: unknown; drawRate: number };
      return { perHand: rep.perHand, winRate: rep.winRate, drawRate: rep.drawRate };
    };
    assert.deepEqual(run('2'), run('1'), game);
  }
});

test('--help, -h and help print the usage on stdout (exit 0); `<command> --help` that command; no command: the usage on stderr (exit 2)', () => {
  const run = (...args: string[]) => spawnSync('node', [...CLI, ...args], { encoding: 'utf8' });
  for (const args of [['--help'], ['-h'], ['help']]) {
    const r = run(...args);
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^usage: npm run cli -- <command> \[options\]\n/);
    for (const cmd of ['selfplay', 'duel', 'replay', 'score', 'render', 'replay-db', 'backup', 'move']) {
      assert.match(r.stdout, new RegExp(`^  ${cmd} `, 'm'), cmd);
    }
  }
  for (const [args, cmd] of [
    [['duel', '--help'], 'duel'],
    [['duel', '--game', 'phom', '-h'], 'duel'],
    [['replay-db', '-h'], 'replay-db'],
    [['help', 'move'], 'move'],
  ] as const) {
    const r = run(...args);
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, new RegExp(`^usage: npm run cli -- ${cmd} \\[options\\]\\n  ${cmd} --`), args.join(' '));
    assert.doesNotMatch(r.stdout, /^ {2}selfplay /m, 'only the asked command');
  }
  const none = run();
  assert.equal(none.status, 2);
  assert.equal(none.stdout, '');
  assert.match(none.stderr, /^usage: npm run cli -- <command> \[options\]\n/);
  const unknown = run('dual', '--game', 'phom');
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stdout, '');
  assert.match(unknown.stderr, /^error: unknown command "dual"; commands: selfplay, duel, .*; see npm run cli -- --help\n$/);
});

test('an exception in an AI ends the duel with one error line (no stack) and exit 1', () => {
  const r = spawnSync(
    'node',
    [
      '--import',
      'tsx',
      '--import',
      './test/unit/cli-throwing-ai.ts',
      'src/cli/main.ts',
      'duel',
      '--game',
      'chan',
      '--a',
      'strong',
      '--b',
      'normal',
      '--hands',
      '2',
      '--seed',
      't',
    ],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'error: strong AI broke on a second line\n');
});

test('without --players, selfplay and duel play the table size a preset sets (vn-mahjong six-people: 6), else 4', () => {
  const run = (...args: string[]) => {
    const r = spawnSync('node', [...CLI, ...args, '--json'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return (JSON.parse(r.stdout) as { players: number }).players;
  };
  assert.equal(run('selfplay', '--game', 'vn-mahjong', '--hands', '1', '--seed', 'p6', '--preset', 'six-people'), 6);
  assert.equal(run('selfplay', '--game', 'vn-mahjong', '--hands', '1', '--seed', 'p6'), 4);
  assert.equal(
    run('duel', '--game', 'vn-mahjong', '--a', 'normal', '--b', 'normal', '--hands', '2', '--seed', 'p6', '--preset', 'five-people'),
    5,
  );
  // --players still decides.
  assert.equal(run('selfplay', '--game', 'vn-mahjong', '--hands', '1', '--seed', 'p6', '--preset', 'six-people', '--players', '6'), 6);
});
