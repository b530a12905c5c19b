/**
 * `cli replay` names the scenario's own fields when they are missing or wrong (`[]` and a scenario
 * without "game" said "--game is required", a flag replay does not have), refuses bad house rules
 * in one line, and reports a malformed step or start in its JSON report instead of crashing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, oneErrorLine } from './cli-capture.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('hq-cli-replay-');
let n = 0;
function file(content: unknown): string {
  const f = join(dir, `s${n++}.json`);
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
}
const base = { name: 'r', game: 'phom', seats: 2, start: { seed: 'r' }, steps: [] as unknown[] };

test('replay refuses a scenario that is not an object or has no usable "game", naming the field', async () => {
  for (const [content, want] of [
    [[], /: a scenario must be a JSON object$/],
    ['5', /: a scenario must be a JSON object$/],
    [{ ...base, game: undefined }, /: "game" is required \(games: phom, chan, vn-mahjong, classic-mahjong\)$/],
    [{ ...base, game: 'poker' }, /: unknown "game" "poker"; games: phom, /],
    [{ ...base, game: 7 }, /: unknown "game" 7; games: /],
    [{ ...base, seats: '2' }, /: "seats" must be a whole number$/],
    [{ ...base, start: undefined }, /: "start" is required \(an object\)$/],
    [{ ...base, steps: {} }, /: "steps" must be an array$/],
  ] as const) {
    const line = oneErrorLine(await cli('replay', file(content)));
    assert.doesNotMatch(line, /--game/);
    assert.match(line, want);
  }
});

test('replay refuses preset "__proto__" and option "constructor" with one clear line', async () => {
  for (const [over, want] of [
    [{ preset: '__proto__' }, /: unknown preset "__proto__" \(allowed: /],
    [{ preset: 'toString' }, /: unknown preset "toString" \(allowed: /],
    [{ preset: 3 }, /: "preset" must be a text$/],
    [{ options: { constructor: 1 } }, /: unknown option "constructor" \(allowed: /],
    [{ options: { hasOwnProperty: true } }, /: unknown option "hasOwnProperty" \(allowed: /],
    [{ options: ['x'] }, /: the options must be an object/],
  ] as const) {
    assert.match(oneErrorLine(await cli('replay', file({ ...base, ...over }))), want);
  }
  // "__proto__" as a JSON key is an own key of the parsed object: an unknown option too.
  assert.match(
    oneErrorLine(
      await cli('replay', file(`{"name":"r","game":"phom","seats":2,"start":{"seed":"r"},"steps":[],"options":{"__proto__":{"x":1}}}`)),
    ),
    /unknown option "__proto__"/,
  );
});

test('replay reports an unknown step and a malformed start in its JSON report, exit 1', async () => {
  const bogus = await cli('replay', file({ ...base, steps: [{ bogus: 1 }] }));
  assert.equal(bogus.code, 1, bogus.stderr);
  const rep = JSON.parse(bogus.stdout) as { passed: boolean; steps: { ok: boolean; problems: string[] }[] };
  assert.equal(rep.passed, false);
  assert.match(rep.steps[0]!.problems[0]!, /^step #0: unknown step/);
  const notObject = await cli('replay', file({ ...base, steps: [7] }));
  assert.equal(notObject.code, 1, notObject.stderr);
  assert.match(notObject.stdout, /step #0: a step must be an object, got 7/);
  const start = await cli('replay', file({ ...base, start: { position: null } }));
  assert.equal(start.code, 1, start.stderr);
  assert.deepEqual((JSON.parse(start.stdout) as { problems: string[] }).problems, ['start rejected: "start.position" must be an object']);
  const good = await cli('replay', file({ ...base, steps: [{ autoplay: true }] }));
  assert.equal(good.code, 0, good.stdout);
});
