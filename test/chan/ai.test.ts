/** AI levels (issue #16): every level is legal; `strong` decides from the seat's knowledge only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engine, type ChanAction, type ChanState } from '../../src/games/chan/index.js';
import { knowledge } from '../../src/games/chan/ai.js';
import { strongAi } from '../../src/games/chan/strong.js';
import { Rng } from '../../src/games/core/rng.js';
import { AI_LEVELS, type AiLevel } from '../../src/games/core/ai.js';
import { opts } from './helpers.js';

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

/** The state with every card this seat cannot see (other concealed hands, the nọc) dealt anew. */
function reshuffleHidden(s: ChanState, seat: number, salt: string): ChanState {
  const t = structuredClone(s);
  const others = t.seats.map((_, k) => k).filter((k) => k !== seat);
  const pool = [...t.stock, ...others.flatMap((k) => t.seats[k]!.hand)];
  const mixed = new Rng(salt).shuffle(pool);
  let pos = 0;
  for (const k of others) {
    const h = t.seats[k]!.hand.length;
    t.seats[k]!.hand = mixed.slice(pos, pos + h);
    pos += h;
  }
  t.stock = mixed.slice(pos);
  return t;
}

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
});

test('easy is deterministic per decision', () => {
  const a = playHand('easy-det', ['easy', 'easy', 'easy', 'easy']);
  const b = playHand('easy-det', ['easy', 'easy', 'easy', 'easy']);
  assert.deepEqual(engine.result(a), engine.result(b));
});
