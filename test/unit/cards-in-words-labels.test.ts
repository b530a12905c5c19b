/**
 * /prefs "Cards in words" on Phỏm lay-downs: a phỏm is said compactly ("[Ace to 3 of Diamonds]",
 * "[8 of Spades, Clubs, Hearts]"), and a label still longer than a button takes (three phỏm) is cut
 * with "…" and also given whole among the view's lines, where its number finds it (found by review:
 * such labels were cut silently at 80 characters, and two plans could read alike).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { handView } from '../../src/table/views.js';
import { saidAloud } from '../../src/table/words.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import type { Table } from '../../src/table/store.js';

test('a phỏm is said compactly: a run by its ends, a set by its suits', () => {
  assert.equal(saidAloud('phom', 'en', 'Lay down [A♦ 2♦ 3♦] [8♠ 8♣ 8♥]'), 'Lay down [Ace to 3 of Diamonds] [8 of Spades, Clubs, Hearts]');
  assert.equal(saidAloud('phom', 'vi', 'Hạ [10♣ J♣ Q♣ K♣]'), 'Hạ [10 đến K nhép]');
  assert.equal(saidAloud('phom', 'zh-TW', '[7♠ 7♦ 7♥ 7♣]'), '[黑桃、方塊、紅心、梅花7]');
  // Not a phỏm (a gap): each card alone, as a list; cards side by side too; the send arrow in words.
  assert.equal(saidAloud('phom', 'en', '[2♠ 4♠ 5♠]'), '[2 of Spades, 4 of Spades, 5 of Spades]');
  assert.equal(saidAloud('phom', 'en', 'Loose cards (A♠ A♣ 2♣)'), 'Loose cards (Ace of Spades, Ace of Clubs, 2 of Clubs)');
  assert.equal(saidAloud('phom', 'zh-TW', '(A♠ 2♣)'), '(黑桃A、梅花2)');
  assert.equal(saidAloud('phom', 'vi', 'Gửi 9♦ → [6♦ 7♦ 8♦]'), 'Gửi 9 rô vào [6 đến 8 rô]');
});

test('lay-down buttons said in words: none cut silently; every long one is whole among the lines', () => {
  let long = 0;
  let views = 0;
  for (let g = 0; g < 150 && long < 3; g++) {
    const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: `cw-${g}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const t = r.ts.load(r.gameId)!;
    let state = t.state;
    for (let k = 0; k < 200 && !t.engine.result(state); k++) {
      const d = (t.engine.pending(state) as Decision<BaseAction>[])[0]!;
      if (d.options.some((a) => a.type === 'lay-down') && d.options.length > 1) {
        const table = { ...t, state, cardsInWords: new Set([d.seat]) } as Table;
        const v = handView(table, d.seat, 'en');
        views++;
        const labels = v.rows.flat().flatMap((c) => (c.type === 'button' ? [c.label] : c.options.map((o) => o.label)));
        for (const l of labels) {
          assert.doesNotMatch(l, /[♠♥♣♦]/u, l);
          // Cut to what Discord takes (a button 80 characters), and whole among the lines.
          if (l.endsWith('…')) {
            long++;
            assert.ok(l.length <= 100);
            assert.ok(
              v.lines.some((x) => x.length > l.length - 1 && x.startsWith(l.slice(0, -1))),
              `"${l}" is whole among the lines`,
            );
          }
        }
        assert.doesNotMatch(v.lines.join('\n'), /[♠♥♣♦]/u);
      }
      const res = t.engine.apply(state, d.seat, t.engine.ai(state, d.seat) as BaseAction);
      assert.ok(res.ok);
      state = res.value;
    }
  }
  assert.ok(views > 0 && long > 0, `${views} lay-down views, ${long} long labels`);
});
