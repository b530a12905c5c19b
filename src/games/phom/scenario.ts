/** Scenario starts for Phỏm (docs/scenarios-phom.md): a seed, a deck order, or a mid-hand position. */
import { flagProblem } from '../core/input.js';
import { ok, type Result, type ScenarioStart, type Seat } from '../core/types.js';
import { type Card, DECK, isCard } from './cards.js';
import { fail } from './actions.js';
import { badSend, eatLedger, readEat } from './cli.js';
import { phomKind } from './melds.js';
import type { Options } from './options.js';
import { eatenInHand, maySend, orderMeld, sentThisHand } from './plan.js';
import { checkInvariants } from './invariants.js';
import { type EatRecord, type Meld, type Phase, type State, dealDeck, prev, setup } from './state.js';

type Json = Record<string, unknown>;

export function fromScenario(opts: Options, n: number, start: ScenarioStart): Result<State> {
  if ('seed' in start) return ok(setup(opts, n, start.seed, null));
  if ('deck' in start) {
    const deck = start.deck;
    const bad = deck.find((c) => !isCard(c));
    if (bad !== undefined) return fail('bad-deck', { problem: `unknown card ${bad}` });
    if (new Set(deck).size !== 52 || deck.length !== 52)
      return fail('bad-deck', { problem: `${deck.length} cards, ${new Set(deck).size} distinct` });
    return ok(dealDeck(opts, n, deck as Card[], 0, 0));
  }
  return fromPosition(opts, n, start.position);
}

const cardList = (x: unknown, where: string): Card[] | string => {
  if (!Array.isArray(x)) return `${where} must be a list of cards`;
  const bad = x.find((c) => !isCard(c));
  return bad === undefined ? (x as Card[]) : `${where}: unknown card ${JSON.stringify(bad)}`;
};
const perSeatCards = (x: unknown, n: number, where: string, optional: boolean): Card[][] | string => {
  if (x === undefined && optional) return Array.from({ length: n }, () => []);
  if (!Array.isArray(x) || x.length !== n) return `${where} must list ${n} seats`;
  const out: Card[][] = [];
  for (let i = 0; i < n; i++) {
    const r = cardList(x[i], `${where}[${i}]`);
    if (typeof r === 'string') return r;
    out.push(r);
  }
  return out;
};
const isSeat = (x: unknown, n: number): x is Seat => Number.isInteger(x) && (x as number) >= 0 && (x as number) < n;
/** A list of distinct seats (absent: none). */
const seatList = (x: unknown, n: number, where: string): Seat[] | string => {
  if (x === undefined) return [];
  if (!Array.isArray(x) || !x.every((s) => isSeat(s, n)) || new Set(x).size !== x.length)
    return `${where} must list distinct seats (0–${n - 1}), not ${JSON.stringify(x)}`;
  return x as Seat[];
};
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

function fromPosition(opts: Options, n: number, p: unknown): Result<State> {
  const s = readPosition(opts, n, p);
  if (typeof s === 'string') return fail('bad-position', { problem: s });
  const problems = checkInvariants(s);
  if (problems.length) return fail('bad-position', { problem: problems.join('; ') });
  // Once the cards add up: whose turn it is and who has laid down, against the rows.
  const problem = rowsProblem(s) ?? layOrderProblem(s);
  if (problem) return fail('bad-position', { problem });
  return ok(s);
}

/** The position as an engine state, or the one problem that makes it a position no table reaches. */
function readPosition(opts: Options, n: number, x: unknown): State | string {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return 'position must be an object';
  const p = x as Json;
  const table = readTable(opts, n, p);
  if (typeof table === 'string') return table;
  const eats = readEats(opts, n, table.starter, p.eats, table.eaten);
  if (typeof eats === 'string') return eats;
  const round = readRound(opts, n, p, table, eats);
  if (typeof round === 'string') return round;
  const took = readTook(p);
  if (typeof took === 'string') return took;
  const s: State = {
    opts,
    n,
    ...table,
    ...round,
    ...took,
    shown: Array.from({ length: n }, () => []),
    laidDown: Array.from({ length: n }, (_, i) => table.layOrder.includes(i)),
    left: Array.from({ length: n }, (_, i) => table.left.includes(i)),
    layTurn: false,
    tai: false,
    ateThisTurn: null,
    lastDiscard: null,
    eats,
    ...eatLedger(eats),
    // phom.md §10.1: each eat's victim paid into the gà pot as it was made.
    gaIn: Array.from({ length: n }, (_, i) => sum(eats.filter((e) => e.victim === i).map((e) => e.pot))),
    end: null,
    last: null,
  };
  if (p.lastChotEater !== undefined) {
    if (p.lastChotEater !== null && !isSeat(p.lastChotEater, n))
      return `lastChotEater must be a seat or null, not ${JSON.stringify(p.lastChotEater)}`;
    s.lastChotEater = p.lastChotEater;
  }
  const problem = readLastDiscard(s, p.lastDiscard) ?? readTurn(s, p);
  if (problem) return problem;
  const shown = readShown(s, p.shown);
  if (typeof shown === 'string') return shown;
  s.shown = shown;
  return s;
}

/** Where the cards are and who sits how: seats, hands, rows, eaten cards, melds, stock, layOrder, left. */
function readTable(opts: Options, n: number, p: Json) {
  const starter = p.starter ?? 0;
  if (!isSeat(starter, n)) return 'starter must be a seat';
  const turn = p.turn;
  if (!isSeat(turn, n)) return 'turn must be a seat';
  const hands = perSeatCards(p.hands, n, 'hands', false);
  if (typeof hands === 'string') return hands;
  const rows = perSeatCards(p.rows, n, 'rows', true);
  if (typeof rows === 'string') return rows;
  const eaten = perSeatCards(p.eaten, n, 'eaten', true);
  if (typeof eaten === 'string') return eaten;
  const melds = readMelds(p.melds, n, opts['allow-qka']);
  if (typeof melds === 'string') return melds;
  const stock = readStock(p, new Set([...hands.flat(), ...rows.flat(), ...melds.flatMap((m) => m.cards)]));
  if (typeof stock === 'string') return stock;
  const layOrder = seatList(p.layOrder, n, 'layOrder');
  if (typeof layOrder === 'string') return layOrder;
  const left = seatList(p.left, n, 'left');
  if (typeof left === 'string') return left;
  // phom.md §11.3: a seat that leaves is played by the engine at once, so it never has the turn.
  if (left.includes(turn))
    return `left: seat ${turn} has the turn, but a seat that left is played by the engine to its discard (phom.md §11.3)`;
  return { starter, turn, hands, rows, eaten, melds, stock, layOrder, left };
}

/**
 * How far the hand has come (phom.md §6.4): row counts, the lead, the first turn, the phase, the turn
 * number (1 + the discards made, as the engine counts: the AI's choices depend on it); the gà pot
 * carried into the hand.
 */
function readRound(opts: Options, n: number, p: Json, table: { starter: Seat; rows: Card[][] }, eats: EatRecord[]) {
  const { starter, rows } = table;
  const rotation = opts['discard-rotation'];
  const rowCounts = (p.rowCounts as number[] | undefined) ?? rows.map((r) => r.length);
  if (!Array.isArray(rowCounts) || rowCounts.length !== n || rowCounts.some((c, i) => !Number.isInteger(c) || c < rows[i]!.length || c > 4))
    return 'rowCounts must give each seat a count from its row length to 4';
  const counts = countsProblem(rows, rowCounts, eats, rotation);
  if (counts) return counts;
  // The lead moves on one seat at every eat; without discard-rotation it stays with the starter.
  const lead = p.lead ?? (rotation ? (starter + eats.length) % n : starter);
  if (!isSeat(lead, n)) return `lead must be a seat (0–${n - 1}), not ${JSON.stringify(p.lead)}`;
  const discards = sum(rowCounts) + (rotation ? eats.length : 0);
  const flags = flagProblem(p, ['firstTurn', 'ateThisTurn', 'tai'], '');
  if (flags) return flags;
  const firstTurn = discards === 0;
  if (p.firstTurn !== undefined && p.firstTurn !== firstTurn)
    return firstTurn
      ? 'firstTurn false: no card has been discarded yet, so this is the first turn'
      : `firstTurn true: ${discards} discards have been made`;
  if (p.phase !== undefined && !['take', 'lay-down', 'act'].includes(p.phase as string)) return 'phase must be take, lay-down or act';
  if (firstTurn && p.phase === 'lay-down') return "phase lay-down: the starter's first turn is discard only (phom.md §5)";
  const phase: Phase = firstTurn ? 'act' : ((p.phase as Phase | undefined) ?? 'take');
  const turnNo = p.turnNo ?? 1 + discards;
  if (turnNo !== 1 + discards) return `turnNo must be ${1 + discards} (1 + the ${discards} discards made), not ${JSON.stringify(p.turnNo)}`;
  const gaPotStart = p.gaPot ?? 0;
  if (typeof gaPotStart !== 'number' || !Number.isInteger(gaPotStart) || gaPotStart < 0) return 'gaPot must be a whole number ≥ 0';
  // No pot ever fills at a table without it (a running table keeps its rules).
  if (gaPotStart > 0 && opts['ga-pot'] === 'off') return 'gaPot: this table has no gà pot (option ga-pot off)';
  return { rowCounts, lead, firstTurn, phase, turnNo, gaPotStart };
}

/** The card drawn this turn and the cards sent this turn (checked against the turn in `readTurn`). */
function readTook(p: Json) {
  const sentThisTurn = cardList(p.sentThisTurn ?? [], 'sentThisTurn');
  if (typeof sentThisTurn === 'string') return sentThisTurn;
  const drawn = p.drawn ?? null;
  if (drawn !== null && !isCard(drawn)) return `drawn: unknown card ${JSON.stringify(drawn)}`;
  return { sentThisTurn, drawn };
}

/** Laid-down phỏm: `{ owner, cards, sent? }`, `sent: [{ card, from }]` the cards other seats sent onto it. */
function readMelds(x: unknown, n: number, q: boolean): Meld[] | string {
  if (x === undefined) return [];
  if (!Array.isArray(x)) return 'melds must be a list of { owner, cards, sent? }';
  const melds: Meld[] = [];
  for (const [i, raw] of x.entries()) {
    if (!raw || typeof raw !== 'object') return `melds[${i}] must be an object { owner, cards, sent? }`;
    const m = raw as Json;
    const cards = cardList(m.cards, `melds[${i}].cards`);
    if (typeof cards === 'string') return cards;
    if (!isSeat(m.owner, n)) return `melds[${i}].owner must be a seat`;
    const sent = readSent(m.sent, n, cards, `melds[${i}].sent`);
    if (typeof sent === 'string') return sent;
    const kind = phomKind(cards, q);
    if (!kind) return `melds[${i}] [${cards.join(' ')}] is not a phỏm`;
    const ordered = orderMeld(cards, q);
    melds.push({ owner: m.owner, kind, cards: ordered, own: ordered.filter((c) => !sent.some((y) => y.card === c)), sent });
  }
  return melds;
}

function readSent(x: unknown, n: number, cards: readonly Card[], where: string): Meld['sent'] | string {
  if (x === undefined) return [];
  const bad = `${where}: each sent card must be in the meld, from a seat ({ card, from })`;
  if (!Array.isArray(x)) return bad;
  const out: Meld['sent'] = [];
  for (const y of x as unknown[]) {
    const { card, from } = (y && typeof y === 'object' ? y : {}) as Json;
    if (!isCard(card) || !isSeat(from, n) || !cards.includes(card)) return bad;
    out.push({ card, from });
  }
  return out;
}

function readStock(p: Json, placed: ReadonlySet<string>): Card[] | string {
  if (p.stock !== undefined) return cardList(p.stock, 'stock');
  // Convenience: `stockTop` (next draws, top first) then every card not placed, in canonical order.
  const top = p.stockTop === undefined ? [] : cardList(p.stockTop, 'stockTop');
  if (typeof top === 'string') return top;
  return [...top, ...DECK.filter((c) => !placed.has(c) && !top.includes(c))];
}

/**
 * The eat records, explicit or one per eaten card (victim = the previous seat, not a chốt), checked
 * as the score CLI checks them (cli.ts `readEat`) and against `eaten`: one record per eaten card.
 * Each pays as in play (§10.1): `amount` to the eater (the option's payment unless given), and with
 * `ga-pot` the victim's payment into the pot.
 */
function readEats(opts: Options, n: number, starter: Seat, raw: unknown, eaten: Card[][]): EatRecord[] | string {
  if (raw !== undefined && !Array.isArray(raw)) return 'eats must be a list of { eater, victim, card, chot?, amount? }';
  const list: unknown[] = (raw as unknown[] | undefined) ?? eaten.flatMap((cs, eater) => cs.map((card) => ({ eater, card })));
  const eats: EatRecord[] = [];
  for (const [i, e] of list.entries()) {
    const rec = readEat(opts, n, starter, eats, e, i);
    if (typeof rec === 'string') return rec;
    if (!eaten[rec.eater]!.includes(rec.card))
      return `eats[${i}]: ${rec.card} is not among the cards seat ${rec.eater} has eaten (eaten[${rec.eater}])`;
    const amount = (e as Json).amount;
    if (amount !== undefined) {
      if (!Number.isInteger(amount) || (amount as number) < 0) return `eats[${i}].amount must be a whole number ≥ 0`;
      rec.amount = amount as number;
    }
    eats.push(rec);
  }
  for (let i = 0; i < n; i++)
    for (const c of eaten[i]!) if (!eats.some((e) => e.eater === i && e.card === c)) return `eaten ${c} of seat ${i} has no eat record`;
  return eats;
}

/**
 * phom.md §6.4: with discard-rotation a row's count is its length (eaten cards leave it, moved cards
 * join it); without, the discards made: the row plus the cards eaten from it.
 */
function countsProblem(rows: Card[][], rowCounts: number[], eats: EatRecord[], rotation: boolean): string | null {
  for (const [i, row] of rows.entries()) {
    const want = row.length + (rotation ? 0 : eats.filter((e) => e.victim === i).length);
    if (rowCounts[i] !== want)
      return `rowCounts[${i}] must be ${want}: ${rotation ? 'with discard-rotation the count is the row length' : 'without discard-rotation the row plus the cards eaten from it'} (phom.md §6.4)`;
  }
  return null;
}

/**
 * phom.md §6.4: play runs in plain seat order, no seat skipped: counted from the lead the rows read
 * k,…,k, k−1,…,k−1 and the active seat is the first with k−1. Checked: no row is longer than the
 * lead's (it discards first in every round) and, when a row is shorter, the active seat is the first
 * such from the lead. Rows after it may be shorter still: a position may leave out discards that
 * change nothing (the §14 Ex 14 files). The starter's first turn is its own (§4).
 */
function rowsProblem(s: State): string | null {
  if (s.firstTurn && s.turn !== s.starter)
    return `turn: no card has been discarded yet, so the starter (seat ${s.starter}) plays (phom.md §4)`;
  const from = (j: number): Seat => (s.lead + j) % s.n;
  const count = (j: number): number => s.rowCounts[from(j)]!;
  const seats = Array.from({ length: s.n }, (_, j) => j);
  const rows = `rows from the lead, seat ${s.lead}: ${seats.map(count).join(' ')}`;
  const longer = seats.find((j) => count(j) > count(0));
  if (longer !== undefined)
    return `rows: seat ${from(longer)}'s row is longer than the lead's, but the lead discards first in every round (${rows}; phom.md §6.4)`;
  const shorter = seats.find((j) => count(j) < count(0));
  if (shorter !== undefined && from(shorter) !== s.turn)
    return `turn: seat ${s.turn} cannot play now, seat ${from(shorter)} is next (${rows}; the active seat is the first with one card fewer, phom.md §6.4)`;
  return null;
}

/** Who has laid down (phom.md §5 H, §7.4, §7.5), against the rows, the melds and the sends. */
function layOrderProblem(s: State): string | null {
  for (const [i, m] of s.melds.entries()) {
    if (!s.laidDown[m.owner]) return `melds[${i}]: seat ${m.owner} has not laid down (it is not in layOrder)`;
    const x = badSend(m, s.melds);
    if (x)
      return `melds[${i}].sent: seat ${x.from} cannot have sent ${x.card}: a seat sends onto another seat's phỏm, once it has laid its own (phom.md §7.5)`;
  }
  for (let i = 0; i < s.n; i++) {
    // The lay-down turn is the one whose row holds 3 after the take; a tái eat by the lead drops it to 2.
    const least = i === s.turn && s.phase !== 'take' ? 2 : 3;
    if (s.laidDown[i] && s.rowCounts[i]! < least)
      return `layOrder: seat ${i} lays down in the turn its row holds 3 (phom.md §5 H), but its row holds ${s.rowCounts[i]}`;
  }
  // §6.4 off: the lead stays with the starter, so the seats lay down in turn from it.
  if (!s.opts['discard-rotation'] && s.layOrder.some((x, k) => x !== (s.starter + k) % s.n))
    return `layOrder: without discard-rotation the seats lay down in turn from the starter (seat ${s.starter}) (phom.md §6.4)`;
  // §6.5 victim-final: a chốt is the discard that fills the victim's row to 4, after its lay-down.
  if (s.opts['chot-definition'] === 'victim-final')
    for (const [i, e] of s.eats.entries())
      if (e.chot && !s.laidDown[e.victim])
        return `eats[${i}]: a chốt is seat ${e.victim}'s 4th discard, made after its lay-down, but seat ${e.victim} is not in layOrder (phom.md §6.5)`;
  return null;
}

/** The card on offer (phom.md §6.1), set on `s`. */
function readLastDiscard(s: State, x: unknown): string | null {
  if (x === undefined || x === null) return null;
  const ld = x as Json;
  if (typeof x !== 'object' || !isSeat(ld.seat, s.n) || !isCard(ld.card)) return 'lastDiscard needs seat and card';
  const row = s.rows[ld.seat]!;
  if (row[row.length - 1] !== ld.card) return `lastDiscard ${ld.card} must be the last card of row ${ld.seat}`;
  if (s.phase !== 'take' || ld.seat !== prev(s, s.turn))
    return 'lastDiscard must come from the seat before the active one, in the take phase';
  // phom.md §6.5: the discard that fills the row to 4 is a chốt (the engine marks every discard so).
  const chot = s.rowCounts[ld.seat] === 4;
  if (ld.chot !== undefined && ld.chot !== chot)
    return `lastDiscard.chot must be ${chot}: ${ld.card} is seat ${ld.seat}'s discard number ${s.rowCounts[ld.seat]}, and only the 4th is a chốt (phom.md §6.5)`;
  s.lastDiscard = { seat: ld.seat, card: ld.card, chot };
  return null;
}

/**
 * The active seat's step and what it did this turn (phom.md §5): its lay-down or tái turn, the card
 * it took (drawn, or eaten: the last eat record), the cards it sent. Sets those flags on `s`.
 */
function readTurn(s: State, p: Json): string | null {
  const t = s.turn;
  const laid = s.laidDown[t]!;
  const row = s.rowCounts[t]!;
  const held = eatenInHand(s, t);
  if (s.phase === 'take') {
    if (s.drawn !== null || s.sentThisTurn.length || p.ateThisTurn === true || p.tai !== undefined)
      return 'phase take: the active seat has not taken yet, so drawn, sentThisTurn, ateThisTurn and tai are not given';
    return null;
  }
  if (s.phase === 'lay-down') {
    if (!laid && row !== 3) return `phase lay-down: seat ${t}'s row holds ${row}; its lay-down turn is the one it holds 3 (phom.md §5 H)`;
    if (laid && !held.length)
      return `phase lay-down: seat ${t} laid down before; a tái turn starts with a lay-down only to lay an eaten card (phom.md §5 H′, §7.3 C3)`;
    s.layTurn = !laid;
    s.tai = laid;
  } else if (laid) {
    const earlier = laidEarlier(s, p.tai as boolean | undefined);
    if (typeof earlier === 'string') return earlier;
    s.layTurn = !earlier;
    s.tai = earlier;
  } else if (row === 3 && !s.firstTurn)
    return `phase act: this is seat ${t}'s lay-down turn (its row holds 3), which starts in phase lay-down (phom.md §5 H)`;
  return takenProblem(s, p.ateThisTurn as boolean | undefined) ?? sentProblem(s);
}

/**
 * Phase act, the active seat in layOrder: did it lay down in an earlier turn (a tái turn, phom.md §5
 * H′) or in this one, its lay-down turn? A tái is owed by a seat that had laid down when it was the
 * lead at an eat (§6.4: its row drops back to 3). The facts below settle it; else the position says
 * (`tai`), by default this turn.
 */
function laidEarlier(s: State, given: boolean | undefined): boolean | string {
  const t = s.turn;
  const led = s.eats.filter((_, i) => (s.starter + i) % s.n === t);
  const last = led.at(-1);
  const facts: [boolean, boolean, string][] = [
    [!s.opts['discard-rotation'], false, 'there is no tái without discard-rotation'],
    [s.layOrder.at(-1) !== t, true, `seats laid down after seat ${t}`],
    [s.rowCounts[t] !== 3, true, `its row holds ${s.rowCounts[t]}, not the 3 of a lay-down turn`],
    [s.melds.some((m) => m.owner === t && m.sent.length > 0), true, 'others sent onto its phỏm'],
    [sentThisHand(s, t) > s.sentThisTurn.length, true, 'it sent cards before this turn'],
    [led.length === 0, false, 'it never was the lead at an eat, so its row never shrank'],
    // A seat that had not laid down leads with a row of at most 3: no other seat's eat is then a
    // chốt, neither the victim's 4th discard nor an eat by a row of 3 (§6.5).
    [last !== undefined && last.chot && last.eater !== t, true, `it led when seat ${last?.eater} ate a chốt`],
  ];
  const sure = facts.find(([applies]) => applies);
  if (!sure) return given ?? false;
  if (given !== undefined && given !== sure[1])
    return `tai ${given}: seat ${t} laid down ${sure[1] ? 'in an earlier turn' : 'in this turn'}: ${sure[2]} (phom.md §5 H′, §6.4)`;
  return sure[1];
}

/**
 * The card taken this turn (phom.md §8.2: it completes an Ù; §11.1: eating a chốt and declaring Ù in
 * the same turn is đánh-chốt đền). `drawn` says a draw; else, by default, the active seat ate this
 * turn when the hand's last eat is its own (`ateThisTurn: false` says it drew a card not given).
 */
function takenProblem(s: State, given: boolean | undefined): string | null {
  const t = s.turn;
  const last = s.eats.at(-1);
  const could = !s.firstTurn && s.drawn === null && last?.eater === t;
  if (given === true && !could)
    return `ateThisTurn: seat ${t} ate this turn only if the hand's last eat record is its own and no drawn card is given`;
  s.ateThisTurn = (given ?? could) && could ? last! : null;
  if (s.drawn === null) return null;
  if (s.firstTurn) return "drawn: the starter's first turn takes no card";
  // phom.md §5: the drawn card stays the turn's card when it is laid down or sent.
  const own = s.melds.some((m) => m.owner === t && m.own.includes(s.drawn!));
  if (!s.hands[t]!.includes(s.drawn) && !own && !s.sentThisTurn.includes(s.drawn))
    return `drawn ${s.drawn} must be in seat ${t}'s hand, in its phỏm or among sentThisTurn`;
  return null;
}

/** Cards sent this turn (§7.5): on the table from the active seat, sent after its lay-down. */
function sentProblem(s: State): string | null {
  const t = s.turn;
  for (const c of s.sentThisTurn)
    if (!s.melds.some((m) => m.sent.some((x) => x.card === c && x.from === t)))
      return `sentThisTurn: ${c} must be on a phỏm as sent by seat ${t} (melds[].sent)`;
  if (s.sentThisTurn.length && !maySend(s, t))
    return `sentThisTurn: seat ${t} sends only in its lay-down or tái turn, after laying its own phỏm (phom.md §7.5)`;
  return null;
}

/**
 * eat-reveal = phom (phom.md §6.3): the hand cards shown beside the eaten ones since the eats, which
 * the cards alone do not tell (the engine shows the phỏm each eat completed, with the hand of then).
 * Given per seat (`shown`); none by default.
 */
function readShown(s: State, x: unknown): Card[][] | string {
  if (x === undefined) return s.hands.map(() => []);
  const shown = perSeatCards(x, s.n, 'shown', false);
  if (typeof shown === 'string') return shown;
  for (const [i, cs] of shown.entries())
    for (const c of cs)
      if (s.opts['eat-reveal'] !== 'phom' || !s.hands[i]!.includes(c) || s.eaten[i]!.includes(c))
        return `shown[${i}]: ${c} must be a card of seat ${i}'s hand, not eaten, shown with eat-reveal phom (phom.md §6.3)`;
  return shown;
}
