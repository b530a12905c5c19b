/**
 * Bỏ ù (seed 001 §4, chan.md R7): passing a card the seat could ù on gives up ù for the rest of the hand.
 * The button beside Ù is named so ("Bỏ ù"), as the seed names it; a Pass with no Ù beside it stays "Bỏ
 * qua", and the public timeout notice of a Pass (drawn from the public view) never says "ù".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import { handView, noticeText, ranOutNote } from '../../src/table/views.js';
import type { Decision, BaseAction } from '../../src/games/core/types.js';

type Found = { r: ReturnType<typeof rig>; d: Decision<BaseAction> };

function findClaim(withU: boolean, options: Record<string, unknown> = {}, legal?: boolean): Found {
  const engine = engineOf('chan');
  for (let h = 0; h < 80; h++) {
    const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: `pass-u-${h}`, options });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let k = 0; k < 800; k++) {
      const s = r.ts.load(r.gameId)!.state;
      if (engine.result(s)) break;
      const ds = engine.pending(s) as Decision<BaseAction>[];
      const d = ds.find(
        (x) => x.options.some((a) => a.type === 'pass') && x.options.some((a) => a.type === 'u') === withU && x.options.length >= 2,
      );
      // `legal`: whether the seat's Ù would win (the engine's claim facts; an honour table offers it on every card)
      const wins = (seat: number) =>
        (s as { phase: { seats?: { seat: number; uLegal?: boolean }[] } }).phase.seats?.find((c) => c.seat === seat)?.uLegal;
      if (d && (legal === undefined || wins(d.seat) === legal)) return { r, d };
      const x = ds[0]!;
      r.run({ kind: 'move', gameId: r.gameId, seat: x.seat, action: engine.ai(s, x.seat), ver: null, userId: `u${x.seat}` });
    }
  }
  assert.fail(`no claim ${withU ? 'with' : 'without'} an Ù found`);
}

const labels = (f: Found, lang: 'vi' | 'en' | 'zh-TW') =>
  handView(f.r.ts.load(f.r.gameId)!, f.d.seat, lang)
    .rows.flat()
    .map((c) => ('label' in c ? (c.label ?? '') : ''));

test('beside an Ù the seat may claim, Pass reads "Bỏ ù" in each language', () => {
  const f = findClaim(true);
  const pass = f.d.options.findIndex((a) => a.type === 'pass');
  const want = { vi: 'Bỏ ù', en: 'Pass: give up ù (bỏ ù)', 'zh-TW': '過（放棄胡）' } as const;
  for (const lang of ['vi', 'en', 'zh-TW'] as const) {
    const row = labels(f, lang);
    assert.ok(row[pass]!.endsWith(` · ${want[lang]}`), `${lang}: ${JSON.stringify(row)}`);
  }
  // The public notice of a timeout's Pass is labelled from the public view: plain, it tells nothing.
  const t = f.r.ts.load(f.r.gameId)!;
  const line = noticeText(t, { key: 'timeout', seat: f.d.seat, action: { type: 'pass' } }, 'vi');
  assert.ok(line.includes('Bỏ qua') && !line.includes('ù'), line);
});

test('a Pass with no Ù beside it keeps its plain name', () => {
  const f = findClaim(false);
  const pass = f.d.options.findIndex((a) => a.type === 'pass');
  assert.ok(labels(f, 'vi')[pass]!.endsWith(' · Bỏ qua'), JSON.stringify(labels(f, 'vi')));
  assert.ok(labels(f, 'en')[pass]!.endsWith(' · Pass'));
});

test('a ran-out note names the move among the options of the decision that ran out, never those the seat has afterwards', () => {
  const f = findClaim(true);
  const t = f.r.ts.load(f.r.gameId)!;
  // without the decision's options (the view the seat has now, whatever it holds): a plain Pass
  assert.equal(ranOutNote(t, f.d.seat, { type: 'pass' }, 'vi').includes('Bỏ ù'), false);
  // among them: the Pass that gave up ù says so
  assert.ok(ranOutNote(t, f.d.seat, { type: 'pass' }, 'vi', f.d.options).includes('Bỏ ù'));
  // a Pass with no Ù beside it stays plain
  const g = findClaim(false);
  assert.ok(ranOutNote(g.r.ts.load(g.r.gameId)!, g.d.seat, { type: 'pass' }, 'vi', g.d.options).includes('Bỏ qua'));
});

test('a claim that runs out carries its options to the note (act.ts ranOut)', () => {
  const f = findClaim(true);
  const t = f.r.ts.load(f.r.gameId)!;
  const timer = t.timers.find((x) => x.seat === f.d.seat)!;
  f.r.clock.t = Math.max(f.r.clock.t, timer.deadline) + 1;
  const res = f.r.run({ kind: 'timeout', gameId: f.r.gameId, seat: f.d.seat, timerKind: 'claim', deadline: timer.deadline });
  const x = res.ranOut?.find((o) => o.seat === f.d.seat);
  assert.ok(x, JSON.stringify(res.outcome));
  assert.deepEqual(x.options, f.d.options);
});

test('at an honour table (Ù offered on every card) Pass keeps its name whether or not the hand would win', () => {
  for (const legal of [false, true]) {
    const f = findClaim(true, { 'u-claim-check': 'honor' }, legal);
    const pass = f.d.options.findIndex((a) => a.type === 'pass');
    assert.ok(labels(f, 'vi')[pass]!.endsWith(' · Bỏ qua'), `${legal}: ${JSON.stringify(labels(f, 'vi'))}`);
    assert.ok(labels(f, 'en')[pass]!.endsWith(' · Pass'));
  }
});
