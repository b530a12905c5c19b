/**
 * The replay viewer of /history is public (any member may open it): its move list shows only what
 * the table showed. A claim answer that changed nothing public (a pass, a claim that lost, one
 * answered by timeout) is neither listed nor a step; one that closed the window is told from the
 * public view, never naming who answered. Another player's hint is listed without its content (and
 * not at all when asked on a claim decision, or on a Phỏm take, where a choice means an eat was
 * possible); the asker sees their own with it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEntry, initialState } from '../../src/store/replay.js';
import { GAMES } from '../../src/table/manifests.js';
import { act } from '../../src/table/act.js';
import { translator } from '../../src/table/i18n.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { canonical } from '../../src/games/core/match.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';
import type { BotContext } from '../../src/bot/context.js';
import { exportFile, MOVES_PER_PAGE, viewerPayload } from '../../src/notify/replay-viewer.js';
import { rig } from '../support/table-rig.js';
import { windowKind } from '../../src/table/timers.js';

const SOURCES = ['timeout', 'claim preference', 'away', 'AI'];

/**
 * One hand of `game` with every seat a person, played by the AI through `act`: u0 and u1 ask a hint
 * on a turn, a third player one on a claim, one claim of a window with several claimants times out.
 * Null when the hand (dealt from `seed`) gives no such chances.
 */
function playHand(game: GameId, seed: string) {
  const engine = GAMES[game].engine;
  const n = engine.tableSize(defaultOptions(engine.options)).default;
  const { store, ts, clock, gameId } = rig(game, Array<'human'>(n).fill('human'), { seed });
  const row = store.games.get(gameId)!;
  assert.equal(act(ts, { kind: 'start', gameId: row.id, userId: 'u0' }, clock.t).outcome.ok, true);
  const asked = { turn0: false, turn1: false, claim: null as number | null, timedOut: false };
  for (let k = 0; k < 3000; k++) {
    const g = store.games.get(row.id)!;
    const state = store.games.state(g);
    if (engine.result(state)) break;
    const pending = engine.pending(state) as Decision<BaseAction>[];
    const claims = pending.filter((d) => d.kind === 'claim');
    // A turn anyone may know of (a secret opening choice is hidden like a claim: timers.ts windowKind).
    const turn = pending.find((d) => windowKind(d) === 'turn');
    const key = turn?.seat === 0 ? 'turn0' : 'turn1';
    // A hint where there is a choice (a forced move gets none: act.ts `hint`).
    if (turn && turn.seat <= 1 && !asked[key] && turn.options.length > 1) {
      asked[key] = true;
      assert.equal(act(ts, { kind: 'hint', gameId: row.id, userId: `u${turn.seat}`, ver: null }, clock.t).outcome.ok, true);
      continue;
    }
    const claimer = claims.find((d) => d.seat >= 2);
    if (claimer && asked.claim === null) {
      asked.claim = claimer.seat;
      assert.equal(act(ts, { kind: 'hint', gameId: row.id, userId: `u${claimer.seat}`, ver: null }, clock.t).outcome.ok, true);
      continue;
    }
    if (claims.length > 1 && !asked.timedOut) {
      asked.timedOut = true;
      const seat = claims.at(-1)!.seat;
      assert.equal(act(ts, { kind: 'timeout', gameId: row.id, seat, timerKind: 'claim' }, clock.t).outcome.ok, true);
      continue;
    }
    const d = pending[0]!;
    const action = engine.ai(state, d.seat) as BaseAction;
    assert.equal(act(ts, { kind: 'move', gameId: row.id, seat: d.seat, action, ver: g.version }, clock.t).outcome.ok, true);
  }
  assert.ok(engine.result(store.games.state(store.games.get(row.id)!)), 'the hand is over');
  if (!asked.turn0 || !asked.turn1 || asked.claim === null || !asked.timedOut) {
    store.close();
    return null;
  }
  return { store, row, n, claimer: asked.claim };
}

for (const game of ['chan', 'vn-mahjong', 'classic-mahjong'] as GameId[]) {
  test(`${game}: the finished hand's move list holds only public changes; hints of others without content`, async () => {
    const { engine, presenter } = GAMES[game];
    let played: ReturnType<typeof playHand> = null;
    for (let k = 0; k < 20 && !played; k++) played = playHand(game, `viewer-${game}-${k}`);
    assert.ok(played, 'a hand with hints on turns and a claim, and a claim timeout');
    const { store, row, n, claimer } = played;
    const g = store.games.get(row.id)!;

    // What the table showed: the logged entries that changed the public view; the claim answers that did not.
    let state = initialState(engine, g.options, g.seats, g.seed);
    let shown = 0;
    let hiddenClaims = 0;
    for (const e of store.games.logWithMeta(row.id)) {
      const d = (engine.pending(state) as Decision<BaseAction>[]).find((x) => x.seat === e.seat);
      const kind = d && windowKind(d);
      const before = canonical(engine.publicView(state));
      state = applyEntry(engine, g.options, g.seats, g.seed, state, e);
      if (e.hand !== 0 || e.action.type.startsWith('@')) continue;
      if (before !== canonical(engine.publicView(state))) shown++;
      else {
        assert.equal(kind, 'claim', `${JSON.stringify(e.action)}: only a claim answer (or a secret opening choice) changes nothing public`);
        hiddenClaims++;
      }
    }
    assert.ok(hiddenClaims > 0, 'the log holds claim answers that changed nothing public');
    const claimTimeouts = store.games.logWithMeta(row.id).filter((e) => e.source === 'timeout').length;
    assert.equal(claimTimeouts, 1);

    // The viewer as a user sees it: every page of the move list (hints marked 💡), the step count;
    // the table image's model of every step (the renderer is a stub that keeps the model).
    const models: string[] = [];
    const ctx = {
      store,
      render: {
        table: (m: unknown) => (models.push(canonical(m)), Promise.resolve(Buffer.from('t'))),
        result: () => Promise.resolve(Buffer.from('r')),
      },
    } as unknown as BotContext;
    const seen = async (userId: string) => {
      const last = (await viewerPayload(ctx, row.id, 0, null, 'en', userId))!;
      const steps = Number(/Step (\d+) of (\d+): the result/.exec(last.content)?.[2]);
      const moves: string[] = [];
      const hints: string[] = [];
      for (let k = 1; k <= Math.max(1, steps); k += MOVES_PER_PAGE) {
        const v = (await viewerPayload(ctx, row.id, 0, k, 'en', userId))!;
        for (const l of v.content.split('\n')) {
          const hint = /^\u3000\u3000💡 (.*)$/.exec(l);
          const move = /^(?:▶ \*\*|\u3000)(\d+)\. (.*?)(?:\*\*)?$/.exec(l);
          if (hint) hints.push(hint[1]!);
          else if (move) moves.push(move[2]!);
        }
      }
      const menu = last.components.flatMap((r) => r.toJSON().components).find((c) => c.type === 3) as unknown as {
        options: { value: string }[];
      };
      return { steps, moves, hints, jumpMax: Math.max(...menu.options.map((o) => Number(o.value))) };
    };
    const t = translator('en');
    const names = Array.from({ length: n }, (_, s) => `P${s}`);
    const pass = presenter.actionLabel({ type: 'pass' }, { lang: 'en', t, names });
    const mine = await seen('u0');
    assert.equal(mine.steps, shown, 'one step per public change');
    assert.equal(mine.moves.length, shown, 'one listed move per public change');
    assert.equal(mine.jumpMax, shown);
    for (const m of mine.moves) {
      assert.ok(!m.includes(`: ${pass}`), `no claim pass listed: ${m}`);
      for (const src of SOURCES) assert.ok(!m.includes(`(${src})`), `no claim answer's source: ${m}`);
    }
    // Consecutive steps differ: no step is a move that changed nothing.
    models.length = 0;
    for (let k = 0; k < shown; k++) await viewerPayload(ctx, row.id, 0, k, 'en', 'u0');
    assert.equal(models.length, shown);
    for (let k = 1; k < shown; k++) assert.notEqual(models[k - 1], models[k], `step ${k} changed what the table shows`);

    // Hints: u0 sees their own with its content, u1's as asked only, the claim hint not at all.
    const own = mine.hints.filter((h) => h.startsWith('P0: '));
    assert.equal(own.length, 1, mine.hints.join('\n'));
    assert.match(own[0]!, /^P0: .+ \(hint\)$/);
    assert.ok(mine.hints.includes('P1 asked for a hint'), mine.hints.join('\n'));
    assert.ok(!mine.hints.some((h) => h.startsWith('P1: ')), 'not the content of P1’s hint');
    assert.ok(!mine.hints.some((h) => h.startsWith(`P${claimer}`)), `P${claimer}'s claim hint is not listed: ${mine.hints.join('\n')}`);
    assert.equal(mine.hints.length, 2);
    const theirs = await seen(`u${claimer}`);
    assert.ok(
      theirs.hints.some((h) => h.startsWith(`P${claimer}: `) && h.endsWith('(hint)')),
      'the asker sees their claim hint',
    );
    assert.ok(theirs.hints.includes('P0 asked for a hint'));
    assert.deepEqual(theirs.moves, mine.moves);
    store.close();
  });
}

for (const game of ['chan', 'vn-mahjong', 'classic-mahjong'] as GameId[]) {
  test(`${game}: the move list names no claim window the table never showed (only AIs could claim)`, async () => {
    const { engine } = GAMES[game];
    const n = engine.tableSize(defaultOptions(engine.options)).default;
    let checked = 0;
    let listed = 0;
    for (let k = 0; k < 6; k++) {
      // One person (seat 0, who passes every claim) and AIs: an AI answers its claims inside the
      // step that opened the window, so the table shows a window only when seat 0 may claim.
      const { store, ts, clock, gameId } = rig(game, ['human', ...Array<'ai'>(n - 1).fill('ai')], { seed: `ai-windows-${k}` });
      assert.equal(act(ts, { kind: 'start', gameId, userId: 'u0' }, clock.t).outcome.ok, true);
      // Windows the table showed: steps that ended on a claim of seat 0 (the only seat it waits for).
      let shownWindows = 0;
      for (let step = 0; step < 500; step++) {
        const g = store.games.get(gameId)!;
        const state = store.games.state(g);
        if (engine.result(state)) break;
        const d = (engine.pending(state) as Decision<BaseAction>[]).find((x) => x.seat === 0);
        assert.ok(d, 'the table waits only for seat 0');
        if (windowKind(d) === 'claim') shownWindows++;
        const action = windowKind(d) === 'claim' ? d.timeoutDefault : (engine.ai(state, 0) as BaseAction);
        assert.equal(act(ts, { kind: 'move', gameId, seat: 0, action, ver: g.version }, clock.t).outcome.ok, true);
      }
      if (!engine.result(store.games.state(store.games.get(gameId)!))) continue;
      const ctx = {
        store,
        render: { table: () => Promise.resolve(Buffer.from('t')), result: () => Promise.resolve(Buffer.from('r')) },
      } as unknown as BotContext;
      const last = (await viewerPayload(ctx, gameId, 0, null, 'en', 'u0'))!;
      const steps = Number(/Step (\d+) of (\d+)/.exec(last.content)?.[2]);
      let notClaimed = 0;
      for (let s = 1; s <= steps; s += MOVES_PER_PAGE) {
        const v = (await viewerPayload(ctx, gameId, 0, s, 'en', 'u0'))!;
        notClaimed += v.content.split('\n').filter((l) => /\d+\. No one claimed/.test(l)).length;
      }
      // Each window the table showed closed at most once unclaimed; the AIs' windows are not listed.
      assert.ok(notClaimed <= shownWindows, `${notClaimed} "No one claimed" lines, ${shownWindows} windows shown (seed ${k})`);
      listed += notClaimed;
      checked++;
      store.close();
    }
    assert.ok(checked >= 3, 'hands played to the end');
    assert.ok(listed > 0, 'the windows seat 0 passed are listed (the table showed them)');
  });
}

test('Export of a long match: without indentation past 2 MiB (each hand nests in the one before), and refused past what Discord takes', () => {
  const hand = (h: number) => ({
    seed: `s${h}`,
    steps: Array.from({ length: 60 }, (_, k) => ({ seat: k % 4, action: { type: 'discard', card: '10H' } })),
    result: { ranking: [0, 1, 2, 3] },
  });
  const match = (hands: number) => {
    let next: Record<string, unknown> | undefined;
    for (let h = hands - 1; h >= 1; h--) next = { ...hand(h), ...(next ? { next } : {}) };
    return { name: 'long', game: 'phom', start: { seed: 's0' }, ...hand(0), ...(next ? { next } : {}) };
  };
  const short = exportFile(match(3));
  assert.ok('body' in short && short.body.toString().includes('\n  "name"'), 'a short match is indented');
  const sc = match(200);
  assert.ok(JSON.stringify(sc, null, 2).length > 10 * 2 ** 20, 'indented, it would pass Discord’s 10 MiB');
  const long = exportFile(sc);
  assert.ok('body' in long && long.body.length < 2 ** 20, 'written compact');
  assert.deepEqual(JSON.parse(long.body.toString()), sc);
  const huge = { ...sc, pad: 'x'.repeat(10 * 2 ** 20) };
  assert.deepEqual(exportFile(huge), { tooLargeMiB: (Buffer.byteLength(`${JSON.stringify(huge)}\n`) / 2 ** 20).toFixed(1) });
});

test('phom: a hint asked on a take (draw or eat: a choice only when the seat could eat) is not listed to the others, the asker sees it', async () => {
  const engine = GAMES.phom.engine;
  for (let k = 0; k < 20; k++) {
    const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: `ph-hist-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    let asker: number | null = null;
    for (let i = 0; i < 500; i++) {
      const s = r.store.games.load(r.gameId)!.state;
      if (engine.result(s)) break;
      const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
      let action = engine.ai(s, d.seat) as BaseAction;
      // An eat on offer: the seat asks a hint, then draws (the table saw a draw, as any take).
      if (asker === null && d.options.some((o) => o.type === 'eat')) {
        assert.equal(d.choiceHidden, true);
        assert.equal(r.run({ kind: 'hint', gameId: r.gameId, userId: `u${d.seat}`, ver: r.token(d.seat) }).outcome.ok, true);
        asker = d.seat;
        action = { type: 'draw' };
      }
      assert.equal(r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null, userId: `u${d.seat}` }).outcome.ok, true);
    }
    if (asker === null || !engine.result(r.store.games.load(r.gameId)!.state)) continue;
    const ctx = {
      store: r.store,
      render: { table: () => Promise.resolve(Buffer.from('t')), result: () => Promise.resolve(Buffer.from('r')) },
    } as unknown as BotContext;
    const lines = async (userId: string) => {
      const last = (await viewerPayload(ctx, r.gameId, 0, null, 'en', userId))!;
      const steps = Number(/Step (\d+) of (\d+)/.exec(last.content)?.[2]);
      const out: string[] = [];
      for (let s = 1; s <= steps; s += MOVES_PER_PAGE)
        out.push(...(await viewerPayload(ctx, r.gameId, 0, s, 'en', userId))!.content.split('\n'));
      return out;
    };
    const other = await lines(`u${(asker + 1) % 4}`);
    assert.ok(!other.some((l) => l.includes(`P${asker} asked for a hint`)), other.join('\n'));
    assert.ok(!other.some((l) => l.includes('💡')), 'no hint line at all for the others');
    const own = await lines(`u${asker}`);
    assert.ok(
      own.some((l) => l.includes('💡') && l.includes(`P${asker}: `) && l.endsWith('(hint)')),
      own.join('\n'),
    );
    r.store.close();
    return;
  }
  assert.fail('no hand with an eat on offer');
});
