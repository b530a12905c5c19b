/**
 * The process tests' port (bot-process.ts `startOnFreePort`): a port found free a moment before may be
 * taken by another process before the bot listens on it; a start that exits with EADDRINUSE is retried
 * on another port, at most PORT_TRIES times (metrics-shards started its shards on one port, no retry).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { PORT_TRIES, startOnFreePort } from './bot-process.js';

/** A stand-in for the bot: exits at once saying EADDRINUSE (`taken`), else runs until killed. */
function fake(taken: boolean) {
  const code = taken
    ? "console.error('Error: listen EADDRINUSE: address already in use'); process.exit(1)"
    : "console.error('RUNNING'); setInterval(() => {}, 1000)";
  const bot = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  bot.stderr.on('data', (d: Buffer) => (err += String(d)));
  return { bot, log: () => err };
}

/** Up once it says so, or closed. */
const up = async (s: { log(): string }, o: { closed: () => boolean }) => {
  for (let k = 0; k < 3000 && !o.closed() && !s.log().includes('RUNNING'); k++) await new Promise((r) => setTimeout(r, 10));
};

test('a start that finds its port taken is retried on another port', async () => {
  const ports: number[] = [];
  const s = await startOnFreePort((port) => (ports.push(port), fake(ports.length < 3)), up);
  try {
    assert.equal(ports.length, 3, 'two starts found their port taken');
    assert.equal(s.port, ports[2]);
    assert.equal(s.bot.exitCode, null, 'the third runs');
  } finally {
    s.bot.kill('SIGKILL');
  }
});

test('after PORT_TRIES taken ports, the start fails saying why', async () => {
  let starts = 0;
  await assert.rejects(
    startOnFreePort(() => (starts++, fake(true)), up),
    /exited \(1\) before it was up.*EADDRINUSE/s,
  );
  assert.equal(starts, PORT_TRIES);
});
