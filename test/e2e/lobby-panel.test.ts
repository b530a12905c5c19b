/**
 * The lobby settings panel (issue #13 §3): the lobby shows the table's settings and lets the host
 * change the timer preset, the table size, the timeout policy and the house rules the server allows,
 * before Start; anyone else sees them and is refused; Start is enabled only when the table can start.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, buttonByLabel, click, openLobby, slash } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';
import type { SimMessage } from '../../test/discord-sim/index.js';

type Json = Record<string, unknown>;

function selects(w: { sim: { components(m: SimMessage): Json[] } }, m: SimMessage): Json[] {
  return w.sim.components(m).filter((c) => c.type === 3);
}

test('the host changes the timer, the table size, the timeout policy and the house rules in the lobby; others are refused', async () => {
  await withWorld(async (w) => {
    const [host, p1, p2] = w.users;
    w.store.settings.put(w.guildId, 'phom', { preset: null, options: {}, playOverridable: ['bet-unit'] }, null);
    const { lobbyId, lobby, gameId } = await openLobby(w, host!.id);
    const sel = (arg: string) => selects(w, lobby()).find((c) => decodeGameId(String(c.custom_id))?.arg === arg)!;

    // Everything in force is shown; Start waits for a second player.
    // The preset by name with the deadlines it gives this game (Phỏm's own turn seconds in live play).
    // Phỏm has no claim windows (an eat is part of the turn): a turn deadline only.
    assert.match(w.sim.text(lobby()), /^Timers: async · turn 24 hr$/m);
    const own = engineOf('phom').timeouts(w.store.games.get(gameId)!.options as never);
    assert.deepEqual(
      (sel('timer').options as Json[]).map((o) => [o.label, o.description]),
      [
        ['live', `turn ${own.turn} sec`],
        ['async', 'turn 24 hr'],
      ],
    );
    assert.match(w.sim.text(lobby()), /^On a timeout: play the default move$/m);
    assert.match(w.sim.text(lobby()), /^Hints: on at this table \(a Hint button on your hand view\)$/m);
    assert.match(w.sim.text(lobby()), /The host may change here: `bet-unit`/);
    assert.match(w.sim.text(lobby()), /3 seats open/);
    assert.equal(buttonByLabel(w.sim, lobby(), 'Start').disabled, true, 'one player: Start is disabled');
    assert.deepEqual(
      ['timer', 'seats', 'timeout'].map((a) => !!sel(a)),
      [true, true, true],
    );

    // Someone else is refused, privately, and nothing changes.
    const before = JSON.stringify(w.store.games.get(gameId));
    const no = await w.sim.select(p1!.id, lobbyId, String(sel('timer').custom_id), ['live']);
    await no.settled();
    await w.bot.whenIdle();
    assert.equal(JSON.stringify(w.store.games.get(gameId)), before);
    const refusal = w.sim.visibleMessages(w.channelId, p1!.id).find((m) => m.ephemeralTo === p1!.id && /Only the host/.test(w.sim.text(m)));
    assert.ok(refusal, 'an ephemeral refusal to the non-host');

    // The host: live timers, a table of 2, the AI on a timeout.
    await (await w.sim.select(host!.id, lobbyId, String(sel('timer').custom_id), ['live'])).settled();
    await w.bot.whenIdle();
    await (await w.sim.select(host!.id, lobbyId, String(sel('seats').custom_id), ['2'])).settled();
    await w.bot.whenIdle();
    await (await w.sim.select(host!.id, lobbyId, String(sel('timeout').custom_id), ['ai'])).settled();
    await w.bot.whenIdle();
    let g = w.store.games.get(gameId)!;
    assert.equal(g.timerPreset.name, 'live');
    assert.equal(g.seats, 2);
    assert.equal(g.timeoutPolicy, 'ai');
    assert.match(w.sim.text(lobby()), /^Timers: live · turn \d+ sec$/m);
    assert.match(w.sim.text(lobby()), /^On a timeout: the AI takes the seat \(normal\)$/m, 'the takeover level');

    // House rules in a modal: a bad value is refused with the reason, a good one is in force.
    const rules = buttonByLabel(w.sim, lobby(), 'House rules…').custom_id as string;
    const modalId = `g:${gameId}:0:lobby-rules:submit`;
    await click(w, p1!.id, lobbyId, rules);
    await assert.rejects(w.sim.submitModal(p1!.id, lobbyId, modalId, { rules: 'bet-unit=2' }), /no open modal/, 'no modal for a non-host');
    await click(w, host!.id, lobbyId, rules);
    await (await w.sim.submitModal(host!.id, lobbyId, modalId, { rules: 'bet-unit=oops' })).settled();
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gameId)!.options['bet-unit'], 1, 'a bad value changes nothing');
    await click(w, host!.id, lobbyId, rules);
    await (await w.sim.submitModal(host!.id, lobbyId, modalId, { rules: 'bet-unit=5' })).settled();
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gameId)!.options['bet-unit'], 5);
    assert.match(w.sim.text(lobby()), /`bet-unit`=5/);

    // A second player: Start is enabled; the table of 2 is full; a smaller table than seated is refused.
    await click(w, p1!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Join').custom_id as string);
    assert.equal(buttonByLabel(w.sim, lobby(), 'Start').disabled, false);
    await click(w, p2!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Join').custom_id as string);
    assert.equal(w.store.games.seats(gameId).length, 2, 'the table of 2 is full');
    await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Start').custom_id as string);
    g = w.store.games.get(gameId)!;
    assert.equal(g.status, 'running');
    assert.equal(g.timerPreset.name, 'live');
    assert.equal(g.options['bet-unit'], 5, 'the house rule set in the lobby is in force');
    // After Start the panel is read-only.
    assert.ok(selects(w, lobby()).every((c) => c.disabled === true));
  });
});

test('house rules that allow fewer seats than are taken: the newest AIs give up their seats, as with the size select; if people would have to, the rules are refused and nothing changes', async () => {
  // No game's rules lower its maximum today: Phỏm's bet-unit stands in for such a rule here.
  const engine = engineOf('phom') as { tableSize: (o: Record<string, unknown>) => { min: number; max: number; default: number } };
  const tableSize = engine.tableSize;
  engine.tableSize = (o) =>
    o['bet-unit'] === 7 ? { min: 2, max: 3, default: 3 } : o['bet-unit'] === 9 ? { min: 2, max: 2, default: 2 } : tableSize(o);
  try {
    await withWorld(async (w) => {
      const [host, p1, p2] = w.users;
      w.store.settings.put(w.guildId, 'phom', { preset: null, options: {}, playOverridable: ['bet-unit'] }, null);
      const { lobbyId, lobby, gameId } = await openLobby(w, host!.id);
      await click(w, p1!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Join').custom_id as string);
      const addAi = buttonByLabel(w.sim, lobby(), 'Add AI player').custom_id as string;
      await click(w, host!.id, lobbyId, addAi);
      await click(w, host!.id, lobbyId, addAi);
      assert.deepEqual(
        w.store.games.seats(gameId).map((s) => s.userId ?? s.displayName),
        [host!.id, p1!.id, 'AI 1', 'AI 2'],
      );
      const rules = buttonByLabel(w.sim, lobby(), 'House rules…').custom_id as string;
      const modalId = `g:${gameId}:0:lobby-rules:submit`;
      const submit = async (text: string) => {
        await click(w, host!.id, lobbyId, rules);
        await (await w.sim.submitModal(host!.id, lobbyId, modalId, { rules: text })).settled();
        await w.bot.whenIdle();
      };

      // At most 3 seats: the newest AI leaves, the others keep theirs.
      await submit('bet-unit=7');
      let g = w.store.games.get(gameId)!;
      assert.equal(g.options['bet-unit'], 7);
      assert.equal(g.seats, 3);
      assert.deepEqual(
        w.store.games.seats(gameId).map((s) => [s.seat, s.userId ?? s.displayName]),
        [
          [0, host!.id],
          [1, p1!.id],
          [2, 'AI 1'],
        ],
      );

      // Three people (the third takes the AI's seat), then rules for 2: refused, nothing changes.
      await click(w, p2!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Join').custom_id as string);
      assert.equal(w.store.games.seats(gameId).filter((s) => !s.isAi).length, 3);
      const before = JSON.stringify([w.store.games.get(gameId), w.store.games.seats(gameId)]);
      await submit('bet-unit=9');
      assert.equal(JSON.stringify([w.store.games.get(gameId), w.store.games.seats(gameId)]), before, 'nothing changes');
      const refusal = w.sim
        .visibleMessages(w.channelId, host!.id)
        .find((m) => m.ephemeralTo === host!.id && /3 people are seated \(AIs not counted\)/.test(w.sim.text(m)));
      assert.ok(refusal, 'an ephemeral refusal to the host');
      g = w.store.games.get(gameId)!;
      assert.equal(g.options['bet-unit'], 7);
    });
  } finally {
    engine.tableSize = tableSize;
  }
});

test('a game whose deadlines are off (Chắn decision-timeout-s 0) says when it reminds, in the units of the timer line', async () => {
  await withWorld(async (w) => {
    const { lobby } = await openLobby(w, w.users[0]!.id, 'chan');
    // The reminder times come from src/table/timers.ts, in the reader's units ("24 hr", not "24 h").
    assert.match(
      w.sim.text(lobby()),
      /^Timers: async · no automatic deadline: reminders after 12 hr, 24 hr, then daily; then the others may vote to let the AI play the seat or to end the match$/m,
    );
    // Nothing times out there: the policy is for players who are /away; the timer choices say so briefly.
    assert.doesNotMatch(w.sim.text(lobby()), /On a timeout/);
    assert.match(w.sim.text(lobby()), /^For players who are away \(\/away\): play the default move$/m);
    const args = selects(w, lobby()).map((c) => decodeGameId(String(c.custom_id))?.arg);
    assert.deepEqual(args, ['timer', 'seats', 'timeout']);
    assert.equal(selects(w, lobby())[2]!.placeholder, 'For players who are away');
    const timer = selects(w, lobby())[0]!;
    for (const o of timer.options as Json[]) assert.equal(o.description, 'no automatic deadline (reminders, then a vote)');
    // Every preset gives the same (no deadline): the choice is greyed out, not a choice that changes nothing.
    assert.equal(timer.disabled, true);
    assert.equal(selects(w, lobby())[2]!.disabled ?? false, false, 'the away policy still matters');
    // Who the host is, and why Start is greyed out.
    assert.match(w.sim.text(lobby()), new RegExp(`^1\\. <@${w.users[0]!.id}> · host$`, 'm'));
    assert.match(w.sim.text(lobby()), /^Start needs at least 4 players \(Join or Add AI player\)\.$/m);
  });
});

test('custom timers read in whole minutes or hours where they are (a 30-minute turn is not "1,800 sec")', async () => {
  await withWorld(async (w) => {
    const h = await slash(w, w.users[0]!.id, 'play', { game: 'classic-mahjong', 'turn-seconds': 1800, 'claim-seconds': 90 });
    assert.match(w.sim.text(await h.reply()), /^Timers: custom · turn 30 min, claims 90 sec$/m);
    // A week in days, an odd length in its parts (they read "168 hr" and "5,000 sec").
    const long = await slash(w, w.users[1]!.id, 'play', { game: 'classic-mahjong', 'turn-seconds': 604800, 'claim-seconds': 5000 });
    assert.match(w.sim.text(await long.reply()), /^Timers: custom · turn 7 days, claims 1 hr 23 min 20 sec$/m);
  });
});

test('a server that opens every rule to /play and changes many: the lobby fits a message (long lists end in "+N more") and the rules form holds them all', async () => {
  await withWorld(async (w) => {
    const fields = engineOf('vn-mahjong').options.fields as Record<
      string,
      { type: string; default: unknown; values?: string[]; min?: number; max?: number }
    >;
    for (const key of Object.keys(fields)) await slash(w, w.admin.id, 'config', { 'allow-play': { game: 'vn-mahjong', key } });
    let changed = 0;
    for (const [key, s] of Object.entries(fields)) {
      if (changed >= 20 || key === 'player-count') continue;
      const value =
        s.type === 'bool'
          ? String(!s.default)
          : s.type === 'enum'
            ? s.values!.find((v) => v !== s.default)
            : String(s.max !== s.default ? s.max : s.min);
      const r = await slash(w, w.admin.id, 'config', { set: { game: 'vn-mahjong', key, value: value! } });
      if (/is now/.test(r.response!.content)) changed++;
    }
    assert.ok(changed >= 15, `${changed} rules changed`);
    const { lobbyId, lobby } = await openLobby(w, w.users[0]!.id, 'vn-mahjong');
    const text = w.sim.text(lobbyId);
    assert.ok(text.length <= 2000, `${text.length} characters`);
    assert.match(text, /The host may change here: .*, \+\d+ more \(House rules…\)/);
    // The form shows the rules where the table differs from the server's as they are now: the
    // server goes back to the defaults (it still lets /play change every rule), so all of them.
    await slash(w, w.admin.id, 'config', { reset: { game: 'vn-mahjong' } });
    await click(w, w.users[0]!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'House rules…').custom_id as string);
    const [modal] = w.sim.openModals(w.users[0]!.id);
    const input = JSON.stringify(modal);
    const value = /"value":"([^"]*)"/.exec(input)?.[1] ?? '';
    const max = Number(/"max_length":(\d+)/.exec(input)?.[1]);
    assert.ok(value.split(', ').length >= 15 && value.length <= max, `${value.length} of ${max}`);
  });
});

test("a rule that sizes the table (Vietnamese mahjong player-count) set in the lobby's form sizes it as /play's would", async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!;
    w.store.settings.put(w.guildId, 'vn-mahjong', { preset: null, options: {}, playOverridable: ['player-count', 'joker-discard'] }, null);
    const { lobbyId, lobby, gameId } = await openLobby(w, host.id, 'vn-mahjong');
    const submit = async (text: string) => {
      await click(w, host.id, lobbyId, buttonByLabel(w.sim, lobby(), 'House rules…').custom_id as string);
      await (await w.sim.submitModal(host.id, lobbyId, `g:${gameId}:0:lobby-rules:submit`, { rules: text })).settled();
      await w.bot.whenIdle();
    };
    assert.equal(w.store.games.get(gameId)!.seats, 4);
    await submit('player-count=6');
    assert.equal(w.store.games.get(gameId)!.options['player-count'], 6);
    assert.equal(w.store.games.get(gameId)!.seats, 6, 'six seats under rules for six people');
    // The host's own size (the select) stays while the rule that sizes the table does not change.
    const seatsMenu = selects(w, lobby()).find((c) => String(c.custom_id).endsWith(':seats'))!;
    await (await w.sim.select(host.id, lobbyId, String(seatsMenu.custom_id), ['5'])).settled();
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gameId)!.seats, 5);
    await submit('player-count=6 joker-discard=never');
    assert.equal(w.store.games.get(gameId)!.seats, 5, 'another rule changed: the size stays');
    await submit('');
    assert.equal(w.store.games.get(gameId)!.seats, 4, 'back to the default rules: four seats');
  });
});
