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
import { GAME_IDS, type BaseAction, type GameId } from '../../src/games/core/types.js';
import type { Table } from '../../src/table/store.js';
import { rig, type Rig } from '../support/table-rig.js';

const tr = translator('en');

/** What each log entry should keep: its public move when it changed the last-action line, else null (a replay of the log). */
function expectedShown(r: Rig): { seq: number; hand: number; shown: unknown }[] {
  const row = r.store.games.get(r.gameId)!;
  const t = r.ts.load(r.gameId)!;
  let state = initialState(t.engine, row.options, row.seats, row.seed);
  const key = (s: unknown) => JSON.stringify(t.presenter.lastMove(t.engine.publicView(s)) ?? '');
  return r.store.games.logWithMeta(r.gameId).map((e) => {
    const before = key(state);
    state = applyEntry(t.engine, row.options, row.seats, row.seed, state, e);
    const system = e.action.type.startsWith('@');
    const move = system ? undefined : t.presenter.lastMove(t.engine.publicView(state));
    return { seq: e.seq, hand: e.hand, shown: move && key(state) !== before ? move : null };
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
  const from = lines.findIndex((l) => l === tr('common:hand.your-turn') || l === tr('common:hand.your-claim'));
  const to = lines.findIndex((l, i) => i > from && l.startsWith('Deadline'));
  return lines.slice(from + 1, to < 0 ? undefined : to);
}

for (const game of GAME_IDS as readonly GameId[]) {
  test(`${game}: the hand view lists the moves since the seat's own last one, as stored with the log, after a reload too`, () => {
    const r = rig(game, ['human', 'ai', 'ai', 'ai'], { seed: `recap-${game}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    let longest = 0;
    let checked = 0;
    for (let k = 0; k < 200; k++) {
      const t = r.ts.load(r.gameId)!;
      if (t.engine.result(t.state)) break;
      const d = r.pending().find((x) => x.seat === 0);
      assert.ok(d, `${game}: only the person has decisions between steps`);
      const lines = handView(t, 0, 'en').lines;
      assert.deepEqual(recapOf(lines), expectedRecap(r, t), `${game}, move ${k}:\n${lines.join('\n')}`);
      longest = Math.max(longest, recapOf(lines).length);
      checked++;
      const res = r.run({ kind: 'move', gameId: r.gameId, seat: 0, action: t.engine.ai(t.state, 0) as BaseAction, ver: null });
      assert.equal(res.outcome.ok, true);
      // The table the step returns (what the bot draws at once) says what a reload says.
      if (res.table && !res.table.engine.result(res.table.state) && r.pending().some((x) => x.seat === 0))
        assert.deepEqual(handView(res.table, 0, 'en').lines, handView(r.ts.load(r.gameId)!, 0, 'en').lines, `${game}, step ${k}`);
    }
    assert.ok(checked > 3, `${game}: the person decided ${checked} times`);
    // Three AIs moved between two of the person's moves: the list has a heading and several lines.
    assert.ok(longest >= 4, `${game}: the longest recap had ${longest} lines`);
    assert.deepEqual(storedShown(r), expectedShown(r), `${game}: each entry keeps its public move, claim answers none`);
  });
}

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
