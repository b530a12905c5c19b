/**
 * /score's rating chart after the host clock stepped back between two hands (NTP, a VM resumed):
 * ratingHistory gave the points in the order they were rated (rowid) with their wall-clock stamps,
 * and drawRating orders them by time, so the header's "Rating x" was an older rating, not the
 * player's (the leaderboard's), and the line joined the hands out of order. The points' times never
 * go back now (store/rating-history.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWithAi, rig, type Rig } from '../support/table-rig.js';
import { ratingHistory } from '../../src/store/index.js';
import { drawRating, layoutRating } from '../../src/render/chart.js';
import { newImage } from '../../src/render/draw.js';
import { chartNumber } from '../../src/render/chart.js';

const row = (r: Rig) => r.store.games.get(r.gameId)!;

test('the rating chart header shows the rating after the last hand played, clock step back or not', () => {
  for (let k = 0; k < 20; k++) {
    const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: `clock-back-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    playWithAi(r);
    const rating = () => r.store.results.leaderboard('g', 'phom', 'all', 10).find((x) => x.userId === 'u0')!.rating;
    const first = rating();
    assert.equal(
      r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: String(row(r).handIndex) }).outcome.ok,
      true,
    );
    r.clock.t -= 3_600_000; // the host clock steps back an hour
    playWithAi(r);
    const want = chartNumber(rating(), 'en', { digits: 1 });
    if (want === chartNumber(first, 'en', { digits: 1 })) continue;
    const points = ratingHistory(r.store.db, 'g', 'phom', 'u0');
    assert.equal(points.length, 2);
    // The header band (title and "Rating x" badge) drawn from the stored points, and from the same
    // points stamped in the order they were rated: the header must be the same (it names the rating now).
    const header = (pts: { t: number; ordinal: number }[]) => {
      const m = { game: 'phom' as const, locale: 'en' as const, title: 'u0 · Phỏm', points: pts };
      const L = layoutRating(m);
      const img = newImage(L.width, L.height);
      drawRating(img.ctx, m, L);
      return Buffer.from(img.ctx.getImageData(0, 0, L.width, 74).data).toString('base64');
    };
    // Its row is stamped before the first hand's (the clock went back): the points keep the order rated.
    assert.ok(points[1]!.t >= points[0]!.t, 'in time that never goes back');
    const inOrder = points.map((p, i) => ({ t: 1_000_000 + i * 60_000, ordinal: p.ordinal }));
    assert.equal(points.at(-1)!.ordinal.toFixed(6), rating().toFixed(6), 'ratingHistory’s last point is the rating now');
    assert.ok(header(points) === header(inOrder), `the header shows the rating now (${want}), not the first hand's`);
    return;
  }
  assert.fail('no seed');
});
