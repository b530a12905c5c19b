/**
 * AI levels and the hint button in Discord (issue #16): the lobby adds an AI at a chosen level and
 * shows it, /config sets the server's default and takeover levels (the AI taking an absent
 * player's seat plays at the takeover level) and switches hints off, and a hint is answered to the
 * asker only while nothing changes at the table, in every game.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  click,
  openHand,
  openTable,
  playAsAi,
  playHandToEnd,
  slash,
  tableMessage,
  withWorld,
  type World,
} from './harness.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { canonical } from '../../src/games/core/match.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { viewToken } from '../support/view-token.js';

function pendingNow(w: World, gameId: string): Decision<BaseAction>[] {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
}

test('lobby: Add AI at strong, the server default from /config, the levels shown; the table plays on', async () => {
  await withWorld(async (w) => {
    const ok = await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'ai-level', value: 'easy' } });
    assert.match(ok.response!.content, /ai-level is now easy/);
    await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'takeover-level', value: 'strong' } });
    const host = w.users[0]!;
    const h = await slash(w, host.id, 'play', { game: 'phom', timer: 'live' });
    const lobby = h.response!;
    const msg = () => w.sim.message(lobby.id)!;
    await click(w, w.users[1]!.id, lobby.id, buttonByLabel(w.sim, msg(), 'Join').custom_id as string);
    await click(w, host.id, lobby.id, buttonByLabel(w.sim, msg(), 'Add AI (strong)').custom_id as string);
    await click(w, host.id, lobby.id, buttonByLabel(w.sim, msg(), 'Add AI player').custom_id as string);
    assert.match(w.sim.text(msg()), /🤖 AI 1 · strong/);
    assert.match(w.sim.text(msg()), /🤖 AI 2 · easy/, 'Add AI player adds the server default level');
    const start = buttonByLabel(w.sim, msg(), 'Start').custom_id as string;
    const gameId = decodeGameId(start)!.gameId;
    assert.deepEqual(
      w.store.games.seats(gameId).map((s) => [s.isAi, s.aiLevel]),
      [
        [false, 'normal'],
        [false, 'normal'],
        [true, 'strong'],
        [true, 'easy'],
      ],
    );
    assert.equal(w.store.games.get(gameId)!.takeoverLevel, 'strong', 'the takeover level is fixed on the game when created');
    // a fixed deal (as openTable gives): the /play snowflake's deal may end before both AIs have played
    w.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run('e2e-lobby-levels', gameId);
    await click(w, host.id, lobby.id, start);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    await playHandToEnd(w, gameId);
    const log = w.store.games.logWithMeta(gameId);
    assert.ok(
      log.some((e) => e.seat === 2 && e.source === 'ai'),
      'the strong AI played',
    );
    assert.ok(
      log.some((e) => e.seat === 3 && e.source === 'ai'),
      'the easy AI played',
    );
    assert.equal(w.store.results.handsOf(gameId).length, 4, 'the hand ended and was scored');
  });
});

test('the lobby shows the takeover level with on-timeout: ai, and whether hints are on, in the table language', async () => {
  for (const [locale, want] of [
    ['en-US', [/^On a timeout: the AI takes the seat \(strong\)$/m, /^Hints: off at this table$/m]],
    ['vi', [/^Khi hết giờ: máy chơi thay \(mức mạnh\)$/m, /^Gợi ý: tắt ở bàn này$/m]],
    ['zh-TW', [/^逾時：由電腦代打（難度：強）$/m, /^提示：本桌關閉$/m]],
  ] as const) {
    await withWorld(
      async (w) => {
        // Classical mahjong: its tables have deadlines (Chắn's default has none, so no timeout line).
        await slash(w, w.admin.id, 'config', { set: { game: 'classic-mahjong', key: 'takeover-level', value: 'strong' } });
        await slash(w, w.admin.id, 'config', { set: { game: 'classic-mahjong', key: 'hints', value: 'off' } });
        const h = await slash(w, w.users[0]!.id, 'play', { game: 'classic-mahjong', 'on-timeout': 'ai' });
        const text = w.sim.text(w.sim.message(h.response!.id)!);
        for (const re of want) assert.match(text, re, `${locale}: ${text}`);
      },
      { guildLocale: locale },
    );
  }
});

for (const game of ['phom', 'vn-mahjong', 'chan', 'classic-mahjong'] as const) {
  test(`${game}: Hint answers the asker only with the strong AI's choice; nothing changes at the table`, async () => {
    await withWorld(async (w) => {
      const { gameId, threadId } = await openTable(w, game, 2, 2, { timer: 'live' });
      const seats = w.store.games.seats(gameId);
      const d = pendingNow(w, gameId).find((p) => !seats[p.seat]!.isAi)!;
      assert.ok(d, 'a person decides');
      const asker = seats[d.seat]!.userId!;
      const other = w.users.find((u) => u.id !== asker && seats.some((s) => s.userId === u.id))!;
      const hand = await openHand(w, asker, gameId);
      const before = { row: w.store.games.get(gameId)!, log: w.store.games.log(gameId).length };
      const tableBefore = w.sim.text(tableMessage(w, gameId));
      const handBefore = w.sim.text(hand.id);
      const threadBefore = w.sim.visibleMessages(threadId, other.id).length;
      const hint = buttonByLabel(w.sim, w.sim.message(hand.id)!, 'Hint').custom_id as string;
      const res = await click(w, asker, hand.id, hint);
      assert.equal(res.followUps.length, 1);
      const answer = res.followUps[0]!;
      assert.equal(answer.ephemeralTo, asker, 'ephemeral to the asker');
      assert.match(w.sim.text(answer), /^💡 The strong AI would (play |answer )?\*\*.+\*\*: \S/);
      // The game's own reason, not the generic line given when an engine cannot explain its choice.
      assert.doesNotMatch(w.sim.text(answer), /judged only from what your seat can see/);
      // The answer names the strong AI's choice as the presenter labels it.
      const row = w.store.games.get(gameId)!;
      const engine = engineOf(game);
      const state = w.store.games.state(row);
      const want = engine.ai(state, d.seat, 'strong') as BaseAction;
      const i = d.options.findIndex((a) => canonical(a) === canonical(want));
      assert.ok(i >= 0);
      const label = w.sim
        .components(w.sim.message(hand.id)!)
        .flatMap((c) =>
          c.type === 3
            ? ((c.options as { value: string; label: string }[]) ?? [])
            : [{ value: decodeGameId(String(c.custom_id))?.arg ?? '', label: String(c.label) }],
        )
        .find((c) => c.value === String(i))?.label;
      assert.ok(label, 'the chosen option is on the hand view');
      assert.ok(w.sim.text(answer).includes(label.replace(/^\S+ · /, '')), `${w.sim.text(answer)} names ${label}`);
      // Nothing changed: version, log, the table message, the hand view, the thread for the others.
      assert.equal(row.version, before.row.version);
      assert.equal(w.store.games.log(gameId).length, before.log);
      assert.equal(w.sim.text(tableMessage(w, gameId)), tableBefore);
      assert.equal(w.sim.text(hand.id), handBefore);
      assert.equal(w.sim.visibleMessages(threadId, other.id).length, threadBefore, 'the other player sees nothing new');
      assert.ok(!w.sim.visibleMessages(threadId, other.id).some((m) => m.id === answer.id));
      const hints = w.store.games.hints(gameId);
      assert.equal(hints.length, 1);
      assert.equal(hints[0]!.source, 'hint');
      assert.equal(hints[0]!.userId, asker);
      // /history lists the hint where it was asked, marked as a hint (the log itself has no entry for it).
      const hist = await slash(w, asker, 'history', { 'game-id': gameId, hand: 1 }, threadId);
      const lines = hist.response!.content.split('\n');
      const hintLine = lines.find((l) => l.endsWith('(hint)'));
      assert.ok(hintLine, hist.response!.content);
      assert.ok(hintLine.includes(label.replace(/^\S+ · /, '')), hintLine);
      // The other player does not see it while the hand is in play; once it is over, they see that the
      // asker asked for a hint, never what it said (it names a piece of the asker's hand); the asker does.
      const during = await slash(w, other.id, 'history', { 'game-id': gameId, hand: 1 }, threadId);
      assert.ok(!during.response!.content.includes('(hint)'), during.response!.content);
      await playHandToEnd(w, gameId);
      const firstPage = async (userId: string) => {
        const viewer = (await slash(w, userId, 'history', { 'game-id': gameId, hand: 1 }, threadId)).response!;
        await click(w, userId, viewer.id, String(buttonByLabel(w.sim, viewer, '⏮ Deal').custom_id));
        return w.sim.message(viewer.id)!.content; // the deal: the first page of moves, with the hint before move 1
      };
      const askerName = seats[d.seat]!.displayName;
      const first = await firstPage(other.id);
      const hintLines = first.split('\n').filter((l) => l.includes('💡'));
      // A hint asked on a secret opening choice (vn-mahjong's jokers at the deal) is not listed at
      // all: it would tell that the asker held a joker (#13 §2), as a hint on a claim would.
      // Nor one on a claim or a choice whose existence is the seat's secret (replay-viewer.ts).
      const hidden = d.secret || d.kind === 'claim' || d.choiceHidden;
      assert.deepEqual(hintLines, hidden ? [] : [`\u3000\u3000💡 ${askerName} asked for a hint`], first);
      assert.ok(!first.includes('(hint)'), first);
      const own = (await firstPage(asker)).split('\n').find((l) => l.endsWith('(hint)'));
      assert.ok(own?.includes(label.replace(/^\S+ · /, '')), own);
    });
  });
}

test('/config hints off: the hand view has no Hint button', async () => {
  await withWorld(async (w) => {
    await slash(w, w.admin.id, 'config', { set: { game: 'classic-mahjong', key: 'hints', value: 'off' } });
    const { gameId } = await openTable(w, 'classic-mahjong', 1, 3, { timer: 'live' });
    const hand = await openHand(w, w.users[0]!.id, gameId);
    assert.ok(!w.sim.components(hand).some((c) => c.label === 'Hint'));
    assert.equal(w.store.games.get(gameId)!.hints, false);
  });
});

/** A Phỏm deal for two whose second player's first decision offers a choice beside the draw (an eat). */
function phomSeedWithChoiceAtDraw(): string {
  const engine = engineOf('phom');
  const options = defaultOptions(GAMES.phom.engine.options);
  for (let k = 0; k < 400; k++) {
    const seed = `e2e-hint-old-view-${k}`;
    let state = initialState(engine, options, 2, seed);
    if (engine.result(state)) continue;
    const first = (engine.pending(state) as Decision<BaseAction>[])[0]!;
    const r = engine.apply(state, first.seat, engine.ai(state, first.seat) as BaseAction);
    if (!r.ok) continue;
    state = r.value;
    const d = (engine.pending(state) as Decision<BaseAction>[])[0];
    if (d && d.seat !== first.seat && d.options.length > 1 && d.options.some((a) => a.type === 'draw')) return seed;
  }
  throw new Error('no seed');
}

test('Hint on a view drawn before the seat moved: "out of date", the view redrawn; no hint for the decision it never showed', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' }, { seed: phomSeedWithChoiceAtDraw() });
    const seats = w.store.games.seats(gameId);
    const first = pendingNow(w, gameId)[0]!;
    const firstUser = seats[first.seat]!.userId!;
    await playAsAi(w, firstUser, gameId, await openHand(w, firstUser, gameId));
    const d = pendingNow(w, gameId)[0]!;
    const user = seats[d.seat]!.userId!;
    // View A shows the draw (and an eat) with a Hint; the player draws from a second view, B.
    const a = await openHand(w, user, gameId);
    const hintId = buttonByLabel(w.sim, w.sim.message(a.id)!, 'Hint').custom_id as string;
    const b = await openHand(w, user, gameId);
    const draw = d.options.findIndex((x) => x.type === 'draw');
    const drawId = w.sim.components(b).find((c) => {
      const g = decodeGameId(String(c.custom_id));
      return g?.verb === 'act' && g.arg === String(draw);
    })!.custom_id as string;
    await click(w, user, b.id, drawId);
    const now = pendingNow(w, gameId).find((x) => x.seat === d.seat);
    assert.ok(now && now.options.length > 1, 'the seat decides again: its discard');
    const res = await click(w, user, a.id, hintId);
    assert.ok(!res.followUps.some((m) => w.sim.text(m).includes('💡')), 'no hint about the discard the old view never showed');
    assert.match(w.sim.text(a.id), /That was out of date: here is the current view/);
    assert.ok(
      w.sim.components(w.sim.message(a.id)!).some((c) => {
        const row = w.store.games.get(gameId)!;
        return decodeGameId(String(c.custom_id))?.ver === viewToken(row, w.store.games.state(row), d.seat);
      }),
      'view A now shows the current decision',
    );
    assert.equal(w.store.games.hints(gameId).length, 0, 'nothing recorded');
    // Its new Hint answers the decision it shows.
    const again = await click(w, user, a.id, buttonByLabel(w.sim, w.sim.message(a.id)!, 'Hint').custom_id as string);
    assert.ok(again.followUps.some((m) => w.sim.text(m).startsWith('💡')));
    assert.equal(w.store.games.hints(gameId).length, 1);
  });
});

test("/config takeover-level strong: the AI that takes an absent player's seat plays it as strong", async () => {
  await withWorld(async (w) => {
    const set = await slash(w, w.admin.id, 'config', { set: { game: 'vn-mahjong', key: 'takeover-level', value: 'strong' } });
    assert.match(set.response!.content, /takeover-level is now strong/);
    const { gameId } = await openTable(w, 'vn-mahjong', 2, 2, { timer: 'live', 'on-timeout': 'ai' }, { seed: 'e2e-takeover-strong' });
    // A secret opening choice (jokers at the deal) runs out silently and hands nothing to the AI
    // (#13 §2): past those, a person's turn.
    for (let k = 0; k < 8 && pendingNow(w, gameId).some((p) => p.secret); k++) {
      w.now.t += 10 * 60_000;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
    }
    assert.ok(
      w.store.games.seats(gameId).every((s) => !s.userId || !s.isAi),
      'an opening choice that ran out left the seat its player’s',
    );
    const d = pendingNow(w, gameId).find((p) => !w.store.games.seats(gameId)[p.seat]!.isAi)!;
    assert.ok(d && !d.secret, 'a person decides');
    const before = w.store.games.logWithMeta(gameId).length;
    // what strong and normal would play here, from the state before the timer fires
    const row = w.store.games.get(gameId)!;
    const engine = engineOf('vn-mahjong');
    const state = w.store.games.state(row);
    const strong = canonical(engine.ai(state, d.seat, 'strong'));
    assert.notEqual(strong, canonical(engine.ai(state, d.seat, 'normal')), 'a position where the levels differ');
    w.now.t += 10 * 60_000;
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
    const seat = w.store.games.seats(gameId)[d.seat]!;
    assert.equal(seat.isAi, true, 'the AI plays the seat');
    assert.equal(seat.aiLevel, 'strong', 'at the takeover level');
    const first = w.store.games
      .logWithMeta(gameId)
      .slice(before)
      .find((e) => e.seat === d.seat);
    assert.ok(first, 'the seat was played');
    assert.equal(canonical(first.action), strong, "the seat's first move is strong's choice");
    // the AI seats added in the lobby keep the server's default level
    assert.deepEqual(
      w.store.games
        .seats(gameId)
        .filter((s) => s.seat !== d.seat && s.isAi)
        .map((s) => s.aiLevel),
      ['normal', 'normal'],
    );
  });
});
