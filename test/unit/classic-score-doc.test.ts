/** The score CLI example of docs/scenarios-classic-mahjong.md answers what the document says. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cliScore } from '../../src/games/classic-mahjong/scoring/cli.js';

test('docs/scenarios-classic-mahjong.md: the score CLI example', () => {
  const doc = readFileSync(new URL('../../docs/scenarios-classic-mahjong.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Score CLI'));
  const example = /`(\{"seatWind"[^`]+\})`/.exec(section);
  assert.ok(example, 'an example hand');
  const want = /`points (\d+), doubles (\d+), total (\d+)`/.exec(section)!;
  const out = cliScore(JSON.parse(example[1]!)) as {
    valid: boolean;
    points: number;
    doubles: number;
    total: number;
    items: { rule: string }[];
  };
  assert.equal(out.valid, true);
  assert.deepEqual([out.points, out.doubles, out.total], want.slice(1, 4).map(Number));
  for (const rule of ['kong-concealed-major', 'pung-own-wind', 'pung-round-wind', 'mahjong'])
    assert.ok(
      out.items.some((i) => i.rule === rule),
      rule,
    );
});
