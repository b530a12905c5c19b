/**
 * The state cache is keyed by version AND seat count: a Chắn lobby (default 5 seats) whose state was
 * read while it was open, then started with 4 seated (Start logs no action, so the version stays),
 * must not answer the 5-seat state (found by `bench -- load --game chan`: a reader process saw a turn
 * for a seat that has no row).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';

test('a state read at 5 seats is not reused once the game has 4 seats at the same version', () => {
  // Two processes on one database file (the bot, and a reader such as the load bench or a CLI).
  const file = join(mkdtempSync(join(tmpdir(), 'hq-cache-')), 'hq.db');
  const bot = openStore(file, engineOf, () => 0);
  const reader = openStore(file, engineOf, () => 0);
  const options = resolveOptions(engineOf('chan').options, {}) as Record<string, unknown>;
  const row = bot.games.create({ game: 'chan', guildId: 'g', options, optionsHash: 'x', seed: 's', seats: 5 });
  const seatsOf = (st: unknown) => (st as { seats: unknown[] }).seats.length;
  assert.equal(seatsOf(reader.games.state(reader.games.get(row.id)!)), 5, 'the open lobby read at 5 seats');
  bot.games.update(row.id, { seats: 4, status: 'running' });
  const now = reader.games.get(row.id)!;
  assert.equal(now.version, row.version, 'no action logged');
  assert.equal(seatsOf(reader.games.state(now)), 4);
});
