/**
 * The evaluation of §9 patterns for one arrangement: which item each named predicate
 * (predicates.ts) gives, in order, then the exclusions, NFNL and the preset-A bonuses.
 */
import { tileAt } from '../tiles.js';
import type { Arrangement } from './arrange.js';
import * as P from './predicates.js';
import type { Ctx, Facts, Predicate, SetPredicate } from './predicates.js';
import type { ItemOut } from './input.js';

/** One pattern: its item id and value when the predicate holds; or per pung/kong items. */
type Rule =
  | { id: string; value: number | ((ctx: Ctx) => number); when: Predicate }
  | { perPung: { id: string; when: SetPredicate; detail?: boolean }[] };

const { all, not } = P;
const std = (...ps: Predicate[]) => all(P.standardShape, ...ps);
const option =
  (key: 'seven-pairs' | 'dai-tu-hi-bonus', value: string): Predicate =>
  (_f, ctx) =>
    ctx.o[key] === value;

/** Preset A, in the order items are listed. */
const PATTERNS_A: readonly Rule[] = [
  { id: 'thap-tam-yeu', value: 13, when: P.thirteenOrphans },
  { id: 'pe-pe', value: 6, when: all(P.sevenPairs, not(option('seven-pairs', '1-phan'))) },
  { id: 'pe-pe-phan', value: 1, when: all(P.sevenPairs, option('seven-pairs', '1-phan')) },
  { id: 'phinh', value: 1, when: std(P.allChows, P.valuelessPair) },
  { id: 'tui-tui', value: 3, when: std(P.allPungs) },
  { id: 'toan-cau-nhan', value: 3, when: std(P.fourCalledMelds, P.wonOnAnotherTile) },
  { id: 'tieu-tam-nguyen', value: 6, when: std(P.twoDragonPungs, P.dragonPair) },
  { id: 'dai-tam-nguyen', value: 9, when: std(P.threeDragonPungs) },
  { id: 'khan-khan', value: 18, when: std(P.fourConcealedPungs) },
  { id: 'coong-coong-am', value: 30, when: std(P.fourKongs, P.allKongsConcealed) },
  { id: 'coong-coong', value: 24, when: std(P.fourKongs, not(P.allKongsConcealed)) },
  { id: 'tieu-tu-hi', value: 24, when: std(P.threeWindPungs, P.windPair) },
  { id: 'dai-tu-hi', value: 48, when: std(P.fourWindPungs) },
  // rules-decisions.md: "all terminals/honours" needs a terminal unless dai-tu-hi-bonus = all-honours-too
  {
    id: 'dai-tu-hi-nhat-cuu',
    value: 3,
    when: std(
      P.fourWindPungs,
      P.onlyTerminalsAndHonours,
      (f, c) => P.hasTerminal(f, c) || option('dai-tu-hi-bonus', 'all-honours-too')(f, c),
    ),
  },
  {
    perPung: [
      { id: 'rong', when: P.dragonPung, detail: true },
      { id: 'tp-cua', when: P.seatWindPung },
      { id: 'tp-gio', when: P.roundWindPung },
    ],
  },
  { id: 'cuu-tu', value: 18, when: std(P.nineGates) },
  { id: 'lai-hang', value: 3, when: all(P.oneSuit, P.hasHonours) },
  { id: 'toan-hang', value: 6, when: all(P.oneSuit, not(P.hasHonours)) },
  { id: 'toan-chu', value: 24, when: P.noSuit },
  { id: 'lai-nhat-cuu', value: 6, when: all(P.onlyTerminalsAndHonours, P.hasHonours, P.hasTerminal) },
  { id: 'toan-nhat-cuu', value: 24, when: P.onlyTerminals },
  { id: 'kin', value: 1, when: all(P.concealedHand, P.selfDrawn) },
  { id: 'xuyen', value: 1, when: P.singleWait },
];

/** §9 exclusions of preset A: when any of the first list is present, the second list is dropped. */
const EXCLUSIONS_A: readonly [string[], string[]][] = [
  [['cuu-tu'], ['toan-hang', 'phinh']],
  [['coong-coong'], ['coong']],
  [['coong-coong-am'], ['coong', 'khan-khan']],
  [['tieu-tam-nguyen', 'dai-tam-nguyen'], ['rong']],
  [['toan-chu'], ['rong', 'tp-cua', 'tp-gio']],
  [
    ['tieu-tu-hi', 'dai-tu-hi'],
    ['tp-cua', 'tp-gio', 'lai-hang'],
  ],
  [['thap-tam-yeu', 'toan-nhat-cuu', 'toan-chu', 'dai-tu-hi'], ['lai-nhat-cuu']],
  [['khan-khan', 'coong-coong', 'coong-coong-am', 'dai-tu-hi', 'toan-chu', 'toan-nhat-cuu', 'lai-nhat-cuu'], ['tui-tui']],
  [
    ['toan-chu', 'lai-nhat-cuu', 'toan-nhat-cuu', 'khan-khan', 'cuu-tu'],
    ['pe-pe', 'pe-pe-phan'],
  ],
];

/** Preset B ([RA-old]); the starred limit hands come last with their +1 mủn extras. */
const PATTERNS_B: readonly Rule[] = [
  { id: 'thap-tam-yeu', value: 12, when: P.thirteenOrphans },
  { id: 'phinh-chu', value: 3, when: std(P.allChows, P.honourPair) },
  { id: 'phinh', value: 1, when: std(P.allChows, not(P.honourPair)) },
  { id: 'tui-tui-chu', value: 6, when: std(P.allPungs, not(limitishB), P.hasHonours) },
  { id: 'tui-tui', value: 3, when: std(P.allPungs, not(limitishB), not(P.hasHonours)) },
  // §9 B "all called pungs" ([RA-old] "every set is an open triplet"): however the pair is won, unlike
  // preset A's Toàn Cầu Nhần, whose row asks for a win on a discard or by robbing
  { id: 'cau-nhan-pung-chu', value: 12, when: std(P.allPungsCalled, P.hasHonours) },
  { id: 'cau-nhan-pung', value: 6, when: std(P.allPungsCalled, not(P.hasHonours)) },
  { id: 'nhat-cuu-pung', value: 6, when: std(P.allPungs, P.terminalPungsBothEnds) },
  { id: 'nhat-thong', value: 18, when: std(P.pureStraight) },
  { id: 'tieu-tam-nguyen', value: 6, when: std(P.twoDragonPungs, P.dragonPair) },
  { id: 'dai-tam-nguyen', value: 12, when: std(P.threeDragonPungs) },
  // §9 B "nothing exposed": nothing set aside (dựng); a called meld is no exposure in the spec's words
  { id: 'mon-thanh-phinh', value: 12, when: all(P.nothingExposed, not(P.hasHonours), (f) => f.chows === 4) },
  { id: 'mon-thanh', value: 6, when: all(P.nothingExposed, not(P.hasHonours), (f) => f.chows !== 4) },
  { id: 'toan-hang', value: 12, when: all(P.oneSuit, not(P.hasHonours)) },
  { id: 'toan-chu', value: 24, when: P.noSuit },
  { id: 'khan-khan', value: 18, when: std(P.fourConcealedPungs) },
  { id: 'coong-coong', value: 24, when: std(P.fourKongs) },
  { id: 'tieu-tu-hi', value: 30, when: std(P.threeWindPungs, P.windPair) },
  { id: 'dai-tu-hi', value: 48, when: std(P.fourWindPungs) },
  { id: 'limit-kk', value: 6, when: all(starredB, (_f, ctx) => ctx.kk) },
  { id: 'limit-kin', value: 6, when: all(starredB, P.nothingExposed) },
];

/**
 * Each preset's patterns with a fixed value, as id → phán: items.ts lists the same items as data (names,
 * values, spec sections) for the score CLI and the result; a test holds the two to the same values.
 */
export function patternValues(preset: 'A' | 'B'): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of preset === 'B' ? PATTERNS_B : PATTERNS_A) if (!('perPung' in r) && typeof r.value === 'number') out.set(r.id, r.value);
  return out;
}

/** Preset B: a hand that is one of the starred limits (or all honours) is no plain Tui Tui. */
function limitishB(f: Facts, ctx: Ctx): boolean {
  return P.fourConcealedPungs(f, ctx) || P.fourKongs(f, ctx) || P.threeOrMoreWindPungs(f, ctx) || P.noSuit(f, ctx);
}
/** Preset B starred hands (\* in §9): 4 concealed pungs, 4 kongs, Tiểu/Đại Tứ Hỉ. */
function starredB(f: Facts, ctx: Ctx): boolean {
  return (
    std(P.fourConcealedPungs)(f, ctx) ||
    std(P.fourKongs)(f, ctx) ||
    std(P.threeWindPungs, P.windPair)(f, ctx) ||
    std(P.fourWindPungs)(f, ctx)
  );
}

function evaluate(rules: readonly Rule[], f: Facts, ctx: Ctx): ItemOut[] {
  const out: ItemOut[] = [];
  for (const r of rules) {
    if ('perPung' in r) {
      for (const s of f.pungs)
        for (const x of r.perPung)
          if (x.when(s, f)) out.push(x.detail ? { id: x.id, value: 1, detail: tileAt(s.t) } : { id: x.id, value: 1 });
      continue;
    }
    if (r.when(f, ctx)) out.push({ id: r.id, value: typeof r.value === 'number' ? r.value : r.value(ctx) });
  }
  return out;
}

/** Items every preset shares (§9): kongs, robbing, replacement, last tile, blessings, Bắt Hoa. */
function commonItems(f: Facts, ctx: Ctx): ItemOut[] {
  const { input, o } = ctx;
  const it: ItemOut[] = [];
  for (const k of f.kongs) if (!(k.added && o['added-kong-phan'] === '0')) it.push({ id: 'coong', value: 1, detail: tileAt(k.t) });
  if (input.winBy === 'rob-kong') it.push({ id: 'cxp', value: 1 });
  if (input.replacement && input.winBy === 'self-draw') it.push({ id: 'thay', value: 1 });
  if (input.lastTile) it.push({ id: 'cuoi', value: 1 });
  if (input.winBy === 'thien-u') it.push({ id: 'thien-u', value: 12 });
  if (input.diaU) it.push({ id: 'dia-u', value: 12 });
  if (input.nhanU && o['nhan-u']) it.push({ id: 'nhan-u', value: 12 });
  if (input.batHoa) it.push({ id: 'bat-hoa', value: 6 });
  // §9/§13: robbing a bounce is not Coong Xừng Phá (that is robbing a Hối Coong): +1 phán of its own
  if (input.winBy === 'rob-bounce' || input.robBounce) it.push({ id: 'rob-bounce', value: 1 });
  return it;
}

/** Không Hoa Không Lá (§13): only natural suited tiles, nothing ever exposed. */
function nfnlItem(a: Arrangement, ctx: Ctx): ItemOut | null {
  const { input, o, kk } = ctx;
  if (o.nfnl === 'off' || !input.neverExposed || !kk || input.exposed.length) return null;
  // rules-decisions.md: "nothing exposed" means no bonus tile or joker; called melds are allowed unless nfnl-calls = refused
  if (o['nfnl-calls'] === 'refused' && input.melds.some((m) => m.called)) return null;
  if (!a.sets.every((x) => x.t < 27)) return null;
  const B = o['scoring-preset'] === 'B';
  return o.nfnl === 'true-nfnl' ? { id: 'nfnl', value: B ? 18 : 12 } : { id: 'nfnl-seattle', value: B ? 18 : 6 };
}

/** Limit hands (§9 "Limit hands"). */
export const LIMIT = [
  'dai-tu-hi',
  'tieu-tu-hi',
  'toan-chu',
  'toan-nhat-cuu',
  'khan-khan',
  'coong-coong',
  'coong-coong-am',
  'cuu-tu',
  'thap-tam-yeu',
];
/** Patterns that earn the big KK bonus (§9 `kk-bonus`). */
const KK_BIG = [
  'toan-hang',
  'toan-nhat-cuu',
  'toan-chu',
  'tieu-tam-nguyen',
  'dai-tam-nguyen',
  'thap-tam-yeu',
  'khan-khan',
  'cuu-tu',
  'tieu-tu-hi',
  'dai-tu-hi',
];
/** Medium patterns of progressive counting (§9). */
const MEDIUM = ['dai-tam-nguyen', 'lai-hang', 'toan-cau-nhan', 'tui-tui'];

const isNfnl = (items: readonly ItemOut[]) => items.some((x) => x.id === 'nfnl' || x.id === 'nfnl-seattle');

/** Preset A bonuses (§9): Kín + Xuyên on a limit hand, the KK bonus, progressive counting. */
function bonusesA(items: ItemOut[], ctx: Ctx): ItemOut[] {
  const { o, kk } = ctx;
  const has = (id: string) => items.some((x) => x.id === id);
  const limit = LIMIT.some(has);
  if (limit && has('kin') && has('xuyen')) {
    items = items.filter((x) => x.id !== 'kin' && x.id !== 'xuyen');
    items.push({ id: 'kin-xuyen-limit', value: 6 });
  } else if (!limit && o['kin-xuyen'] === 'paired' && has('kin') !== has('xuyen')) {
    items = items.filter((x) => x.id !== 'kin' && x.id !== 'xuyen');
  }
  if (kk) {
    const big = KK_BIG.filter(has).length;
    const small = ['tui-tui', 'toan-cau-nhan'].filter(has).length;
    // §9: `once` gives +1 mủn with a big pattern, else +1 phán with a small one; `per-pattern` [RA]
    // counts every pattern, as RA's separate "No Jokers" items add up: each big +1 mủn AND each small
    // +1 phán (Toàn Hàng + Tui Tui + Toàn Cầu Nhần: 1 mủn + 2 phán).
    const per = o['kk-bonus'] === 'per-pattern';
    if (big > 0) items.push({ id: 'kk-bonus', value: 6 * (per ? big : 1) });
    // rules-decisions.md: NFNL already rewards the missing jokers; the small KK bonus is dropped with it unless nfnl-small-kk = kept
    if ((big === 0 || per) && small > 0 && !(isNfnl(items) && o['nfnl-small-kk'] === 'dropped'))
      items.push({ id: 'kk-bonus-small', value: per ? small : 1 });
  }
  if (o.progressive) {
    const bigN = [...LIMIT, 'lai-nhat-cuu', 'toan-hang', 'nfnl', 'nfnl-seattle'].filter(has).length;
    const pkx = has('phinh') && has('kin') && has('xuyen') ? 1 : 0;
    const medium = MEDIUM.filter(has).length + pkx;
    if (bigN >= 1 && medium >= 1) items.push({ id: 'progressive', value: 3 * medium });
    else if (medium >= 3) items.push({ id: 'progressive', value: 3 * (medium - 2) });
  }
  return items;
}

function patternsA(a: Arrangement, ctx: Ctx): ItemOut[] {
  const f = P.facts(a, ctx);
  // one entry per id (and detail), kept in first-seen order
  const byKey = new Map<string, ItemOut>();
  for (const x of evaluate(PATTERNS_A, f, ctx)) byKey.set(x.id + (x.detail ? `:${x.detail}` : ''), x);
  for (const x of commonItems(f, ctx)) byKey.set(`${x.id}:${byKey.size}`, x);
  let items = [...byKey.values()];
  for (const [ifAny, drop] of EXCLUSIONS_A) if (items.some((x) => ifAny.includes(x.id))) items = items.filter((x) => !drop.includes(x.id));
  const nf = nfnlItem(a, ctx);
  if (nf) items.push(nf);
  return bonusesA(items, ctx);
}

function patternsB(a: Arrangement, ctx: Ctx): ItemOut[] {
  const f = P.facts(a, ctx);
  const items = [...evaluate(PATTERNS_B, f, ctx), ...commonItems(f, ctx)];
  const nf = nfnlItem(a, ctx);
  if (nf) items.push(nf);
  return items;
}

/** The pattern items of one arrangement under the table's preset. */
export function patternItems(a: Arrangement, ctx: Ctx): ItemOut[] {
  return ctx.o['scoring-preset'] === 'B' ? patternsB(a, ctx) : patternsA(a, ctx);
}
