/**
 * CLI answers to odd input: `render` with an --out it cannot make is bad input (exit 2, before any
 * drawing; it was exit 1); `help help` and `help --help` print the usage (they were "unknown
 * command"); a duel that could compare fewer than two deals says so in one line, exit 1 (it printed
 * a 95 % interval of "-Infinity … Infinity", null in --json).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINES } from '../../src/table/manifests.js';
import type { AnyEngine, GameId } from '../../src/games/core/types.js';
import { cli, oneErrorLine } from './cli-capture.js';
import { tempDir } from '../support/temp-dir.js';

test('render refuses an --out it cannot make (a file in its way) as bad input, exit 2, writing nothing', async (t) => {
  const dir = tempDir('hq-cli-render-out-', t);
  const file = join(dir, 'afile');
  writeFileSync(file, 'x');
  assert.match(oneErrorLine(await cli('render', '--game', 'phom', '--out', file), 2), /^error: .*afile is not a directory$/);
  assert.match(oneErrorLine(await cli('render', '--game', 'phom', '--out', join(file, 'sub')), 2), /afile is not a directory$/);
  assert.equal(existsSync(join(file, 'sub')), false);
});

test('help about help prints the usage of every command, exit 0', async () => {
  const all = await cli('--help');
  assert.equal(all.code, 0);
  for (const argv of [
    ['help', 'help'],
    ['help', '--help'],
    ['-h', 'help'],
    ['--help', '-h'],
  ]) {
    const r = await cli(...argv);
    assert.equal(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, all.stdout, argv.join(' '));
  }
  // Help about a command that does not exist is still an error.
  assert.match(oneErrorLine(await cli('help', 'dual'), 2), /unknown command "dual"/);
});

test('a duel that compares fewer than two deals (every deal had a failed hand) ends in one clear line, exit 1', async () => {
  const engines = ENGINES as Record<GameId, AnyEngine>;
  const chan = engines.chan;
  // A strong AI that plays a move the engine refuses: every rotation with it fails, so every deal does.
  engines.chan = { ...chan, ai: (s, seat, level) => (level === 'strong' ? { type: 'no-such-move' } : chan.ai(s, seat, level)) };
  try {
    for (const json of [[], ['--json']]) {
      const r = await cli('duel', '--game', 'chan', '--a', 'strong', '--b', 'normal', '--hands', '2', '--seed', 't', ...json);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout, '', 'no figures (no interval) printed');
      assert.doesNotMatch(r.stderr, /Infinity|null/);
      assert.match(r.stderr, /^deal 0 rotation \d: seat \d \(strong\) played \{"type":"no-such-move"\}/m, 'the failures are listed');
      assert.match(
        r.stderr,
        /\nerror: only 0 of 2 deals could be compared \(\d+ hands failed\): too few for the figures and their 95% interval\n$/,
        r.stderr,
      );
    }
  } finally {
    engines.chan = chan;
  }
});
