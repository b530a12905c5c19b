/**
 * /rules and the /history replay viewer when their image cannot be drawn (a render worker that
 * failed, RENDER_TIMEOUT_MS under load): the answer comes in words with a line saying the picture is
 * missing, as the table's own images do (logged as a warning). Before, both answered only the
 * generic error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openTable, playHandToEnd, slash, withWorld, type World } from './harness.js';
import type { Renderer } from '../../src/bot/context.js';

const aborted = () => Promise.reject(Object.assign(new Error('render aborted: no image within 30000 ms'), { name: 'AbortError' }));

function warnings(w: World): string[] {
  const warned: string[] = [];
  const log = w.bot.ctx.log;
  const warn = log.warn.bind(log);
  log.warn = ((...a: Parameters<typeof log.warn>) => {
    warned.push(a.map(String).join(' '));
    return warn(...a);
  }) as typeof log.warn;
  return warned;
}

test('/rules with a piece sheet that cannot be drawn: the rules and options in words, and the picture said missing', async () => {
  await withWorld(async (w) => {
    const render = w.bot.ctx.render as Renderer;
    render.sheet = aborted;
    const warned = warnings(w);
    const m = await (await slash(w, w.users[0]!.id, 'rules', { game: 'phom' })).reply();
    const text = w.sim.text(m);
    assert.match(text, /The picture could not be drawn\./, text);
    const embeds = m.embeds as { title?: string; description?: string; image?: unknown }[];
    assert.ok(embeds.length >= 2, `the summary and the options: ${JSON.stringify(embeds.map((e) => e.title))}`);
    assert.match(embeds[0]!.description ?? '', /^Phỏm/, 'the rules summary');
    assert.equal(embeds[0]!.image, undefined, 'pointing at no image');
    assert.match(embeds[1]!.title ?? '', /^Options in force/);
    assert.equal(w.sim.images(m).length, 0, 'no image');
    assert.ok(
      warned.some((s) => s.includes('cannot draw the piece sheet')),
      warned.join(' | '),
    );
  });
});

test('the replay viewer with images that cannot be drawn: each step in words, the picture said missing; the next step draws again', async () => {
  await withWorld(async (w) => {
    const me = w.users[0]!;
    const { gameId } = await openTable(w, 'phom', 1, 1);
    await playHandToEnd(w, gameId);
    const render = w.bot.ctx.render as Renderer;
    const table = render.table.bind(render);
    const result = render.result.bind(render);
    render.table = aborted;
    render.result = aborted;
    const warned = warnings(w);
    let v = await (await slash(w, me.id, 'history', { 'game-id': gameId, hand: 1 })).reply();
    assert.match(w.sim.text(v), /Step \d+ of \d+: the result/);
    assert.match(w.sim.text(v), /The result picture could not be drawn\./);
    assert.equal(w.sim.images(v).length, 0);
    await click(w, me.id, v.id, String(buttonByLabel(w.sim, v, '◀ Back').custom_id));
    v = w.sim.message(v.id)!;
    assert.match(w.sim.text(v), /Step \d+ of \d+\n/);
    assert.match(w.sim.text(v), /The picture could not be drawn\./);
    assert.equal(w.sim.images(v).length, 0);
    assert.ok(
      warned.some((s) => s.includes('cannot draw the replay image')),
      warned.join(' | '),
    );
    render.table = table;
    render.result = result;
    await click(w, me.id, v.id, String(buttonByLabel(w.sim, v, 'Next ▶').custom_id));
    v = w.sim.message(v.id)!;
    assert.equal(w.sim.images(v).length, 1, 'drawn again');
    assert.doesNotMatch(w.sim.text(v), /could not be drawn/);
  });
});
