/**
 * Differential test (issue 5): our classical-mahjong scorer against KDE Kajongg's "Classical
 * Chinese DMJL" ruleset on ≥ 5,000 generated hands (winners and losers, all winds, flowers,
 * kongs, limit hands). Skips when the Debian package `kajongg` is not installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultOptions } from '../../src/games/core/options.js';
import { OPTIONS } from '../../src/games/classic-mahjong/options.js';
import { scoreHand, scoringRules, type HandFacts } from '../../src/games/classic-mahjong/scoring/score.js';
import { describe, generateHand, toBridge } from './classic-mahjong-gen.js';
import { engine } from '../../src/games/classic-mahjong/index.js';
import { factsFor } from '../../src/games/classic-mahjong/scoring/settle.js';

const KAJONGG_SRC = process.env.KAJONGG_SRC ?? '/usr/share/kajongg';
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const BRIDGE = join(import.meta.dirname, 'kajongg-bridge.py');
const HANDS = Number(process.env.DIFF_HANDS ?? 6000);

function kajonggAvailable(): string | null {
  if (!existsSync(join(KAJONGG_SRC, 'hand.py')))
    return `kajongg is not installed (${KAJONGG_SRC}/hand.py missing): apt-get install kajongg`;
  const r = spawnSync(PYTHON, [BRIDGE], { input: '', encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) return `the kajongg bridge does not start: ${r.stderr.slice(-300)}`;
  return null;
}

interface KjOut {
  id: number;
  won?: boolean;
  total?: number;
  points?: number;
  doubles?: number;
  limits?: number;
  rules?: string[];
  error?: string;
}

function runBridge(reqs: object[]): Map<number, KjOut> {
  const r = spawnSync(PYTHON, [BRIDGE], {
    input: reqs.map((x) => JSON.stringify(x)).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 600_000,
  });
  if (r.status !== 0) throw new Error(`bridge failed: ${r.stderr.slice(-2000)}`);
  const out = new Map<number, KjOut>();
  for (const line of r.stdout.split('\n'))
    if (line.trim()) {
      const o = JSON.parse(line) as KjOut;
      out.set(o.id, o);
    }
  return out;
}

const skip = kajonggAvailable();

test(`classic-mahjong scoring agrees with Kajongg DMJL on ${HANDS} generated hands`, { skip: skip ?? false, timeout: 900_000 }, () => {
  const rules = scoringRules(defaultOptions(OPTIONS));
  const hands: HandFacts[] = [];
  for (let i = 0; i < HANDS; i++) hands.push(generateHand(process.env.DIFF_SEED ?? 'diff-v1', i));
  const kj = runBridge(hands.map((h, i) => toBridge(i, h)));
  const problems: string[] = [];
  let winners = 0;
  let limits = 0;
  let cappedSplits = 0;
  hands.forEach((h, i) => {
    const ours = scoreHand(h, rules);
    const theirs = kj.get(i);
    if (!theirs || theirs.error) {
      problems.push(`#${i} ${describe(h)}: kajongg error ${theirs?.error}`);
      return;
    }
    if (h.won) {
      if (!ours.valid) {
        if (theirs.won)
          problems.push(
            `#${i} ${describe(h)}: we say not a win (${ours.reason}), kajongg scores ${theirs.total} ${theirs.rules?.join(',')}`,
          );
        return;
      }
      if (!theirs.won) {
        problems.push(`#${i} ${describe(h)}: we score a win ${ours.total}, kajongg says no win`);
        return;
      }
      winners++;
    } else if (!ours.valid) {
      problems.push(`#${i} ${describe(h)}: invalid loser ${ours.reason}`);
      return;
    }
    if (ours.limit) limits++;
    const sameTotal = ours.total === theirs.total;
    const sameSplit = ours.limit || (ours.points === theirs.points && ours.doubles === theirs.doubles);
    // CAUTION: at a capped total several arrangements tie; Kajongg keeps the first in its own
    // order, we keep the one with the higher uncapped score (more points, as many or more doubles). On
    // fresh seeds 11–16 hands in 8,000 split differently (2026-12-04: fid-x7, fresh-a91, fresh-b27),
    // all of them one-suit limit hands with the same total. Counted below, not failed.
    const capped = ours.total >= rules.limit;
    if (!sameSplit && capped && sameTotal) cappedSplits++;
    if (!sameTotal || (!sameSplit && !capped))
      problems.push(
        `#${i} ${describe(h)}: ours ${ours.points}p ${ours.doubles}d = ${ours.total} [${ours.items.map((x) => x.id).join(',')}]; kajongg ${theirs.points}p ${theirs.doubles}d = ${theirs.total} [${theirs.rules?.join(',')}]`,
      );
  });
  assert.ok(winners > HANDS / 4, `only ${winners} winning hands were generated`);
  assert.ok(limits > 50, `only ${limits} limit hands were generated`);
  assert.ok(cappedSplits <= HANDS / 250, `${cappedSplits} capped hands split points/doubles differently`);
  assert.deepEqual(problems.slice(0, 30), [], `${problems.length} differences`);
});

test(
  'every hand of 150 self-played deals scores as in Kajongg DMJL (winners and losers)',
  { skip: skip ?? false, timeout: 600_000 },
  () => {
    const o = defaultOptions(OPTIONS);
    const rules = scoringRules(o);
    const facts: HandFacts[] = [];
    let prev: ReturnType<typeof engine.setup> | null = null;
    for (let h = 0; h < 150; h++) {
      let s = engine.setup(o, 4, `diff-play-${h}`, prev);
      for (let i = 0; i < 2000 && !engine.result(s); i++) {
        const d = engine.pending(s)[0]!;
        const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
        assert.ok(r.ok);
        if (r.ok) s = r.value;
      }
      if (s.outcome?.kind === 'win') for (let seat = 0; seat < 4; seat++) facts.push(factsFor(s, seat));
      prev = s;
    }
    const kj = runBridge(facts.map((f, i) => toBridge(i, f)));
    const problems: string[] = [];
    facts.forEach((f, i) => {
      const ours = scoreHand(f, rules);
      const theirs = kj.get(i)!;
      if (!ours.valid || theirs.error || ours.total !== theirs.total || (f.won && !theirs.won))
        problems.push(
          `#${i} ${describe(f)}: ours ${ours.valid ? ours.total : ours.reason}; kajongg ${theirs.total ?? theirs.error} ${theirs.rules?.join(',')}`,
        );
    });
    assert.ok(facts.length >= 400, `${facts.length} hands`);
    assert.deepEqual(problems.slice(0, 20), []);
  },
);

test('issue 15: discard wins whose best arrangement Kajongg scores 128 and 500', { skip: skip ?? false }, () => {
  const rules = scoringRules(defaultOptions(OPTIONS));
  const K = (s: string) => {
    const c = new Array<number>(34).fill(0);
    for (const t of s.match(/\d[mpsz]/g)!) c[(t[1] === 'z' ? 27 : 'mps'.indexOf(t[1]!) * 9) + Number(t[0]) - 1]!++;
    return c;
  };
  const hands: HandFacts[] = [
    {
      seatWind: 1,
      roundWind: 3,
      concealed: K('5m5m5m6m6m6m6m7m7m7m7m8m1z1z'),
      melds: [],
      bonus: [],
      won: true,
      winningTile: 5,
      source: 'discard',
    },
    {
      seatWind: 1,
      roundWind: 3,
      concealed: K('2s2s5s6s7s7s7s7s8s8s8s9s9s9s'),
      melds: [],
      bonus: ['1f', '2f'],
      won: true,
      winningTile: 24,
      source: 'discard',
    },
  ];
  const kj = runBridge(hands.map((h, i) => toBridge(i, h)));
  assert.deepEqual(
    hands.map((h) => (scoreHand(h, rules) as { total: number }).total),
    [128, 500],
  );
  assert.deepEqual([kj.get(0)!.total, kj.get(1)!.total], [128, 500]);
});
