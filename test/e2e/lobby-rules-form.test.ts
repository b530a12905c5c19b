/**
 * The lobby's House rules… form (lobby.ts): what it is pre-filled with, and how it answers what it
 * cannot take.
 *
 * Pre-fill: a submit resolves the rules the host may change from the server's rules as they are now
 * (`optionsForTable`) plus what the host typed (every other rule keeps the lobby's value: lobby.ts
 * `rulesAfterForm`), so the form shows every rule the host may change where the table differs from those.
 * It showed the rules that differ from the GAME's defaults instead: a /play override back to the
 * default while the server plays another value (or a server value changed since /play) was left out,
 * and a submit of the form as shown, to change another rule, silently took it back.
 *
 * Refusals: the form takes 4,000 characters; a part it cannot read was quoted whole, and a refusal
 * past Discord's 2,000 was rejected, so the host was told nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openLobby, slash, withWorld, type World } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

/** Opens the host's House rules form and returns its pre-filled text and a submit of `typed`. */
async function form(w: World, hostId: string, lobbyId: string) {
  await click(w, hostId, lobbyId, buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'House rules…').custom_id as string);
  const modal = w.sim.openModals(hostId).at(-1)!;
  const prefill = /"value":"([^"]*)"/.exec(JSON.stringify(modal.components))?.[1] ?? '';
  return {
    prefill,
    submit: async (typed: string) => {
      await (await w.sim.submitModal(hostId, lobbyId, modal.customId, { rules: typed })).settled();
      await w.bot.whenIdle();
    },
  };
}

/** The host's ephemeral answers in the channel. */
const told = (w: World, userId: string) =>
  w.sim
    .visibleMessages(w.channelId, userId)
    .filter((m) => m.ephemeralTo === userId)
    .map((m) => w.sim.text(m));

/** The server plays bet-unit 3 and lets /play change bet-unit and eat-payment. */
function serverPlaysBetUnit3(w: World): void {
  w.store.settings.put(w.guildId, 'phom', { preset: null, options: { 'bet-unit': 3 }, playOverridable: ['bet-unit', 'eat-payment'] }, null);
}

test('pre-fill: a /play override back to the game default is shown, and kept by a submit that adds another rule', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    serverPlaysBetUnit3(w);
    const h = await slash(w, host, 'play', { game: 'phom', rules: 'bet-unit=1' });
    const lobbyId = h.response!.id;
    const gameId = decodeGameId(String(buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'Join').custom_id))!.gameId;
    assert.equal(w.store.games.get(gameId)!.options['bet-unit'], 1, 'the host chose bet-unit 1');
    const f = await form(w, host, lobbyId);
    assert.equal(f.prefill, 'bet-unit=1');
    await f.submit(`${f.prefill}, eat-payment=flat`);
    const g = w.store.games.get(gameId)!;
    assert.equal(g.options['eat-payment'], 'flat');
    assert.equal(g.options['bet-unit'], 1, 'the host’s bet-unit=1 is kept');
  });
});

test('pre-fill: nothing where the table plays the server’s rules; a server value changed since /play is shown and kept', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    w.store.settings.put(w.guildId, 'phom', { preset: null, options: {}, playOverridable: ['bet-unit', 'eat-payment'] }, null);
    const { lobbyId, gameId } = await openLobby(w, host);
    assert.equal((await form(w, host, lobbyId)).prefill, '', 'the table plays the server’s rules: nothing to show');
    // The admin changes the server's bet-unit after /play: the lobby keeps the 1 it opened with.
    assert.match(
      (await (await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'bet-unit', value: '3' } })).reply()).content,
      /✅/,
    );
    const f = await form(w, host, lobbyId);
    assert.equal(f.prefill, 'bet-unit=1');
    await f.submit(`${f.prefill}, eat-payment=flat`);
    assert.equal(w.store.games.get(gameId)!.options['bet-unit'], 1);
    assert.equal(w.store.games.get(gameId)!.options['eat-payment'], 'flat');
  });
});

for (const [what, typed, says] of [
  ['a short bad part (as before)', 'nonsense', /Cannot read "nonsense"/],
  ['a 2,100-character part without "="', 'x'.repeat(2100), /^Cannot read "x{99}…": write rules as key=value/],
  ['a 1,990-character key given twice', `${'k'.repeat(1990)}=1, ${'k'.repeat(1990)}=2`, /^"k{99}…" is given twice in the rules/],
  ['a 3,000-digit value of a rule the host may change', `bet-unit=${'9'.repeat(3000)}`, /"9{99}…" is not valid for bet-unit\. Allowed: /],
  ['a 3,000-character rule the server keeps', `${'k'.repeat(3000)}=1`, /change "k{99}…"\. \/play may change: bet-unit, eat-payment/],
] as const)
  test(`the House rules form answers ${what}, within a message, and changes nothing`, async () => {
    await withWorld(async (w) => {
      const host = w.users[0]!.id;
      serverPlaysBetUnit3(w);
      const { lobbyId, gameId } = await openLobby(w, host);
      const before = w.store.games.get(gameId)!.options;
      await (await form(w, host, lobbyId)).submit(typed);
      const answers = told(w, host);
      assert.equal(answers.length, 1, 'the host is told why the rules were refused');
      assert.ok(answers[0]!.length <= 2000);
      assert.match(answers[0]!, says);
      assert.deepEqual(w.store.games.get(gameId)!.options, before);
    });
  });
