/** Scenario starts for Phỏm (docs/scenarios-phom.md): a seed, a deck order, or a mid-hand position. */
import { ok, type Result, type ScenarioStart, type Seat } from '../core/types.js';
import { type Card, DECK, isCard } from './cards.js';
import { fail } from './actions.js';
import { phomKind } from './melds.js';
import type { Options } from './options.js';
import { orderMeld } from './plan.js';
import { checkInvariants } from './invariants.js';
import { eatPayment } from './scoring/settle.js';
import { type EatRecord, type Phase, type State, dealDeck, prev, setup } from './state.js';

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

function fromPosition(opts: Options, n: number, p: Json): Result<State> {
  const bad = (problem: string) => fail('bad-position', { problem });
  const starter = p.starter ?? 0;
  if (!isSeat(starter, n)) return bad('starter must be a seat');
  const turn = p.turn;
  if (!isSeat(turn, n)) return bad('turn must be a seat');
  const hands = perSeatCards(p.hands, n, 'hands', false);
  if (typeof hands === 'string') return bad(hands);
  const rows = perSeatCards(p.rows, n, 'rows', true);
  if (typeof rows === 'string') return bad(rows);
  const eaten = perSeatCards(p.eaten, n, 'eaten', true);
  if (typeof eaten === 'string') return bad(eaten);
  const q = opts['allow-qka'];
  const melds: State['melds'] = [];
  for (const [i, m] of ((p.melds as Json[] | undefined) ?? []).entries()) {
    const cards = cardList(m.cards, `melds[${i}].cards`);
    if (typeof cards === 'string') return bad(cards);
    if (!isSeat(m.owner, n)) return bad(`melds[${i}].owner must be a seat`);
    const sent = ((m.sent as { card: Card; from: Seat }[] | undefined) ?? []).map((x) => ({ card: x.card, from: x.from }));
    if (sent.some((x) => !isCard(x.card) || !isSeat(x.from, n) || !cards.includes(x.card)))
      return bad(`melds[${i}].sent: each sent card must be in the meld, from a seat`);
    const kind = phomKind(cards, q);
    if (!kind) return bad(`melds[${i}] [${cards.join(' ')}] is not a phỏm`);
    const ordered = orderMeld(cards, q);
    melds.push({ owner: m.owner, kind, cards: ordered, own: ordered.filter((c) => !sent.some((x) => x.card === c)), sent });
  }
  const placed = new Set<string>([...hands.flat(), ...rows.flat(), ...melds.flatMap((m) => m.cards)]);
  let stock: Card[];
  if (p.stock !== undefined) {
    const st = cardList(p.stock, 'stock');
    if (typeof st === 'string') return bad(st);
    stock = st;
  } else {
    // Convenience: `stockTop` (next draws, top first) then every card not placed, in canonical order.
    const top = p.stockTop === undefined ? [] : cardList(p.stockTop, 'stockTop');
    if (typeof top === 'string') return bad(top);
    stock = [...top, ...DECK.filter((c) => !placed.has(c) && !top.includes(c))];
  }
  const layOrder = (p.layOrder as Seat[] | undefined) ?? [];
  if (!Array.isArray(layOrder) || !layOrder.every((x) => isSeat(x, n)) || new Set(layOrder).size !== layOrder.length)
    return bad('layOrder must list distinct seats');
  const phase = (p.phase as Phase | undefined) ?? 'take';
  if (!['take', 'lay-down', 'act'].includes(phase)) return bad('phase must be take, lay-down or act');
  const rowCounts = (p.rowCounts as number[] | undefined) ?? rows.map((r) => r.length);
  if (!Array.isArray(rowCounts) || rowCounts.length !== n || rowCounts.some((c, i) => !Number.isInteger(c) || c < rows[i]!.length || c > 4))
    return bad('rowCounts must give each seat a count from its row length to 4');
  const left = (p.left as Seat[] | undefined) ?? [];
  const laidDown = Array.from({ length: n }, (_, i) => layOrder.includes(i));
  // Eat records: explicit, or one per eaten card (victim = previous seat, ordinary eat, paid as options say).
  const eats: EatRecord[] = [];
  const rawEats = p.eats as Json[] | undefined;
  const list: Json[] =
    rawEats ?? eaten.flatMap((cs, eater) => cs.map((card) => ({ eater, victim: prev({ n }, eater), card, chot: false })));
  for (const e of list) {
    const eater = e.eater;
    const victim = e.victim;
    if (!isSeat(eater, n) || !isSeat(victim, n) || !isCard(e.card)) return bad('eats: each needs eater, victim and card');
    const chot = e.chot === true;
    const k = eats.filter((x) => x.eater === eater).length + 1;
    const amount = typeof e.amount === 'number' ? e.amount : eatPayment(opts, chot, k);
    eats.push({ eater, victim, card: e.card, chot, k, amount, pot: 0, turnNo: 0 });
  }
  for (let i = 0; i < n; i++)
    for (const c of eaten[i]!)
      if (!eats.some((e) => e.eater === i && e.card === c)) return bad(`eaten ${c} of seat ${i} has no eat record`);
  const ld = p.lastDiscard as Json | undefined | null;
  let lastDiscard: State['lastDiscard'] = null;
  if (ld) {
    if (!isSeat(ld.seat, n) || !isCard(ld.card)) return bad('lastDiscard needs seat and card');
    const row = rows[ld.seat]!;
    if (row[row.length - 1] !== ld.card) return bad(`lastDiscard ${ld.card} must be the last card of row ${ld.seat}`);
    if (phase !== 'take' || ld.seat !== prev({ n }, turn))
      return bad('lastDiscard must come from the seat before the active one, in the take phase');
    lastDiscard = { seat: ld.seat, card: ld.card, chot: typeof ld.chot === 'boolean' ? ld.chot : rowCounts[ld.seat] === 4 };
  }
  const firstTurn = p.firstTurn === true || (p.firstTurn === undefined && turn === starter && rowCounts.every((c) => c === 0));
  const drawn = p.drawn === undefined || p.drawn === null ? null : (p.drawn as Card);
  if (drawn !== null && (!isCard(drawn) || !hands[turn]!.includes(drawn))) return bad('drawn must be a card in the active hand');
  const lastChot = p.lastChotEater;
  // No pot ever fills at a table without it (a running table keeps its rules).
  if (typeof p.gaPot === 'number' && p.gaPot > 0 && opts['ga-pot'] === 'off')
    return bad('gaPot: this table has no gà pot (option ga-pot off)');
  const s: State = {
    opts,
    n,
    starter,
    hands,
    eaten,
    shown: Array.from({ length: n }, () => []),
    rows,
    rowCounts,
    melds,
    stock,
    lead: isSeat(p.lead, n) ? p.lead : starter,
    laidDown,
    layOrder,
    left: Array.from({ length: n }, (_, i) => left.includes(i)),
    turn,
    phase: firstTurn ? 'act' : phase,
    turnNo: Number.isInteger(p.turnNo) ? (p.turnNo as number) : 1 + rowCounts.reduce((a, b) => a + b, 0),
    firstTurn,
    layTurn: phase !== 'take' && !laidDown[turn] && rowCounts[turn] === 3,
    tai: phase !== 'take' && laidDown[turn]!,
    drawn,
    ateThisTurn: null,
    sentThisTurn: cardList(p.sentThisTurn ?? [], 'sentThisTurn') as Card[],
    lastDiscard,
    eats,
    lastChotEater: isSeat(lastChot, n) ? lastChot : ([...eats].reverse().find((e) => e.chot)?.eater ?? null),
    payments: eats
      .filter((e) => e.amount > 0)
      .map((e) => ({ from: e.victim, to: e.eater, amount: e.amount, reason: e.chot ? 'eat-chot' : 'eat' })),
    gaPotStart: typeof p.gaPot === 'number' ? p.gaPot : 0,
    gaIn: Array.from({ length: n }, () => 0),
    end: null,
    last: null,
  };
  const problems = checkInvariants(s);
  if (problems.length) return bad(problems.join('; '));
  return ok(s);
}
