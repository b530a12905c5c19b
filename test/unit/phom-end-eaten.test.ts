/**
 * Phỏm's table image after the hand (present/phom.ts tableModel) shows every hand (`pub.hands`),
 * eaten cards still held included. The "Eaten" group of those cards (`pub.shownInHand`) used to stay
 * beside it, so each was drawn twice (a 52-card deck has one of each) and the panel showed a card
 * more than the seat held. Now the eaten cards are marked inside the shown hand; during the hand
 * the "Eaten" group still shows what others have seen.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import { translator } from '../../src/table/i18n.js';
import type { PublicView } from '../../src/games/phom/index.js';

const ctx = { lang: 'en' as const, t: translator('en'), names: ['A', 'B', 'C', 'D'], scores: ['', '', '', ''] };

/**
 * Ten AI-played 4-seat hands of seeds `<seed>/k` with `opts` over the defaults: `during` sees the
 * public view after every move of a hand in play, `after` the one at each hand's end.
 */
function playHands(
  seed: string,
  opts: Record<string, unknown>,
  during: (pub: PublicView) => void,
  after: (pub: PublicView, k: number) => void = () => undefined,
): void {
  const { engine } = GAMES.phom;
  for (let k = 0; k < 10; k++) {
    let state = engine.setup({ ...defaultOptions(engine.options), ...opts }, 4, handSeed(seed, k), null);
    while (!engine.result(state)) {
      const d = engine.pending(state)[0]!;
      const r = engine.apply(state, d.seat, engine.ai(state, d.seat));
      assert.ok(r.ok);
      state = r.value;
      const pub = engine.publicView(state) as PublicView;
      if (!pub.ended) during(pub);
    }
    after(engine.publicView(state) as PublicView, k);
  }
}

test('phom: the table image at the end of a hand draws no card twice and marks the eaten cards in the shown hand', () => {
  const { presenter } = GAMES.phom;
  const problems: string[] = [];
  let heldEaten = 0;
  let midEaten = 0;
  playHands(
    'sweep-phom-4',
    {},
    (pub) =>
      // During the hand the eaten cards held show in their own group, all marked.
      presenter.tableModel(pub, ctx).seats.forEach((s, i) => {
        const shown = pub.shownInHand[i]!;
        if (!shown.length) return;
        midEaten++;
        assert.deepEqual(s.groups.at(-1), { codes: shown, label: 'Eaten', marked: shown.map((_, j) => j) });
      }),
    (pub, k) =>
      presenter.tableModel(pub, ctx).seats.forEach((s, i) => {
        const all = [...s.groups.flatMap((g) => g.codes), ...s.discards];
        const twice = all.filter((c, j) => all.indexOf(c) !== j);
        if (twice.length) problems.push(`hand ${k}, ${s.name}: ${twice.join(' ')} drawn twice`);
        const hand = s.groups.at(-1)!;
        if (hand.codes.length !== s.handCount) problems.push(`hand ${k}, ${s.name}: ${hand.codes.length} shown, ${s.handCount} held`);
        const eaten = hand.codes.filter((c) => (pub.eaten[i] as string[]).includes(c));
        heldEaten += eaten.length;
        const marked = (hand.marked ?? []).map((j) => hand.codes[j]);
        if (marked.join() !== eaten.join())
          problems.push(`hand ${k}, ${s.name}: ${marked.join(' ')} marked, ${eaten.join(' ')} eaten and held`);
      }),
  );
  assert.ok(heldEaten > 0 && midEaten > 0, 'hands ended with eaten cards still held');
  assert.deepEqual(problems, []);
});

test('phom, eat-reveal = phom: the cards shown with an eaten card are a "Shown" group with only the eaten ones marked', () => {
  const { presenter } = GAMES.phom;
  let revealed = 0;
  playHands('reveal-phom-4', { 'eat-reveal': 'phom' }, (pub) =>
    presenter.tableModel(pub, ctx).seats.forEach((s, i) => {
      const shown = pub.shownInHand[i]!;
      if (!shown.length) return;
      const eaten = shown.filter((c) => (pub.eaten[i] as string[]).includes(c));
      if (eaten.length < shown.length) revealed++;
      assert.deepEqual(s.groups.at(-1), {
        codes: shown,
        label: eaten.length < shown.length ? 'Shown' : 'Eaten',
        marked: shown.map((c, j) => (eaten.includes(c) ? j : -1)).filter((j) => j >= 0),
      });
    }),
  );
  assert.ok(revealed > 0, 'hands showed phỏm cards beside eaten ones');
});
