/**
 * The Ù line names the winner's whole arrangement (phom.md §8.2), as the result image draws it: its
 * phỏm laid down earlier, those formed in hand, then the leftover. It named only the phỏm still in
 * hand, so a winner who had laid all its phỏm read "Ù (8♠)" beside the caption "Ù on 4♠, drawn".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handSeed } from '../../src/games/core/rng.js';
import { engine, type State } from '../../src/games/phom/index.js';
import { phomPresenter } from '../../src/table/present/phom.js';
import { translator } from '../../src/table/i18n.js';
import { opts } from './helpers.js';

test('the Ù line lists the phỏm and leftover the result image shows, laid phỏm included', () => {
  const o = opts({ 'ga-pot': 'flat' });
  let checked = 0;
  let withLaid = 0;
  for (const seats of [2, 3, 4]) {
    let prev: State | null = null;
    for (let h = 0; h < 80; h++) {
      let s = engine.setup(o, seats, handSeed(`u-detail-${seats}`, h), prev);
      for (let i = 0; i < 5000 && !engine.result(s); i++) {
        const d = engine.pending(s)[0]!;
        const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
        assert.ok(r.ok);
        s = r.value;
      }
      const r = engine.result(s)!;
      prev = engine.matchOver(s) ? null : s;
      if (r.endedBy === 'rank') continue;
      const w = r.winners[0]!;
      const line = r.items.find((it) => it.id === r.endedBy);
      assert.ok(line, 'an Ù line');
      const m = phomPresenter.resultModel(engine.publicView(s), r, { lang: 'en', t: translator('en'), names: ['A', 'B', 'C', 'D'] });
      const drawn = [...m.winner!.groups.map((g) => `[${g.codes.join(' ')}]`), ...(m.winner!.leftover ?? [])].join(' ');
      assert.equal(line.detail, drawn, `seats ${seats} hand ${h}`);
      checked++;
      if (s.melds.some((x) => x.owner === w)) withLaid++;
    }
  }
  assert.ok(checked >= 10, `${checked} Ù hands`);
  assert.ok(withLaid >= 2, `${withLaid} Ù hands with phỏm laid before`);
});
