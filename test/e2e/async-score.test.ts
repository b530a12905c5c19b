/** /score's rating chart (issue #14 §5): OpenSkill ordinal over time, replayed from the stored results. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ordinal } from 'openskill';
import { click, buttonByLabel, openTable, playHandToEnd, slash, withWorld } from './harness.js';
import { ratingHistory } from '../../src/store/index.js';
import { renderRating } from '../../src/render/index.js';
import type { RatingModel } from '../../src/render/model.js';

test('/score game:… attaches the rating chart; the replayed history ends at the stored rating', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    const { gameId, threadId } = await openTable(w, 'phom', 2, 1);
    await playHandToEnd(w, gameId);
    w.now.t += 3_600_000;
    const result = w.sim.visibleMessages(threadId, an!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await click(w, an!.id, result.id, String(buttonByLabel(w.sim, result, 'Next hand').custom_id));
    await playHandToEnd(w, gameId);

    const points = ratingHistory(w.store.db, w.guildId, 'phom', an!.id);
    assert.equal(points.length, 2, 'one point per hand');
    assert.ok(points[1]!.t > points[0]!.t);
    const stored = w.store.db
      .prepare('SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?')
      .get(w.guildId, 'phom', an!.id) as {
      mu: number;
      sigma: number;
    };
    assert.equal(points[1]!.ordinal, ordinal(stored), 'the replay ends at the stored rating');
    assert.equal(ratingHistory(w.store.db, w.guildId, 'phom', binh!.id).length, 2);
    assert.equal(ratingHistory(w.store.db, w.guildId, 'chan', an!.id).length, 0);

    // The renderer draws the chart kind: the rating image comes with the best hand, from the replayed points.
    const seen: RatingModel[] = [];
    (w.bot.ctx as { render: object }).render = {
      ...w.bot.ctx.render,
      rating: async (m: RatingModel) => {
        seen.push(m);
        return renderRating(m);
      },
    };
    const withChart = await (await slash(w, an!.id, 'score', { game: 'phom' })).reply();
    assert.deepEqual(
      w.sim.images(withChart).map((a) => a.filename),
      ['best-hand.png', 'rating.png'],
    );
    assert.deepEqual(seen[0]!.points, points);
    assert.equal(seen[0]!.game, 'phom');
    // No game chosen: no chart (ratings are per game).
    const all = await (await slash(w, an!.id, 'score', {})).reply();
    assert.ok(!w.sim.images(all).some((a) => a.filename === 'rating.png'));
  });
});
