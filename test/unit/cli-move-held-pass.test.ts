/**
 * `move` (the CLI, bot stopped) at a seat whose held pass (Chắn reclaim window, reclaim.ts) is
 * already final: no scheduler committed it, and the move replaced the player's final answer, where
 * a click in that position commits the pass first (act.ts `commitDue`). Now the pass is committed
 * and the move refused, saying so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from './cli-capture.js';
import { openStore } from '../../src/store/index.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { engineOf } from '../../src/table/manifests.js';
import { seatToken } from '../../src/table/seat-token.js';
import { resolveOptions } from '../../src/games/core/options.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';

const chan = engineOf('chan');

test('cli move does not replace a held pass that is already final', async () => {
  const path = join(tempDir('hq-held-'), 'hq.db');
  const store = openStore(path, engineOf);
  const o = resolveOptions(chan.options, { 'reclaim-window-s': 5 });
  assert.ok(o.ok);
  const row = store.games.create({
    game: 'chan',
    options: o.value as Record<string, unknown>,
    optionsHash: 'h',
    seed: 'held',
    seats: 4,
    guildId: 'g',
    hostUserId: 'u0',
  });
  store.games.setSeats(
    row.id,
    [0, 1, 2, 3].map((s) => ({ seat: s, userId: `u${s}`, isAi: false, displayName: `P${s}` })),
  );
  const ts = tableStore(store);
  // Played an hour ago (the bot then stopped).
  const then = Date.now() - 3600_000;
  assert.equal(act(ts, { kind: 'start', gameId: row.id, userId: 'u0' }, then).outcome.ok, true);
  let d: Decision<BaseAction> | undefined;
  for (let n = 0; n < 2000 && !d; n++) {
    const pending = chan.pending(store.games.load(row.id)!.state) as Decision<BaseAction>[];
    d = pending.find((x) => x.kind === 'claim' && x.options.length > 1);
    if (d) break;
    const p = pending[0]!;
    const res = act(
      ts,
      { kind: 'move', gameId: row.id, seat: p.seat, action: chan.ai(store.games.load(row.id)!.state, p.seat), ver: null },
      then,
    );
    assert.equal(res.outcome.ok, true);
  }
  assert.ok(d, 'a claim with a choice');
  const pass = d.options.findIndex((a) => a.type === 'pass');
  const other = d.options.find((a) => a.type !== 'pass')!;
  const ver = seatToken(ts.load(row.id)!, d.seat);
  const held = act(ts, { kind: 'hand', gameId: row.id, userId: `u${d.seat}`, ver, verb: 'act', arg: String(pass) }, then);
  assert.ok(held.outcome.held, 'the pass is held');
  assert.ok(held.outcome.held! < Date.now(), 'and final long ago');
  const version = store.games.get(row.id)!.version;
  store.close();

  const r = await cli(
    'move',
    '--db',
    path,
    '--game-id',
    row.id,
    '--seat',
    String(d.seat),
    '--action',
    JSON.stringify(other),
    '--ver',
    String(version),
  );
  const after = openStore(path, engineOf);
  try {
    const log = after.games.logWithMeta(row.id).slice(version);
    const mine = log.filter((e) => e.seat === d!.seat && e.hand === log[0]?.hand);
    assert.notEqual(r.code, 0, `the final pass stands; the CLI move was applied instead: ${r.stdout}`);
    assert.match(r.stderr, /its pass became final before this move: the pass stands, the move was not played\. \[errors:pass-final\]/);
    assert.deepEqual(mine[0]?.action, { type: 'pass' }, 'the held pass is in the log, as the player chose it');
    assert.ok(!mine.some((e) => e.source === 'system'), 'the move was not played');
  } finally {
    after.close();
  }
});
