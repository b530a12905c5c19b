/**
 * `npm run cli -- score --game phom` (issue #15): settle a given end position (each seat's laid phỏm
 * and leftover cards, who went down first, Ù / Móm flags, the eats) → ranking and payments.
 *
 * The position is turned into a finished engine `State` and settled by the engine's own `settle`
 * (scoring/settle.ts), with eat payments from the same `eatPayment`/`potPayment`: there is no second
 * copy of the settlement rules here, only parsing and checking. Input format: docs/scenarios-phom.md
 * § "score input". One position → one answer; an array → an array, one entry per position. Never
 * throws: a bad position → `{ valid: false, reason }`.
 */
import { bracketGroups, flagProblem } from '../core/input.js';
import { resolveOptions } from '../core/options.js';
import type { Seat } from '../core/types.js';
import { type Card, isCard, sortCards } from './cards.js';
import { ownedCount } from './invariants.js';
import { isTron, isUKhan, minLeftoverCount, phomKind } from './melds.js';
import { OPTIONS, type Options } from './options.js';
import { orderMeld } from './plan.js';
import { eatPayment, potPayment, rankSeats, settle } from './scoring/settle.js';
import { type EatRecord, type EndInfo, type Meld, type State, prev } from './state.js';

type Raw = Record<string, unknown>;
type Invalid = { valid: false; reason: string };
const invalid = (reason: string): Invalid => ({ valid: false, reason });

/** Cards as a list of codes or one string ("5H 6H 7H"). */
function cards(x: unknown, where: string): Card[] | string {
  const list =
    typeof x === 'string'
      ? x
          .replace(/[[\],]/g, ' ')
          .split(/\s+/)
          .filter(Boolean)
      : x;
  if (!Array.isArray(list)) return `${where} must be a list of card codes`;
  const bad = list.find((c) => !isCard(c));
  return bad === undefined ? (list as Card[]) : `${where}: unknown card ${JSON.stringify(bad)}`;
}

/** Phỏm as a list of card lists, or one string "[5H 6H 7H] [7C 7D 7S]". */
function phomList(x: unknown, where: string): Card[][] | string {
  if (x === undefined || x === null) return [];
  const groups = typeof x === 'string' ? bracketGroups(x, where, 'phỏm', '[5H 6H 7H] [7C 7D 7S]') : x;
  if (typeof groups === 'string') return groups;
  if (!Array.isArray(groups)) return `${where} must be a list of phỏm, e.g. [["5H","6H","7H"]] or "[5H 6H 7H] [7C 7D 7S]"`;
  const out: Card[][] = [];
  for (const [i, g] of groups.entries()) {
    const c = cards(g, `${where}[${i}]`);
    if (typeof c === 'string') return c;
    out.push(c);
  }
  return out;
}

const isSeat = (x: unknown, n: number): x is Seat => Number.isInteger(x) && (x as number) >= 0 && (x as number) < n;
type UFlag = 'u' | 'u-tron' | 'u-khan' | 'any';
const U_FLAGS: Record<string, UFlag> = { u: 'u', 'u-tron': 'u-tron', tron: 'u-tron', 'u-khan': 'u-khan', khan: 'u-khan' };
/** A seat's `u` field: absent/false → null; true → 'any' (the kind follows from the cards); else the kind, or undefined if unknown. */
function uFlag(x: unknown): UFlag | null | undefined {
  if (x === undefined || x === null || x === false) return null;
  if (x === true) return 'any';
  return typeof x === 'string' ? U_FLAGS[x] : undefined;
}

/**
 * Eat record `i` of a position (`{ eater, victim?, card, chot? }`), the records before it given, or
 * why the table could not have made it: the checks every Phỏm position's eats pass, mid-hand
 * (scenario.ts) or at the end (here). The victim is the previous seat (§6.1), a seat eats at most 3
 * cards (§6.2), no card is eaten twice, and without discard-rotation under victim-final the chốt of
 * the seat before the starter is never eaten and each seat discards one chốt (§6.4, §6.5). Payments
 * as the engine makes them (§10.1); `turnNo` is the record's place in the list.
 */
/** What a hand's eats left in its state: the last chốt's eater and each eat's payment (§10.1). */
export function eatLedger(eats: readonly EatRecord[]): Pick<State, 'lastChotEater' | 'payments'> {
  return {
    lastChotEater: [...eats].reverse().find((e) => e.chot)?.eater ?? null,
    payments: eats
      .filter((e) => e.amount > 0)
      .map((e) => ({ from: e.victim, to: e.eater, amount: e.amount, reason: e.chot ? 'eat-chot' : 'eat' })),
  };
}

export function readEat(
  opts: Options,
  n: number,
  starter: Seat,
  before: readonly EatRecord[],
  raw: unknown,
  i: number,
): EatRecord | string {
  const e = (raw ?? {}) as Raw;
  if (typeof e !== 'object' || !isSeat(e.eater, n) || !isCard(e.card)) return `eats[${i}] needs eater (a seat) and card`;
  // A `"true"` chốt was paid as a plain eat.
  const flag = flagProblem(e, ['chot'], `eats[${i}].`);
  if (flag) return flag;
  const eater = e.eater;
  const victim = e.victim ?? prev({ n }, eater);
  // phom.md §6.1: only the previous seat's fresh discard can be eaten.
  if (victim !== prev({ n }, eater))
    return `eats[${i}]: seat ${eater} can only eat from seat ${prev({ n }, eater)}, the previous seat (phom.md §6.1)`;
  const chot = e.chot === true;
  // §6.4 off, §6.5 victim-final: the chốt of the seat before the starter is the hand's last discard
  // (none eats it: the hand ends), and each seat discards one chốt.
  if (chot && !opts['discard-rotation'] && opts['chot-definition'] === 'victim-final') {
    if (victim === prev({ n }, starter))
      return `eats[${i}]: without discard-rotation seat ${victim}'s chốt is the hand's last discard and is never eaten (phom.md §6.4)`;
    if (before.some((y) => y.chot && y.victim === victim)) return `eats[${i}]: seat ${victim} discards one chốt (phom.md §6.5)`;
  }
  const k = before.filter((y) => y.eater === eater).length + 1;
  if (k > 3) return `eats[${i}]: a seat eats at most 3 cards in a hand (phom.md §6.2)`;
  if (before.some((y) => y.card === e.card)) return `eats[${i}]: ${e.card} is eaten twice`;
  const fromV = before.filter((y) => y.victim === victim).length + 1;
  return { eater, victim, card: e.card, chot, k, amount: eatPayment(opts, chot, k), pot: potPayment(opts, fromV), turnNo: i + 1 };
}

/**
 * A card sent onto `m` by a seat that could not have sent it, if any: a seat sends onto another
 * seat's phỏm, once it has laid its own (phom.md §7.4: a Móm seat cannot send; §7.5). The check
 * of scenario positions (scenario.ts) and of end positions (here).
 */
export function badSend(m: Meld, melds: readonly Meld[]): Meld['sent'][number] | undefined {
  return m.sent.find((x) => x.from === m.owner || !melds.some((y) => y.owner === x.from));
}

/**
 * Every seat's phỏm as a table meld, each card a seat lists in `sent` recorded on the other seat's
 * phỏm that holds it (phom.md §7.5), or why the sends cannot be.
 */
function placeSends(phom: readonly Card[][][], sent: readonly Card[][], q: boolean): Meld[] | string {
  const melds = phom.flatMap((ms, i) => ms.map((m) => meld(i, m, q)));
  for (const [from, list] of sent.entries())
    for (const card of list) {
      const target = melds.find((m) => m.owner !== from && m.cards.includes(card));
      if (!target) return `seats[${from}].sent: ${card} must be in another seat's phỏm (it was sent onto one, phom.md §7.5)`;
      if (target.sent.some((x) => x.card === card)) return `${card} is listed as sent twice`;
      target.sent.push({ card, from });
      target.own = target.own.filter((c) => c !== card);
    }
  for (const m of melds) {
    const x = badSend(m, melds);
    if (x)
      return `seats[${x.from}].sent: seat ${x.from} has no phỏm, so it cannot have sent ${x.card}: a seat sends only once it has laid its own phỏm (phom.md §7.5)`;
  }
  return melds;
}

const sameCards = (a: readonly Card[], b: readonly Card[]): boolean =>
  a.length === b.length && sortCards([...a]).join() === sortCards([...b]).join();

/**
 * The Ù winner's phỏm still in its hand (the engine's result shows the winner's hand: these and its
 * loose card), or why its `laid` cannot be. With `laid` (the phỏm on the table when it declared),
 * the others; without, as far as the position tells: a phỏm another seat sent onto lay on the table,
 * and a winner that sent had laid all its phỏm (phom.md §7.4: a lay-down leaves no phỏm in hand;
 * §7.5: a seat sends onto phỏm on the table, once it has laid its own).
 */
function phomInHand(placed: readonly Meld[], w: Seat, laid: readonly Card[][] | null): Meld[] | string {
  const own = placed.filter((m) => m.owner === w);
  const sentOwn = placed.some((m) => m.sent.some((x) => x.from === w));
  if (!laid) return sentOwn ? [] : own.filter((m) => m.sent.length === 0);
  const onTable: Meld[] = [];
  for (const l of laid) {
    const m = own.find((y) => sameCards(y.cards, l));
    if (!m) return `seats[${w}].laid: [${l.join(' ')}] is not one of its phom`;
    onTable.push(m);
  }
  const sentOnto = own.find((m) => m.sent.length > 0 && !onTable.includes(m));
  if (sentOnto)
    return `seats[${w}].laid must list [${sentOnto.cards.join(' ')}]: seat ${sentOnto.sent[0]!.from} sent ${sentOnto.sent[0]!.card} onto it, and cards are sent onto phỏm on the table (phom.md §7.5)`;
  if (sentOwn && !onTable.length) return `seats[${w}].laid: seat ${w} sent cards, so it had laid phỏm (phom.md §7.5)`;
  return own.filter((m) => !onTable.includes(m));
}

/** Build the finished State of an end position, or the reason it is not one. */
export function endPosition(input: unknown): State | string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'a position must be a JSON object';
  const x = input as Raw;
  const ro = resolveOptions(OPTIONS, (x.options as Raw | undefined) ?? {}, x.preset as string | undefined);
  if (!ro.ok) return ro.errors.map((e) => `option ${e.key}: ${e.message} (allowed: ${e.allowed})`).join('; ');
  const opts: Options = ro.value;
  const q = opts['allow-qka'];
  if (!Array.isArray(x.seats)) return 'seats must be a list with one entry per seat ({ phom, loose, mom?, left?, u? })';
  const n = x.seats.length;
  if (n < 2 || n > 4) return `Phỏm is played by 2–4 players; seats lists ${n}`;
  if (x.players !== undefined && x.players !== n) return `players is ${String(x.players)} but seats lists ${n}`;
  const starter = x.starter ?? 0;
  if (!isSeat(starter, n)) return 'starter must be a seat number (the seat dealt 10 cards)';

  const phom: Card[][][] = [];
  const loose: Card[][] = [];
  const left: boolean[] = [];
  const momFlag: (boolean | undefined)[] = [];
  const laid: (Card[][] | null)[] = [];
  const sent: Card[][] = [];
  let winner: { seat: Seat; flag: UFlag } | null = null;
  const seen = new Map<Card, string>();
  for (const [i, raw] of (x.seats as unknown[]).entries()) {
    if (!raw || typeof raw !== 'object') return `seats[${i}] must be an object`;
    const r = raw as Raw;
    const ph = phomList(r.phom, `seats[${i}].phom`);
    if (typeof ph === 'string') return ph;
    const lo = cards(r.loose ?? [], `seats[${i}].loose`);
    if (typeof lo === 'string') return lo;
    for (const [j, m] of ph.entries()) {
      if (!phomKind(m, q)) return `seats[${i}].phom[${j}] [${m.join(' ')}] is not a phỏm (phom.md §7.1)`;
    }
    for (const c of [...ph.flat(), ...lo]) {
      if (seen.has(c)) return `card ${c} appears twice (${seen.get(c)} and seat ${i})`;
      seen.set(c, `seat ${i}`);
    }
    const u = uFlag(r.u);
    if (u === undefined) return `seats[${i}].u must be true, "u", "u-tron" (or "tron") or "u-khan" (or "khan")`;
    if (u) {
      if (winner) return `two seats declare Ù (${winner.seat} and ${i}); a hand ends at the first Ù`;
      winner = { seat: i, flag: u };
    }
    const flag = flagProblem(r, ['left', 'mom'], `seats[${i}].`);
    if (flag) return flag;
    // The cards this seat sent onto other seats' phỏm (§7.5): they count towards its Ù only with u-by-sending (§8.2).
    const sentCards = cards(r.sent ?? [], `seats[${i}].sent`);
    if (typeof sentCards === 'string') return sentCards;
    sent.push(sentCards);
    phom.push(ph);
    loose.push(lo);
    left.push(r.left === true);
    momFlag.push(r.mom as boolean | undefined);
    const lp = r.laid === undefined ? null : phomList(r.laid, `seats[${i}].laid`);
    if (typeof lp === 'string') return lp;
    laid.push(lp);
  }

  const placed = placeSends(phom, sent, q);
  if (typeof placed === 'string') return placed;
  // Every other seat's phom lie on the table; an Ù khan hand has none.
  for (let i = 0; i < n; i++)
    if (laid[i] && (i !== winner?.seat || winner.flag === 'u-khan'))
      return `seats[${i}].laid is for the winner of an Ù or Ù tròn only: its phỏm laid before it declared`;
  const gaPot = x.gaPot ?? 0;
  if (typeof gaPot !== 'number' || !Number.isInteger(gaPot) || gaPot < 0) return 'gaPot must be a whole number ≥ 0';
  // No pot ever fills at a table without it, and a running table keeps its rules.
  if (gaPot > 0 && opts['ga-pot'] === 'off') return 'gaPot: this table has no gà pot (option ga-pot off, phom.md §10.4)';

  // Eats, in the order they happened (§10.1 payments, §11.1 đền).
  const eats: EatRecord[] = [];
  let chotVictim: Seat | null = null;
  if (x.eats !== undefined && !Array.isArray(x.eats)) return 'eats must be a list of { eater, victim, card, chot?, uTurn? }';
  for (const [i, raw] of ((x.eats as unknown[] | undefined) ?? []).entries()) {
    const rec = readEat(opts, n, starter, eats, raw, i);
    if (typeof rec === 'string') return rec;
    const e = raw as Raw;
    // A `"true"` uTurn lost the đánh-chốt đền.
    const flag = flagProblem(e, ['uTurn'], `eats[${i}].`);
    if (flag) return flag;
    const { eater, victim, chot, card: c } = rec;
    // phom.md §7.3 C3: at the end an eaten card sits in one of the eater's phỏm — except for a seat
    // still holding it when another seat's Ù ended the hand (it is then among its loose cards).
    const inPhom = phom[eater]!.some((m) => m.includes(c));
    const stillHeld = winner !== null && winner.seat !== eater && loose[eater]!.includes(c);
    if (!inPhom && !stillHeld) return `eats[${i}]: eaten ${c} must be in one of seat ${eater}'s phỏm (phom.md §7.3 C3)`;
    eats.push(rec);
    if (e.uTurn === true) {
      if (!winner || winner.seat !== eater) return `eats[${i}].uTurn: only the Ù winner's last eat can be made in the turn it declares`;
      if (i !== (x.eats as unknown[]).length - 1) return `eats[${i}].uTurn: the eat in the Ù turn is the last eat of the hand`;
      chotVictim = chot ? victim : null;
    }
  }
  for (let i = 0; i < n; i++) {
    for (const [j, m] of phom[i]!.entries()) {
      const held = eats.filter((e) => e.eater === i && m.includes(e.card));
      if (held.length > 1) return `seats[${i}].phom[${j}] holds two eaten cards (phom.md §7.3 C3)`;
    }
  }

  let melds: Meld[] = placed;
  const hands: Card[][] = loose.map((l) => l.slice());
  let end: EndInfo;
  let layOrder: Seat[] = [];
  if (winner) {
    const w = winner.seat;
    // A seat that left never declares Ù (§11.3) unless it is its only legal move (a tái eat that puts
    // the whole hand in phỏm, or its last card sent): the engine then declares it for the seat and it
    // is paid as any Ù (docs/rules-decisions.md), so that end is accepted. Ù khan ends the hand at the
    // deal, before anyone can leave.
    if (winner.flag === 'u-khan') {
      if (left[w]) return `seat ${w} left the hand: Ù khan is declared at the deal, before anyone can leave (phom.md §8.4)`;
      if (!opts['u-khan']) return 'Ù khan is off at this table (option u-khan)';
      if (phom[w]!.length) return 'Ù khan is declared on the dealt hand: give it as loose, with no phỏm';
      const want = w === starter ? 10 : 9;
      if (loose[w]!.length !== want) return `an Ù khan hand is the dealt hand: ${want} cards for seat ${w}, got ${loose[w]!.length}`;
      if (!isUKhan(loose[w]!, q)) return `seat ${w}'s hand holds a phỏm or a cạ: not Ù khan (phom.md §8.4)`;
      if (eats.length) return 'Ù khan ends the hand at the deal: there can be no eats';
      for (let i = 0; i < n; i++)
        if (i !== w && (phom[i]!.length || left[i] || sent[i]!.length))
          return `Ù khan ends the hand at the deal: seat ${i} cannot have laid down, sent or left (phom.md §8.4)`;
      // §8.4: with several Ù khan hands the lowest P-number (turn order from the starter) wins.
      for (let k = 0; k < (w - starter + n) % n; k++) {
        const i = (starter + k) % n;
        if (loose[i]!.length === (i === starter ? 10 : 9) && isUKhan(loose[i]!, q))
          return `seat ${i} also holds Ù khan and comes first from the starter: the lowest P-number wins (phom.md §8.4)`;
      }
      // As the engine's: the dealt hand in the order given (state.ts deals it so).
      end = { by: 'u-khan', winner: w, loose: loose[w]!.slice() };
    } else {
      // §8.2: sent cards count towards Ù only with u-by-sending; without it they are left over (plan.ts uLeftover).
      const over = loose[w]!.length + (opts['u-by-sending'] ? 0 : sent[w]!.length);
      if (over > 1)
        return `seat ${w} has ${over} cards outside its phỏm${opts['u-by-sending'] ? '' : ' (sent cards count as left over without u-by-sending)'}: Ù leaves at most one (phom.md §8.2)`;
      if (left[w] && over > 0)
        return `seat ${w} left the hand: its Ù is declared for it only when no card is left (its only move; phom.md §11.3, docs/rules-decisions.md)`;
      const mode = opts['u-tron'];
      // phom.md §8.3, as the engine decides it when Ù is declared.
      const tron = isTron(opts, over, !eats.some((e) => e.eater === w));
      const by = tron ? 'u-tron' : 'u';
      if (winner.flag !== 'any' && winner.flag !== by)
        return `seat ${w}'s Ù is ${by === 'u' ? 'a plain Ù' : 'Ù tròn'} under u-tron=${mode}, not ${winner.flag} (phom.md §8.3)`;
      const inHand = phomInHand(placed, w, laid[w]!);
      if (typeof inHand === 'string') return inHand;
      melds = placed.filter((m) => !inHand.includes(m));
      hands[w] = [...inHand.flatMap((m) => m.cards), ...loose[w]!];
      end = { by, winner: w, chotVictim, phoms: inHand.map((m) => m.cards), loose: sortCards(loose[w]!), taken: null };
    }
  } else {
    // Who went down first: a full lay-down order, or the first seat (then seat order).
    if (x.layOrder !== undefined) {
      const lo = x.layOrder;
      if (!Array.isArray(lo) || !lo.every((s) => isSeat(s, n)) || new Set(lo).size !== n)
        return `layOrder must list every seat once, first to lay down first (${n} seats)`;
      layOrder = lo as Seat[];
    } else {
      const first = x.first ?? starter;
      if (!isSeat(first, n)) return 'first must be the seat that laid down first';
      layOrder = Array.from({ length: n }, (_, k) => (first + k) % n);
    }
    // §6.4 off: the lead stays with the starter, no tái: seats lay down in turn from the starter.
    if (!opts['discard-rotation'] && layOrder.some((s2, k) => s2 !== (starter + k) % n))
      return `without discard-rotation the seats lay down in turn from the starter (seat ${starter}): layOrder ${Array.from({ length: n }, (_, k) => (starter + k) % n).join(', ')} (phom.md §6.4)`;
    // Each seat's last discard (its row's 4th) ends its lay-down turn or a tái turn, and both lay
    // down every phỏm first (§7.4; seed 002 "Khi đánh lượt cuối cùng … phải hạ tất cả Phỏm"), so
    // no phỏm is left in a hand that is ranked.
    for (let i = 0; i < n; i++)
      if (!left[i] && minLeftoverCount(loose[i]!, [], q) < loose[i]!.length)
        return `seats[${i}].loose holds a phỏm: every phỏm is laid down in the lay-down turn or a tái turn, before the last discard (phom.md §7.4, §5 H′)`;
    end = { by: 'rank', winner: 0 };
  }
  // The optional `mom` check. On an Ù end only the winner's (a winner marked Móm was accepted): the
  // hand stopped before the others' lay-downs and every loser is Bét (§8.2), so theirs says nothing.
  for (let i = 0; i < n; i++) {
    if (winner) {
      if (i === winner.seat && momFlag[i] === true)
        return `seats[${i}] is marked Móm but won by Ù: the Ù winner is never Móm (phom.md §8.2, §9.2)`;
      continue;
    }
    const noPhom = phom[i]!.length === 0;
    if (momFlag[i] === true && !noPhom && !left[i])
      return `seats[${i}] is marked Móm but laid phỏm; Móm = no laid phỏm (phom.md §9.2) — a seat that left is Móm whatever its cards: use left`;
    if (momFlag[i] === false && (noPhom || left[i]))
      return `seats[${i}] is marked not Móm but ${left[i] ? 'left the hand (§11.3)' : 'laid no phỏm (§9.2)'}`;
  }
  const gaIn = Array.from({ length: n }, () => 0);
  for (const e of eats) gaIn[e.victim]! += e.pot;
  const s: State = {
    opts,
    n,
    starter,
    hands,
    eaten: Array.from({ length: n }, (_, i) => eats.filter((e) => e.eater === i).map((e) => e.card)),
    shown: Array.from({ length: n }, () => []),
    rows: Array.from({ length: n }, () => []),
    rowCounts: Array.from({ length: n }, () => (winner ? 0 : 4)),
    melds,
    stock: [],
    lead: starter,
    laidDown: Array.from({ length: n }, (_, i) => layOrder.includes(i)),
    layOrder,
    left,
    turn: winner ? winner.seat : starter,
    phase: 'over',
    turnNo: 0,
    firstTurn: false,
    layTurn: false,
    tai: false,
    drawn: null,
    ateThisTurn: null,
    sentThisTurn: [],
    lastDiscard: null,
    eats,
    ...eatLedger(eats),
    gaPotStart: gaPot,
    gaIn,
    end,
    last: null,
  };
  // phom.md §9: Nhất, as the engine names it when the last row fills.
  if (end.by === 'rank') s.end = { by: 'rank', winner: rankSeats(s)[0]! };
  const held = end.by === 'u' || end.by === 'u-tron' ? ownedCount(s, end.winner) : 10;
  // §5, §8.2: an Ù is declared after a take (or on the starter's dealt 10), holding 10 cards.
  if (held !== 10)
    return `seat ${end.winner} holds ${held} card${held === 1 ? '' : 's'} at its Ù (phỏm, loose and sent cards, less those others sent onto its phỏm): an Ù is declared holding 10, after a take or on the starter's dealt hand (phom.md §5, §8.2)`;
  return s;
}

function meld(owner: Seat, m: Card[], q: boolean): Meld {
  const c = orderMeld(m, q);
  return { owner, kind: phomKind(c, q)!, cards: c, own: c.slice(), sent: [] };
}

/** Score one end position. */
export function scoreOne(input: unknown): unknown {
  try {
    const s = endPosition(input);
    if (typeof s === 'string') return invalid(s);
    const r = settle(s)!;
    return { valid: true, ...r };
  } catch (e) {
    return invalid(`internal error: ${(e as Error).message}`);
  }
}

/** The `score` CLI command: one position or an array of positions (answered in kind). */
export function score(input: unknown): unknown {
  return Array.isArray(input) ? input.map(scoreOne) : scoreOne(input);
}
