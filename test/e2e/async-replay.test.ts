/** The replay viewer of /history (issue #14 §6): stepping forward and back, jump, paged moves, Export replays. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buttonByLabel, click, openTable, playHandToEnd, slash, withWorld, type World, endMatch } from './harness.js';
import type { SimMessage } from '../discord-sim/model.js';
import { engineOf } from '../../src/table/manifests.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const run = promisify(execFile);

const resultOf = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).result(w.store.games.state(row)) as { deltas: number[] } | null;
};

async function press(w: World, userId: string, m: SimMessage, label: string | RegExp): Promise<SimMessage> {
  await click(w, userId, m.id, String(buttonByLabel(w.sim, m, label).custom_id));
  return w.sim.message(m.id)!;
}

function resultMessage(w: World, threadId: string, userId: string, hand: number): SimMessage {
  const m = w.sim.visibleMessages(threadId, userId).find((x) => new RegExp(`Hand ${hand} is over`).test(x.content));
  assert.ok(m, `the result of hand ${hand}`);
  return m;
}

test('replay viewer: a hand in play is not stepped through; a finished hand steps back and forth; Export replays to the same result', async (t) => {
  await withWorld(async (w) => {
    const me = w.users[0]!;
    const { gameId, threadId } = await openTable(w, 'phom', 1, 1);

    const running = await (await slash(w, me.id, 'history', { 'game-id': gameId })).reply();
    assert.match(w.sim.text(running), /still being played/);
    assert.equal(w.sim.images(running).length, 0, 'no image of a hand in play');

    await playHandToEnd(w, gameId);
    const first = resultOf(w, gameId)!;
    const n = w.store.games.log(gameId).filter((e) => e.hand === 0 && !e.action.type.startsWith('@')).length;
    assert.ok(n > 16, `a real hand (${n} moves)`);

    let v = await (await slash(w, me.id, 'history', { 'game-id': gameId, hand: 1 })).reply();
    assert.equal(v.ephemeralTo, me.id);
    assert.match(w.sim.text(v), new RegExp(`Step ${n} of ${n}: the result`));
    assert.equal(w.sim.images(v).length, 1);
    assert.equal(buttonByLabel(w.sim, v, 'Next ▶').disabled, true);
    const resultImage = w.sim.images(v)[0]!.data;

    v = await press(w, me.id, v, '◀ Back');
    assert.match(w.sim.text(v), new RegExp(`Step ${n - 1} of ${n}\\n`));
    assert.match(w.sim.text(v), new RegExp(`▶ \\*\\*${n - 1}\\. `), 'the current move is marked in the list');
    assert.notDeepEqual(w.sim.images(v)[0]!.data, resultImage, 'the table before the last move, not the result');

    v = await press(w, me.id, v, '⏮ Deal');
    assert.match(w.sim.text(v), /Step 0 of \d+: the deal/);
    assert.equal(buttonByLabel(w.sim, v, '◀ Back').disabled, true);
    assert.match(w.sim.text(v), /Moves, page 1 of/);
    v = await press(w, me.id, v, 'Next ▶');
    assert.match(w.sim.text(v), /Step 1 of/);
    assert.match(w.sim.text(v), /▶ \*\*1\. /);

    // The move list is paged, not cut: every move is on some page.
    v = await press(w, me.id, v, /Later moves/);
    assert.match(w.sim.text(v), /Step 16 of/);
    assert.match(w.sim.text(v), /Moves, page 2 of/);
    assert.match(w.sim.text(v), /▶ \*\*16\. /);
    v = await press(w, me.id, v, /Earlier moves/);
    assert.match(w.sim.text(v), /Moves, page 1 of/);

    // Jump to a step through the select.
    const sel = w.sim.components(v).find((c) => c.type === 3)!;
    const opts = sel.options as { value: string }[];
    assert.ok(opts.length <= 25 && opts.some((o) => o.value === '0') && opts.some((o) => o.value === String(n)));
    const target = opts[Math.floor(opts.length / 2)]!.value;
    await (await w.sim.select(me.id, v.id, String(sel.custom_id), [target])).settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    v = w.sim.message(v.id)!;
    assert.match(w.sim.text(v), new RegExp(`Step ${target} of ${n}`));

    // Export waits for the end of the match (the file holds the seed of every later hand).
    // During the match the button says so and cannot be clicked.
    const later = w.sim.components(v).find((c) => c.label === 'Export (after the match)')!;
    assert.equal(later.disabled, true);
    assert.ok(!w.sim.components(v).some((c) => c.label === 'Export'));
    await assert.rejects(w.sim.click(me.id, v.id, String(later.custom_id)), /disabled/);
    // A forged click (the button enabled by hand) is still refused by the bot.
    later.disabled = false;
    const forged = await click(w, me.id, v.id, String(later.custom_id));
    assert.match((await forged.reply()).content, /once the match is over/);

    // A second hand, then End match: the export of hand 2 holds hand 1 and hand 2.
    const r1 = resultMessage(w, threadId, me.id, 1);
    await click(w, me.id, r1.id, String(buttonByLabel(w.sim, r1, 'Next hand').custom_id));
    await playHandToEnd(w, gameId);
    const second = resultOf(w, gameId)!;
    const r2 = resultMessage(w, threadId, me.id, 2);
    await endMatch(w, me.id, r2);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');

    const v2 = await (await slash(w, me.id, 'history', { 'game-id': gameId, hand: 2 })).reply();
    const exp = await click(w, me.id, v2.id, String(buttonByLabel(w.sim, v2, 'Export').custom_id));
    const file = w.sim.message(exp.response!.id)!.attachments[0]!;
    assert.match(file.filename, /\.json$/);
    const sc = JSON.parse(file.data.toString('utf8')) as {
      game: string;
      next?: { result: { deltas: number[] } };
      result: { deltas: number[] };
    };
    assert.equal(sc.game, 'phom');
    assert.deepEqual(sc.result.deltas, first.deltas);
    assert.deepEqual(sc.next?.result.deltas, second.deltas);
    const path = join(tempDir('hq-export-', t), 'hand.json');
    writeFileSync(path, file.data);
    const out = await run(process.execPath, [...programArgs('src/cli/main.ts'), 'replay', path], { cwd: process.cwd() });
    const rep = JSON.parse(out.stdout) as { passed: boolean; problems: string[]; result: { deltas: number[] } };
    assert.deepEqual(rep.problems, []);
    assert.equal(rep.passed, true);
    assert.deepEqual(rep.result.deltas, second.deltas, 'the CLI replays the export to the same result');
  });
});
