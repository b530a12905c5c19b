/**
 * Match standings (issue #14 §5): from the second hand on each result says the match totals, and
 * the end of a multi-hand match posts a standings chart (running totals by hand) with alt text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, playHandToEnd, click, buttonByLabel, endMatch } from './harness.js';

test('after a 3-hand match: totals on each later result, and a standings chart at the end', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 1, { timer: 'live' });
    const result = (n: number) =>
      w.sim
        .visibleMessages(threadId, w.users[0]!.id)
        .filter((m) => w.sim.text(m).includes(`Hand ${n} is over`))
        .at(-1)!;
    for (let n = 1; n <= 3; n++) {
      await playHandToEnd(w, gameId);
      const r = result(n);
      assert.ok(r, `result ${n}`);
      if (n === 1) assert.doesNotMatch(w.sim.text(r), /Match so far/);
      else assert.match(w.sim.text(r), /📊 Match so far \(× bet\): /);
      if (n < 3) await click(w, w.users[0]!.id, r.id, buttonByLabel(w.sim, r, 'Next hand').custom_id as string);
      else await endMatch(w, w.users[0]!.id, r);
    }
    const end = w.sim
      .visibleMessages(threadId, w.users[1]!.id)
      .filter((m) => w.sim.text(m).includes('Match over: final totals'))
      .at(-1);
    assert.ok(end, 'the end-of-match message');
    // Each total in the game's unit, as each hand's result says it (Phỏm: "× bet").
    assert.match(w.sim.text(end), /: [+−-]?\d+ × bet/);
    const images = w.sim.images(end);
    assert.equal(images.length, 1, 'the standings chart');
    const totals = w.store.results.matchTotals(gameId);
    const att = (end.attachments as { filename: string; description?: string }[])[0]!;
    assert.equal(att.filename, 'standings.png');
    assert.ok(att.description && att.description.length > 0, 'alt text');
    // The alt text names every player with the final total the chart ends on.
    for (const seat of w.store.games.seats(gameId))
      assert.ok(att.description.includes(`${seat.displayName} ${totals.get(seat.seat) ?? 0}`), att.description);
    // The last result's buttons are gone: taken off before the thread was archived (an edit after
    // it is refused, 50083, and left Next hand / End match looking clickable).
    const last = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => m.id === result(3).id)!;
    assert.deepEqual(last.components ?? [], []);
  });
});
