/** `cli move`: a move at a stored table through the table layer's act (issue #12: the CLI is one of its callers). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const CLI = ['--import', 'tsx', 'src/cli/main.ts'];

function table() {
  const path = join(mkdtempSync(join(tmpdir(), 'hq-cli-move-')), 'hq.db');
  const store = openStore(path, engineOf);
  const o = resolveOptions(engineOf('phom').options, {});
  assert.ok(o.ok);
  const row = store.games.create({
    game: 'phom',
    options: o.value as Record<string, unknown>,
    optionsHash: 'h',
    seed: 'cli',
    seats: 2,
    guildId: 'g',
    hostUserId: 'u0',
  });
  store.games.setSeats(row.id, [
    { seat: 0, userId: 'u0', isAi: false, displayName: 'An' },
    { seat: 1, userId: null, isAi: true, displayName: 'AI' },
  ]);
  const r = act(tableStore(store), { kind: 'start', gameId: row.id, userId: 'u0' }, Date.now());
  assert.equal(r.outcome.ok, true);
  return { path, store, id: row.id };
}

test('cli move plays a legal move through act: the AI seat answers, deadlines follow, one commit', () => {
  const { path, store, id } = table();
  const g = store.games.load(id)!;
  const engine = engineOf('phom');
  const d = (engine.pending(g.state) as Decision<BaseAction>[])[0]!;
  assert.equal(d.seat, 0, 'the person is to act after the start');
  const before = g.row.version;
  store.close();
  const r = spawnSync(
    'node',
    [...CLI, 'move', '--db', path, '--game-id', id, '--seat', '0', '--action', JSON.stringify(d.options[0]), '--ver', String(before)],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { ok: boolean; applied: number; version: number; effects: string[] };
  assert.equal(out.ok, true);
  assert.ok(out.applied >= 1);
  assert.equal(out.version, before + out.applied);
  const after = openStore(path, engineOf);
  try {
    const log = after.games.logWithMeta(id);
    assert.equal(log.length, out.version);
    assert.equal(log[before]!.source, 'system');
    assert.equal(log[before]!.userId, 'cli');
    // Every pending person has one deadline, as after a click.
    const g2 = after.games.load(id)!;
    const pend = (engine.pending(g2.state) as Decision<BaseAction>[]).filter((x) => x.seat === 0);
    assert.equal(after.timers.forGame(id).filter((t) => t.seat === 0).length, pend.length ? 1 : 0);
  } finally {
    after.close();
  }
});

test('cli move refuses an illegal move, a stale version and bad input, and changes nothing', () => {
  const { path, store, id } = table();
  const ver = store.games.get(id)!.version;
  store.close();
  const run = (...args: string[]) => spawnSync('node', [...CLI, 'move', '--db', path, '--game-id', id, ...args], { encoding: 'utf8' });
  const illegal = run('--seat', '0', '--action', '{"type":"discard","card":"ZZ"}');
  assert.equal(illegal.status, 1);
  assert.equal(JSON.parse(illegal.stdout).ok, false);
  const stale = run('--seat', '0', '--action', '{"type":"discard","card":"ZZ"}', '--ver', String(ver + 5));
  assert.equal(stale.status, 1);
  const bad = run('--seat', '0', '--action', 'nope');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr.trim(), /^error: --action is not valid JSON/);
  const noType = run('--seat', '0', '--action', '{}');
  assert.equal(noType.status, 2);
  const after = openStore(path, engineOf);
  assert.equal(after.games.get(id)!.version, ver);
  after.close();
});
