/**
 * Classical mahjong with `original-call` (§9.5): the first discard of a hand that is ready after it
 * is offered twice, plain and declaring Original Call ({ type: 'discard', tile, call: true }). The
 * button that declares it says so, in every language, and so does the table's line after it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handView, presentCtx } from '../../src/table/views.js';
import { lastLine } from '../../src/table/present/common.js';
import { LANGS, translator } from '../../src/table/i18n.js';
import { after, decisionOf, tableAt } from './scenario-table.js';

function ready() {
  return tableAt(
    'classic-mahjong',
    4,
    {
      position: {
        players: [
          { concealed: ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '2z', '2z', '5z', '5z', '7z'] },
          { concealed: ['1p', '1p', '2p', '3s', '3s', '4s', '6m', '6m', '7m', '8m', '9m', '1z', '3z'] },
          { concealed: ['2p', '2p', '3p', '4s', '4s', '5s', '6s', '6s', '7m', '7m', '8m', '9m', '1z'] },
          { concealed: ['3p', '3p', '7p', '8p', '9p', '1s', '1s', '2s', '2s', '4m', '4m', '5m', '3z'] },
        ],
        turn: 0,
        drawn: '7z',
      },
    },
    { 'original-call': true },
  ).t;
}

type Discard = { type: string; tile?: string; call?: boolean };

test('classic-mahjong: the discard that declares Original Call reads differently from the plain one', () => {
  const t = ready();
  const d = decisionOf(t, 0)!;
  const opts = d.options as Discard[];
  const plain = opts.findIndex((a) => a.type === 'discard' && a.tile === '7z' && !a.call);
  const call = opts.findIndex((a) => a.type === 'discard' && a.tile === '7z' && a.call);
  assert.ok(plain >= 0 && call >= 0, JSON.stringify(d.options));
  for (const lang of LANGS) {
    const v = handView(t, 0, lang);
    const label = (i: number) =>
      v.rows
        .flat()
        .flatMap((c) =>
          c.type === 'button' && c.verb === 'act' && c.arg === String(i)
            ? [c.label]
            : c.type === 'select' && c.verb === 'pick'
              ? c.options.filter((o) => o.value === String(i)).map((o) => o.label)
              : [],
        )[0]!;
    const words = translator(lang)('classic-mahjong:item.original-call');
    assert.ok(label(call).includes(words), `${lang}: "${label(call)}" says it declares Original Call`);
    assert.ok(!label(plain).includes(words), `${lang}: "${label(plain)}"`);
  }
});

test("classic-mahjong: the table's line after the declaring discard says Original Call; a plain first discard does not", () => {
  const t = ready();
  const line = (table: typeof t, lang: (typeof LANGS)[number]) =>
    lastLine(table.presenter, table.engine.publicView(table.state), presentCtx(table, lang))!;
  const called = after(t, 0, { type: 'discard', tile: '7z', call: true } as never);
  const plain = after(t, 0, { type: 'discard', tile: '7z' } as never);
  for (const lang of LANGS) {
    const words = translator(lang)('classic-mahjong:item.original-call');
    assert.ok(line(called, lang).includes(words), `${lang}: ${line(called, lang)}`);
    assert.ok(!line(plain, lang).includes(words), `${lang}: ${line(plain, lang)}`);
  }
});
