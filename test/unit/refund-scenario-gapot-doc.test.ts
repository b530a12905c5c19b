/**
 * docs/scenarios-phom.md: a scenario position's `gaPot` has no known payer, so the refund of a pot no
 * Ù took when the match ends (phom.md §15.12, `potRefund`) gives none of it back: only what the
 * hands played paid in goes back to its payers. The document says so, and the engine does so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engineOf } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { potRefund, type Options, type PhomResult, type State } from '../../src/games/phom/index.js';
import { setup } from '../../src/games/phom/state.js';

const phom = engineOf('phom');
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

test('a position’s gaPot is refunded to nobody when the match ends; the document says so', () => {
  const opts = { ...(defaultOptions(phom.options) as Record<string, unknown>), 'ga-pot': 'flat' } as unknown as Options;
  const POT = 5;
  let checked = false;
  for (let k = 0; k < 40 && !checked; k++) {
    const dealt = setup(opts, 4, `gapot-doc-${k}`, null);
    const start = phom.fromScenario(opts, 4, { position: { turn: 0, hands: dealt.hands, stock: dealt.stock, gaPot: POT } });
    assert.ok(start.ok);
    let s = start.value as State;
    for (let i = 0; i < 600 && !phom.result(s); i++) {
      const d = phom.pending(s)[0]!;
      const r = phom.apply(s, d.seat, phom.ai(s, d.seat));
      assert.ok(r.ok);
      s = r.value as State;
    }
    const res = phom.result(s) as PhomResult;
    if (res.endedBy !== 'rank' || sum(s.gaIn) === 0) continue; // an Ù takes the whole pot; look for a pot left
    assert.equal(res.pot.carried, POT + sum(s.gaIn), 'the position’s pot carries on, with what the hand paid in');
    // The match ends after this hand: what its eats paid in goes back, the position's gaPot does not.
    const back = potRefund(s, true);
    assert.equal(sum(back.map((x) => x.amount)), sum(s.gaIn));
    // Or it ends during the next hand: the same, carried with its payers.
    const next = setup(opts, 4, `gapot-doc-${k}-next`, s);
    assert.equal(next.gaPotStart, res.pot.carried);
    assert.equal(sum(potRefund(next, false).map((x) => x.amount)), sum(s.gaIn));
    checked = true;
  }
  assert.ok(checked, 'a ranked hand with eats into the pot');

  const doc = readFileSync(new URL('../../docs/scenarios-phom.md', import.meta.url), 'utf8');
  const row = doc.split('\n').find((l) => l.startsWith('| `gaPot`'))!;
  assert.match(row, /no known payer/);
  assert.match(row, /refunds none of it/);
  assert.match(doc, /`gaPot` has no payer and goes back to nobody/);
});
