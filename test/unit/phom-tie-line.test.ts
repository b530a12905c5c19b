/**
 * Phỏm, a ranked end (phom.md §9 step 3): seats on equal loose-card points rank by who laid down first.
 * The result says so, naming the tied seats in their ranking, and says nothing when no two tie.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/replay.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { AnyEngine, HandResult } from '../../src/games/core/types.js';
import { translator } from '../../src/table/i18n.js';

const engine = engineOf('phom') as AnyEngine;
const presenter = GAMES.phom.presenter;
const NAMES = ['An', 'Bình', 'Chi', 'Dũng'];

/** Self-played hands of four AIs to a ranked end; `tie`: whether two seats that laid down share their points. */
function ranked(tie: boolean) {
  for (let k = 0; k < 400; k++) {
    let s = initialState(engine, defaultOptions(engine.options), 4, `tie-line-${k}`);
    for (let n = 0; engine.result(s) === null && n < 2000; n++) {
      const d = engine.pending(s)[0]!;
      const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
      assert.ok(r.ok);
      s = r.value;
    }
    const r = engine.result(s) as HandResult;
    if (r.endedBy !== 'rank') continue;
    const pub = engine.publicView(s) as { left: boolean[]; melds: { owner: number }[] };
    const pts = new Map(r.items.filter((it) => it.id === 'deadwood').map((it) => [it.seat, it.value]));
    const playing = r.ranking.flat().filter((x) => !pub.left[x] && pub.melds.some((m) => m.owner === x));
    const tied = playing.some((x, i) => i > 0 && pts.get(x) === pts.get(playing[i - 1]!));
    if (tied === tie) return { s, r, playing, pts };
  }
  assert.fail(`no ranked end ${tie ? 'with' : 'without'} a tie`);
}

const linesOf = (s: unknown, r: HandResult, lang: 'en' | 'vi' | 'zh-TW') =>
  presenter
    .resultModel(engine.publicView(s) as never, r, { lang, t: translator(lang), names: NAMES })
    .lines.map((l) => `${l.label}: ${l.value}`);

test('a tie on loose-card points says the seats ranked in the order they laid down', () => {
  const { s, r, playing, pts } = ranked(true);
  const i = playing.findIndex((x, k) => k > 0 && pts.get(x) === pts.get(playing[k - 1]!)) - 1;
  const pair = [NAMES[playing[i]!]!, NAMES[playing[i + 1]!]!];
  const line = linesOf(s, r, 'en').find((l) => l.includes('Tie on loose-card points'));
  assert.ok(line, linesOf(s, r, 'en').join('\n'));
  assert.ok(line.startsWith(`${pair[0]}, ${pair[1]}`), `${line}: in their ranking`);
  assert.ok(linesOf(s, r, 'vi').some((l) => l.includes('xếp theo thứ tự hạ bài')));
  assert.ok(linesOf(s, r, 'zh-TW').some((l) => l.includes('依下牌先後排名')));
});

test('no tie, no such line', () => {
  const { s, r } = ranked(false);
  assert.ok(!linesOf(s, r, 'en').some((l) => l.includes('Tie on')));
});
