/** Issue #12 "one engine dialect" for vn-mahjong: core rule errors, claim windows, tagged end shapes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ERRORS, fail } from '../../src/games/vn-mahjong/actions.js';
import { interpolate } from '../../src/games/core/errors.js';
import { engine } from '../../src/games/vn-mahjong/index.js';
import { defaultOptions } from '../../src/games/core/options.js';

test('fail is core ruleFailer: code vn-mahjong/<reason>, every placeholder filled', () => {
  for (const [reason, message] of Object.entries(ERRORS)) {
    const names = [...message.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
    const data = Object.fromEntries(names.map((n) => [n, `<${n}>`]));
    const r = fail(reason as keyof typeof ERRORS, data);
    assert.equal(r.error.code, `vn-mahjong/${reason}`);
    assert.equal(r.error.message, interpolate(message, data));
    assert.doesNotMatch(r.error.message, /\{\{/, reason);
  }
});

test('the claim window is a core ClaimWindow in turn order from the discarder', () => {
  const r = engine.fromScenario(defaultOptions(engine.options), 4, {
    position: {
      hands: [
        '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z',
        '3m 4m 7m 8m 2p 2p 6p 7p 1s 1s 9s 9s 9s',
        '2m 5m JM 1p 2p 3p 4s 5s 6s 3z 4z 7z 7z',
        '5m JA 6p 6p 6p 8s 8s 1z 1z 2z 2z 9m 9p',
      ],
      claim: { tile: '5m', from: 0 },
    },
  });
  assert.ok(r.ok);
  const w = r.value.claim!.window;
  assert.deepEqual(w.seats, [1, 2, 3]);
  assert.deepEqual(w.answers, [null, null, null]);
  const end = engine.setup(defaultOptions(engine.options), 4, 'x', null);
  assert.equal(end.end, null);
});
