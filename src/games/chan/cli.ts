/**
 * `npm run cli -- score --game chan` (issue #7): score a winning hand and check its xướng.
 * Input format: docs/scenarios-chan.md § "score input". Never throws: bad input → { valid: false, reason }.
 */
import { bracketGroups, flagProblem } from '../core/input.js';
import { resolveOptions } from '../core/options.js';
import { COPIES, counts, countOf, isNhat, isYeu, parseCards, type Face } from './cards.js';
import { meldChan } from './legality.js';
import { OPTIONS, type ChanOptions } from './options.js';
import { findCuoc, type WinHandInput } from './scoring/predicates.js';
import { PROFILES } from './scoring/items.js';
import { partialPairing } from './pairing.js';
import { overCopies, readMeld } from './position.js';
import { checkXuong, combine, correctCalls } from './scoring/settle.js';
import { handSizes, type CuocCall, type Meld } from './state.js';

type Raw = Record<string, unknown>;
const HOWS = ['own-draw', 'other-draw', 'discard', 'return-to-me', 'return-to-other', 'open'] as const;
/** The documented true/false fields: a `"true"` or a `0` is an error, never read as its default. */
const FLAGS = ['chiu', 'dia', 'thong', 'dealtHadChan'] as const;
const badCount = (cuoc: string) => `bad count for ${cuoc}: a cước is announced 1 or more times (leox2, { "cuoc": "leo", "count": 2 })`;

function parseCalls(x: unknown): CuocCall[] | string {
  if (x === undefined || x === null) return [];
  if (typeof x === 'string') {
    const calls: CuocCall[] = x
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((tok) => {
        const m = /^(.+?)(?:[x×*](\d+))?$/.exec(tok)!;
        return m[2] ? { cuoc: m[1]!, count: Number(m[2]) } : { cuoc: m[1]! };
      });
    // "leox0" as the list's { count: 0 }: announcing a cước zero times is no announcement.
    const zero = calls.find((c) => c.count !== undefined && c.count < 1);
    return zero ? badCount(zero.cuoc) : calls;
  }
  if (!Array.isArray(x)) return 'announced must be a list of {cuoc, count?} or a comma-separated string';
  const out: CuocCall[] = [];
  for (const c of x) {
    if (typeof c === 'string') out.push({ cuoc: c });
    else if (c && typeof c === 'object' && typeof (c as Raw).cuoc === 'string') {
      const count = (c as Raw).count;
      if (count !== undefined && (!Number.isInteger(count) || (count as number) < 1)) return badCount((c as Raw).cuoc as string);
      out.push(count === undefined ? { cuoc: (c as Raw).cuoc as string } : { cuoc: (c as Raw).cuoc as string, count: count as number });
    } else return 'announced must be a list of {cuoc, count?}';
  }
  return out;
}

const hasChan = (cards: readonly Face[]): boolean => counts(cards).some((k) => k >= 2);

/**
 * Thiên ù (how = open) is won on the opener's dealt hand at OPEN, before any card is taken (chan.md
 * §5.3, §8): no melds, no winning card, and the dealt hand's chắn are the concealed cards' own.
 */
function thienProblem(x: Raw, concealed: readonly Face[], melds: readonly Meld[]): string | null {
  if (melds.length) return 'Thiên ù is won on the dealt hand at OPEN, before the opener takes any card: no melds (chan.md §5.3, §8)';
  if (x.card !== undefined && x.card !== null)
    return 'Thiên ù is won on the dealt hand, with no winning card: omit card with how = open (chan.md §8)';
  // Địa ù is won on a card that came (chan.md §9: the first nọc card, or one offered before it); Thiên ù
  // on none: the engine never counts both, and the CLI ignored `dia` here.
  if (x.dia === true)
    return 'Thiên ù is won on the dealt hand, on no card: it is no Địa ù, so dia must be false with how = open (chan.md §9)';
  if (x.chiu === true) return 'Thiên ù is won on the dealt hand, on no card: no chíu-ù, so chiu must be false with how = open (chan.md §8)';
  const held = hasChan(concealed);
  if (x.dealtHadChan !== undefined && x.dealtHadChan !== held)
    return `dealtHadChan is ${String(x.dealtHadChan)}, but with how = open the concealed cards are the dealt hand, which holds ${held ? 'a' : 'no'} chắn (chan.md §9 Phá thiên)`;
  return null;
}

/** One hand (object) or an array of hands (→ an array, one entry per hand, each valid or with its reason). */
export function score(input: unknown): unknown {
  return Array.isArray(input) ? input.map(scoreOne) : scoreOne(input);
}

/** What a non-winning hand holds: chắn and cạ of the arrangement with the most pairs, and the lone cards. */
function notWinning(
  n: number,
  concealed: readonly Face[],
  melds: readonly Meld[],
  card: Face | null,
  claimChiu: boolean,
  opts: ChanOptions,
  why?: string,
) {
  const sz = handSizes(n);
  const cards = concealed.length + melds.reduce((a, m) => a + m.cards.length, 0) + (card ? 1 : 0);
  const p = partialPairing(counts(card ? [...concealed, card] : concealed), opts['lao-thang-ca']);
  const chan = p.chan + meldChan(melds);
  const ca = p.ca + melds.filter((m) => m.kind === 'ca').length;
  let reason = why;
  if (!reason) {
    if (cards !== sz.opener) reason = `the hand has ${cards} cards; a win needs ${sz.opener} (${n} players)`;
    else if (p.leftovers.length) reason = `${p.leftovers.length} card(s) left without a pair: ${p.leftovers.join(' ')}`;
    else if (chan < sz.minChan) reason = `only ${chan} chắn; a win needs at least ${sz.minChan} (${n} players)`;
    else if (card && claimChiu && countOf(concealed, card) !== 3) reason = `a chíu-ù needs three ${card} among the concealed cards`;
    else if (card && isNhat(card))
      reason = `a Nhất winning card must make an identical pair: ${card} completes the hand only as a mixed Nhất/Yêu cạ`;
    else reason = 'the hand does not win';
  }
  return { valid: false, reason, cards, needCards: sz.opener, minChan: sz.minChan, chan, ca, leftovers: p.leftovers };
}

function scoreOne(input: unknown): unknown {
  try {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return { valid: false, reason: 'a hand must be a JSON object' };
    const x = input as Raw;
    const n = (x.players ?? 5) as number;
    if (n !== 4 && n !== 5) return { valid: false, reason: 'players must be 4 or 5' };
    const flag = flagProblem(x, FLAGS);
    if (flag) return { valid: false, reason: flag };
    const ro = resolveOptions(OPTIONS, { scoring: 'cuoc', ...((x.options as Raw | undefined) ?? {}) }, x.preset as string | undefined);
    if (!ro.ok) return { valid: false, reason: ro.errors.map((e) => `${e.key}: ${e.message} (allowed: ${e.allowed})`).join('; ') };
    const opts: ChanOptions = { ...ro.value, scoring: 'cuoc' };
    if (x.concealed !== undefined && typeof x.concealed !== 'string')
      return { valid: false, reason: 'concealed must be a text of card codes, like "1v1v2n2s CC"' };
    const concealed = parseCards((x.concealed ?? '') as string);
    if (!concealed) return { valid: false, reason: 'concealed has an unknown card code' };
    const melds: Meld[] = [];
    const mraw = typeof x.melds === 'string' ? bracketGroups(x.melds, 'melds', 'meld', '[5n5n5n5n] [7v7s]') : ((x.melds ?? []) as string[]);
    if (typeof mraw === 'string') return { valid: false, reason: mraw };
    if (!Array.isArray(mraw)) return { valid: false, reason: 'melds must be a list like ["[5n5n5n5n]", "[7v7s]"]' };
    for (const m of mraw) {
      const meld = readMeld(m, opts['lao-thang-ca']);
      if (typeof meld === 'string') return { valid: false, reason: meld };
      melds.push(meld);
    }
    const how = (x.how ?? 'other-draw') as (typeof HOWS)[number];
    if (!HOWS.includes(how)) return { valid: false, reason: `how must be one of ${HOWS.join(', ')}` };
    let card: Face | null = null;
    if (how === 'open') {
      const problem = thienProblem(x, concealed, melds);
      if (problem) return { valid: false, reason: problem };
    } else {
      const c = parseCards(String(x.card ?? ''));
      if (!c || c.length !== 1) return { valid: false, reason: 'card must be the single winning card (omit it only with how = open)' };
      card = c[0]!;
    }
    const over = overCopies([...concealed, ...melds.flatMap((m) => m.cards), ...(card ? [card] : [])]);
    if (over.length)
      return {
        valid: false,
        reason: `more than ${COPIES} copies of ${over.join(' ')} among the concealed cards, melds and winning card: the deck holds ${COPIES} of each face (chan.md §2)`,
      };
    const returned = how === 'return-to-me' || how === 'return-to-other';
    // §6: an ordinary ù on a returned card only with u-on-returned-card; else only a chíu-ù (as the engine).
    if (returned && x.chiu === false && !opts['u-on-returned-card'])
      return { valid: false, reason: 'an ù on a returned card is a chíu-ù unless u-on-returned-card (chan.md §6): chiu must be true' };
    const claimChiu = how === 'discard' || (returned && (x.chiu ?? !opts['u-on-returned-card']) === true);
    if (card && isYeu(card))
      return notWinning(n, concealed, melds, card, claimChiu, opts, `no ù on ${card}: Chi Chi, Lão and Thang never win (chan.md §8)`);
    const w: WinHandInput = {
      n,
      concealed,
      melds,
      card,
      claimChiu,
      chi: how === 'own-draw' || how === 'return-to-me',
      thien: how === 'open',
      dia: x.dia === true,
      thong: x.thong === true,
      // §9 Phá thiên: at OPEN the concealed cards are the dealt hand, so it tells (thienProblem refused a contradiction).
      dealtHadChan: how === 'open' ? hasChan(concealed) : x.dealtHadChan !== false,
    };
    const found = findCuoc(w, opts);
    if (!found) return notWinning(n, concealed, melds, card, claimChiu, opts);
    const best = combine(found.list, opts);
    // §8: with a minimum, a hand worth less is no win at the table (the engine offers no Ù on it).
    const min = opts['min-points-to-win'];
    if (min > 0 && best.value < min)
      return notWinning(
        n,
        concealed,
        melds,
        card,
        claimChiu,
        opts,
        `the hand is worth ${best.value}; this table's min-points-to-win is ${min} (chan.md §8)`,
      );
    // §9 xuong-mode = auto: the engine announces the full correct list itself (finish.ts).
    const calls = opts['xuong-mode'] === 'auto' ? correctCalls(found.list) : parseCalls(x.announced);
    if (typeof calls === 'string') return { valid: false, reason: calls };
    const ids = PROFILES[opts['scoring-profile']].map((r) => r.id as string);
    const unknown = calls.filter((c) => !ids.includes(c.cuoc)).map((c) => c.cuoc);
    const chk = checkXuong(found.factual, calls, opts);
    const paid = chk.correct ? combine(chk.paid, opts) : null;
    const stake = opts.stake;
    return {
      valid: true,
      chan: found.final.shape.chan,
      byChiu: found.final.shape.byChiu,
      cuoc: correctCalls(found.list).map((c) => ({ cuoc: c.cuoc, count: c.count ?? 1 })),
      value: best.value,
      diem: best.diem,
      ga: best.ga,
      items: best.items.map(({ id, value, unit }) => ({ id, value, unit })),
      announced: calls,
      unknownCuoc: unknown,
      announcementCorrect: chk.correct,
      announcementProblems: chk.problems,
      points: chk.correct
        ? { value: paid!.value, perLoser: -paid!.value * stake, winner: paid!.value * stake * (n - 1) }
        : { value: 0, denLang: true, perOther: opts['den-lang-points'] * stake, winner: -opts['den-lang-points'] * stake * (n - 1) },
    };
  } catch (e) {
    return { valid: false, reason: `internal error: ${(e as Error).message}` };
  }
}
