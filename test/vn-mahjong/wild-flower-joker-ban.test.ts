/**
 * §5 [Seed] "Hoa đúng cửa thì được tính phán và không được đánh khung nữa": a seat that exposed its own
 * bonus tile earns phán and may discard no joker (`joker-discard = seat-flower`). Under
 * `dai-hoa-mode = wild-flower` (§13) an exposed JF that the score counts as the seat's own tile earns
 * that phán, so it bars joker discards too; before, only a natural tile did.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionsOf, opts, pos, T } from './helpers.js';
import { scoreHand } from '../../src/games/vn-mahjong/scoring/score.js';

const FA = '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z';
const FB = '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z';
const FC = '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z';
// South (seat 1) has exposed only JF and holds JP
const southWithJF = (o: Record<string, unknown>) =>
  pos({ hands: [FA, '1p 1p 1p 8m 9m 5z 5z 3s 3s 4s 6s 7s 9p JP', FB, FC], exposed: [[], ['JF'], [], []], turn: 1, drawn: '9p' }, o);
const mayDiscardJP = (o: Record<string, unknown>) => optionsOf(southWithJF(o), 1).some((a) => a.type === 'discard' && a.tile === 'JP');

test('wild-flower: a JF scored as the seat tile bars joker discards, as the natural tile does', () => {
  const o = { 'dai-hoa-mode': 'wild-flower' };
  const sc = scoreHand(
    {
      seat: 1,
      roundWind: 0,
      concealed: T('1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s'),
      melds: [],
      exposed: [{ tile: 'JF' }],
      winningTile: '3m',
      winBy: 'discard',
    },
    opts(o),
  );
  assert.ok(
    sc.items.some((x) => x.id === 'hoa-cua' && x.detail === 'JF(2f)'),
    JSON.stringify(sc.items),
  );
  assert.equal(mayDiscardJP(o), false);
});

test('without wild-flower a JF stands for no seat tile: jokers may still be discarded', () => {
  assert.equal(mayDiscardJP({}), true);
});
