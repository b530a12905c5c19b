/**
 * Phỏm: a turn that runs out after laying down plays its best plan's send (rules.ts autoAction). The
 * public notice names the phỏm the card went to ("[6♥ 7♥ 8♥] (P1)"), as the button and the last
 * action line do, not its index on the table ("→ 0"): it is labelled with the public view.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noticeText } from '../../src/table/views.js';
import { LANGS } from '../../src/table/i18n.js';
import { after, decisionOf, tableAt } from './scenario-table.js';

test('phỏm: the public timeout notice of a send names the phỏm it went to', () => {
  const { t } = tableAt('phom', 4, {
    position: {
      turn: 2,
      phase: 'act',
      hands: [
        ['AS', '2S', '3D', '5C', '7C', '9D', 'JD', 'QS', 'KD'],
        ['AH', '2H', '4C', '5D', '8C', '9S'],
        ['9H', '4D', '3H', 'JH', '2C', 'KC', 'QD'],
        ['AC', '3S', '4H', '5S', '8S', '9C', '10D', 'QC', 'KS'],
      ],
      melds: [
        { owner: 1, cards: ['6H', '7H', '8H'] },
        { owner: 2, cards: ['6C', '6S', '6D'] },
      ],
      layOrder: [0, 1, 2],
      rows: [
        ['10C', '10S', '10H', 'AD'],
        ['JC', 'JS', 'QH', '3C'],
        ['7D', '8D', '7S'],
        ['2D', 'KH', '4S'],
      ],
      stockTop: [],
    },
  });
  // The seat's time runs out: its default sends 9♥ onto P1's phỏm (table index 0).
  const send = decisionOf(t, 2)!.timeoutDefault;
  assert.deepEqual(send, { type: 'send', card: '9H', target: 0 });
  // The notice is drawn with the table after the move (as act.ts's step gives it), and before.
  for (const table of [t, after(t, 2, send)])
    for (const lang of LANGS) {
      const text = noticeText(table, { key: 'timeout', seat: 2, action: send }, lang);
      assert.match(text, /9♥.*\[6♥ 7♥ 8♥\] \(P1\)|\[6♥ 7♥ 8♥\]（P1）/, `${lang}: ${text}`);
      assert.doesNotMatch(text, /→ 0/, `${lang}: ${text}`);
    }
});
