/**
 * Chắn xướng: "Announce nothing" asks first, in the view (announce.ts): one click of it beside the
 * confirm was a wrong call (xướng sai) whose winner pays đền làng to everyone (chan.md §9, §11).
 * Its "Yes, announce nothing" carries the view's token: once anything changes it is out of date.
 * And the winner's view says what is asked of them, not the generic "Your turn: choose an action".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import { handView } from '../../src/table/views.js';
import type { BaseAction } from '../../src/games/core/types.js';
import type { UiButton } from '../../src/table/ui.js';

const chan = engineOf('chan');

/** Self-played Chắn hands (four people, the AI's moves) until one stops at its winner's xướng. */
function atXuong(): { r: Rig; seat: number } {
  for (let h = 0; h < 40; h++) {
    const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: `nothing-confirm-${h}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let k = 0; k < 900; k++) {
      const s = r.ts.load(r.gameId)!.state;
      if (chan.result(s)) break;
      const d = chan.pending(s)[0]!;
      if (d.options.length > 1 && d.options.every((a) => a.type === 'xuong')) return { r, seat: d.seat };
      r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: chan.ai(s, d.seat) as BaseAction, ver: null, userId: `u${d.seat}` });
    }
  }
  throw new Error('no hand reached its xướng');
}

const nothingButton = (rows: ReturnType<typeof handView>['rows']) =>
  rows.flat().find((c): c is UiButton => c.type === 'button' && /nothing/i.test(c.label));

test("the winner's view asks for the xướng; Announce nothing asks first (twice: nothing played), its Yes plays it", () => {
  const { r, seat } = atXuong();
  const userId = `u${seat}`;
  const t = r.ts.load(r.gameId)!;
  const view = handView(t, seat, 'en');
  assert.match(view.lines[0]!, /You won \(ù\): now announce your cước \(xướng\)/);
  assert.match(handView(t, seat, 'vi').lines[0]!, /xướng cước/);
  assert.match(handView(t, seat, 'zh-TW').lines[0]!, /唱出牌型/);
  const ask = nothingButton(view.rows)!;
  assert.equal(ask.label, 'Announce nothing (pays đền làng)');
  assert.equal(ask.verb, 'announce');
  const version = r.store.games.get(r.gameId)!.version;
  const token = r.token(seat);
  let draft: unknown;
  for (let k = 0; k < 2; k++) {
    const res = r.run({ kind: 'hand', gameId: r.gameId, userId, ver: token, verb: 'announce', arg: ask.arg! });
    assert.equal(res.outcome.ok, true);
    assert.equal(res.outcome.applied, 0, 'nothing announced by the first click, nor by a double click');
    assert.equal(res.outcome.note?.key, 'common:announce.nothing-ask');
    draft = res.outcome.draft;
  }
  assert.equal(r.store.games.get(r.gameId)!.version, version);
  assert.ok(!chan.result(r.ts.load(r.gameId)!.state), 'the hand waits for its xướng');
  // The view drawn with that draft: the question's Yes in place of the button.
  const asked = handView(r.ts.load(r.gameId)!, seat, 'en', 'q', draft);
  const yes = nothingButton(asked.rows)!;
  assert.equal(yes.label, 'Yes, announce nothing');
  assert.match(yes.arg!, /^z\./);
  const played = r.run({ kind: 'hand', gameId: r.gameId, userId, ver: r.token(seat), verb: 'announce', arg: yes.arg! });
  assert.equal(played.outcome.ok, true);
  assert.ok(played.outcome.applied > 0);
  const entry = r.store.games.logWithMeta(r.gameId).find((e) => e.seat === seat && e.action.type === 'xuong');
  assert.deepEqual((entry?.action as { calls?: unknown[] }).calls, [], 'announced nothing, as asked');
});

test('a Yes, announce nothing from a view out of date changes nothing; an empty confirm is refused', () => {
  const { r, seat } = atXuong();
  const userId = `u${seat}`;
  const ask = nothingButton(handView(r.ts.load(r.gameId)!, seat, 'en').rows)!;
  const res = r.run({ kind: 'hand', gameId: r.gameId, userId, ver: r.token(seat), verb: 'announce', arg: ask.arg! });
  const yes = nothingButton(handView(r.ts.load(r.gameId)!, seat, 'en', undefined, res.outcome.draft).rows)!;
  const stale = r.run({ kind: 'hand', gameId: r.gameId, userId, ver: r.token(seat) + 1, verb: 'announce', arg: yes.arg! });
  assert.equal(stale.outcome.refusal?.key, 'errors:stale');
  // The confirm, disabled while no cước is chosen: sent anyway (a forged click), it is no way around the question.
  const confirm = handView(r.ts.load(r.gameId)!, seat, 'en')
    .rows.flat()
    .find((c): c is UiButton => c.type === 'button' && c.verb === 'announce' && /^k\./.test(c.arg ?? ''))!;
  assert.equal(confirm.disabled, true);
  const empty = r.run({ kind: 'hand', gameId: r.gameId, userId, ver: r.token(seat), verb: 'announce', arg: confirm.arg! });
  assert.equal(empty.outcome.refusal?.key, 'errors:no-such-option');
  // Nor an option index (the Announce nothing button of a view drawn before it asked first, or a
  // forged custom_id): the xướng is answered through its own control alone.
  const idx = chan.pending(r.ts.load(r.gameId)!.state)[0]!.options.findIndex((a) => a.type === 'xuong' && a.calls.length === 0);
  assert.ok(idx >= 0);
  const byIndex = r.run({ kind: 'hand', gameId: r.gameId, userId, ver: r.token(seat), verb: 'act', arg: String(idx) });
  assert.equal(byIndex.outcome.applied, 0);
  assert.equal(byIndex.outcome.refusal?.key, 'errors:stale');
  assert.ok(!chan.result(r.ts.load(r.gameId)!.state), 'still waiting for the xướng');
});
