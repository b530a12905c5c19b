/**
 * README "House rules after an upgrade": the next /config set, reset, preset or allow-play of the game
 * drops a stale stored setting from the database. A /config set or reset of a table key (hints,
 * ai-level, vote-after, lobby-days…) is one too, and left it stored.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { resetOption, setOption } from '../../src/bot/config-core.js';
import { translator } from '../../src/table/i18n.js';

const t = translator('en');
type S = ReturnType<typeof openStore>;

for (const [verb, run] of [
  ['set hints', (s: S) => setOption(s, 'g', 'classic-mahjong', 'hints', 'off', 'u', t)],
  ['reset vote-after', (s: S) => resetOption(s, 'g', 'classic-mahjong', 'vote-after', 'u', t)],
] as const)
  test(`/config ${verb} drops a stale stored setting and keeps the rest`, () => {
    const store = openStore(':memory:', engineOf, () => 0);
    // Stored by an older release: a preset since renamed, a value range since narrowed (10 or 20), an
    // option /play could change that is gone; beside them a valid rule and a table setting.
    store.settings.put(
      'g',
      'classic-mahjong',
      { preset: 'gone', options: { 'mahjong-points': 15, 'roof-off': true }, playOverridable: ['old', 'limit'] },
      null,
    );
    store.settings.putTable('g', 'classic-mahjong', { ...store.settings.table('g', 'classic-mahjong'), lobbyDays: 3 }, null);
    assert.equal(run(store).ok, true);
    assert.deepEqual(store.settings.get('g', 'classic-mahjong'), {
      preset: null,
      options: { 'roof-off': true },
      playOverridable: ['limit'],
    });
    const table = store.settings.table('g', 'classic-mahjong');
    assert.equal(table.lobbyDays, 3, 'the other table settings stay');
    assert.equal(verb === 'set hints' ? table.hints : table.voteAfter, verb === 'set hints' ? false : 3);
  });
