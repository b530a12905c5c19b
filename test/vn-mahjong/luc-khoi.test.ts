/**
 * Lục Khôi (vn-mahjong.md §9 `luc-khoi`: 1 mủn on a 6th consecutive win, +1 per further win [RA]) across
 * the hands of a match. The run is the match's `streak`, carried by the next deal (setup.ts
 * `nextMatch`); the hands are dealt as a replay deals them, through a `@next-hand` log entry. Its
 * source (riichi_advanced viet_renchan.majs) resets the run for everyone on a drawn hand; before
 * 2026-12-05 a drawn hand left it intact.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { applyEntry, NEXT_HAND } from '../../src/store/replay.js';

type End = 'win' | 'draw' | 'false-win';
const SEED = 'luc-khoi';
const options = (o: Record<string, unknown> = {}) => {
  const r = resolveOptions(engine.options, { 'luc-khoi': true, ...o });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

/** `s` finished as `end`: a win by `person`, a drawn hand, or a Chao Ù by the seat after `person`'s. */
function finished(s: State, end: End, person: number): State {
  const seat = s.seatPerson.indexOf(person);
  const result = { winners: [], ranking: [], deltas: [0, 0, 0, 0], payments: [], items: [], unit: 'point', endedBy: end };
  const e =
    end === 'win'
      ? { kind: 'win', winner: seat, winBy: 'self-draw', from: null, tile: null, score: null, liable: null, result }
      : end === 'draw'
        ? { kind: 'draw', result }
        : { kind: 'false-win', from: (seat + 1) % 4, result };
  return { ...s, phase: 'ended', end: e as State['end'] };
}

/** A match of 4 people whose first hands end as `ends` (wins by `person`, the first dealer): the next hand, dealt. */
function after(ends: End[], o: Record<string, unknown> = {}): { s: State; person: number } {
  const opts = options(o);
  let s = engine.setup(opts, 4, SEED, null);
  const person = s.seatPerson[0]!;
  ends.forEach((end, k) => {
    const entry = { seq: k + 1, hand: k + 1, seat: null, action: { type: NEXT_HAND } };
    s = applyEntry(engine, opts, 4, SEED, finished(s, end, person), entry) as State;
  });
  return { s, person };
}

/** `person` wins hand `s` on a discarded 6z (a real win, settled by the engine) and its result. */
function wins(s: State, person: number) {
  const seat = s.seatPerson.indexOf(person);
  const others = [
    '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z',
    '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z',
    '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z',
  ];
  const hands = [0, 1, 2, 3].map((k) => (k === seat ? '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z' : others.shift()!));
  const r = engine.fromScenario(s.opts, 4, { position: { hands, claim: { tile: '6z', from: (seat + 1) % 4 } } });
  if (!r.ok) throw new Error(r.error.message);
  // the position, played at this point of the match
  const at: State = { ...r.value, match: s.match, seatPerson: s.seatPerson, roundWind: s.roundWind };
  const w = engine.apply(at, person, { type: 'win' });
  if (!w.ok) throw new Error(w.error.message);
  assert.equal(w.value.end?.kind, 'win');
  return engine.result(w.value)!;
}
const lucKhoi = (r: { items: { id: string; value: number }[] }) => r.items.filter((x) => x.id === 'luc-khoi').map((x) => x.value);

const FIVE: End[] = ['win', 'win', 'win', 'win', 'win'];

test('Lục Khôi: an unbroken run of 6 wins scores 1 mủn, 7 wins 2 mủn (§9)', () => {
  const five = after(FIVE);
  assert.deepEqual(five.s.match.streak, { person: five.person, wins: 5 });
  assert.deepEqual(lucKhoi(wins(five.s, five.person)), [6]);
  const six = after([...FIVE, 'win']);
  assert.deepEqual(lucKhoi(wins(six.s, six.person)), [12]);
  // and only with the option on
  const off = after(FIVE, { 'luc-khoi': false });
  assert.deepEqual(lucKhoi(wins(off.s, off.person)), []);
});

test('Lục Khôi: 5 wins, a drawn hand, then a win by the same person is not a 6th consecutive win', () => {
  const { s, person } = after([...FIVE, 'draw']);
  assert.deepEqual(s.match.streak, { person: -1, wins: 0 }, 'the drawn hand broke the run');
  assert.equal(s.seatPerson[0], person, 'the dealer kept the deal through the draw (dealer-rotation keep-on-win-or-draw)');
  assert.deepEqual(lucKhoi(wins(s, person)), []);
  // the run starts again from that win: 5 more wins make the 6th
  const again = after([...FIVE, 'draw', 'win', 'win', 'win', 'win', 'win']);
  assert.deepEqual(again.s.match.streak, { person, wins: 5 });
  assert.deepEqual(lucKhoi(wins(again.s, again.person)), [6]);
});

test('Lục Khôi: a Chao Ù (false-win = penalized) ends the hand as a drawn hand, and breaks the run too', () => {
  const { s, person } = after([...FIVE, 'false-win'], { 'false-win': 'penalized' });
  assert.deepEqual(s.match.streak, { person: -1, wins: 0 });
  assert.equal(s.seatPerson[0], person, 'a drawn hand for the dealer rotation as well');
  assert.deepEqual(lucKhoi(wins(s, person)), []);
});
