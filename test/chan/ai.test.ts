/** AI levels (issue #16): every level is legal; `strong` decides from the seat's knowledge only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engine, type ChanAction, type ChanState } from '../../src/games/chan/index.js';
import { knowledge } from '../../src/games/chan/ai.js';
import { strongAi } from '../../src/games/chan/strong.js';
import { AI_LEVELS, type AiLevel } from '../../src/games/core/ai.js';
import { opts, reshuffleHidden } from './helpers.js';

/** Plays one hand with the given level per seat; calls `visit` before every decision. */
function playHand(seed: string, levels: AiLevel[], o = opts(), visit?: (s: ChanState, seat: number) => void): ChanState {
  let s = engine.setup(o, levels.length, seed, null);
  for (let step = 0; step < 3000 && engine.pending(s).length; step++) {
    const d = engine.pending(s)[0]!;
    visit?.(s, d.seat);
    const a = engine.ai(s, d.seat, levels[d.seat]);
    assert.ok(
      // A xướng may be any list of cước (the options are its building blocks).
      a.type === 'xuong' ? d.options.some((x) => x.type === 'xuong') : d.options.some((x) => JSON.stringify(x) === JSON.stringify(a)),
      `${levels[d.seat]} played ${JSON.stringify(a)}, not among its options`,
    );
    const r = engine.apply(s, d.seat, a);
    assert.ok(r.ok, r.ok ? '' : r.error.message);
    s = r.value;
  }
  assert.ok(engine.result(s), 'the hand ended');
  return s;
}

test('ai levels: easy, normal and strong always play legal actions (4P and 5P, several presets)', () => {
  for (const preset of ['san-dinh', 'honor-table', 'online-client', 'seed-table']) {
    for (let g = 0; g < 6; g++) {
      const n = 4 + (g % 2);
      const levels = Array.from({ length: n }, (_, k) => AI_LEVELS[(g + k) % 3]!);
      playHand(`lv${preset}${g}`, levels, opts({}, preset));
    }
  }
});

test('ai: normal is the default level and unchanged by the level argument', () => {
  const s = engine.setup(opts(), 4, 'dflt', null);
  const d = engine.pending(s)[0]!;
  assert.deepEqual(engine.ai(s, d.seat), engine.ai(s, d.seat, 'normal'));
});

test('strong never reads the state: its choice does not change when the hidden cards are dealt anew', () => {
  let checked = 0;
  let differs = 0;
  for (let g = 0; g < 8; g++) {
    playHand(`hidden${g}`, ['strong', 'strong', 'normal', 'strong'], opts(), (s, seat) => {
      if ((checked++ & 3) !== 0) return;
      const mine = engine.ai(s, seat, 'strong');
      const other = reshuffleHidden(s, seat, `x${checked}`);
      assert.deepEqual(engine.ai(other, seat, 'strong'), mine);
      // The normal AI also sees only public data, but the hidden hands do change the game: a sanity
      // check that the reshuffle really moved cards.
      if (JSON.stringify(other.seats.map((x) => x.hand)) !== JSON.stringify(s.seats.map((x) => x.hand))) differs++;
    });
  }
  assert.ok(checked > 100 && differs > 20);
});

test('strong is given a SeatKnowledge only: the policy takes views, and its module never touches the state type', () => {
  const src = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'games', 'chan', 'strong.ts'), 'utf8');
  assert.doesNotMatch(src, /ChanState/);
  assert.doesNotMatch(src, /from '\.\/(rules|flow|finish|position|ai|index)\.js'/);
  assert.equal(strongAi.length, 1);
  // The knowledge holds no other seat's concealed cards.
  const s = engine.setup(opts(), 4, 'know', null);
  const d = engine.pending(s)[0]!;
  const k = knowledge(s, d.seat);
  assert.deepEqual(Object.keys(k).sort(), ['decision', 'seat', 'table', 'view']);
  const text = JSON.stringify(k);
  for (const [i, st] of s.seats.entries()) if (i !== d.seat) assert.ok(!text.includes(JSON.stringify(st.hand)));
  assert.ok(!text.includes(JSON.stringify(s.stock)));
  const a: ChanAction = strongAi(k);
  assert.deepEqual(engine.ai(s, d.seat, 'strong'), a);
  // Over whole hands (4 and 5 seats), at every decision: every card the deciding seat cannot see dealt
  // anew, its knowledge is the same.
  let checked = 0;
  let moved = 0;
  for (const n of [4, 5])
    playHand(`know${n}`, Array<AiLevel>(n).fill('normal'), opts(), (st, seat) => {
      const t = reshuffleHidden(st, seat, `know${n}-${checked++}`);
      if (JSON.stringify(t.seats.map((x) => x.hand)) !== JSON.stringify(st.seats.map((x) => x.hand))) moved++;
      assert.deepEqual(knowledge(t, seat), knowledge(st, seat), `seat ${seat}'s knowledge depends on cards hidden from it`);
    });
  assert.ok(checked > 50 && moved > 0.9 * checked, `the redeal moved cards in ${moved} of ${checked} checks`);
});

test('easy is deterministic per decision', () => {
  const a = playHand('easy-det', ['easy', 'easy', 'easy', 'easy']);
  const b = playHand('easy-det', ['easy', 'easy', 'easy', 'easy']);
  assert.deepEqual(engine.result(a), engine.result(b));
});
