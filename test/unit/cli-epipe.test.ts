/**
 * `npm run cli -- score … | head` (or `replay-db --all | less` quit early): the reader closes the
 * pipe before the CLI has written all its output. The CLI died on Node's unhandled 'error' event
 * (EPIPE) with a stack trace on stderr; it now ends quietly with the command's own exit code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { programArgs } from '../support/program.js';

test('output into a pipe its reader closed early: no stack trace, the exit code of the command', async () => {
  const hand = {
    seatWind: '2z',
    concealed: ['2m', '3m', '4m', '5p', '6p', '7p', '3s', '4s', '5s', '6s', '7s', '8s', '9m', '9m'],
    won: true,
    winningTile: '9m',
    winBy: 'discard',
  };
  const child = spawn(process.execPath, [...programArgs('src/cli/main.ts'), 'score', '--game', 'classic-mahjong']);
  let stderr = '';
  let read = 0;
  child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
  // The reader takes the first chunk and goes away (`head -c`), long before the last of ~1 MB.
  child.stdout.once('data', (c: Buffer) => {
    read = c.length;
    child.stdout.destroy();
  });
  child.stdin.end(JSON.stringify(Array.from({ length: 2000 }, () => hand)));
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  assert.ok(read > 0, 'the reader read something first');
  assert.equal(stderr, '', 'nothing on stderr');
  assert.equal(code, 0, 'the exit code of the command: every hand valid');
});
