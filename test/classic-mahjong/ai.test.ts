/**
 * AI levels of classical mahjong (issue 16): every level plays legal moves deterministically, and
 * `strong` decides from the seat's knowledge only (its view and the public table), never the state.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultOptions } from '../../src/games/core/options.js';
import { deepFreeze } from '../../src/games/core/match.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { strongPolicy } from '../../src/games/classic-mahjong/ai-strong.js';
import { madeSetTile } from '../support/mahjong-hands.js';

const o = defaultOptions(engine.options);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Plays a hand with the given level per seat; calls `visit` before every decision. */
function playHand(seed: string, levels: AiLevel[], visit: (s: State, seat: number) => void = () => {}): State {
  let s = engine.setup(o, 4, seed);
  for (let i = 0; i < 3000 && !engine.result(s); i++) {
    const d = engine.pending(s)[0]!;
    visit(s, d.seat);
    const a = engine.ai(s, d.seat, levels[d.seat]);
    assert.ok(
      d.options.some((x) => same(x, a)),
      `${levels[d.seat]} played ${JSON.stringify(a)}, not an option`,
    );
    const r = engine.apply(s, d.seat, a);
    assert.ok(r.ok, r.ok ? '' : r.error.message);
    if (r.ok) s = r.value;
  }
  assert.ok(engine.result(s), 'the hand ends');
  return s;
}

test('every level plays legal moves, deterministically, and the hand ends', () => {
  for (let h = 0; h < 6; h++) {
    const levels: AiLevel[] = (['easy', 'normal', 'strong', 'easy', 'strong', 'normal'] as AiLevel[]).slice(h % 3, (h % 3) + 4);
    const a = playHand(`ai-${h}`, levels);
    const b = playHand(`ai-${h}`, levels);
    assert.deepEqual(engine.result(a), engine.result(b));
  }
});

test('easy makes mistakes the reference AI does not (and stays legal)', () => {
  let decisions = 0;
  let differ = 0;
  playHand('easy-1', ['normal', 'normal', 'normal', 'normal'], (s, seat) => {
    decisions++;
    if (!same(engine.ai(s, seat, 'easy'), engine.ai(s, seat, 'normal'))) differ++;
    assert.ok(same(engine.ai(s, seat, 'easy'), engine.ai(s, seat, 'easy')), 'easy is deterministic');
  });
  assert.ok(differ > 0 && differ < decisions, `${differ} of ${decisions} decisions differ`);
});

test('strong: its module reads no engine state (imports only views, actions, options, scoring, core, tiles)', () => {
  const src = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'games', 'classic-mahjong', 'ai-strong.ts'), 'utf8');
  const imports = [...src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)].map((m) => ({ type: !!m[1], from: m[2]! }));
  assert.ok(imports.length > 0);
  const allowed = [
    '../core/ai.js',
    '../core/options.js',
    '../mahjong/decompose.js',
    '../mahjong/tiles.js',
    './options.js',
    './scoring/score.js',
  ];
  for (const i of imports) {
    if (i.type && ['./actions.js', './views.js'].includes(i.from)) continue;
    assert.ok(allowed.includes(i.from), `ai-strong.ts imports ${i.from}`);
  }
  assert.doesNotMatch(src, /\bState\b/, 'no mention of the engine State');
});

test('strong decides from the seat knowledge: the same view gives the same decision, whatever is hidden', () => {
  let checked = 0;
  playHand('know-1', ['strong', 'normal', 'strong', 'normal'], (s, seat) => {
    const d = engine.pending(s).find((x) => x.seat === seat)!;
    const k = deepFreeze({ seat, view: engine.view(s, seat), table: engine.publicView(s), decision: d });
    const viaEngine = engine.ai(s, seat, 'strong');
    assert.deepEqual(strongPolicy(k), viaEngine, 'engine.ai(strong) is the policy on the seat knowledge');
    // swap hidden tiles: another seat's concealed tile against a live-wall tile of another kind
    const other = (seat + 1) % 4;
    const t = structuredClone(s);
    const hand = t.players[other]!.concealed;
    const w = t.wall.findIndex((x) => !hand.includes(x));
    if (w < 0 || hand.length === 0) return;
    const mine = hand[0]!;
    hand[0] = t.wall[w]!;
    t.wall[w] = mine;
    hand.sort();
    assert.deepEqual(engine.view(t, seat), engine.view(s, seat), 'the seat cannot see the swap');
    assert.deepEqual(engine.ai(t, seat, 'strong'), viaEngine);
    checked++;
  });
  assert.ok(checked > 20, `${checked} decisions checked`);
});

test("easy's careless discards are a beginner's: never a tile of a made set (three of a kind, a run)", () => {
  let careless = 0;
  for (let h = 0; h < 12; h++) {
    playHand(`easy-careless-${h}`, ['normal', 'normal', 'normal', 'normal'], (s, seat) => {
      const d = engine.pending(s).find((x) => x.seat === seat)!;
      const e = engine.ai(s, seat, 'easy');
      if (d.kind !== 'turn' || e.type !== 'discard' || same(e, engine.ai(s, seat, 'normal'))) return;
      const hand = engine.view(s, seat).hand;
      assert.ok(!madeSetTile(hand, e.tile), `easy broke a made set: ${e.tile} from ${hand.join(' ')}`);
      careless++;
    });
  }
  assert.ok(careless > 30, `careless discards seen: ${careless}`);
});
