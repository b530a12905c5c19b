/**
 * The CLI's own input: command names are its own keys (`constructor` crashed with a stack trace,
 * `toString`… ran Object.prototype's members), presets too (`--preset __proto__` was accepted),
 * integer flags are decimal digits (`--hands 0x10` read as 16), `selfplay --seed ""` is refused as
 * duel refuses it, and render refuses an unknown locale (it fell back to another language) and an
 * --out it cannot create (under /proc, mkdirSync's recursive mode never returned; not tested here:
 * a regression would hang the test run).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, oneErrorLine } from './cli-capture.js';
import { tempDir } from '../support/temp-dir.js';

const INHERITED = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

test('an inherited name is an unknown command, also after help', async () => {
  for (const name of INHERITED) {
    assert.match(oneErrorLine(await cli(name)), new RegExp(`^error: unknown command "${name}"; commands: selfplay, `));
    assert.match(oneErrorLine(await cli('help', name)), new RegExp(`^error: unknown command "${name}"; commands: `));
  }
});

test('selfplay and duel refuse an inherited preset name', async () => {
  for (const name of ['__proto__', 'constructor', 'toString']) {
    for (const cmd of [
      ['selfplay', '--game', 'phom', '--hands', '1', '--seed', 's'],
      ['duel', '--game', 'phom', '--a', 'easy', '--b', 'easy', '--hands', '2', '--seed', 's'],
    ]) {
      assert.match(oneErrorLine(await cli(...cmd, '--preset', name)), new RegExp(`^error: unknown preset "${name}" \\(allowed: `), cmd[0]);
    }
  }
});

test('integer flags accept decimal digits only; selfplay refuses an empty seed', async () => {
  const selfplay = (...args: string[]) => cli('selfplay', '--game', 'chan', '--seed', 's', ...args);
  for (const hands of ['0x10', '1e1', '+5', ' 5', '5 ', '2.0', '', '0b11', '99999999999999999999']) {
    assert.equal(
      oneErrorLine(await selfplay('--hands', hands)),
      `error: --hands must be a whole number from 1 to 10000000, got "${hands}"`,
    );
  }
  assert.match(oneErrorLine(await selfplay('--hands', '1', '--players', '0x2')), /^error: --players must be a whole number/);
  assert.match(oneErrorLine(await selfplay('--hands', '-3')), /^error: --hands must be a whole number from 1/);
  assert.equal(
    oneErrorLine(await cli('selfplay', '--game', 'chan', '--hands', '1', '--seed', '')),
    'error: --seed is required (a non-empty text)',
  );
  const one = await selfplay('--hands', '1', '--json');
  assert.equal(one.code, 0, one.stderr);
  assert.equal((JSON.parse(one.stdout) as { hands: number }).hands, 1);
});

test('render refuses an unknown locale and an --out it cannot create, before drawing anything', async (t) => {
  const dir = tempDir('hq-cli-render-', t);
  assert.equal(
    oneErrorLine(await cli('render', '--game', 'phom', '--out', join(dir, 'a'), '--locale', 'xx')),
    'error: --locale must be one of vi, en, zh-TW, got "xx"',
  );
  assert.equal(existsSync(join(dir, 'a')), false);
  writeFileSync(join(dir, 'file'), '');
  assert.equal(
    oneErrorLine(await cli('render', '--game', 'phom', '--out', join(dir, 'file', 'sub'))),
    `error: ${join(dir, 'file')} is not a directory`,
  );
});

test('render --sheet also writes the sheet of every piece', async (t) => {
  const dir = tempDir('hq-cli-sheet-', t);
  const r = await cli('render', '--game', 'chan', '--out', dir, '--locale', 'en', '--sheet');
  assert.equal(r.code, 0, r.stderr);
  const files = r.stdout.trim().split('\n');
  assert.deepEqual(
    files.map((f) => f.slice(dir.length + 1)),
    ['chan-table.png', 'chan-hand.png', 'chan-result.png', 'chan-sheet.png'],
  );
  assert.ok(readFileSync(files[3]!).subarray(1, 4).toString() === 'PNG', 'a PNG');
});

test('a flag given twice and arguments a command does not take are errors, not ignored', async () => {
  assert.equal(
    oneErrorLine(await cli('selfplay', '--game', 'phom', '--hands', '2', '--hands', '3', '--seed', 's')),
    'error: --hands is given twice',
  );
  assert.equal(
    oneErrorLine(await cli('selfplay', '--game', 'phom', '--hands', '1', '--seed', 's', 'extra')),
    'error: unexpected argument: extra',
  );
  assert.equal(oneErrorLine(await cli('replay', 'a.json', 'b.json')), 'error: unexpected argument: b.json');
});
