/** Hint reasons for Vietnamese mahjong (issue #16): the strong AI's one-line reason for its choice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { shanten } from '../../src/games/vn-mahjong/ai.js';
import { explainStrong } from '../../src/games/vn-mahjong/ai-strong.js';
import { jokerValue, removeOne, type JokerKind } from '../../src/games/vn-mahjong/tiles.js';

const opts = defaultOptions(engine.options);
/** Three concealed hands for a fixed position (East's is the test's own). */
const OTHERS = [
  '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z',
  '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z',
  '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z',
];

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW, and its numbers are right', () => {
  const seen = new Set<string>();
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, handSeed('vn-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      const id = checkReason('vn-mahjong', r);
      seen.add(id);
      if (a.type === 'discard' && (id === 'discard' || id === 'discard-ready')) {
        // The steps it states are the hand's own after that discard (seat's view only).
        const v = engine.view(s, d.seat);
        const melds = v.players.find((p) => p.seat === v.mySeat)!.melds.length;
        const sh = shanten(removeOne(v.hand, a.tile)!, melds);
        if (id === 'discard') assert.equal(r.vars.steps, sh);
        else assert.ok(sh <= 0);
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  for (const id of ['discard', 'discard-ready', 'pass-call', 'call', 'win']) assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});

test('the initial-phase reason fits the hand: keep-jokers only with jokers worth no phán, else the lone bonus tile named (not jokers)', () => {
  const seen = new Map<string, number>();
  for (let h = 0; h < 30; h++) {
    let s: State = engine.setup(opts, 4, handSeed('vn-initial-hint', h), null);
    while (s.phase === 'initial') {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      assert.equal(a.type, 'initial-expose');
      if (a.type !== 'initial-expose') break;
      const r = engine.explain!(s, d.seat, a);
      const id = checkReason('vn-mahjong', r);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const v = engine.view(s, d.seat);
      const jokers = v.hand.filter((t) => t.startsWith('J') && t !== 'JF');
      const where = `hand ${v.hand.join(' ')}: ${JSON.stringify(a)} → ${id}`;
      if (id === 'expose-jokers') assert.equal(r.vars.n, a.jokers.length, where);
      else if (id === 'keep-jokers') {
        assert.ok(jokers.length > 0 && a.jokers.length === 0, `no jokers to keep: ${where}`);
        assert.ok(
          jokers.every((j) => jokerValue(j as JokerKind, v.mySeat!, true, v.options) === 0),
          where,
        );
      } else if (id === 'expose-flower-initial' || id === 'keep-flower') {
        assert.ok(jokers.length === 0 && a.jokers.length === 0, where);
        assert.ok(v.hand.includes(String(r.vars.card)) && /^(\d+f|JF)$/.test(String(r.vars.card)), where);
        assert.equal(a.keepFlower, id === 'keep-flower', where);
      } else assert.fail(`not an initial-phase reason: ${where}`);
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  assert.ok((seen.get('expose-flower-initial') ?? 0) > 0 && (seen.get('expose-jokers') ?? 0) > 0, JSON.stringify([...seen]));
});

test("a claimed kong's reason is the kong's (a set more, a replacement tile), never 'a whole step closer'", () => {
  const r = engine.fromScenario(opts, 4, {
    position: { hands: ['1m 2m 3m 5p 6p 9p 9p 2s 3s 7s 7z 7z 7z 4z', ...OTHERS], turn: 0, drawn: '4z', wallSeed: 'one' },
  });
  assert.ok(r.ok);
  const d = engine.pending(r.value)[0]!;
  const k = {
    seat: 0,
    view: { ...engine.view(r.value, 0), claimable: { tile: '7z', from: 1 } },
    table: engine.publicView(r.value),
    decision: d,
  };
  assert.deepEqual(explainStrong(k, { type: 'kong' }), { key: 'vn-mahjong:hint.kong', vars: {} });
});
