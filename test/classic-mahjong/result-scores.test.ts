/**
 * The result shows what §10 settles on: every hand's score (points × 2^doubles, capped) and which
 * payments East's double made ("East ×2", `east-pays-double`), so the payments can be checked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { translator } from '../../src/table/i18n.js';
import { amount } from '../../src/table/present/common.js';
import { imageAlt, presentCtx, resultView } from '../../src/table/views.js';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { firstAiHand } from '../support/walk.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import type { ClassicResult } from '../../src/games/classic-mahjong/scoring/settle.js';

const m = GAMES['classic-mahjong'];
const e = m.engine as AnyEngine;

/** The first AI-played hand of seeds `cm-<k>` that ends with a win. */
function won(options: Record<string, unknown>) {
  const { s, r } = firstAiHand(
    e,
    options,
    4,
    (k) => `cm-${k}`,
    (x) => x.winners.length > 0,
    40,
  );
  return { s, r: r as ClassicResult };
}

for (const eastDouble of [true, false]) {
  test(`each hand's score is a line; East's doubled payments say so (east-pays-double ${eastDouble})`, () => {
    const options = { ...(defaultOptions(e.options) as Record<string, unknown>), 'east-pays-double': eastDouble };
    const { s, r } = won(options);
    const pub = e.publicView(s) as { seats: { seat: number; player: number }[] };
    const names = ['Ann', 'Bo', 'Cy', 'Di'];
    const model = m.presenter.resultModel(pub, r, { lang: 'en', t: translator('en'), names });
    const scoreLines = model.lines.filter((l) => l.label.endsWith('· Hand score'));
    assert.equal(scoreLines.length, 4, 'one per player');
    for (const x of r.scores) {
      const line = scoreLines.find((l) => l.label.startsWith(names[pub.seats[x.seat]!.player]!))!;
      const sum = `${amount(x.total, 'en')} points`;
      assert.equal(line.value, x.limit ? `${sum} (limit)` : x.doubles ? `${amount(x.points, 'en')} × ${2 ** x.doubles} = ${sum}` : sum);
    }
    const east = pub.seats[0]!.player;
    const marked = model.payments.filter((p) => p.amount.endsWith('· East ×2'));
    const winnerPaysFromOrToEast = r.payments.filter((p) => p.reason === 'winner' && (p.from === east || p.to === east));
    if (eastDouble)
      assert.ok(marked.length >= winnerPaysFromOrToEast.length && winnerPaysFromOrToEast.length > 0, JSON.stringify(model.payments));
    else assert.equal(marked.length, 0);
    for (const p of marked) assert.ok(p.from === names[east] || p.to === names[east], 'only payments involving East');
  });
}

test("every hand's score is in the result message's text (it keeps a result's first lines), and the alt text keeps the payments", () => {
  const r = rig('classic-mahjong', ['human', 'ai', 'ai', 'ai'], { seed: 'cl-0' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = timeOutToResult(r);
  const res = t.engine.result(t.state) as ClassicResult;
  assert.ok(res.winners.length, 'a win (seed cl-0)');
  const v = resultView(t, 'en', false)!;
  assert.ok(v.model.lines.length > 15, 'more scoring lines than the message keeps');
  for (const name of t.names)
    assert.ok(
      v.lines.some((l) => l.includes(`${name} · Hand score`)),
      `${name}'s hand score in the text`,
    );
  const alt = imageAlt(t.presenter, v.model, presentCtx(t, 'en'));
  assert.ok(alt.length <= 1024);
  const lastPayment = v.model.payments.at(-1)!;
  assert.ok(alt.includes(`${lastPayment.from} pays ${lastPayment.to}`), 'the last payment is in the alt text');
});
