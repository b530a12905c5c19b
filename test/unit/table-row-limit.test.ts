/**
 * Discord takes at most 5 components in an action row (developers/docs/components/reference, Action
 * Row: "Up to 5 interactive button components"); a sixth has the whole message refused (400,
 * BASE_TYPE_BAD_LENGTH), as the simulator refuses it. The table message between hands offers Open my
 * hand, Next hand, End match, Leave, Take a seat (a seat the AI holds for nobody) and Table in words:
 * six, in one row, sent only because the bot moves Open my hand beside the text (effects.ts `lead`).
 * The presenter's rows now hold at most five each, at most five rows, in their order, with or without
 * a lead (views.ts `inRows`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageFlags } from 'discord.js';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { inRows, tableView } from '../../src/table/views.js';
import { v2Layout } from '../../src/bot/layout.js';
import type { Table } from '../../src/table/store.js';
import type { UiComponent } from '../../src/table/ui.js';
import { validateMessageComponents } from '../discord-sim/validate.js';
import { FormErrors } from '../discord-sim/errors.js';

/** What the simulator (as Discord) says of these components in a V2 message: the error codes. */
function refused(components: unknown[]): string[] {
  const errs = new FormErrors();
  validateMessageComponents(components, MessageFlags.IsComponentsV2, errs);
  try {
    errs.throwIfAny();
    return [];
  } catch (e) {
    return [...JSON.stringify(e).matchAll(/"code":"(\w+)"/g)].map((m) => m[1]!);
  }
}

/** A Phỏm table between hands, its result posted, with a seat the AI holds for nobody (Take a seat). */
function betweenHands(): Table {
  const r = rig('phom', ['human', 'human', 'ai'], { seed: 'row-limit' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = timeOutToResult(r);
  return { ...t, row: { ...t.row, lastNotice: `result:${t.row.handIndex}` } };
}

test('the simulator refuses an action row of six buttons, as Discord does', () => {
  const six = v2Layout({
    gameId: 'g',
    ver: 0,
    lines: ['x'],
    rows: [
      Array.from({ length: 6 }, (_, k) => ({
        type: 'button' as const,
        verb: 'words' as const,
        arg: String(k),
        label: `b${k}`,
        style: 'secondary' as const,
      })),
    ],
  });
  assert.ok(refused(six.components.map((c) => c.toJSON())).includes('BASE_TYPE_BAD_LENGTH'));
});

test('the table message between hands, every button on it, has no row over five, with or without a lead', () => {
  const t = betweenHands();
  const v = tableView(t, 'en');
  const verbs = v.rows.flat().map((c) => c.verb);
  for (const verb of ['hand', 'next-hand', 'end-match', 'leave-seat', 'take-seat', 'words'] as const)
    assert.ok(verbs.includes(verb), `${verb} is offered: ${verbs.join(', ')}`);
  assert.ok(v.rows.length <= 5, `${v.rows.length} rows`);
  for (const r of v.rows) assert.ok(r.length >= 1 && r.length <= 5, `a row of ${r.length}: ${r.map((c) => c.verb).join(', ')}`);
  assert.deepEqual(verbs, ['hand', 'next-hand', 'end-match', 'leave-seat', 'take-seat', 'words'], 'in the order they were');
  for (const lead of [undefined, 'hand'] as const) {
    const layout = v2Layout({ gameId: t.row.id, ver: 0, lines: v.lines, rows: v.rows, ...(lead ? { lead } : {}) });
    assert.deepEqual(refused(layout.components.map((c) => c.toJSON())), [], `lead ${lead ?? 'none'}`);
  }
});

test('inRows: rows of at most five in order, a select on a row of its own, at most five rows', () => {
  const b = (k: number): UiComponent => ({ type: 'button', verb: 'act', arg: String(k), label: String(k), style: 'secondary' });
  const sel: UiComponent = { type: 'select', verb: 'pick', placeholder: 'p', options: [{ label: 'a', value: 'a' }] };
  const shape = (items: UiComponent[]) => inRows(items).map((r) => r.map((c) => (c.type === 'select' ? 's' : c.arg)).join(''));
  assert.deepEqual(shape([0, 1, 2, 3, 4, 5].map(b)), ['01234', '5']);
  assert.deepEqual(shape([b(0), sel, b(1), b(2)]), ['0', 's', '12']);
  assert.equal(inRows(Array.from({ length: 40 }, (_, k) => b(k))).length, 5);
});
