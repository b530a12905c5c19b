/** Hint reasons (issue #16): the strong AI's one-line reason for its choice, an i18n key with variables. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { engine } from '../../src/games/phom/index.js';
import { explainFor } from '../../src/games/phom/ai.js';
import { defencePosition, opts } from './helpers.js';

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW', () => {
  const seen = new Set<string>();
  for (const n of [2, 3, 4])
    for (let h = 0; h < 3; h++) {
      let s = engine.setup(opts(), n, handSeed(`hint-${n}`, h), null);
      while (!engine.result(s)) {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, 'strong');
        const r = explainFor(s, d.seat, a);
        const id = checkReason('phom', r);
        seen.add(id);
        // "can hardly eat it" under the percentage it shows, "may eat it" from 20 % on
        if (id.startsWith('discard-low-risk')) assert.ok(Number(r.vars.pct) < 20, `${id} ${r.vars.pct} %`);
        if (id.startsWith('discard-risky')) assert.ok(Number(r.vars.pct) >= 20, `${id} ${r.vars.pct} %`);
        // a reason that keeps no cạ does not say "keeps 0 cạ"
        if (/^discard-(safe|unlikely|low-risk|risky)/.test(id))
          assert.equal(id.endsWith('-noca'), r.vars.ca === 0, `${id} ca ${r.vars.ca}`);
        const next = engine.apply(s, d.seat, a);
        assert.ok(next.ok);
        s = next.value;
      }
    }
  assert.ok(seen.size >= 4, [...seen].join(','));
});

test('the safe discard says so: KS is dead (QS, JS, KD, KH seen), the next seat cannot eat it', () => {
  const s = defencePosition();
  const a = engine.ai(s, 1, 'strong');
  assert.deepEqual(a, { type: 'discard', card: 'KS' });
  const r = explainFor(s, 1, a);
  assert.match(r.key, /^phom:hint\.discard-safe(-noca)?$/);
  assert.equal(r.vars.card, 'KS');
  // The live-card QC would be risky: the next seat may hold two of JC, KC, QD, QH.
  const risky = explainFor(s, 1, { type: 'discard', card: 'QC' });
  assert.doesNotMatch(risky.key, /^phom:hint\.discard-safe/);
});
