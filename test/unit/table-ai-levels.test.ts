/**
 * AI levels and hints through `act` (issue #16), with an in-memory store: each AI seat's stored level
 * reaches `engine.ai`, the takeover AI plays at the game's takeover level, a hint answers with the
 * strong AI's choice and changes nothing at the table (its record is outside the action log), and
 * the /config keys `ai-level`, `takeover-level`, `hints`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameStore, SettingsStore, migrate, openDatabase, openStore } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { engineOf } from '../../src/table/manifests.js';
import { hintKind, hintText } from '../../src/table/views.js';
import { rig as tableRig, type Rig as TableRig, type SeatSpec } from '../support/table-rig.js';
import { canonical } from '../../src/games/core/match.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import type { AnyEngine, GameId } from '../../src/games/core/types.js';
import { describeOptions, resetOption, setOption } from '../../src/bot/config-core.js';
import { translator } from '../../src/table/i18n.js';

interface Rig extends TableRig {
  /** Every `engine.ai` call the table layer made: seat and level (undefined: no level passed). */
  calls: { seat: number; level: AiLevel | undefined }[];
}

function rig(
  game: GameId,
  seats: SeatSpec[],
  o: { timeoutPolicy?: 'default' | 'ai'; takeoverLevel?: AiLevel; hints?: boolean; explainThrows?: boolean } = {},
): Rig {
  const calls: Rig['calls'] = [];
  // A spy on the engine the table layer uses: records each AI call, then answers as the engine does.
  const spy = (real: AnyEngine) =>
    new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'ai')
          return (s: unknown, seat: number, level?: AiLevel) => {
            calls.push({ seat, level });
            return target.ai(s as never, seat, level);
          };
        if (prop === 'explain' && o.explainThrows)
          return () => {
            throw new Error('explain broke');
          };
        const v = Reflect.get(target, prop, receiver) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  const { explainThrows: _, ...rest } = o;
  return { ...tableRig(game, seats, { ...rest, seed: `levels-${game}`, now: Date.UTC(2026, 11, 1, 12), engine: spy }), calls };
}

/** The human seats play their first legal option until the hand ends or `steps` moves were made. */
function playOn(r: Rig, humans: number[], steps: number): void {
  for (let k = 0; k < steps; k++) {
    const d = r.pending().find((p) => humans.includes(p.seat));
    if (!d) return;
    const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${d.seat}`, ver: r.token(d.seat), verb: 'act', arg: '0' });
    assert.equal(res.outcome.ok, true, JSON.stringify(res.outcome.refusal));
  }
}

test('each AI seat plays at its own stored level; the human seat is never asked of the AI', () => {
  const r = rig('phom', ['human', 'easy', 'normal', 'strong']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playOn(r, [0], 30);
  const want: Record<number, AiLevel> = { 1: 'easy', 2: 'normal', 3: 'strong' };
  assert.ok(r.calls.length > 6, `the AI seats played (${r.calls.length} calls)`);
  for (const c of r.calls) assert.equal(c.level, want[c.seat], `seat ${c.seat} asked at ${c.level}`);
  assert.deepEqual(new Set(r.calls.map((c) => c.seat)), new Set([1, 2, 3]));
  // The levels are stored on the seat rows.
  assert.deepEqual(
    r.store.games.seats(r.gameId).map((s) => s.aiLevel),
    ['normal', 'easy', 'normal', 'strong'],
  );
});

test('an AI seat written without a level plays at normal (existing tables are unchanged)', () => {
  const r = rig('chan', ['human', 'ai', 'ai', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playOn(r, [0], 20);
  assert.ok(r.calls.length > 0);
  assert.ok(r.calls.every((c) => c.level === 'normal'));
});

test("on-timeout ai: the AI takes an absent player's seat at the game's takeover level, and keeps playing it at that level", () => {
  const r = rig('vn-mahjong', ['human', 'human', 'normal', 'normal'], { timeoutPolicy: 'ai', takeoverLevel: 'strong' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.equal(r.store.games.get(r.gameId)!.takeoverLevel, 'strong');
  // A secret opening choice (jokers at the deal) runs out silently and hands nothing to the AI
  // (act.ts, as a claim): the humans make theirs, then a turn's timer runs out.
  for (let k = 0; k < 8 && r.store.timers.forGame(r.gameId).every((x) => x.kind !== 'turn'); k++) playOn(r, [0, 1], 1);
  const t0 = r.store.timers.forGame(r.gameId).find((x) => x.kind === 'turn');
  assert.ok(t0, 'a human must take a turn');
  r.calls.length = 0;
  r.clock.t = t0.deadline + 1;
  const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: t0.seat, timerKind: t0.kind });
  assert.equal(res.outcome.ok, true);
  const takeover = r.calls.filter((c) => c.seat === t0.seat);
  assert.ok(takeover.length >= 1);
  assert.ok(
    takeover.every((c) => c.level === 'strong'),
    JSON.stringify(takeover),
  );
  assert.ok(r.calls.filter((c) => c.seat >= 2).every((c) => c.level === 'normal'));
  const seat = r.store.games.seats(r.gameId)[t0.seat]!;
  assert.equal(seat.isAi, true);
  assert.equal(seat.aiLevel, 'strong', 'the takeover level is stored on the seat row');
  assert.equal(r.store.games.logWithMeta(r.gameId).find((e) => e.seat === t0.seat && e.source === 'timeout')?.source, 'timeout');
});

test('a hint: the strong AI choice for the seat, recorded with source hint, nothing at the table changes', () => {
  for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const) {
    const r = rig(game, ['human', 'normal', 'normal', 'normal']);
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const d = r.pending().find((p) => p.seat === 0);
    assert.ok(d, `${game}: seat 0 decides`);
    const before = r.store.games.get(r.gameId)!;
    const logBefore = r.store.games.log(r.gameId).length;
    const timersBefore = JSON.stringify(r.store.timers.forGame(r.gameId));
    r.calls.length = 0;
    const res = r.run({ kind: 'hint', gameId: r.gameId, userId: 'u0', ver: null });
    assert.equal(res.outcome.ok, true);
    assert.deepEqual(r.calls, [{ seat: 0, level: 'strong' }]);
    const g = r.store.games.load(r.gameId)!;
    const expected = engineOf(game).ai(g.state, 0, 'strong');
    assert.equal(canonical(res.outcome.hint!.action), canonical(expected));
    assert.ok(
      d.options.some((a) => canonical(a) === canonical(expected)),
      'the hint is a legal option',
    );
    assert.equal(res.outcome.applied, 0);
    assert.deepEqual(res.effects, []);
    const after = r.store.games.get(r.gameId)!;
    assert.equal(after.version, before.version);
    assert.equal(r.store.games.log(r.gameId).length, logBefore, 'no entry in the action log');
    assert.equal(JSON.stringify(r.store.timers.forGame(r.gameId)), timersBefore);
    const hints = r.store.games.hints(r.gameId);
    assert.equal(hints.length, 1);
    assert.equal(hints[0]!.source, 'hint');
    assert.equal(hints[0]!.seat, 0);
    assert.equal(hints[0]!.userId, 'u0');
    assert.equal(hints[0]!.version, before.version);
    assert.equal(canonical(hints[0]!.action), canonical(expected));
    // The text names the action as the presenter does, in the player's language.
    const text = hintText(res.table!, 0, res.outcome.hint!, 'en');
    assert.match(text, /^💡 The strong AI would /);
    const vi = hintText(res.table!, 0, res.outcome.hint!, 'vi');
    assert.match(vi, /^💡 Máy mạnh sẽ (chọn )?\*\*/);
    const zh = hintText(res.table!, 0, res.outcome.hint!, 'zh-TW');
    assert.match(zh, /^💡 電腦（強）會(選 )? ?\*\*/);
    // The game plays on exactly as before (replay ignores hints).
    r.store.games.forgetCache();
    assert.equal(canonical(r.store.games.load(r.gameId)!.state), canonical(g.state));
  }
});

test('hints: refused when the server switched them off, for a spectator, and with nothing to decide', () => {
  const off = rig('chan', ['human', 'normal', 'normal', 'normal'], { hints: false });
  off.run({ kind: 'start', gameId: off.gameId, userId: 'u0' });
  assert.equal(off.run({ kind: 'hint', gameId: off.gameId, userId: 'u0', ver: null }).outcome.refusal?.key, 'errors:hints-off');
  assert.equal(off.store.games.hints(off.gameId).length, 0);
  const r = rig('phom', ['human', 'human']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.equal(r.run({ kind: 'hint', gameId: r.gameId, userId: 'x', ver: null }).outcome.refusal?.key, 'errors:not-your-hand');
  const waiting = [0, 1].find((s) => !r.pending().some((p) => p.seat === s))!;
  assert.equal(
    r.run({ kind: 'hint', gameId: r.gameId, userId: `u${waiting}`, ver: null }).outcome.refusal?.key,
    'errors:hint-nothing-to-decide',
  );
});

/** A server's table settings before /config touches them. */
const DEFAULTS = { aiLevel: 'normal', takeoverLevel: 'normal', hints: true, voteAfter: 3, lobbyDays: 7, idleDays: 30 };

test('/config ai-level, takeover-level and hints: stored per server and game, validated, reset', () => {
  const store = openStore(':memory:', engineOf);
  const t = translator('en');
  assert.deepEqual(store.settings.table('g', 'phom'), DEFAULTS);
  assert.equal(setOption(store, 'g', 'phom', 'ai-level', 'strong', 'admin', t).ok, true);
  assert.equal(setOption(store, 'g', 'phom', 'takeover-level', 'easy', 'admin', t).ok, true);
  assert.equal(setOption(store, 'g', 'phom', 'hints', 'off', 'admin', t).ok, true);
  const bad = setOption(store, 'g', 'phom', 'ai-level', 'grandmaster', 'admin', t);
  assert.equal(bad.ok, false);
  assert.match(bad.message, /easy, normal, strong/);
  assert.deepEqual(store.settings.table('g', 'phom'), {
    aiLevel: 'strong',
    takeoverLevel: 'easy',
    hints: false,
    voteAfter: 3,
    lobbyDays: 7,
    idleDays: 30,
  });
  assert.deepEqual(store.settings.table('g', 'chan'), DEFAULTS, 'per game');
  // House rules and table settings live side by side.
  const key = Object.keys(engineOf('phom').options.fields)[0]!;
  const spec = (engineOf('phom').options.fields as Record<string, { default: unknown }>)[key]!;
  setOption(store, 'g', 'phom', key, String(spec.default), 'admin', t);
  assert.equal(store.settings.table('g', 'phom').aiLevel, 'strong');
  const lines = describeOptions(store, 'g', 'phom', t).join('\n');
  assert.match(lines, /`ai-level` = strong/);
  assert.match(lines, /`hints` = off/);
  assert.equal(setOption(store, 'g', 'phom', 'vote-after', '5', 'admin', t).ok, true);
  assert.equal(store.settings.table('g', 'phom').voteAfter, 5);
  assert.equal(setOption(store, 'g', 'phom', 'vote-after', '0', 'admin', t).ok, false);
  assert.equal(resetOption(store, 'g', 'phom', 'hints', 'admin', t).ok, true);
  assert.equal(store.settings.table('g', 'phom').hints, true);
  resetOption(store, 'g', 'phom', null, 'admin', t);
  assert.deepEqual(store.settings.table('g', 'phom'), DEFAULTS);
});

test("/config set ai-level, takeover-level and hints: the reply names the value in the user's language", () => {
  const store = openStore(':memory:', engineOf);
  const vi = translator('vi');
  const zh = translator('zh-TW');
  assert.equal(setOption(store, 'g', 'phom', 'ai-level', 'strong', 'admin', vi).message, 'ai-level giờ là mạnh.');
  assert.equal(setOption(store, 'g', 'phom', 'takeover-level', 'easy', 'admin', zh).message, 'takeover-level 已設為 簡單。');
  assert.equal(setOption(store, 'g', 'phom', 'hints', 'off', 'admin', vi).message, 'hints giờ là tắt.');
  assert.equal(setOption(store, 'g', 'phom', 'hints', 'on', 'admin', zh).message, 'hints 已設為 開啟。');
  assert.equal(setOption(store, 'g', 'phom', 'vote-after', '5', 'admin', vi).message, 'vote-after giờ là 5.');
});

test('/config set and reset with an unknown key list the same keys: the house rules and the table keys', () => {
  const store = openStore(':memory:', engineOf);
  const t = translator('en');
  const set = setOption(store, 'g', 'phom', 'no-such-key', '1', 'admin', t);
  const reset = resetOption(store, 'g', 'phom', 'no-such-key', 'admin', t);
  assert.equal(set.ok, false);
  assert.equal(reset.ok, false);
  assert.equal(reset.message, set.message);
  for (const k of [...Object.keys(engineOf('phom').options.fields), 'ai-level', 'takeover-level', 'hints', 'vote-after'])
    assert.ok(reset.message.includes(k), `${reset.message} names ${k}`);
});

test('the hint reason follows the chosen action kind; a claim/pass/draw reason only when there was a choice', () => {
  assert.equal(hintKind('discard', 'turn', 9), 'discard');
  assert.equal(hintKind('u', 'turn', 3), 'win');
  assert.equal(hintKind('mahjong', 'claim', 2), 'win');
  assert.equal(hintKind('pung', 'claim', 3), 'claim');
  assert.equal(hintKind('eat', 'turn', 2), 'claim');
  assert.equal(hintKind('pass', 'claim', 2), 'pass');
  assert.equal(hintKind('pass', 'claim', 1), 'claim-window');
  assert.equal(hintKind('draw', 'turn', 1), 'turn');
  assert.equal(hintKind('lay-down', 'turn', 4), 'turn');
  // Every reason exists in every language.
  for (const lang of ['en', 'vi', 'zh-TW'] as const) {
    const tr = translator(lang);
    for (const k of ['discard', 'win', 'claim', 'pass', 'draw', 'turn', 'claim-window']) {
      const s = tr(`common:hint.${k}`, { action: 'X', n: 2, level: 'L' });
      assert.ok(s.includes('X') && s.includes('L') && !s.startsWith('hint.'), `${lang} ${k}: ${s}`);
    }
  }
});

test('migration 6: a database written before levels keeps its tables at normal, hints on, and gains the hints table', () => {
  const db = openDatabase(
    ':memory:',
    MIGRATIONS.filter((m) => m.version < 6),
  );
  db.prepare(
    `INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at) VALUES ('old', 'phom', '{}', 'h', 's', 2, 'lobby', 0, 0)`,
  ).run();
  db.prepare(
    `INSERT INTO game_seats (game_id, seat, user_id, is_ai, display_name) VALUES ('old', 0, 'u0', 0, 'P0'), ('old', 1, NULL, 1, 'AI 1')`,
  ).run();
  db.prepare(`INSERT INTO guild_settings (guild_id, game, options, updated_at) VALUES ('g', 'phom', '{}', 0)`).run();
  // Migration 6 and every later one (7, 8…) run on the old database.
  assert.deepEqual(
    migrate(db),
    MIGRATIONS.filter((m) => m.version >= 6).map((m) => m.version),
  );
  const games = new GameStore(db, engineOf);
  assert.deepEqual(
    games.seats('old').map((s) => s.aiLevel),
    ['normal', 'normal'],
  );
  const row = games.get('old')!;
  assert.equal(row.takeoverLevel, 'normal');
  assert.equal(row.hints, true);
  assert.deepEqual(new SettingsStore(db).table('g', 'phom'), DEFAULTS);
  games.recordHint({ gameId: 'old', version: 0, hand: 0, seat: 0, userId: 'u0', level: 'strong', action: { type: 'draw' }, viewToken: 1 });
  assert.throws(() => db.prepare("UPDATE hints SET level = 'easy'").run(), /append-only/);
});

test("a hint's text gives the game's own reason (engine.explain) in the player's language", () => {
  for (const game of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const) {
    const r = rig(game, ['human', 'normal', 'normal', 'normal']);
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    assert.ok(
      r.pending().some((p) => p.seat === 0),
      `${game}: seat 0 decides`,
    );
    const res = r.run({ kind: 'hint', gameId: r.gameId, userId: 'u0', ver: null });
    const reason = res.outcome.hint?.reason;
    assert.ok(reason, `${game}: the engine explains its choice`);
    assert.match(reason.key, new RegExp(`^${game}:hint\\.`));
    for (const lang of ['en', 'vi', 'zh-TW'] as const) {
      const text = hintText(res.table!, 0, res.outcome.hint!, lang);
      const why = translator(lang)(reason.key, { ...reason.vars, card: 'X', defaultValue: '' });
      assert.ok(why, `${game} ${lang}: ${reason.key} has a text`);
      assert.doesNotMatch(text, /\{\{|hint\./, `${game} ${lang}: no raw key or placeholder in "${text}"`);
      // The reason's own words (after the action it repeats) are in the hint, and its naming of the
      // move is not (zh-TW writes a full-width colon: "打出 紅心K：…" once followed the label).
      const m = /^(.*?)(?:: |：)(.+)$/.exec(why);
      const tail = m ? m[2]! : why;
      const words = tail.split(/[\s(（]/).filter((w) => w.length > 3 && !w.includes('X'))[0];
      if (words) assert.ok(text.includes(words), `${game} ${lang}: "${text}" gives the reason "${tail}"`);
      if (m) {
        // Right after the bold action comes the reason, not the move named again: a Chinese reason may
        // use the verb itself later ("吃 X：成 chắn；不吃的話…" names 吃 in its own words).
        const after = text
          .slice(text.lastIndexOf('**') + 2)
          .replace(/^(?:: |：)/, '')
          .trim();
        const named = m[1]!.replace('X', '').trim();
        assert.ok(!after.startsWith(named), `${game} ${lang}: "${text}" repeats "${m[1]}"`);
      }
    }
  }
});

test('a hint whose reason throws still answers (the generic line) and warns the operator; nothing is lost', () => {
  const r = rig('phom', ['human', 'normal', 'normal', 'normal'], { explainThrows: true });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const before = r.store.games.get(r.gameId)!.version;
  const res = r.run({ kind: 'hint', gameId: r.gameId, userId: 'u0', ver: null });
  assert.equal(res.outcome.ok, true);
  assert.ok(res.outcome.hint, 'the hint is answered');
  assert.equal(res.outcome.hint.reason, undefined);
  assert.equal(res.warnings.length, 1);
  assert.match(res.warnings[0]!, /hint reason failed for seat 0 \(phom\): explain broke/);
  assert.equal(r.store.games.get(r.gameId)!.version, before, 'the table did not change');
});
