/**
 * The Phỏm scenario loader (src/games/phom/scenario.ts, docs/scenarios-phom.md): a position taken
 * from play loads as that play (the turn's flags, the card taken, the gà pot, the views), and a
 * position no table can reach is refused with one line naming the problem.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type Action, type State } from '../../src/games/phom/index.js';
import { score } from '../../src/games/phom/cli.js';
import { applyOk, opts, stateOf } from './helpers.js';

type Pos = Record<string, unknown>;

/** A played state as a scenario position, with no field the loader derives (ateThisTurn, tai, firstTurn). */
function positionOf(s: State): Pos {
  return {
    starter: s.starter,
    turn: s.turn,
    phase: s.phase,
    hands: s.hands,
    rows: s.rows,
    melds: s.melds.map((m) => ({ owner: m.owner, cards: m.cards, sent: m.sent })),
    layOrder: s.layOrder,
    lead: s.lead,
    eaten: s.eaten,
    eats: s.eats.map((e) => ({ eater: e.eater, victim: e.victim, card: e.card, chot: e.chot })),
    stock: s.stock,
    left: s.left.flatMap((l, i) => (l ? [i] : [])),
    gaPot: s.gaPotStart,
    turnNo: s.turnNo,
    sentThisTurn: s.sentThisTurn,
    ...(s.opts['discard-rotation'] ? {} : { rowCounts: s.rowCounts }),
    ...(s.lastDiscard ? { lastDiscard: s.lastDiscard } : {}),
    ...(s.drawn && s.phase !== 'take' ? { drawn: s.drawn } : {}),
    ...(s.opts['eat-reveal'] === 'phom' ? { shown: s.shown } : {}),
  };
}

const load = (p: Pos, n: number, over: Record<string, unknown> = {}) => engine.fromScenario(opts(over), n, { position: p });
const loaded = (p: Pos, n: number, over: Record<string, unknown> = {}): State => {
  const r = load(p, n, over);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
/** The refusal's message, which must be one line; fails when the position loads. */
function refused(p: Pos, n: number, over: Record<string, unknown> = {}): string {
  const r = load(p, n, over);
  assert.ok(!r.ok, 'the position loaded');
  assert.equal(r.error.code, 'phom/bad-position');
  assert.ok(!r.error.message.includes('\n'), r.error.message);
  return r.error.message;
}

/** A seeded hand played by the engine's AI: its states and the actions between them. */
function play(over: Record<string, unknown>, n: number, seed: string) {
  let s = engine.setup(opts(over), n, seed, null);
  const states = [s];
  const acts: { seat: number; a: Action }[] = [];
  while (!engine.result(s)) {
    const seat = engine.pending(s)[0]!.seat;
    const a = engine.ai(s, seat);
    acts.push({ seat, a });
    s = applyOk(s, seat, a);
    states.push(s);
  }
  return { states, acts };
}

/** The first state of a seeded hand (seeds `${seed}:0`, `:1`, …) that `pick` accepts. */
function playedUntil(over: Record<string, unknown>, n: number, seed: string, pick: (s: State) => boolean): State {
  for (let t = 0; t < 60; t++) {
    const found = play(over, n, `${seed}:${t}`).states.find((s) => !s.end && pick(s));
    if (found) return found;
  }
  throw new Error(`no state found for ${seed}`);
}

const noLast = (v: object) => ({ ...v, last: null });

test('a position taken at any step of play loads as that play: pending, every view, the result (§5, §6.4, §10.1)', () => {
  const variants: Record<string, unknown>[] = [
    {},
    { 'ga-pot': 'escalating' },
    { 'discard-rotation': false },
    { 'chot-definition': 'eater-final', 'ga-pot': 'flat' },
    { 'eat-reveal': 'phom', 'allow-qka': true },
  ];
  for (const over of variants)
    for (const n of [2, 3, 4]) {
      const { states, acts } = play(over, n, `loader-${n}-${JSON.stringify(over)}`);
      const end = engine.result(states.at(-1)!);
      for (let k = 0; k < acts.length; k++) {
        const where = `${JSON.stringify(over)} n=${n} step ${k}`;
        const s = loaded(positionOf(states[k]!), n, over);
        assert.deepEqual(engine.pending(s), engine.pending(states[k]!), where);
        for (let seat = 0; seat < n; seat++)
          assert.deepEqual(noLast(engine.view(s, seat)), noLast(engine.view(states[k]!, seat)), `${where} seat ${seat}`);
        let t = s;
        for (const { seat, a } of acts.slice(k)) t = applyOk(t, seat, a);
        assert.deepEqual(engine.result(t), end, where);
      }
    }
});

test('§11.1 đánh-chốt đền: Ù right after eating a chốt, loaded after the eat, settles as play (Ex 11)', () => {
  const ate = stateOf('14-11-danh-chot-den.json', {}, 1);
  const won = (s: State) => engine.result(applyOk(s, 1, { type: 'u' }))!;
  const s = loaded(positionOf(ate), 4);
  assert.deepEqual(won(s).den, { payer: 0, trigger: 'den-danh-chot' });
  assert.deepEqual(won(s).deltas, [-19, 19, 0, 0]);
  assert.deepEqual(engine.publicView(applyOk(s, 1, { type: 'u' })).winning?.taken, { card: '9S', how: 'eat', from: 0 });
  // `ateThisTurn: false` says the seat drew a card the position does not name: a plain Ù.
  const drew = loaded({ ...positionOf(ate), ateThisTurn: false }, 4);
  assert.equal(won(drew).den, null);
  assert.match(refused({ ...positionOf(ate), drawn: ate.hands[1]![0], ateThisTurn: true }, 4), /ateThisTurn/);
});

test('§5: the drawn card stays the turn’s card once laid down or sent (the seat view’s drawn)', () => {
  const s = playedUntil({}, 4, 'drawn-laid', (x) => x.phase === 'act' && x.drawn !== null && !x.hands[x.turn]!.includes(x.drawn));
  const t = loaded(positionOf(s), 4);
  assert.equal(engine.view(t, s.turn).drawn, s.drawn);
  assert.match(refused({ ...positionOf(s), drawn: s.stock[0] }, 4), /drawn/);
});

test('§10.1 gà pot: the eats of a position paid into the pot as they were made', () => {
  const after = stateOf('14-09-three-eats-den.json', { 'ga-pot': 'escalating' }, 4);
  assert.equal(after.eats.length, 1);
  const s = loaded(positionOf(after), 3, { 'ga-pot': 'escalating' });
  assert.equal(engine.publicView(s).gaPot, 1);
  assert.deepEqual(s.gaIn, after.gaIn);
});

test('§5 H, H′: a lay-down turn after its lay-down is no tái turn; a tái turn is one (public view)', () => {
  const lay = playedUntil({}, 4, 'lay-act', (x) => x.phase === 'act' && x.layTurn && x.laidDown[x.turn]!);
  assert.deepEqual(
    [engine.publicView(loaded(positionOf(lay), 4)).isLayDownTurn, engine.publicView(loaded(positionOf(lay), 4)).isTai],
    [true, false],
  );
  const tai = playedUntil({}, 4, 'tai-act', (x) => x.phase === 'act' && x.tai);
  assert.deepEqual(
    [engine.publicView(loaded(positionOf(tai), 4)).isTai, engine.publicView(loaded(positionOf(tai), 4)).isLayDownTurn],
    [true, false],
  );
});

test('§6.3 eat-reveal = phom: the cards shown with an eat are given by `shown`', () => {
  const over = { 'eat-reveal': 'phom' };
  const s = playedUntil(over, 4, 'shown', (x) => x.shown.some((c) => c.length > 0));
  assert.deepEqual(engine.publicView(loaded(positionOf(s), 4, over)).shownInHand, engine.publicView(s).shownInHand);
  const seat = s.shown.findIndex((c) => c.length > 0);
  assert.match(refused({ ...positionOf(s), shown: s.hands.map((_, i) => (i === seat ? [s.stock[0]] : [])) }, 4, over), /shown\[/);
});

// A 4p position: seat 2 to take, rows [1, 1, 0, 0], no eat yet.
const base = () => positionOf(playedUntil({}, 4, 'base', (x) => x.phase === 'take' && x.rowCounts.join() === '1,1,0,0' && !x.eats.length));

test('§6.4 turn and rows: a skipped seat, a starter the rows contradict, the first turn elsewhere', () => {
  assert.ok(load(base(), 4).ok);
  const { lastDiscard: _, ...p } = base();
  assert.match(refused({ ...p, turn: 3 }, 4), /^.*seat 3 cannot play now, seat 2 is next/);
  assert.match(refused({ ...p, turn: 0, turnNo: undefined }, 4), /seat 0 cannot play now/);
  assert.match(refused({ ...p, starter: 2, lead: undefined }, 4), /longer than the lead's/);
  assert.match(refused({ ...p, firstTurn: true }, 4), /firstTurn true/);
  assert.match(refused({ ...p, turnNo: 9 }, 4), /turnNo must be 3/);
});

test('§5 H: the phase follows the rows; layOrder, melds and sends follow the lay-downs', () => {
  const p = base();
  // Seat 2 drew (10 cards), but its row holds 0: no lay-down turn.
  const { lastDiscard: _, ...noOffer } = p;
  const [top, ...stock] = p.stock as string[];
  const hands = (p.hands as string[][]).map((h, i) => (i === 2 ? [...h, top!] : h));
  assert.match(refused({ ...noOffer, phase: 'lay-down', hands, stock }, 4), /phase lay-down: seat 2's row holds 0/);
  assert.match(refused({ ...p, layOrder: [1] }, 4), /layOrder: seat 1 lays down in the turn its row holds 3/);
  const down = playedUntil({}, 4, 'lay-due', (x) => x.phase === 'lay-down' && !x.laidDown[x.turn]);
  assert.match(refused({ ...positionOf(down), phase: 'act' }, 4), /lay-down turn \(its row holds 3\), which starts in phase lay-down/);
  const laid = playedUntil({}, 4, 'laid', (x) => x.phase === 'take' && x.melds.length > 0 && x.layOrder.length === 1);
  assert.match(refused({ ...positionOf(laid), layOrder: [] }, 4), /has not laid down \(it is not in layOrder\)/);
});

test('§6.5 lastDiscard: a chốt is a 4th discard, never a first one', () => {
  const p = base();
  assert.match(refused({ ...p, lastDiscard: { ...(p.lastDiscard as object), chot: true } }, 4), /lastDiscard.chot must be false/);
});

test('§11.3 the active seat never is a seat that left; left and lead list seats', () => {
  assert.match(refused({ ...base(), left: [2] }, 4), /left: seat 2 has the turn/);
  assert.match(refused({ ...base(), left: [9] }, 4), /left must list distinct seats \(0–3\), not \[9\]/);
  assert.match(refused({ ...base(), lead: 7 }, 4), /lead must be a seat \(0–3\), not 7/);
});

test('eats are checked as the score CLI checks them, and against eaten (§6.1, §6.2)', () => {
  const s = playedUntil({}, 4, 'eat', (x) => x.eats.length === 1 && x.phase === 'take');
  const p = positionOf(s);
  const e = (p.eats as Pos[])[0]!;
  assert.match(refused({ ...p, eats: [e, e, e] }, 4), /eats\[1\]: \S+ is eaten twice/);
  assert.match(refused({ ...p, eats: [e, { ...e, card: s.stock[0] }] }, 4), /is not among the cards seat \d has eaten/);
  const wrong = refused({ ...p, eats: [{ ...e, victim: ((e.eater as number) + 2) % 4 }] }, 4);
  assert.match(wrong, /can only eat from seat \d, the previous seat/);
  // The same words as the score CLI's, from the same check.
  const cli = score({ seats: [{}, {}, {}, {}], eats: [{ eater: e.eater, victim: ((e.eater as number) + 2) % 4, card: e.card }] }) as {
    reason: string;
  };
  assert.ok(wrong.endsWith(cli.reason), `${wrong} / ${cli.reason}`);
});

test('malformed fields are refused with one clear line, never a TypeError', () => {
  const p = base();
  assert.match(refused({ ...p, melds: 5 }, 4), /melds must be a list of \{ owner, cards, sent\? \}/);
  assert.match(refused({ ...p, melds: [null] }, 4), /melds\[0\] must be an object/);
  assert.match(refused({ ...p, eats: [null] }, 4), /eats\[0\] needs eater/);
  assert.match(refused({ ...p, sentThisTurn: 'XX' }, 4), /sentThisTurn must be a list of cards/);
  const sender = playedUntil({}, 4, 'send', (x) => engine.pending(x)[0]!.options.some((o) => o.type === 'send'));
  assert.match(
    refused({ ...positionOf(sender), sentThisTurn: [sender.hands[sender.turn]![0]] }, 4),
    /sentThisTurn: \S+ must be on a phỏm as sent by seat/,
  );
});
