/**
 * Which cước a winning hand has (chan.md §9). Small predicates over the final hand; `findCuoc`
 * lists the scored instances (hoa cước replace Chì + Bạch thủ) for the current profile.
 */
import { counts, countOf, FACE_INDEX, isRed, isYeu, removeFaces, type Face } from '../cards.js';
import { bestChan, chanCounts } from '../pairing.js';
import type { ChanOptions } from '../options.js';
import { meldChan, winShape, winShapes, type WinShape } from '../legality.js';
import { combine } from './settle.js';
import { handSizes, type Meld } from '../state.js';
import { PROFILES, type CuocId } from './items.js';

/** Everything about a win that the cước depend on. */
export interface WinHandInput {
  n: number;
  /** Concealed cards before the winning card (for Thiên ù: the dealt hand). */
  concealed: Face[];
  /** Exposed melds before the win. */
  melds: Meld[];
  /** The winning card; null for Thiên ù. */
  card: Face | null;
  /** The card was taken by chíu (chíu-ù on a discarded or returned card). */
  claimChiu: boolean;
  /** The winning card lay at the winner's own gate (own nọc draw or a card returned to him). */
  chi: boolean;
  thien: boolean;
  dia: boolean;
  thong: boolean;
  dealtHadChan: boolean;
}

export interface CuocInstance {
  id: CuocId;
  count: number;
}

export interface FinalHand {
  shape: WinShape;
  concealed: Face[];
  melds: Meld[];
  all: Face[];
}

export function finalHand(w: WinHandInput, opts: ChanOptions): FinalHand | null {
  const shape = winShape(w.concealed, w.melds, w.card, w.claimChiu, opts, w.n);
  return shape ? finalHandFor(w, shape) : null;
}

function finalHandFor(w: WinHandInput, shape: WinShape): FinalHand {
  let concealed: Face[];
  let melds: Meld[];
  if (w.card && shape.byChiu) {
    concealed = removeFaces(w.concealed, w.card, 3);
    melds = [...w.melds, { kind: 'chiu', cards: [w.card, w.card, w.card, w.card], taken: w.card }];
  } else {
    concealed = w.card ? [...w.concealed, w.card] : w.concealed.slice();
    melds = w.melds.slice();
  }
  return { shape, concealed, melds, all: [...concealed, ...melds.flatMap((m) => m.cards)] };
}

const minOf = (c: number[], faces: Face[]): number => Math.min(...faces.map((f) => c[FACE_INDEX[f]!]!));

/**
 * Bạch thủ (§9): exactly min chắn; before the winning card the hand is (min−1) chắn + cạ + exactly
 * one què, no ba đầu, and the winning card is the twin of that què (Thiên ù with exactly min chắn also
 * counts). Checked on the definition, not on odd counts, because in the six-face Nhất/Yêu group a
 * special cạ such as `CC LA` or `1n CC` is itself two faces held once (§2, §9 / Q15: special cạ count
 * as cạ for every definition):
 * - the concealed cards before the win minus one copy of the winning face X pair up completely with
 *   (min − 1 − exposed chắn) chắn (exposed melds keep their type, a chíu = 2);
 * - `score-arrangement` = most-chan (default): the hand before the win is read with its most chắn, as
 *   the win is (a chắn is never re-read as two cạ, docs/rules-decisions.md): no other lone card gives
 *   more chắn (`4v 4v 4n` is the chắn `4v 4v` and the què `4n`, so winning on `4v` is no Bạch thủ);
 *   with best-value every pairing competes;
 * - no ba đầu (§1: three cards of one rank in three different suits): the què X and the two other
 *   suits of its rank, each held outside identical pairs (an odd number of times), would be a ba đầu
 *   kept as cạ + què (`4v 4n` + `4s`). Ranks other than X's are fully paired: `4n 4n 4s 4s` beside a
 *   què `4v` are two chắn, not a ba đầu.
 */
export function isBachThu(w: WinHandInput, f: FinalHand, opts: ChanOptions): boolean {
  const min = handSizes(w.n).minChan;
  if (w.n === 4 && opts['bach-thu-4p'] === 'disabled') return false;
  if (f.shape.chan !== min) return false;
  if (w.thien || w.card === null) return w.thien;
  const lt = opts['lao-thang-ca'];
  const pre = counts(w.concealed);
  const x = FACE_INDEX[w.card]!;
  if (pre[x]! === 0) return false;
  const without = (i: number): number[] => {
    const c = pre.slice();
    c[i]!--;
    return c;
  };
  const want = min - 1 - meldChan(w.melds);
  if (!chanCounts(without(x), lt).includes(want)) return false;
  if (opts['score-arrangement'] !== 'best-value') {
    let most = -1;
    for (let i = 0; i < pre.length; i++) if (pre[i]! > 0) most = Math.max(most, bestChan(without(i), lt));
    if (most !== want) return false;
  }
  if (isYeu(w.card)) return true; // never a winning card (§8); no rank, no ba đầu
  const others = (['v', 'n', 's'] as const).filter((s) => s !== w.card![1]).map((s) => FACE_INDEX[`${w.card![0]}${s}`]!);
  return !others.every((i) => (pre[i]! & 1) === 1);
}

export function redCount(all: readonly Face[], opts: ChanOptions): number {
  return all.filter((f) => isRed(f, opts['red-lao-thang'])).length;
}

export interface FoundCuoc {
  list: CuocInstance[];
  factual: CuocInstance[];
  final: FinalHand;
}

/**
 * The scored cước of a win (hoa cước replace Chì + Bạch thủ), null if the hand does not win. §9: when
 * several arrangements win, the one with the highest value counts (on a tie `winShape`'s: most chắn,
 * chíu first). Which arrangements compete: `score-arrangement` (docs/rules-decisions.md § chan).
 */
export function findCuoc(w: WinHandInput, opts: ChanOptions): FoundCuoc | null {
  let best: FoundCuoc | null = null;
  let bestValue = -1;
  const shapes = winShapes(w.concealed, w.melds, w.card, w.claimChiu, opts, w.n);
  // `score-arrangement` = most-chan (default; §14 E10): a hand's chắn are never re-read as cạ, so only
  // the most-chắn arrangements compete (the four copies as a chíu or not); best-value: every pairing.
  const top = shapes[0]?.chan ?? 0;
  for (const shape of opts['score-arrangement'] === 'best-value' ? shapes : shapes.filter((x) => x.chan === top)) {
    const found = cuocFor(w, finalHandFor(w, shape), opts);
    const v = combine(found.list, opts).value;
    if (v > bestValue) {
      best = found;
      bestValue = v;
    }
  }
  return best;
}

function cuocFor(w: WinHandInput, f: FinalHand, opts: ChanOptions): FoundCuoc {
  const out: CuocInstance[] = [];
  const add = (id: CuocId, count = 1) => {
    if (count > 0) out.push({ id, count });
  };
  const c = counts(f.all);
  const cc = counts(f.concealed);
  const sz = handSizes(w.n);
  const card = w.card;
  if (w.thong) add('thong');
  const chi = card !== null && w.chi;
  if (w.thien) add('thien-u');
  if (w.dia && !w.thien) add('dia-u');
  if (card && f.shape.byChiu) add('chiu-u');
  const uBon =
    card !== null &&
    !f.shape.byChiu &&
    w.melds.some((m) => m.kind === 'chan' && m.taken === card && m.cards[1] === card) &&
    countOf(f.concealed, card) === 2;
  if (uBon) add('u-bon');
  const bachThu = isBachThu(w, f, opts);
  // Hoa cước (§9): Chì + Bạch thủ on 2v / 8v with a 5v eaten or the named concealed chắn.
  let hoa: CuocId | null = null;
  if (chi && bachThu && card) {
    const ate5v = w.melds.some((m) => m.taken === '5v' && m.kind !== 'chiu');
    if (card === '2v')
      hoa = cc[FACE_INDEX['5v']!]! >= 2 && cc[FACE_INDEX['4v']!]! >= 2 ? 'nha-lau-xe-hoi' : ate5v ? 'hoa-roi-cua-phat' : null;
    if (card === '8v')
      hoa = cc[FACE_INDEX['CC']!]! >= 2 && cc[FACE_INDEX['5s']!]! >= 2 ? 'ngu-ong-bat-ca' : ate5v ? 'ca-loi-san-dinh' : null;
    const profile = PROFILES[opts['scoring-profile']];
    if (hoa && !profile.some((r) => r.id === hoa))
      hoa = hoa === 'nha-lau-xe-hoi' && ate5v ? 'hoa-roi-cua-phat' : hoa === 'ngu-ong-bat-ca' && ate5v ? 'ca-loi-san-dinh' : null;
  }
  if (hoa) add(hoa);
  else {
    if (chi) add('chi');
    if (bachThu) add('bach-thu');
  }
  if (bachThu && card === 'CC') add('bach-thu-chi');
  const allChan = w.n === 4 && opts['thap-thanh-4p'] === 'ten-chan' ? f.shape.chan >= 10 : f.shape.chan === sz.pairs;
  if (allChan) add('thap-thanh');
  const red = redCount(f.all, opts);
  if (red === 0) add('bach-dinh');
  if (opts['tam-do'] === 'exactly-8' ? red === 8 : red >= 8) add('tam-do');
  const cc4 = c[FACE_INDEX['CC']!]! === 4;
  if (cc4 && (opts['kinh-tu-chi'] === 'has-4cc' || red === 4)) add('kinh-tu-chi');
  add('leo', minOf(c, ['9v', '8s', 'CC']));
  add('tom', minOf(c, ['3v', '3s', '7n']));
  add('thien-khai', cc.filter((x) => x === 4).length);
  add('chiu', w.melds.filter((m) => m.kind === 'chiu').length);
  const chanMelds = new Map<Face, number>();
  for (const m of w.melds) if (m.kind === 'chan') chanMelds.set(m.taken, (chanMelds.get(m.taken) ?? 0) + 1);
  add('bon', [...chanMelds.values()].filter((k) => k >= 2).length);
  if (!w.dealtHadChan) add('pha-thien');
  const profile = PROFILES[opts['scoring-profile']];
  const list = out.filter((i) => profile.some((r) => r.id === i.id));
  if (list.length === 0) list.push({ id: 'xuong', count: 1 });
  const factual = hoa ? [...list, { id: 'chi' as CuocId, count: 1 }, { id: 'bach-thu' as CuocId, count: 1 }] : list;
  return { list, factual, final: f };
}
