/**
 * Issue #13 §5: the result image of every game shows the winner's whole hand (Phỏm: leftover
 * cards too), marks the winning tile/card — exactly the copy `winningAt` names — and shows the
 * scored jokers and flowers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOCALES, RENDER_GAMES, registerFonts, renderResult, setTextProbe } from '../../src/render/index.js';
import type { ResultModel } from '../../src/render/index.js';
import { layoutResult, winningBox, winningSpot } from '../../src/render/result.js';
import { word } from '../../src/render/draw.js';
import { sampleModels } from './samples.js';
import { goldBeside, renderResultProbed } from './helpers.js';

registerFonts();

test('every game and locale: the winning piece is found, tagged and highlighted', async () => {
  for (const g of RENDER_GAMES) {
    for (const l of LOCALES) {
      const m = sampleModels(g, l).result;
      const L = layoutResult(m);
      const spot = winningSpot(m, L);
      assert.ok(spot, `${g}/${l}: a winning piece`);
      assert.equal(spot.code, m.winner!.winningCode, `${g}/${l}: the winning code`);
      const { png, seen } = renderResultProbed(m);
      assert.ok(seen.includes(word(l, 'win')), `${g}/${l}: the win tag is drawn`);
      assert.ok(await goldBeside(png, winningBox(m, L)!, g), `${g}/${l}: highlight over the winning piece`);
    }
  }
});

test('winningAt marks exactly that copy (not the last one of the same code)', async () => {
  const base = sampleModels('vn-mahjong', 'en').result;
  const hand = base.winner!.hand; // … '9m', '9m' at the end
  const first = hand.indexOf('9m');
  const last = hand.lastIndexOf('9m');
  assert.ok(first >= 0 && last > first);
  const n = base.winner!.groups.length; // the hand's group number
  for (const [want, other] of [
    [first, last],
    [last, first],
  ] as const) {
    const m: ResultModel = { ...base, winner: { ...base.winner!, winningAt: { group: n, index: want } } };
    const L = layoutResult(m);
    assert.deepEqual({ index: winningSpot(m, L)!.index, code: winningSpot(m, L)!.code }, { index: want, code: '9m' });
    const png = renderResult(m);
    const at = winningBox(m, L)!;
    const otherBox = winningBox({ ...m, winner: { ...m.winner!, winningAt: { group: n, index: other } } }, L)!;
    assert.ok(await goldBeside(png, at, m.game), `copy ${want} highlighted`);
    assert.ok(!(await goldBeside(png, otherBox, m.game)), `copy ${other} not highlighted`);
  }
});

test('Phỏm: winningAt can point into the leftover cards (groups.length + 1) when the hand is empty', () => {
  const base = sampleModels('phom', 'vi').result;
  const w = base.winner!;
  assert.equal(w.hand.length, 0);
  const m: ResultModel = { ...base, winner: { ...w, winningAt: { group: w.groups.length + 1, index: 1 } } };
  const spot = winningSpot(m, layoutResult(m))!;
  assert.equal(spot.code, w.leftover![1]);
});

test('the whole hand, leftover, jokers and flowers are drawn in their captioned groups', () => {
  const cases: [ResultModel, string[]][] = [
    [sampleModels('vn-mahjong', 'en').result, ['In hand', 'Jokers', 'Flowers']],
    [sampleModels('phom', 'en').result, ['Leftover']],
    [sampleModels('chan', 'en').result, ['In hand']],
    [sampleModels('classic-mahjong', 'en').result, ['In hand']],
  ];
  for (const [m, want] of cases) {
    const seen: string[] = [];
    setTextProbe((r) => seen.push(r.drawn));
    try {
      renderResult(m);
    } finally {
      setTextProbe(null);
    }
    for (const w of want) assert.ok(seen.includes(w), `${m.game}: "${w}" caption (${seen.join('|')})`);
    const L = layoutResult(m);
    const drawn = L.flow.items.flatMap((it) => it.g.codes);
    const wn = m.winner!;
    const all = [...wn.groups.flatMap((g) => g.codes), ...wn.hand, ...(wn.leftover ?? []), ...(wn.jokers ?? []), ...(wn.flowers ?? [])];
    assert.deepEqual(drawn, all, `${m.game}: every piece of the winner is drawn, in order`);
  }
});
