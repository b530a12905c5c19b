/**
 * /config allow-play changes which rules an open lobby's host may change: open lobbies are redrawn at
 * once, as for lobby-days. They were not, so a lobby kept saying its rules were fixed, with its House
 * rules… button greyed out (or kept offering a rule the server no longer lets it change) until
 * something else redrew it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, openLobby, slash, withWorld } from './harness.js';

test('an open lobby follows /config allow-play, on and off', async () => {
  await withWorld(async (w) => {
    const [host] = w.users;
    const { lobby } = await openLobby(w, host!.id);
    const houseRules = () => buttonByLabel(w.sim, lobby(), 'House rules…').disabled === true;
    assert.equal(houseRules(), true, 'nothing open to /play yet');
    const allow = async (key: string) => {
      const r = await (await slash(w, w.admin.id, 'config', { 'allow-play': { game: 'phom', key } })).reply();
      assert.match(r.content, /✅/);
    };
    await allow('bet-unit');
    assert.match(w.sim.text(lobby()), /`bet-unit`/, 'the lobby names the rule the host may now change');
    assert.equal(houseRules(), false, 'the House rules… button is enabled');
    await allow('bet-unit');
    assert.doesNotMatch(w.sim.text(lobby()), /`bet-unit`/, 'taken back: no longer offered');
    assert.equal(houseRules(), true, 'greyed out again');
  });
});

test('another game’s allow-play leaves this lobby alone', async () => {
  await withWorld(async (w) => {
    const { lobby } = await openLobby(w, w.users[0]!.id);
    const before = w.sim.text(lobby());
    const r = await (await slash(w, w.admin.id, 'config', { 'allow-play': { game: 'chan', key: 'prefer-chan' } })).reply();
    assert.match(r.content, /✅/);
    assert.equal(w.sim.text(lobby()), before);
  });
});
