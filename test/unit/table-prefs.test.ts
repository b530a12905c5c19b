/** Claim preferences (src/table/prefs.ts): which option a preference picks, and what it never does. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preferenceAnswer, prefsOf, readPrefs, tablePreferenceAnswer, writePrefs } from '../../src/table/prefs.js';
import { engine as chan } from '../../src/games/chan/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const claim = (...types: string[]): Decision<BaseAction> => ({
  seat: 1,
  kind: 'claim',
  options: types.map((type) => ({ type })),
  timeoutDefault: { type: 'pass' },
});
const p = (...x: string[]) => new Set(x);

test('auto-pass passes every claim but never a win; always-win declares it', () => {
  assert.deepEqual(preferenceAnswer('classic-mahjong', p('auto-pass'), claim('pung', 'chow', 'pass')), { type: 'pass' });
  assert.equal(preferenceAnswer('classic-mahjong', p('auto-pass'), claim('mahjong', 'pung', 'pass')), null, 'a win is asked');
  assert.deepEqual(preferenceAnswer('classic-mahjong', p('always-win'), claim('mahjong', 'pung', 'pass')), { type: 'mahjong' });
  assert.deepEqual(preferenceAnswer('vn-mahjong', p('always-win', 'auto-pass'), claim('win', 'pass')), { type: 'win' });
  assert.deepEqual(preferenceAnswer('chan', p('always-win'), claim('u', 'eat', 'pass')), { type: 'u' });
});

test('never <kind> passes only when nothing else is offered', () => {
  assert.deepEqual(preferenceAnswer('classic-mahjong', p('never.chow'), claim('chow', 'pass')), { type: 'pass' });
  assert.equal(preferenceAnswer('classic-mahjong', p('never.chow'), claim('chow', 'pung', 'pass')), null, 'the pung is asked');
  assert.deepEqual(preferenceAnswer('chan', p('never.eat', 'never.chiu'), claim('eat', 'chiu', 'pass')), { type: 'pass' });
  assert.equal(preferenceAnswer('classic-mahjong', p('never.chow'), claim('chow')), null, 'no pass offered: the engine decides');
});

test('no preference, a turn decision or a game without claims: the player decides', () => {
  assert.equal(preferenceAnswer('classic-mahjong', undefined, claim('chow', 'pass')), null);
  assert.equal(preferenceAnswer('classic-mahjong', p('auto-pass'), { ...claim('discard', 'pass'), kind: 'turn' }), null);
  assert.equal(preferenceAnswer('phom', p('auto-pass'), claim('eat', 'pass')), null);
  assert.deepEqual(prefsOf('phom'), []);
  assert.deepEqual(prefsOf('chan'), ['auto-pass', 'always-win', 'never.eat', 'never.chiu']);
});

test('preferences are kept per user and game in SQLite (migration 8); unknown ids are dropped', () => {
  const store = openStore(':memory:', engineOf);
  assert.deepEqual(writePrefs(store.db, 'vn-mahjong', 'u1', ['auto-pass', 'never.chow', 'bogus'], 1), ['auto-pass', 'never.chow']);
  writePrefs(store.db, 'chan', 'u1', ['never.eat'], 1);
  assert.deepEqual([...readPrefs(store.db, 'vn-mahjong', ['u1', 'u2']).get('u1')!].sort(), ['auto-pass', 'never.chow']);
  assert.deepEqual([...readPrefs(store.db, 'chan', ['u1']).get('u1')!], ['never.eat']);
  writePrefs(store.db, 'vn-mahjong', 'u1', [], 2);
  assert.equal(readPrefs(store.db, 'vn-mahjong', ['u1']).get('u1'), undefined);
  store.close();
});

test('Chắn honour table: a preference never presses a false Ù (ù láo), and auto-pass still passes (chan.md §8, §11)', () => {
  const engine = chan;
  const o = resolveOptions(engine.options, { 'u-claim-check': 'honor' });
  assert.ok(o.ok);
  let s = engine.setup(o.value, 4, 'prefs-honor', null);
  for (let guard = 0; !(s.phase.kind === 'claim' && s.phase.offer.source === 'wall') && guard < 50; guard++) {
    const d = engine.pending(s)[0]!;
    const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
    assert.ok(r.ok);
    s = r.value;
  }
  assert.equal(s.phase.kind, 'claim');
  const t = { row: { game: 'chan' as const }, engine: engineOf('chan') };
  let falseU = 0;
  for (const d of engine.pending(s) as Decision<BaseAction>[]) {
    const real = s.phase.kind === 'claim' && s.phase.seats.find((c) => c.seat === d.seat)?.uLegal === true;
    if (real || !d.options.some((a) => a.type === 'u')) continue;
    falseU++;
    // The bare answer (no judge) presses it: what the table did before.
    assert.deepEqual(preferenceAnswer('chan', p('always-win'), d), { type: 'u' });
    const aw = tablePreferenceAnswer(t, s, p('always-win'), d);
    assert.notEqual(aw?.type, 'u', `seat ${d.seat}: always-win must not press a false Ù`);
    assert.deepEqual(tablePreferenceAnswer(t, s, p('auto-pass'), d), { type: 'pass' }, `seat ${d.seat}: auto-pass passes`);
    assert.equal(engine.falseDeclaration!(s, d.seat, { type: 'u' }), true);
  }
  assert.ok(falseU >= 2, `seats offered a false Ù: ${falseU}`);
  // Validated tables are unchanged: the engine offers Ù only when it wins.
  assert.equal(engine.falseDeclaration!(s, 0, { type: 'pass' }), false);
});
