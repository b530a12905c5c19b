/**
 * Server house rules stored under an older release that this one no longer takes (a value range
 * narrowed, an option removed, a preset renamed; found by the upgrade audit: classical
 * `mahjong-points` went from 10–20 to 10 | 20). Before, one such setting refused every /play of the
 * game, /config show printed every value as "undefined", and every other /config set failed.
 * Now it is left out (the default holds), /play tells the host, /config show warns, and the next
 * /config write drops it (bot/options-in-force.ts `serverSettings`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slash, withWorld } from './harness.js';

test('an update made a stored house rule invalid: /play still opens with the default and tells the host; /config shows and heals it', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    // As an older release stored them.
    w.store.settings.put(
      w.guildId,
      'classic-mahjong',
      { preset: 'gone', options: { 'mahjong-points': 15, 'old-rule': true, 'roof-off': true }, playOverridable: ['old-rule'] },
      null,
    );
    const h = await slash(w, host, 'play', { game: 'classic-mahjong' });
    assert.ok(h.response && !h.response.ephemeralTo, 'the lobby opened');
    const row = w.store.db.prepare("SELECT options FROM games WHERE game = 'classic-mahjong' ORDER BY created_at DESC LIMIT 1").get() as {
      options: string;
    };
    const options = JSON.parse(row.options) as Record<string, unknown>;
    assert.equal(options['mahjong-points'], 20, 'the default holds');
    assert.equal(options['roof-off'], true, 'the valid setting holds');
    assert.ok(!('old-rule' in options));
    const told = h.followUps
      .filter((m) => m.ephemeralTo === host)
      .map((m) => w.sim.text(m))
      .join('\n');
    assert.match(told, /`mahjong-points` = 15 is no longer allowed since an update \(allowed: 10, 20\)/);
    assert.match(told, /`old-rule` = true no longer exists/);
    assert.match(told, /preset gone no longer exists/);

    const show = await slash(w, w.admin.id, 'config', { show: { game: 'classic-mahjong' } });
    const text = [show.response!, ...show.followUps].map((m) => m.embeds.map((e) => String(e.description)).join('\n')).join('\n');
    assert.match(text, /⚠️ This server's house rule `mahjong-points` = 15 is no longer allowed/);
    assert.doesNotMatch(text, /undefined/);
    assert.match(text, /\*\*`roof-off` = true\*\*/);

    // Another /config set works, and drops what is stale.
    const set = await slash(w, w.admin.id, 'config', { set: { game: 'classic-mahjong', key: 'match-rounds', value: '2' } });
    assert.match(w.sim.text(set.response!), /✅/);
    const now = w.store.settings.get(w.guildId, 'classic-mahjong');
    assert.deepEqual(now.options, { 'roof-off': true, 'match-rounds': 2 });
    assert.equal(now.preset, null);
    assert.deepEqual(now.playOverridable, []);
  });
});
