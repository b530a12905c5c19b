/**
 * fromScenario (docs/scenarios-chan.md): a seed, a full deck order, or an explicit mid-hand position.
 * A position is checked (every card exactly once, sane counts) and rejected with a clear error.
 */
import { bracketGroups } from '../core/input.js';
import { Rng } from '../core/rng.js';
import type { Result, ScenarioStart, Seat } from '../core/types.js';
import { ok } from '../core/types.js';
import { COPIES, counts, DECK_SIZE, FACES, formsCa, isFace, parseCards, sortFaces, type Face } from './cards.js';
import { fail } from './actions.js';
import { startOffer } from './flow.js';
import type { ChanOptions } from './options.js';
import { dealDeck, emptySeat, handSizes, setupHand, type ChanState, type Meld, type Offer, type OfferSource } from './state.js';

const bad = (reason: string) => fail('bad-position', { reason });

function cardsOf(x: unknown, what: string): Face[] | string {
  if (x === undefined || x === null) return [];
  if (typeof x !== 'string' && !(Array.isArray(x) && x.every((e) => typeof e === 'string')))
    return `${what} must be a card string or a list of codes`;
  const c = parseCards(x as string | string[]);
  return c ?? `${what} has an unknown card code`;
}

/**
 * One meld of a position or a score input: 4 identical = chíu, 2 identical = chắn, 2 faces of one cạ
 * group = cạ (chan.md §2, §7.1; Lão + Thang only with lao-thang-ca), or why it is none. A list entry
 * in brackets holds exactly one meld: "[5n5n][5n5n]" (two chắn) was read as one chíu, and a bracket
 * left open was dropped, where the same text as one string is refused (core/input.ts `bracketGroups`).
 */
export function readMeld(m: unknown, laoThangCa: boolean): Meld | string {
  if (typeof m !== 'string') return `bad meld ${JSON.stringify(m)}`;
  const groups = /[[\]]/.test(m) ? bracketGroups(m, `meld ${JSON.stringify(m)}`, 'meld', '[5n5n5n5n]') : [m];
  if (typeof groups === 'string') return groups;
  if (groups.length !== 1) return `meld ${JSON.stringify(m)} holds ${groups.length} melds: give each as its own entry`;
  const c = parseCards(groups[0]!);
  if (!c || c.length === 0) return `bad meld ${JSON.stringify(m)}`;
  if (c.length === 4 && c.every((f) => f === c[0])) return { kind: 'chiu', cards: c, taken: c[0]! };
  if (c.length === 2 && c[0] === c[1]) return { kind: 'chan', cards: c, taken: c[0]! };
  if (c.length === 2 && formsCa(c[0]!, c[1]!, laoThangCa)) return { kind: 'ca', cards: c, taken: c[0]! };
  if (c.length === 2)
    return `meld ${m} is no cạ: a cạ is two different faces of one cạ group (chan.md §2${laoThangCa ? '' : '; Lão and Thang only with lao-thang-ca'})`;
  return `meld ${m} is not a chíu (4 identical), a chắn or a cạ (chan.md §2)`;
}

/**
 * Where an offered card lies for its source (flow.ts): a drawn card at its drawer's own gate, a
 * passed-on draw or a discard at the next seat's, a returned card at another seat's (§5.3, §7.3).
 */
function offerGateProblem(source: string, gate: number, from: number, n: number): string | null {
  if (source === 'wall' && gate !== from) return 'a drawn card (source wall) lies at its drawer’s gate: phase.gate must equal phase.from.';
  if ((source === 'passed-wall' || source === 'discard') && gate !== (from + 1) % n)
    return `a ${source === 'discard' ? 'discard' : 'passed-on draw'} lies at the next seat’s gate: phase.gate must be ${(from + 1) % n}.`;
  if (source === 'return' && gate === from) return 'a returned card goes to another seat’s gate: phase.gate must differ from phase.from.';
  return null;
}

export function fromScenario(opts: ChanOptions, n: number, start: ScenarioStart): Result<ChanState> {
  if (n !== 4 && n !== 5) return bad('Chắn is played by 4 or 5 players.');
  if ('seed' in start) return ok(setupHand(opts, n, start.seed, null));
  if ('deck' in start) {
    const deck = start.deck;
    if (!Array.isArray(deck) || deck.length !== DECK_SIZE || !deck.every(isFace))
      return bad(`The deck must list all ${DECK_SIZE} cards by code.`);
    const c = counts(deck as Face[]);
    const wrong = FACES.filter((_, i) => c[i] !== COPIES);
    if (wrong.length) return bad(`Every face must appear exactly ${COPIES} times in the deck; wrong: ${wrong.join(' ')}.`);
    return ok(dealDeck(opts, n, deck as Face[], 0, { handNumber: 0, previousWinner: null, totals: new Array<number>(n).fill(0) }));
  }
  return fromPosition(opts, n, start.position);
}

type Raw = Record<string, unknown>;

/** The faces placed more often than the deck holds them (4 copies each, chan.md §2); also the score CLI's check. */
export function overCopies(cards: readonly Face[]): Face[] {
  const c = counts(cards);
  return FACES.filter((_, i) => c[i]! > COPIES);
}

function fromPosition(opts: ChanOptions, n: number, pos: Raw): Result<ChanState> {
  const sz = handSizes(n);
  const opener = (pos.opener as number | undefined) ?? 0;
  if (!Number.isInteger(opener) || opener < 0 || opener >= n) return bad('opener must be a seat number.');
  const seatOk = (x: unknown): x is Seat => Number.isInteger(x) && (x as number) >= 0 && (x as number) < n;
  const ph = (pos.phase ?? { kind: 'open' }) as Raw;
  let bigSeat = -1;
  let offerCard: Face | null = null;
  switch (ph.kind) {
    case 'open':
      bigSeat = opener;
      break;
    case 'draw':
      if (!seatOk(ph.seat)) return bad('phase.seat must be a seat number.');
      break;
    case 'discard':
    case 'return':
      if (!seatOk(ph.seat)) return bad('phase.seat must be a seat number.');
      if (ph.kind === 'return' && (!seatOk(ph.gate) || ph.gate === ph.seat))
        return bad('phase.gate must be another seat (the interrupted gate).');
      bigSeat = ph.seat;
      break;
    case 'offer':
      if (!isFace(ph.card)) return bad('phase.card must be a card code.');
      if (!seatOk(ph.gate) || !seatOk(ph.from)) return bad('phase.gate and phase.from must be seat numbers.');
      if (!['wall', 'passed-wall', 'discard', 'return'].includes(ph.source as string))
        return bad('phase.source must be wall, passed-wall, discard or return.');
      {
        const where = offerGateProblem(ph.source as string, ph.gate, ph.from, n);
        if (where) return bad(where);
      }
      offerCard = ph.card;
      break;
    default:
      return bad('phase.kind must be open, draw, offer, discard or return.');
  }
  const hands = (pos.hands ?? []) as unknown[];
  const meldsRaw = (pos.melds ?? []) as unknown[];
  const pilesRaw = (pos.piles ?? []) as unknown[];
  const flags = (pos.flags ?? []) as Raw[];
  if (!Array.isArray(hands) || hands.length > n) return bad(`hands must be a list of at most ${n} seats.`);
  for (const [name, list] of [
    ['melds', meldsRaw],
    ['piles', pilesRaw],
    ['flags', flags],
  ] as const)
    if (!Array.isArray(list) || list.length > n) return bad(`${name} must be a list of at most ${n} seats.`);
  if (!flags.every((f) => f === null || (typeof f === 'object' && !Array.isArray(f)))) return bad('flags must list one object per seat.');
  const restTo = pos.rest ?? 'stock';
  if (restTo !== 'stock' && restTo !== 'piles') return bad('rest must be stock or piles.');
  const state: ChanState = dealDeck(opts, n, [], opener, {
    handNumber: (pos.handNumber as number | undefined) ?? 0,
    previousWinner: (pos.previousWinner as number | null | undefined) ?? null,
    totals: new Array<number>(n).fill(0),
  });
  const used: Face[] = [];
  for (let seat = 0; seat < n; seat++) {
    const st = emptySeat();
    const h = cardsOf(hands[seat], `hands[${seat}]`);
    if (typeof h === 'string') return bad(h);
    st.hand = h;
    const ml = (meldsRaw[seat] ?? []) as unknown;
    // Each meld in brackets: cards outside them, or a bracket left open, are an error (core/input.ts).
    const mlist = typeof ml === 'string' ? bracketGroups(ml, `melds[${seat}]`, 'meld', '[5n5n5n5n] [7v7s]') : (ml as string[]);
    if (typeof mlist === 'string') return bad(mlist);
    for (const m of mlist) {
      const meld = readMeld(m, opts['lao-thang-ca']);
      if (typeof meld === 'string') return bad(`seat ${seat}: ${meld}`);
      st.melds.push(meld);
    }
    const pile = cardsOf(pilesRaw[seat], `piles[${seat}]`);
    if (typeof pile === 'string') return bad(pile);
    st.pile = pile.map((card) => ({ card, how: 'discard' as const }));
    const f = flags[seat] ?? {};
    for (const k of ['passedChan', 'passedCa', 'discardedFaces'] as const) {
      const c = cardsOf(f[k], `flags[${seat}].${k}`);
      if (typeof c === 'string') return bad(c);
      st[k] = [...new Set(c)];
    }
    st.hasEatenCa = (f.hasEatenCa as boolean | undefined) ?? st.melds.some((m) => m.kind === 'ca');
    st.uForfeited = (f.uForfeited as boolean | undefined) ?? false;
    st.dealtHadChan = (f.dealtHadChan as boolean | undefined) ?? true;
    state.seats[seat] = st;
    used.push(...st.hand, ...st.melds.flatMap((m) => m.cards), ...pile);
  }
  const stockTop = cardsOf(pos.stock, 'stock');
  if (typeof stockTop === 'string') return bad(stockTop);
  used.push(...stockTop);
  if (offerCard) used.push(offerCard);
  const over = overCopies(used);
  if (over.length) return bad(`More than ${COPIES} copies placed of: ${over.join(' ')}.`);
  const c = counts(used);
  const rest: Face[] = [];
  FACES.forEach((f, i) => {
    for (let k = c[i]!; k < COPIES; k++) rest.push(f);
  });
  const pool = new Rng(`chan-fill:${(pos.fill as string | undefined) ?? 'fill'}`).shuffle(rest);
  // Complete short hands from the shuffled rest.
  for (let seat = 0; seat < n; seat++) {
    const st = state.seats[seat]!;
    const want = seat === bigSeat ? sz.opener : sz.other;
    const have = st.hand.length + st.melds.reduce((a, m) => a + m.cards.length, 0);
    if (have > want) return bad(`Seat ${seat} holds ${have} cards (concealed + exposed); it should hold ${want} now.`);
    st.hand = sortFaces([...st.hand, ...pool.splice(0, want - have)]);
  }
  // §5.3 "start": the opener's first move comes before any card is discarded, drawn or eaten.
  if (ph.kind === 'open' && (restTo === 'piles' || state.seats.some((st) => st.melds.length || st.pile.length)))
    return bad('phase open is the opener’s first move: no seat has melds or a pile yet.');
  if (restTo === 'piles') {
    pool.forEach((card, i) => state.seats[i % n]!.pile.push({ card, how: 'discard' }));
    state.stock = stockTop;
  } else state.stock = [...stockTop, ...pool];
  state.draws = (pos.draws as number | undefined) ?? 5;
  switch (ph.kind) {
    case 'open':
      state.phase = { kind: 'open' };
      break;
    case 'draw':
      if (state.stock.length <= opts['wall-reserve']) return bad('The nọc is exhausted: nobody can draw.');
      state.phase = { kind: 'draw', seat: ph.seat as Seat };
      break;
    case 'discard':
      state.phase = { kind: 'discard', seat: ph.seat as Seat };
      break;
    case 'return':
      state.phase = { kind: 'return', seat: ph.seat as Seat, gate: ph.gate as Seat };
      break;
    case 'offer': {
      const source = ph.source as OfferSource;
      const last = source === 'wall' && state.stock.length <= opts['wall-reserve'];
      const offer: Offer = { card: offerCard!, gate: ph.gate as Seat, source, from: ph.from as Seat, ...(last ? { last: true } : {}) };
      startOffer(state, offer);
      break;
    }
  }
  return ok(state);
}
