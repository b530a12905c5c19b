/**
 * Chắn `red-lao-thang` off (chan.md §2, §9 Tám đỏ / Bạch định): Lão and Thang are black cards at such a
 * table, so they are drawn in black ink and not said "(red)"; at a default table (and for every other
 * card) nothing changes. Before, the ink and the words ignored the option.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { handView, imageAlt, presentCtx, tableView } from '../../src/table/views.js';
import { spokenNamer } from '../../src/table/words.js';
import { pieceName } from '../../src/render/codes.js';
import { renderClaim, renderHand } from '../../src/render/index.js';
import { sprite } from '../../src/render/sprites.js';
import { newImage } from '../../src/render/draw.js';
import type { HandModel } from '../../src/render/model.js';

const seats = ['human', 'human', 'human', 'human'] as const;

/** Pixels of a sprite in the card's red ink (#c01d17, give or take antialiasing). */
function redPixels(code: string, ink: { redLaoThang?: boolean }): number {
  newImage(10, 10, 1, ink); // sets the deck ink, as each image does
  const c = sprite('chan', code, 60, {});
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let k = 0; k < d.length; k += 4) if (d[k]! > 150 && d[k + 1]! < 90 && d[k + 2]! < 90) n++;
  return n;
}

test('a black Lão or Thang is drawn without red ink; Chi Chi and the default deck keep theirs', () => {
  for (const code of ['LA', 'TH']) {
    assert.ok(redPixels(code, {}) > 200, `${code} red by default`);
    assert.equal(redPixels(code, { redLaoThang: false }), 0, `${code} black without red-lao-thang`);
    // the cache keeps both faces apart: the default face is red again afterwards
    assert.ok(redPixels(code, {}) > 200, `${code} red again at a default table`);
  }
  assert.ok(redPixels('CC', { redLaoThang: false }) > 200, 'Chi Chi stays red');
  assert.equal(redPixels('8v', { redLaoThang: false }), redPixels('8v', {}), 'Bát Vạn unchanged');
});

test('images: only Lão and Thang change with the ink (the same bytes for every other card)', () => {
  const hand = (codes: string[], ink: { redLaoThang?: boolean }): Buffer =>
    renderHand({ game: 'chan', locale: 'en', title: 'An', hand: codes, groups: [], ...ink } as HandModel);
  assert.notDeepEqual(hand(['CC', 'LA', 'TH'], { redLaoThang: false }), hand(['CC', 'LA', 'TH'], {}));
  assert.deepEqual(hand(['CC', '8v', '2s'], { redLaoThang: false }), hand(['CC', '8v', '2s'], {}));
  assert.notDeepEqual(
    renderClaim({ game: 'chan', locale: 'en', code: 'LA', redLaoThang: false }),
    renderClaim({ game: 'chan', locale: 'en', code: 'LA' }),
  );
});

test('words: "(red)" follows the table: not on Lão or Thang without red-lao-thang, still on Chi Chi', () => {
  const say = (code: string, ink: { redLaoThang?: boolean }) => spokenNamer('chan', 'en', (c) => pieceName('chan', c, 'en'), ink)(code);
  assert.match(say('LA', {}), /\(red\)$/);
  assert.doesNotMatch(say('LA', { redLaoThang: false }), /red/);
  assert.doesNotMatch(say('TH', { redLaoThang: false }), /red/);
  assert.match(say('CC', { redLaoThang: false }), /\(red\)$/);
});

test('a table without red-lao-thang: its table, hand and result models carry the ink; a default table adds nothing', () => {
  const off = rig('chan', [...seats], { seed: 'ink-off', options: { 'red-lao-thang': false } });
  off.run({ kind: 'start', gameId: off.gameId, userId: 'u0' });
  const t = off.ts.load(off.gameId)!;
  assert.equal(tableView(t, 'en').model?.redLaoThang, false);
  const hv = handView(t, 0, 'en');
  assert.equal(hv.model.redLaoThang, false);
  const pub = t.engine.publicView(t.state);
  const result = t.presenter.resultModel(
    pub,
    { winners: [], ranking: [[0, 1, 2, 3]], deltas: [0, 0, 0, 0], payments: [], items: [], unit: 'point', endedBy: 'draw' },
    presentCtx(t, 'en'),
  );
  assert.equal(result.redLaoThang, false);
  // the hand image's alt text says the table's red cards: a black Lão in hand is not "(red)"
  const alt = imageAlt(t.presenter, { ...hv.model, hand: ['LA', 'CC'] }, presentCtx(t, 'en'));
  assert.doesNotMatch(alt, /Lão \(red\)/, alt);
  assert.match(alt, /\(red\)/, alt);

  const on = rig('chan', [...seats], { seed: 'ink-off' });
  on.run({ kind: 'start', gameId: on.gameId, userId: 'u0' });
  const d = on.ts.load(on.gameId)!;
  assert.equal('redLaoThang' in (tableView(d, 'en').model ?? {}), false);
  assert.equal('redLaoThang' in handView(d, 0, 'en').model, false);
});
