/**
 * A hand view lists what happened since its seat's own last move ("Since your last move:"), not
 * only the last action: at a table of AIs, or over days, several moves come between two of one's
 * own, and the table shows only the last. The moves are kept with the log entries that made them
 * (store `actions.shown`), made from the public view only, so a restart keeps them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handView, presentCtx, RECAP_MAX } from '../../src/table/views.js';
import { lastLine } from '../../src/table/present/common.js';
import { translator } from '../../src/table/i18n.js';
import { applyEntry, initialState } from '../../src/store/index.js';
import { GAME_IDS, type BaseAction, type Decision, type GameId } from '../../src/games/core/types.js';
import type { Table } from '../../src/table/store.js';
import { rig, type Rig } from '../support/table-rig.js';

const tr = translator('en');

/**
 * What each log entry should keep (a replay of the log): its public move when the table's
 * last-action line changed, or when the seat's turn made that very line again (a second joker
 * exposed alike); else null (claim answers, system entries).
 */
function expectedShown(r: Rig): { seq: number; hand: number; shown: unknown }[] {
  const row = r.store.games.get(r.gameId)!;
  const t = r.ts.load(r.gameId)!;
  const pc = presentCtx(t, 'en');
  let state = initialState(t.engine, row.options, row.seats, row.seed);
  const line = (s: unknown) => lastLine(t.presenter, t.engine.publicView(s), pc) ?? '';
  return r.store.games.logWithMeta(r.gameId).map((e) => {
    const before = line(state);
    const turn = (t.engine.pending(state) as Decision<BaseAction>[]).some((d) => d.seat === e.seat && d.kind === 'turn');
    state = applyEntry(t.engine, row.options, row.seats, row.seed, state, e);
    if (e.action.type.startsWith('@')) return { seq: e.seq, hand: e.hand, shown: null };
    const move = t.presenter.lastMove(t.engine.publicView(state));
    const own =
      turn &&
      move?.by === e.seat &&
      line(state) === `${t.names[e.seat!]}: ${t.presenter.actionLabel(e.action, { ...pc, view: t.engine.publicView(state) })}`;
    return { seq: e.seq, hand: e.hand, shown: move && (line(state) !== before || own) ? move : null };
  });
}

function storedShown(r: Rig): { seq: number; hand: number; shown: unknown }[] {
  const rows = r.store.db.prepare('SELECT seq, hand, shown FROM actions WHERE game_id = ? ORDER BY seq').all(r.gameId) as {
    seq: number;
    hand: number;
    shown: string | null;
  }[];
  return rows.map((x) => ({ seq: x.seq, hand: x.hand, shown: x.shown === null ? null : (JSON.parse(x.shown) as unknown) }));
}

/** The recap seat 0's hand view should show now, worked out from the replayed log. */
function expectedRecap(r: Rig, t: Table): string[] {
  const pc = presentCtx(t, 'en');
  const last = lastLine(t.presenter, t.engine.publicView(t.state), pc);
  const moves = expectedShown(r).filter((e) => e.hand === t.row.handIndex && e.shown !== null);
  const own = moves.map((m) => (m.shown as { by: number }).by).lastIndexOf(0);
  const since = moves.slice(own + 1);
  if (since.length < 2) return last ? [last] : [];
  const shown = since.slice(-RECAP_MAX);
  return [
    tr(own >= 0 ? 'common:hand.since-move' : 'common:hand.latest-moves'),
    ...(since.length > shown.length ? [`- ${tr('common:hand.earlier-moves', { count: since.length - shown.length })}`] : []),
    ...shown.map((m) => `- ${t.presenter.moveLine(m.shown, pc)}`),
  ];
}

/** The view's lines from the decision line up to the deadline line (the recap, or the one last-action line). */
function recapOf(lines: readonly string[]): string[] {
  // the decision's first line: a turn, a claim, or a game's own (Chắn's xướng: announce.ts `turnLine`)
  const first = [tr('common:hand.your-turn'), tr('common:hand.your-claim'), tr('common:announce.turn')];
  const from = lines.findIndex((l) => first.includes(l));
  const to = lines.findIndex((l, i) => i > from && l.startsWith('Deadline'));
  return lines.slice(from + 1, to < 0 ? undefined : to);
}

const TABLES: { game: GameId; seats: number }[] = [
  ...(GAME_IDS as readonly GameId[]).map((game) => ({ game, seats: 4 })),
  // Five or six people: `by` is the person, who sits out some hands.
  { game: 'vn-mahjong', seats: 5 },
  { game: 'vn-mahjong', seats: 6 },
];

for (const { game, seats } of TABLES) {
  test(`${game}, ${seats} seats: the hand view lists the moves since the seat's own last one, as stored with the log, after a reload too, over three hands`, () => {
    const options = game === 'vn-mahjong' ? { 'player-count': seats } : {};
    const r = rig(game, ['human', ...Array.from({ length: seats - 1 }, () => 'ai' as const)], { seed: `recap-${game}-${seats}`, options });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    let longest = 0;
    let checked = 0;
    for (let hand = 0; hand < 3; hand++) {
      for (let k = 0; k < 200; k++) {
        const t = r.ts.load(r.gameId)!;
        if (t.engine.result(t.state)) break;
        const d = r.pending().find((x) => x.seat === 0);
        assert.ok(d, `${game}: only the person has decisions between steps`);
        const lines = handView(t, 0, 'en').lines;
        assert.deepEqual(recapOf(lines), expectedRecap(r, t), `${game}, hand ${hand}, move ${k}:\n${lines.join('\n')}`);
        longest = Math.max(longest, recapOf(lines).length);
        checked++;
        const res = r.run({ kind: 'move', gameId: r.gameId, seat: 0, action: t.engine.ai(t.state, 0) as BaseAction, ver: null });
        assert.equal(res.outcome.ok, true);
        // The table the step returns (what the bot draws at once) says what a reload says.
        if (res.table && !res.table.engine.result(res.table.state) && r.pending().some((x) => x.seat === 0))
          assert.deepEqual(handView(res.table, 0, 'en').lines, handView(r.ts.load(r.gameId)!, 0, 'en').lines, `${game}, step ${k}`);
      }
      const next = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand' });
      assert.equal(next.outcome.ok, true, `${game}: hand ${hand + 1} is dealt`);
    }
    assert.ok(checked > 6, `${game}: the person decided ${checked} times`);
    // The others moved between two of the person's moves: the list has a heading and several lines.
    assert.ok(longest >= 4, `${game}: the longest recap had ${longest} lines`);
    assert.deepEqual(storedShown(r), expectedShown(r), `${game}: each entry keeps its public move, claim answers none`);
  });
}

test('vn-mahjong: a second joker exposed alike is a move of its own, though the table line reads the same', () => {
  type Opt = { type: string; tile?: string };
  for (let seed = 0; seed < 60; seed++) {
    const r = rig('vn-mahjong', ['human', 'human', 'human', 'human'], { seed: `recap-expose-${seed}`, options: { 'joker-copies': 4 } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let k = 0; k < 400; k++) {
      const t = r.ts.load(r.gameId)!;
      if (t.engine.result(t.state)) break;
      const d = r.pending()[0]!;
      const hand = (t.engine.view(t.state, d.seat) as { hand: string[] }).hand;
      const twice =
        d.kind === 'turn' && (d.options as Opt[]).find((a) => a.type === 'expose' && hand.filter((x) => x === a.tile).length >= 2);
      if (twice) {
        r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: twice as BaseAction, ver: null });
        const again = r.pending()[0]!;
        if (again.seat === d.seat && again.options.some((a) => JSON.stringify(a) === JSON.stringify(twice))) {
          r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: twice as BaseAction, ver: null });
          const last = storedShown(r).slice(-2);
          assert.deepEqual(last[0]!.shown, last[1]!.shown, 'the same move twice');
          assert.ok(last[1]!.shown, 'the second is kept too');
          assert.deepEqual(storedShown(r), expectedShown(r));
          return;
        }
        continue;
      }
      r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: t.engine.ai(t.state, d.seat) as BaseAction, ver: null });
    }
  }
  assert.fail('no seat exposed the same joker twice in a row on these seeds');
});
test('a long wait: the recap lists the last moves and counts the earlier ones; moves not kept give the one last line', () => {
  const r = rig('phom', ['human', 'ai', 'ai', 'ai'], { seed: 'recap-long' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t0 = r.ts.load(r.gameId)!;
  r.run({ kind: 'move', gameId: r.gameId, seat: 0, action: t0.engine.ai(t0.state, 0) as BaseAction, ver: null });
  const t = r.ts.load(r.gameId)!;
  const pub = t.engine.publicView(t.state);
  const lastMove = t.presenter.lastMove(pub)!;
  assert.ok(lastMove, 'the AIs moved before the person');
  const pc = presentCtx(t, 'en');
  const moves = [
    ...Array.from({ length: 12 }, (_, i) => ({ seq: i + 1, move: { ...lastMove, by: 1 + (i % 3) } })),
    { seq: 13, move: lastMove },
  ];
  const lines = recapOf(handView({ ...t, moves }, 0, 'en').lines);
  assert.equal(lines[0], 'Latest moves:');
  assert.equal(lines[1], `- … and ${13 - RECAP_MAX} earlier moves`);
  assert.equal(lines.length, 2 + RECAP_MAX);
  assert.equal(lines.at(-1), `- ${lastLine(t.presenter, pub, pc)}`);
  // The person's own move among them: only what came after it.
  const own = [...moves.slice(0, 10), { seq: 11, move: { ...lastMove, by: 0 } }, ...moves.slice(11)];
  assert.deepEqual(recapOf(handView({ ...t, moves: own }, 0, 'en').lines), [
    'Since your last move:',
    ...own.slice(11).map((m) => `- ${t.presenter.moveLine(m.move, pc)}`),
  ]);
  // A hand logged before the moves were kept (or a list that does not end at the table's last move): the last action's line.
  assert.deepEqual(recapOf(handView({ ...t, moves: [] }, 0, 'en').lines), [lastLine(t.presenter, pub, pc)]);
  assert.deepEqual(recapOf(handView({ ...t, moves: moves.slice(0, 5) }, 0, 'en').lines), [lastLine(t.presenter, pub, pc)]);
});
