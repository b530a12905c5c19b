/** /config, /rules, /score, /leaderboard, /history and the three languages, end to end through the simulator. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, playHandToEnd, slash, withWorld } from './harness.js';

test('/config needs Manage Server; admins set, reset and apply presets; bad values list what is allowed', async () => {
  await withWorld(async (w) => {
    const player = w.users[0]!;
    const denied = await slash(w, player.id, 'config', { show: { game: 'phom' } });
    assert.match((await denied.reply()).content, /Manage Server/);

    const show = await slash(w, w.admin.id, 'config', { show: { game: 'phom' } });
    const shown = await show.reply();
    assert.equal(shown.ephemeralTo, w.admin.id);
    const text = shown.embeds.map((e) => String(e.description)).join('\n');
    assert.match(text, /default/);

    const bad = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'no-such-option', value: '1' } });
    assert.match((await bad.reply()).content, /Unknown option/);

    // Pick a real option of the phom schema and give it an invalid then a valid value.
    const { engineOf } = await import('../../src/table/manifests.js');
    const fields = engineOf('phom').options.fields as Record<string, { type: string; values?: string[]; default: unknown }>;
    const [key, spec] = Object.entries(fields).find(([, s]) => s.type === 'bool')!;
    const badValue = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key, value: 'maybe' } });
    assert.match((await badValue.reply()).content, /Allowed: true \| false/);
    const good = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key, value: String(!spec.default) } });
    assert.match((await good.reply()).content, /✅/);
    assert.equal(w.store.settings.get(w.guildId, 'phom').options[key], !spec.default);

    // Typed text is trimmed (the modal trims too).
    const spaced = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: ` ${key} `, value: ` ${String(!spec.default)} ` } });
    assert.match((await spaced.reply()).content, /✅/);
    const blank = await slash(w, w.admin.id, 'config', { reset: { game: 'phom', key: '  ' } });
    assert.match((await blank.reply()).content, /Unknown option/, 'a blank key resets nothing');
    assert.equal(w.store.settings.get(w.guildId, 'phom').options[key], !spec.default);
    const reset = await slash(w, w.admin.id, 'config', { reset: { game: 'phom', key } });
    assert.match((await reset.reply()).content, /default/);
    assert.deepEqual(w.store.settings.get(w.guildId, 'phom').options, {});

    const presets = Object.keys(engineOf('chan').options.presets);
    assert.ok(presets.includes('seed-table'), 'chan has the seed-table preset');
    const p = await slash(w, w.admin.id, 'config', { preset: { game: 'chan', name: 'seed-table' } });
    assert.match((await p.reply()).content, /seed-table/);
    const np = await slash(w, w.admin.id, 'config', { preset: { game: 'chan', name: 'nope' } });
    assert.match((await np.reply()).content, /Unknown preset/);
  });
});

test('a house-rule change never affects a game already running; /play overrides only what the server allows', async () => {
  await withWorld(async (w) => {
    const { engineOf } = await import('../../src/table/manifests.js');
    const fields = engineOf('phom').options.fields as Record<string, { type: string; default: unknown }>;
    const [key, spec] = Object.entries(fields).find(([, s]) => s.type === 'bool')!;
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const before = w.store.games.get(gameId)!.options[key];
    const set = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key, value: String(!spec.default) } });
    assert.equal(w.store.games.get(gameId)!.options[key], before, 'the running game keeps its options');
    assert.match((await set.reply()).content, /Games already running keep their rules\.$/);
    // vote-after is read when a reminder goes out: the admin is told it reaches running games.
    const vote = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'vote-after', value: '5' } });
    assert.match((await vote.reply()).content, /`vote-after` applies to running games too/);
    assert.doesNotMatch((await vote.reply()).content, /keep their rules/);

    const refused = await slash(w, w.users[1]!.id, 'play', { game: 'phom', rules: `${key}=${spec.default}` });
    assert.match((await refused.reply()).content, /does not allow/);
    await slash(w, w.admin.id, 'config', { 'allow-play': { game: 'phom', key } });
    const allowed = await slash(w, w.users[1]!.id, 'play', { game: 'phom', rules: `${key}=${spec.default}` });
    assert.doesNotMatch((await allowed.reply()).content, /does not allow/);
    const latest = w.store.games.recent(w.guildId, 1)[0]!;
    assert.equal(latest.options[key], spec.default);
    // The lobby shows the house rules in force: the server's change is listed, the overridden one is standard.
    assert.match((await allowed.reply()).content, /Standard rules/);
    const withServerRule = await slash(w, w.users[2]!.id, 'play', { game: 'phom' });
    assert.match((await withServerRule.reply()).content, new RegExp(`House rules: \`${key}\`=${!spec.default}`));
    const badSyntax = await slash(w, w.users[1]!.id, 'play', { game: 'phom', rules: 'nonsense' });
    assert.match((await badSyntax.reply()).content, /key=value/);
  });
});

test('option values read as players type them, in /config set, /config show, /rules and the lobby', async () => {
  await withWorld(async (w) => {
    const set = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'eat-payment', value: 'flat' } });
    assert.match((await set.reply()).content, /eat-payment.*\bflat\b/);
    assert.doesNotMatch((await set.reply()).content, /"flat"/);
    for (const cmd of [
      () => slash(w, w.admin.id, 'config', { show: { game: 'phom' } }),
      () => slash(w, w.admin.id, 'rules', { game: 'phom' }),
    ]) {
      const text = (await (await cmd()).reply()).embeds.map((e) => String(e.description)).join('\n');
      assert.match(text, /\*\*`eat-payment` = flat\*\* · default progressive · progressive \| flat \| none/);
      assert.match(text, /`hints` = on · default on · on, off/, 'table keys in the same format');
      assert.doesNotMatch(text, /= "|default "/);
    }
    const lobby = await (await slash(w, w.users[0]!.id, 'play', { game: 'phom' })).reply();
    assert.match(w.sim.text(lobby), /House rules: `eat-payment`=flat\b/);
  });
});

test('/score, /leaderboard and /history read results of real played games', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 3, 0);
    await playHandToEnd(w, gameId);
    const score = await slash(w, w.users[0]!.id, 'score', { game: 'phom', period: 'week' });
    const s = await score.reply();
    // Plurals (i18next count keys): "1 hand · 0 wins", never "1 hands"; the display name in the title.
    assert.match(s.content, /1 hand · [01] wins? · win rate/);
    assert.doesNotMatch(s.content, /1 hands|1 wins/);
    assert.deepEqual(
      w.sim.images(s).map((x) => x.filename),
      ['best-hand.png', 'rating.png'],
      'the best hand and the rating chart',
    );
    // The best hand names its unit and where to replay it.
    assert.match(s.content, new RegExp(`Best hand: [+-]?\\d+ × bet \\(game \`${gameId}\`, hand 1\\)`));
    // A second game in scope: each game's best on its own line, no picture (units differ).
    const seats = w.store.games.seats(gameId);
    const mj = w.store.games.create({ game: 'classic-mahjong', options: {}, optionsHash: 'x', seed: 's', seats: 3, guildId: w.guildId });
    w.store.games.setSeats(mj.id, seats);
    w.store.games.start(mj.id);
    const me = seats.findIndex((x) => x.userId === w.users[0]!.id);
    const deltas = [0, 0, 0].map((_, k) => (k === me ? 1234 : -617));
    w.store.results.recordHand(mj.id, 'classic-mahjong', w.guildId, 0, seats, {
      winners: [me],
      ranking: [[me], [0, 1, 2].filter((k) => k !== me)],
      deltas,
      payments: [],
      items: [],
      unit: 'point',
      endedBy: 'win',
    });
    const both = await (await slash(w, w.users[0]!.id, 'score', {})).reply();
    assert.match(both.content, /Best hand in each game/);
    assert.match(both.content, /• Phỏm \(Tá lả\): [+-]?\d+ × bet \(game/);
    assert.match(both.content, new RegExp(`• Classical Chinese Mahjong: \\+1,234 points \\(game \`${mj.id}\`, hand 1\\)`));
    assert.equal(w.sim.images(both).length, 0);
    const lb = await slash(w, w.users[1]!.id, 'leaderboard', { game: 'phom' });
    const l = await lb.reply();
    const text = String(l.embeds[0]?.description ?? '');
    for (const u of w.users.slice(0, 3)) assert.ok(text.includes(`<@${u.id}>`), 'every player ranked');
    assert.match(text, /rating/);
    assert.match(text, /1 hand · [01] wins? · total/);
    const hist = await slash(w, w.users[2]!.id, 'history', {});
    assert.match((await hist.reply()).content, new RegExp(gameId));
    const one = await slash(w, w.users[2]!.id, 'history', { 'game-id': gameId, hand: 1 });
    const replay = await one.reply();
    assert.equal(w.sim.images(replay).length, 1);
    assert.match(w.sim.text(replay), /1\. /);
    const beyond = await slash(w, w.users[2]!.id, 'history', { 'game-id': gameId, hand: 5 });
    assert.equal((await beyond.reply()).content, 'That game has 1 hand.');
    // A lobby (never started) is named as such, not "no longer exists".
    await slash(w, w.users[3]!.id, 'play', { game: 'phom' });
    const lobby = w.store.games.recent(w.guildId, 1)[0]!;
    assert.equal(lobby.status, 'lobby');
    const notYet = await slash(w, w.users[2]!.id, 'history', { 'game-id': lobby.id });
    assert.equal(
      (await notYet.reply()).content,
      `Game ${lobby.id} has not started (a lobby, open or cancelled): there is nothing to replay.`,
    );
    const none = await slash(w, w.users[2]!.id, 'history', { 'game-id': 'zzzzzzzz' });
    assert.equal((await none.reply()).content, 'No game with id zzzzzzzz on this server; /history lists the recent ones.');
  });
});

test('/rules shows the summary, the options in force and the piece sheet, for every game', async () => {
  await withWorld(async (w) => {
    for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong']) {
      const r = await slash(w, w.users[0]!.id, 'rules', { game });
      const m = await r.reply();
      assert.ok(m.embeds.length >= 1, game);
      assert.ok(String(m.embeds[0]!.description).length > 100, `${game} has a real rules summary`);
      // The summary tells the usual rules: it says the server's options below win where they differ.
      assert.match(String((m.embeds[0]!.footer as { text?: string } | undefined)?.text), /Where this server’s options below differ/);
      assert.equal(w.sim.images(m).length, 1);
    }
  });
});

test('each language: ephemeral text follows the user, public text the server', async () => {
  await withWorld(
    async (w) => {
      const r = await slash(w, w.users[0]!.id, 'config', { show: { game: 'phom' } });
      assert.match((await r.reply()).content, /Quản lý máy chủ/);
      const play = await slash(w, w.users[0]!.id, 'play', { game: 'phom' });
      const lobby = await play.reply();
      assert.match(w.sim.text(lobby), /Người chơi/);
      assert.ok(w.sim.components(lobby).some((c) => c.label === 'Vào bàn'));
      // House-rule refusals speak Vietnamese too (the engine's own messages are English, for the CLI).
      const { engineOf } = await import('../../src/table/manifests.js');
      const fields = engineOf('phom').options.fields as Record<string, { type: string }>;
      const [key] = Object.entries(fields).find(([, f]) => f.type === 'bool')!;
      const notAllowed = await slash(w, w.users[1]!.id, 'play', { game: 'phom', rules: `${key}=true` });
      assert.match((await notAllowed.reply()).content, new RegExp(`Máy chủ này không cho /chơi đổi "${key}"`));
      await slash(w, w.admin.id, 'config', { 'allow-play': { game: 'phom', key } });
      const bad = await slash(w, w.users[1]!.id, 'play', { game: 'phom', rules: `${key}=maybe` });
      const text = (await bad.reply()).content;
      assert.match(text, /Các luật này không hợp lệ/);
      assert.match(text, new RegExp(`"maybe" không hợp lệ cho ${key}`));
      assert.doesNotMatch(text, /invalid value|does not allow/);
      // /config show's preset menu: "default" in the admin's language.
      const show = await slash(w, w.admin.id, 'config', { show: { game: 'phom' } });
      const menu = w.sim.components(await show.reply()).find((c) => c.type === 3)!;
      assert.equal((menu.options as { label: string; value: string }[]).find((o) => o.value === 'default')?.label, 'Luật mặc định');
      // Choosing it: applied, said in Vietnamese, with what it means for running games.
      const chosen = await (await w.sim.select(w.admin.id, (await show.reply()).id, String(menu.custom_id), ['default'])).reply();
      assert.match(chosen.content, /^Đã trở về luật mặc định\./);
      assert.match(chosen.content, /Các trận đang chơi giữ nguyên luật cũ\./);
    },
    { guildLocale: 'vi', userLocale: 'vi' },
  );
  await withWorld(
    async (w) => {
      const r = await slash(w, w.users[0]!.id, 'config', { show: { game: 'chan' } });
      assert.match((await r.reply()).content, /管理伺服器/);
      const play = await slash(w, w.users[0]!.id, 'play', { game: 'classic-mahjong' });
      assert.ok(w.sim.components(await play.reply()).some((c) => c.label === '加入'));
    },
    { guildLocale: 'zh-TW', userLocale: 'zh-TW' },
  );
  await withWorld(async (w) => {
    const registered = w.sim.commands(w.guildId);
    const play = registered.find((c) => c.name === 'play')!;
    assert.equal((play as unknown as { name_localizations: Record<string, string> }).name_localizations.vi, 'chơi');
    assert.equal((play as unknown as { name_localizations: Record<string, string> }).name_localizations['zh-TW'], '開局');
  });
});

test('/config show: the preset menu and the "set an option" form work, with bad values refused', async () => {
  await withWorld(async (w) => {
    const show = await slash(w, w.admin.id, 'config', { show: { game: 'chan' } });
    const panel = await show.reply();
    const menu = w.sim.findSelect(panel, (c) => String(c.custom_id).startsWith('c:chan:preset'))!;
    const pick = await w.sim.select(w.admin.id, panel.id, String(menu.custom_id), ['seed-table']);
    await pick.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(w.store.settings.get(w.guildId, 'chan').preset, 'seed-table');
    const setBtn = w.sim.findButton(panel, (c) => String(c.custom_id).startsWith('c:chan:modal'))!;
    const open = await w.sim.click(w.admin.id, panel.id, String(setBtn.custom_id));
    await open.settled({ timeout: 30_000 });
    assert.ok(open.modal, 'a modal is shown');
    const key = Object.entries((await import('../../src/table/manifests.js')).engineOf('chan').options.fields).find(
      ([, s]) => (s as { type: string }).type === 'bool',
    )![0];
    const bad = await w.sim.submitModal(w.admin.id, null, 'c:chan:set', { key, value: 'perhaps' });
    await bad.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.match((await bad.reply()).content, /Allowed: true \| false/);
    const open2 = await w.sim.click(w.admin.id, panel.id, String(setBtn.custom_id));
    await open2.settled({ timeout: 30_000 });
    const good = await w.sim.submitModal(w.admin.id, null, 'c:chan:set', { key, value: 'true' });
    await good.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(w.store.settings.get(w.guildId, 'chan').options[key], true);
  });
});

test("a game's table-size house rule sets the lobby's seats unless /play gives seats", async () => {
  await withWorld(async (w) => {
    const def = await slash(w, w.users[0]!.id, 'play', { game: 'vn-mahjong' });
    assert.match((await def.reply()).content, /\(4 play\)/, 'the default player-count is 4');
    await slash(w, w.admin.id, 'config', { set: { game: 'vn-mahjong', key: 'player-count', value: '6' } });
    const six = await slash(w, w.users[1]!.id, 'play', { game: 'vn-mahjong' });
    assert.match((await six.reply()).content, /\(4–6 play\)/);
    const five = await slash(w, w.users[2]!.id, 'play', { game: 'vn-mahjong', seats: 5 });
    assert.match((await five.reply()).content, /\(4–5 play\)/);
  });
});

test('/config show and /rules list every option of every game, in as many messages as 6,000 characters of embeds take', async () => {
  const { engineOf } = await import('../../src/table/manifests.js');
  for (const locale of ['en-US', 'vi']) {
    await withWorld(
      async (w) => {
        for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const) {
          for (const [user, name, options] of [
            [w.admin.id, 'config', { show: { game } }],
            [w.users[0]!.id, 'rules', { game }],
          ] as const) {
            const h = await slash(w, user, name, options);
            const msgs = h.messages;
            assert.ok(msgs.length >= 1, `${locale} /${name} ${game}: answered`);
            for (const m of msgs) {
              assert.equal(m.ephemeralTo, user);
              const total = m.embeds.reduce(
                (n, e) =>
                  n +
                  String(e.title ?? '').length +
                  String(e.description ?? '').length +
                  String((e.footer as { text?: string } | undefined)?.text ?? '').length,
                0,
              );
              assert.ok(total <= 6000, `${locale} /${name} ${game}: ${total} characters of embeds in one message`);
            }
            const text = msgs.flatMap((m) => m.embeds.map((e) => String(e.description ?? ''))).join('\n');
            for (const key of Object.keys(engineOf(game).options.fields))
              assert.ok(text.includes(`\`${key}\``), `${locale} /${name} ${game}: ${key} is listed`);
          }
        }
      },
      { userLocale: locale, guildLocale: locale },
    );
  }
});
