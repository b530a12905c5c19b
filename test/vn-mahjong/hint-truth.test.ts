/**
 * Hint reasons checked against the whole hidden state (the test may look; the AI may not). A joker
 * in a meld is no copy of the tile it stands for: `9s JN 9s` shows two 9s, so two more are live. The
 * old count read the meld's `as` (three 9s) and told one live tile too few.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { isWinningTiles } from '../../src/games/vn-mahjong/wincheck.js';
import { ORDINARY, removeOne } from '../../src/games/vn-mahjong/tiles.js';

const opts = defaultOptions(engine.options);

/** Copies of `t` the seat cannot see: in the wall and the other seats' concealed hands (no concealed kong here). */
function hidden(s: State, seat: number, t: string): number {
  const where = [...s.wall, ...s.players.flatMap((p, j) => (j === seat ? [] : p.hand))];
  return where.filter((x) => x === t).length;
}

test('a ready discard counts the live winning tiles as they lie: a joker standing in a meld leaves its kind live', () => {
  // East has called 9s with a joker (9s JN 9s) and draws 5m to 1m2m3m 4p5p6p 7s8s 1z1z: throwing it
  // waits on 6s and 9s; every 6s is live and so are the two 9s the meld does not show.
  const r = engine.fromScenario(opts, 4, {
    position: {
      hands: [
        '1m 2m 3m 4p 5p 6p 7s 8s 1z 1z 5m',
        '2m 5m 8m 3p 6p 9p 1s 4s 7s 3z 4z 6z 7z',
        '3m 6m 9m 1p 4p 7p 2s 5s 8s 3z 4z 5z 6z',
        '1m 4m 7m 2p 5p 8p 3s 6s 9s 3z 4z 5z 7z',
      ],
      melds: [[{ tiles: '9s JN 9s', as: '9s 9s 9s', called: true }]],
      turn: 0,
      drawn: '5m',
      wallSeed: 'joker-meld',
    },
  });
  assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.error));
  const s = r.value;
  const a = engine.ai(s, 0, 'strong');
  assert.deepEqual(a, { type: 'discard', tile: '5m' });
  const rest = removeOne(s.players[0]!.hand, '5m')!;
  const wins = ORDINARY.filter((t) => isWinningTiles([...rest, t], 1, { sevenPairs: true }));
  assert.deepEqual(wins, ['6s', '9s']);
  const live = wins.reduce((n, t) => n + hidden(s, 0, t), 0);
  assert.equal(live, 4 + 2, 'every 6s, and the two 9s the meld does not hold (hidden in the wall or another hand)');
  assert.deepEqual(engine.explain!(s, 0, a), { key: 'vn-mahjong:hint.discard-ready', vars: { card: '5m', live } });
});
