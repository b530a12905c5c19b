/** Every game has a complete manifest: engine (with the table facts), presenter, locales. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINES, GAMES, GAME_IDS, isGameId, manifest } from '../../src/table/manifests.js';
import { engine as phomEngine } from '../../src/games/phom/index.js';
import { chanPresenter } from '../../src/table/present/chan.js';
import { LANGS, LOCALES_DIR } from '../../src/table/i18n.js';
import { defaultOptions } from '../../src/games/core/options.js';

test('the manifest list is exactly the game ids, each complete', () => {
  assert.deepEqual(Object.keys(GAMES).sort(), [...GAME_IDS].sort());
  assert.deepEqual(Object.keys(ENGINES).sort(), [...GAME_IDS].sort());
  for (const id of GAME_IDS) {
    const m = GAMES[id];
    assert.equal(m.id, id);
    assert.equal(m.engine.id, id, `${id}: the engine's id`);
    assert.equal(ENGINES[id], m.engine);
    for (const f of ['setup', 'pending', 'apply', 'view', 'publicView', 'result', 'ai', 'tableSize', 'timeouts', 'matchOver'] as const)
      assert.equal(typeof m.engine[f], 'function', `${id}: engine.${f}`);
    for (const f of ['handModel', 'tableModel', 'resultModel', 'actionLabel', 'actionStyle', 'lastMove', 'moveLine', 'pieceName'] as const)
      assert.equal(typeof m.presenter[f], 'function', `${id}: presenter.${f}`);
    const opts = defaultOptions(m.engine.options);
    const size = m.engine.tableSize(opts);
    assert.ok(
      size.min >= m.engine.minSeats && size.max <= m.engine.maxSeats && size.min <= size.default && size.default <= size.max,
      `${id}: table size`,
    );
    assert.equal(typeof m.engine.timeouts(opts), 'object');
    for (const lng of LANGS) assert.ok(existsSync(join(LOCALES_DIR, lng, `${id}.json`)), `${id}: locales/${lng}/${id}.json`);
    // The game's name as a slash-command choice (/play's and every command's `game` option): nothing
    // else fails without it, and the choice would show its raw key ("game.go").
    for (const lng of LANGS) {
      const commands = JSON.parse(readFileSync(join(LOCALES_DIR, lng, 'commands.json'), 'utf8')) as { game?: Record<string, unknown> };
      assert.equal(typeof commands.game?.[id], 'string', `${id}: game.${id} in locales/${lng}/commands.json`);
    }
    assert.ok(isGameId(id));
  }
  assert.ok(!isGameId('go'));
  assert.ok(GAMES.chan.ui, "Chắn's xướng controls come from its manifest");
});

// A manifest entry missing for a game id, or a presenter for another game's views, fails typecheck:
// @ts-expect-error: 'go' is no GameId, and GAMES has no such entry
void GAMES.go;
// @ts-expect-error: Chắn's presenter does not take Phỏm's views and actions
void manifest('phom', GAMES.phom.engine as typeof phomEngine, chanPresenter);
