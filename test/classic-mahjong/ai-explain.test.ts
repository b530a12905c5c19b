/** Hint reasons for classical mahjong (issue #16): a one-line reason for the strong AI's choice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { standardShanten } from '../../src/games/mahjong/decompose.js';
import { counts } from '../../src/games/classic-mahjong/hand.js';

const opts = defaultOptions(engine.options);
const hints = (lng: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', lng, 'classic-mahjong.json'), 'utf8')) as {
      hint: Record<string, string>;
    }
  ).hint;

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW, and its numbers are right', () => {
  const seen = new Set<string>();
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, handSeed('classic-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      assert.match(r.key, /^classic-mahjong:hint\./);
      const id = r.key.slice('classic-mahjong:hint.'.length);
      seen.add(id);
      for (const lng of ['vi', 'en', 'zh-TW']) {
        const text = hints(lng)[id];
        assert.ok(text, `${lng} lacks hint.${id}`);
        for (const m of text.matchAll(/\{\{(\w+)\}\}/g)) assert.ok(m[1]! in r.vars, `${lng} hint.${id} needs ${m[1]}`);
      }
      if (a.type === 'discard' && id === 'discard') {
        // The steps it states are the hand's own after that discard (the seat's view only).
        const v = engine.view(s, d.seat);
        const rest = [...v.hand];
        rest.splice(rest.indexOf(a.tile), 1);
        assert.equal(r.vars.steps, Math.max(0, standardShanten(counts(rest), 4 - v.melds.length)));
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  for (const id of ['discard', 'discard-ready', 'call', 'pass-call', 'win']) assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});
