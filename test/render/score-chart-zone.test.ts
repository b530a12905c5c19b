/**
 * /score's rating chart is dated in the reader's days: the command puts the /notify time zone of the
 * one who asked (the reply is ephemeral: theirs, not the shown player's) in the render model, which
 * travels to the render worker; without one, none (the chart says UTC).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, playHandToEnd, slash, withWorld } from '../e2e/harness.js';
import { renderRating } from '../../src/render/index.js';
import type { RatingModel } from '../../src/render/model.js';

test('/score game:… passes the reader’s /notify time zone to the rating chart', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    const { gameId } = await openTable(w, 'phom', 2, 1);
    await playHandToEnd(w, gameId);
    const seen: RatingModel[] = [];
    (w.bot.ctx as { render: object }).render = {
      ...w.bot.ctx.render,
      rating: async (m: RatingModel) => {
        seen.push(m);
        return renderRating(m);
      },
    };
    const zoneOf = async (reader: string, options: Record<string, string>) => {
      const reply = await (await slash(w, reader, 'score', { game: 'phom', ...options })).reply();
      assert.ok(
        w.sim.images(reply).some((a) => a.filename === 'rating.png'),
        'the chart is attached',
      );
      return seen.at(-1)!.timeZone;
    };
    assert.equal(await zoneOf(an!.id, {}), undefined, 'no zone set: none in the model (UTC)');
    await slash(w, an!.id, 'notify', { 'time-zone': 'Asia/Ho_Chi_Minh' });
    assert.equal(await zoneOf(an!.id, {}), 'Asia/Ho_Chi_Minh');
    // Bình reads An's chart: Bình's days, not An's.
    assert.equal(await zoneOf(binh!.id, { user: an!.id }), undefined);
    await slash(w, binh!.id, 'notify', { 'time-zone': 'Asia/Tokyo' });
    assert.equal(await zoneOf(binh!.id, { user: an!.id }), 'Asia/Tokyo');
    // Back to UTC: none again.
    await slash(w, an!.id, 'notify', { 'time-zone': 'UTC' });
    assert.equal(await zoneOf(an!.id, {}), undefined);
  });
});
