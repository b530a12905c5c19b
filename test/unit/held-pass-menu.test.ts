/**
 * A Pass held for the reclaim window (reclaim.ts) reads as chosen wherever the seat's view offers it:
 * greyed as a button, and, in the select menus a decision of more than 20 options gets, the menu's
 * selected value (`default`), since a Discord select option cannot be disabled (developers/docs/
 * components/reference, String Select's option structure: label, value, description, emoji,
 * default). Only Chắn has a reclaim window and its claims never need menus, so the decision here is
 * a held Chắn claim given more options (the engine's own, repeated) than buttons hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageFlags } from 'discord.js';
import { engineOf } from '../../src/table/manifests.js';
import { rig } from '../support/table-rig.js';
import { handView } from '../../src/table/views.js';
import { v2Layout } from '../../src/bot/layout.js';
import type { Table } from '../../src/table/store.js';
import type { UiSelect } from '../../src/table/ui.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { validateMessageComponents } from '../discord-sim/validate.js';
import { FormErrors } from '../discord-sim/errors.js';

const chan = engineOf('chan');

/** A four-person Chắn table with a 5 s reclaim window at a claim with a choice: the table and the decision. */
function atClaim(): { t: Table; d: Decision<BaseAction>; pass: () => Table } {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { options: { 'reclaim-window-s': 5 }, seed: 'held-pass-menu' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let n = 0; n < 2000; n++) {
    const pending = r.pending();
    const d = pending.find((x) => x.kind === 'claim' && x.options.length > 1);
    if (d) {
      const i = d.options.findIndex((a) => a.type === 'pass');
      return {
        t: r.ts.load(r.gameId)!,
        d,
        pass: () => {
          const res = r.run({ kind: 'hand', gameId: r.gameId, userId: `u${d.seat}`, ver: r.token(d.seat), verb: 'act', arg: String(i) });
          assert.ok(res.outcome.ok && res.outcome.held, 'the pass is held');
          return r.ts.load(r.gameId)!;
        },
      };
    }
    const p = pending[0]!;
    const state = r.store.games.load(r.gameId)!.state;
    assert.equal(r.run({ kind: 'move', gameId: r.gameId, seat: p.seat, action: chan.ai(state, p.seat), ver: null }).outcome.ok, true);
  }
  throw new Error('no claim decision with a choice');
}

/** The table with the seat's decision given 30 options: its own, then its non-pass ones repeated. */
function widened(t: Table, seat: number): Table {
  const pending = (s: unknown) =>
    (t.engine.pending(s) as Decision<BaseAction>[]).map((x) => {
      if (x.seat !== seat) return x;
      const more = x.options.filter((a) => a.type !== 'pass');
      const options = [...x.options];
      while (options.length < 30) options.push(more[options.length % more.length]!);
      return { ...x, options };
    });
  const engine = new Proxy(t.engine, { get: (e, k) => (k === 'pending' ? pending : Reflect.get(e, k)) });
  return { ...t, engine };
}

const menus = (t: Table, seat: number) =>
  handView(t, seat, 'en')
    .rows.flat()
    .filter((c): c is UiSelect => c.type === 'select' && c.verb === 'pick');

test('a held Pass is the selected value of the menu that lists it, and nothing else is', () => {
  const { t: open, d, pass } = atClaim();
  const passAt = String(d.options.findIndex((a) => a.type === 'pass'));
  const before = menus(widened(open, d.seat), d.seat);
  assert.ok(before.length >= 2, 'the options are in menus');
  assert.ok(!before.some((m) => m.options.some((o) => o.default)), 'no option is selected before the pass');

  const held = widened(pass(), d.seat);
  const after = menus(held, d.seat);
  const selected = after.flatMap((m) => m.options.filter((o) => o.default).map((o) => o.value));
  assert.deepEqual(selected, [passAt], 'the Pass, and only it, reads as chosen');
  assert.deepEqual(
    after.map((m) => m.options.map((o) => o.value)),
    before.map((m) => m.options.map((o) => o.value)),
    'every answer is still offered',
  );
  // Discord takes it: at most max_values options selected in each menu.
  const errs = new FormErrors();
  const layout = v2Layout({ gameId: held.row.id, ver: 0, lines: ['x'], rows: handView(held, d.seat, 'en').rows, lead: 'refresh' });
  validateMessageComponents(
    layout.components.map((c) => c.toJSON()),
    MessageFlags.IsComponentsV2,
    errs,
  );
  assert.equal(errs.size, 0);
});
