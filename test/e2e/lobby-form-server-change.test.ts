/**
 * The lobby's House rules… form changes only what it shows: the rules the server lets a table change
 * (and what a bundle option changed there brings along). A rule tables cannot change keeps the value
 * the lobby opened with and shows, even if an admin changed it since /play: re-resolved from the
 * server's rules as they are now, a submit to change ga-pot alone silently gave the lobby the admin's
 * new bet-unit, which the form never showed and the host could not change back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openLobby, slash, withWorld, type World } from './harness.js';

/** Opens the host's House rules form and submits `typed`; returns the pre-filled text. */
async function submitForm(w: World, hostId: string, lobbyId: string, typed: (prefill: string) => string): Promise<string> {
  await click(w, hostId, lobbyId, buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'House rules…').custom_id as string);
  const modal = w.sim.openModals(hostId).at(-1)!;
  const prefill = /"value":"([^"]*)"/.exec(JSON.stringify(modal.components))?.[1] ?? '';
  await (await w.sim.submitModal(hostId, lobbyId, modal.customId, { rules: typed(prefill) })).settled();
  await w.bot.whenIdle();
  return prefill;
}

test('lobby form: a submit changing ga-pot keeps the lobby’s bet-unit, a rule the admin changed since /play that tables cannot change', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    w.store.settings.put(w.guildId, 'phom', { preset: null, options: {}, playOverridable: ['ga-pot'] }, null);
    const { lobbyId, gameId } = await openLobby(w, host);
    assert.equal(w.store.games.get(gameId)!.options['bet-unit'], 1);
    const set = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'bet-unit', value: '50' } });
    assert.match(w.sim.text(set.response!), /✅/);
    const prefill = await submitForm(w, host, lobbyId, () => 'ga-pot=flat');
    assert.equal(prefill, '', 'nothing the host may change differs');
    const g = w.store.games.get(gameId)!;
    assert.equal(g.options['ga-pot'], 'flat');
    assert.equal(g.options['bet-unit'], 1, 'the bet-unit the lobby opened with and shows');
    assert.doesNotMatch(w.sim.text(w.sim.message(lobbyId)!), /bet-unit/, 'the lobby still shows the default bet unit');
  });
});

test('lobby form: a bundle the host changes brings its values, also of rules tables cannot change; the others stay', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    // A millington server (10 points for going out) whose tables may choose the scoring bundle only.
    w.store.settings.put(w.guildId, 'classic-mahjong', { preset: 'millington', options: {}, playOverridable: ['preset'] }, null);
    const { lobbyId, gameId } = await openLobby(w, host, 'classic-mahjong');
    assert.equal(w.store.games.get(gameId)!.options['mahjong-points'], 10);
    // Since /play, the admin changes a rule the bundles do not touch.
    await slash(w, w.admin.id, 'config', { set: { game: 'classic-mahjong', key: 'roof-off', value: 'true' } });
    await submitForm(w, host, lobbyId, () => 'preset=dmjl');
    const g = w.store.games.get(gameId)!;
    assert.deepEqual(
      { preset: g.options.preset, points: g.options['mahjong-points'], limit: g.options.limit, roof: g.options['roof-off'] },
      { preset: 'dmjl', points: 20, limit: 500, roof: false },
      'dmjl’s scoring (classic-mahjong.md §9.6), and the roof the lobby opened with',
    );
  });
});
