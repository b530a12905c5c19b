/**
 * `score` CLI command: score one hand, or an array of hands, given as JSON
 * (docs/scenarios-vn-mahjong.md "Score CLI"). The settlement is `settleWin`, the one the engine uses.
 * A hand no table could produce under the given options is refused with the reason, never scored:
 * its melds pass the engine's own checks (invariants.ts, scenario.ts), its tiles fit the set the
 * engine deals from, and its win type, flags and exposures are ones play can leave.
 */
import { flagProblem } from '../core/input.js';
import { resolveOptions } from '../core/options.js';
import { discardableBy } from './basics.js';
import { meldSetProblems } from './invariants.js';
import { OPTIONS, type VnOptions } from './options.js';
import { amCoongProblem, calledProblem, inferAs } from './scenario.js';
import { feedingsOfMelds } from './meld-feedings.js';
import type { CalledMeld, DiscarderFacts, Liable } from './scoring/liability.js';
import { isSelfDrawWin, type ExposedIn, type HandInput, type MeldIn, type WinBy } from './scoring/score.js';
import { payments as payLines, settleWin } from './scoring/settle.js';
import { countOf, fullSet, isBonus, isFlowerLike, isJoker, isOrdinary, isWild, removeOne, tileIndex, type Tile } from './tiles.js';

/** Seat words: a Map, so that "constructor" or "__proto__" is no seat (an object's lookup finds its prototype's). */
const WINDS: ReadonlyMap<string, number> = new Map([
  ['1z', 0],
  ['2z', 1],
  ['3z', 2],
  ['4z', 3],
  ['e', 0],
  ['s', 1],
  ['w', 2],
  ['n', 3],
  ['east', 0],
  ['south', 1],
  ['west', 2],
  ['north', 3],
]);
const wind = (x: unknown): number | null =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 3
    ? x
    : typeof x === 'string'
      ? (WINDS.get(x.toLowerCase()) ?? null)
      : null;
const tiles = (x: unknown): Tile[] | null =>
  Array.isArray(x)
    ? x.every((t) => typeof t === 'string')
      ? (x as Tile[])
      : null
    : typeof x === 'string'
      ? x.split(/\s+/).filter(Boolean)
      : null;
const known = (t: Tile) => isOrdinary(t) || isBonus(t) || isJoker(t);
const show = (x: unknown) => JSON.stringify(x);
const WIN_BY: readonly WinBy[] = ['self-draw', 'discard', 'rob-kong', 'rob-bounce', 'thien-u'];
const LIABLE_RULES: readonly Liable['rule'][] = ['thap-nhi-chuong', 'bach-bao', 'bac-bao', 'flower-joker', 'cuu-chuong'];
/** The rule name of an explicit liability given without one (a seat that pays for everyone). */
const ANY_LIABILITY = 'liability';
const bool = (x: unknown) => x === true;
/** The documented boolean fields: a value that is not true or false is an error, never read as a default. */
const HAND_FLAGS = ['replacement', 'lastTile', 'diaU', 'nhanU', 'neverExposed', 'discarderCalled', 'discarderSeatFlower', 'discarderNfnl'];
const MELD_FLAGS = ['exposed', 'concealed', 'called', 'added', 'exempt'];
const FLOWER_FLAGS = ['initial', 'bounced'];

type Invalid = { valid: false; reason: string };
const bad = (reason: string): Invalid => ({ valid: false, reason });

/** `score`: one JSON hand → one answer; an array of hands → an array of answers, in order. */
export function score(input: unknown): unknown {
  return Array.isArray(input) ? input.map(scoreOne) : scoreOne(input);
}

interface ParsedMeld {
  meld: MeldIn;
  from: number | null;
  exempt: boolean;
}

/** A seat field: absent is `dflt`; anything but a seat 0…3 or a wind (`null` too) is an error, never the default. */
function seatField(x: unknown, dflt: number, name: string): number | string {
  if (x === undefined) return dflt;
  return wind(x) ?? `${name} must be a seat 0…3 or a wind (1z…4z, e s w n, east…north), not ${show(x)}`;
}

/** Why meld `ts0` (as written) is not a set (§7): the engine's own check, on the tiles in rank order. */
function setProblem(ts0: readonly Tile[], kind: MeldIn['kind'], ts: Tile[], as: Tile[]): string | null {
  const order = as.map((_, k) => k).sort((a, b) => tileIndex(as[a]!) - tileIndex(as[b]!));
  const why = meldSetProblems({ kind, tiles: order.map((k) => ts[k]!), as: order.map((k) => as[k]!) })[0];
  return why ? `meld ${ts0.join(' ')} is not a set (§7): ${why}` : null;
}

function parseMeld(m: Record<string, unknown>, seat: number, o: VnOptions): ParsedMeld | string {
  const ts0 = m && typeof m === 'object' ? tiles(m.tiles) : null;
  if (!ts0 || (ts0.length !== 3 && ts0.length !== 4)) return 'each meld needs 3 or 4 tiles';
  const flag = flagProblem(m, MELD_FLAGS, 'meld.');
  if (flag) return flag;
  const parsed = ts0.map((t) => /^(J[A-Z])\((\w+)\)$/.exec(t));
  const ts = ts0.map((t, k) => parsed[k]?.[1] ?? t);
  const as = parsed.every((p, k) => p || !isJoker(ts0[k]!)) ? ts0.map((t, k) => parsed[k]?.[2] ?? t) : inferAs(ts);
  if (!as || !ts.every(known) || !as.every(isOrdinary)) return `meld ${ts0.join(' ')} is not a set`;
  const kind = ts.length === 4 ? 'kong' : new Set(as).size === 1 ? 'pung' : 'chow';
  const notSet = setProblem(ts0, kind, ts, as);
  if (notSet) return notSet;
  const concealed = m.exposed === false || m.concealed === true;
  // an Âm Coong (exposed: false / concealed: true) is neither exposed, called, added nor fed
  if (m.exposed === true && m.concealed === true) return `meld ${ts0.join(' ')}: exposed: true contradicts concealed: true`;
  if (m.exposed === false && m.concealed === false) return `meld ${ts0.join(' ')}: exposed: false contradicts concealed: false`;
  const from = m.from === undefined || m.from === null ? (concealed ? null : (seat + 3) % 4) : wind(m.from);
  if (m.from !== undefined && m.from !== null && from === null) return 'a meld\'s "from" must be a seat 0…3 or a wind';
  // what play can make (§6, §7): the scenario loader's own checks
  const jokers = ts.filter(isJoker).length;
  const why = concealed ? amCoongProblem(m, kind, jokers, o) : calledProblem(m, seat, kind, from, jokers, o);
  if (why) return `meld ${ts0.join(' ')}: ${why}`;
  return { meld: { kind, tiles: ts, as, called: !concealed, concealed, added: bool(m.added) }, from, exempt: bool(m.exempt) };
}

function parseMelds(raw: unknown, seat: number, o: VnOptions): ParsedMeld[] | string {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return 'melds must be a list';
  const out: ParsedMeld[] = [];
  for (const m of raw as Record<string, unknown>[]) {
    const p = parseMeld(m, seat, o);
    if (typeof p === 'string') return p;
    out.push(p);
  }
  return out;
}

/** One exposure's flags as play sets them (§4.3, §7): a bounced tile is a joker put out of a pung in play. */
function exposureProblem(tile: Tile, initial: boolean, bounced: boolean): string | null {
  if (bounced && !isWild(tile)) return `flowers ${tile}: bounced is a joker put out of a pung (§7), not a bonus tile`;
  if (bounced && initial) return `flowers ${tile}: a bounced joker leaves a pung in play, not in the initial phase (§4.3, §7)`;
  return null;
}

function parseExposed(raw: unknown, o: VnOptions): ExposedIn[] | string {
  if (raw === undefined) return [];
  const list: unknown[] = typeof raw === 'string' ? raw.split(/\s+/).filter(Boolean) : Array.isArray(raw) ? raw : [];
  if (!Array.isArray(raw) && typeof raw !== 'string') return 'flowers must be a list';
  const out: ExposedIn[] = [];
  for (const e of list) {
    const x = typeof e === 'string' ? { tile: e } : (e as Record<string, unknown>);
    if (!x || typeof x.tile !== 'string' || !(isBonus(x.tile) || isJoker(x.tile)))
      return 'flowers lists bonus tiles and jokers ("1f" or {"tile","initial","bounced"})';
    const flag = flagProblem(x, FLOWER_FLAGS, `flowers ${x.tile}: `);
    if (flag) return flag;
    const why = exposureProblem(x.tile, bool(x.initial), bool(x.bounced));
    if (why) return why;
    // §2 copy index of a joker (§9 tong-hop-start-combo: "12 if same frame"): 0…joker-copies − 1
    const f = x.frame;
    if (f !== undefined && !(typeof f === 'number' && Number.isInteger(f) && f >= 0 && f < o['joker-copies']))
      return `flowers ${x.tile}: frame must be a copy index 0…${o['joker-copies'] - 1} (joker-copies = ${o['joker-copies']}), not ${show(f)}`;
    out.push({ tile: x.tile, initial: bool(x.initial), bounced: bool(x.bounced), ...(f === undefined ? {} : { frame: f }) });
  }
  return out;
}

function parseLiable(x: unknown, winner: number): Liable | null | 'auto' | string {
  if (x === undefined) return 'auto';
  if (x === null || x === false) return null;
  const o = typeof x === 'object' ? (x as Record<string, unknown>) : { seat: x };
  const seat = wind(o.seat);
  if (seat === null) return 'liable.seat must be a seat 0…3 or a wind';
  if (seat === winner) return `liable.seat ${seat} is the winner: a liable seat pays the winner for everyone (§11)`;
  const rule = o.rule ?? ANY_LIABILITY;
  if (rule !== ANY_LIABILITY && !LIABLE_RULES.includes(rule as Liable['rule']))
    return `liable.rule must be one of ${[...LIABLE_RULES, ANY_LIABILITY].join(', ')} (or left out), not ${show(rule)}`;
  return { seat, rule: rule as Liable['rule'] };
}

/** `winBy`: absent is a self-draw; anything but one of WIN_BY (`null` too) is an error, never the default. */
function winByField(x: unknown): WinBy | null {
  if (x === undefined) return 'self-draw';
  return typeof x === 'string' && WIN_BY.includes(x as WinBy) ? (x as WinBy) : null;
}

/** `discarderHand`: absent (or null) is not known; given, every entry is a tile code, never dropped. */
function discarderHandField(x: unknown): Tile[] | null | string {
  if (x === undefined || x === null) return null;
  const ts = tiles(x);
  return ts && ts.every(known) ? ts : `discarderHand must be tile codes (a text or a list), not ${show(x)}`;
}

/**
 * The §11.1 exception's facts of the discarder (scoring/liability.ts `exempt`): `discarderCalled` = a
 * call since the warning; `discarderSeatFlower` = it exposed its own seat's bonus tile, so it may
 * discard no joker (§5 `joker-discard`; basics.ts `discardableBy`); `discarderNfnl` = it plays for
 * NFNL (§13), so it may discard any joker whatever `joker-discard` says.
 */
function discarderFacts(hand: Tile[], i: Record<string, unknown>, o: VnOptions): DiscarderFacts {
  const seat = { nfnl: bool(i.discarderNfnl), seatFlower: () => bool(i.discarderSeatFlower) };
  return { hand, lastCallAt: bool(i.discarderCalled) ? Infinity : -Infinity, mayDiscard: (t) => discardableBy(o, t, seat) };
}

// ---------------------------------------------------------------- what no table can produce

/** The described hand, parsed: what the checks below read. */
interface Described {
  seat: number;
  winBy: WinBy;
  win: Tile | null;
  from: number | null;
  concealed: Tile[];
  melds: ParsedMeld[];
  exposed: ExposedIn[];
  discarderHand: Tile[] | null;
  replacement: boolean;
  lastTile: boolean;
}

/**
 * §6 Robbing: the declarer's pung of the robbed tile stays on the table, its natural copies with it:
 * at most `max-jokers-per-call` jokers in a pung (a Hối Coong keeps them only under `jokers-in-kong`,
 * §7; a bounce leaves a joker's place to the tile).
 */
function declarerCopies(d: Described, o: VnOptions): Tile[] {
  if ((d.winBy !== 'rob-kong' && d.winBy !== 'rob-bounce') || d.win === null) return [];
  const max = Number(o['max-jokers-per-call']);
  const jokers = d.winBy === 'rob-bounce' || o['jokers-in-kong'] ? max : 0;
  return new Array<Tile>(3 - jokers).fill(d.win);
}

/** §2: every tile shown fits the set the engine deals from (tiles.ts `fullSet`, under `joker-copies` and `honour-joker`). */
function tileSetProblem(d: Described, o: VnOptions): string | null {
  const rob = declarerCopies(d, o);
  const shown = [
    ...d.concealed,
    ...d.melds.flatMap((m) => m.meld.tiles),
    ...d.exposed.map((e) => e.tile),
    ...(d.discarderHand ?? []),
    ...rob,
  ];
  const set = fullSet(o['joker-copies'], o['honour-joker']);
  for (const t of new Set(shown)) {
    const n = countOf(set, t);
    if (n === 0) return `${t} is not in the tile set with honour-joker = ${o['honour-joker']} (§2, §13)`;
    const used = countOf(shown, t);
    if (used <= n) continue;
    const where = [
      d.discarderHand?.includes(t) ? 'discarderHand' : '',
      rob.includes(t) ? `the declarer's pung (${rob.length} natural, §6)` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const set2 = isJoker(t) ? `joker-copies = ${o['joker-copies']}` : isBonus(t) ? 'one of each bonus tile' : 'four of each tile';
    return `${t} is used ${used} times${where ? ` (with ${where})` : ''}: the set holds ${n} (§2, ${set2})`;
  }
  return null;
}

/**
 * §4.3, §5: a bonus tile (`JF` too) is exposed when dealt or drawn, and one in hand never wins
 * (wincheck.ts); only a discarded one is won on, as Tổng (§6).
 */
function bonusTileProblem(d: Described): string | null {
  if (d.win !== null && isFlowerLike(d.win) && d.winBy !== 'discard')
    return `winningTile ${d.win}: a drawn bonus tile is exposed and replaced (§5); only a discarded one is won on (§6)`;
  const held =
    d.winBy === 'discard' && d.win !== null && isFlowerLike(d.win) ? (removeOne(d.concealed, d.win) ?? d.concealed) : d.concealed;
  const f = held.find(isFlowerLike);
  return f
    ? `concealed holds bonus tile ${f}: a bonus tile in the hand never wins; it is exposed (or discarded where allowed), and only a discarded one is won on (§4.3, §5, §6)`
    : null;
}

/** Only the dealer's kept one is discarded (below): a discarded bonus tile then comes from the dealer. */
const dealerOnlyBonus = (win: Tile | null, o: VnOptions) =>
  win !== null && isFlowerLike(win) && o['flower-discard'] !== 'anytime' && o.nfnl === 'off';

/** The discarder when `from` is not given: the seat before the winner, or the dealer for its kept bonus tile (§4.3). */
function defaultFrom(seat: number, win: Tile | null, o: VnOptions): number {
  return dealerOnlyBonus(win, o) && seat !== 0 ? 0 : (seat + 3) % 4;
}

/**
 * Who discards a bonus tile (§4.3, §5, §13; basics.ts `discardable`, draw.ts): anyone under
 * `flower-discard = anytime`, an NFNL seat the one it drew, else only the dealer its one kept tile, as
 * its first discard: the winner has no meld yet and every exposure is the initial phase's.
 */
function bonusDiscardProblem(d: Described, o: VnOptions): string | null {
  if (d.winBy !== 'discard' || !dealerOnlyBonus(d.win, o)) return null;
  const rule = `only the dealer discards a bonus tile, the one it kept, as its first discard (§4.3, flower-discard = ${o['flower-discard']})`;
  if (d.from !== 0) return `winningTile ${d.win} from seat ${d.from}: ${rule}`;
  if (d.melds.length) return `winningTile ${d.win}: ${rule}, before any meld`;
  const late = d.exposed.find((e) => !e.initial);
  return late ? `winningTile ${d.win}: ${rule}, when every exposure is initial: mark ${late.tile} initial: true` : null;
}

/** §4.4 Thiên Ù: the dealer on its first turn, straight after the initial phase: no meld, every exposure initial. */
function thienUProblem(d: Described): string | null {
  if (d.winBy !== 'thien-u') return null;
  if (d.seat !== 0) return `thien-u is the dealer's win (seat 0, §4.4), not seat ${d.seat}'s`;
  if (d.melds.length) return 'thien-u comes before any meld: the dealer wins on its first turn with the tiles dealt (§4.4)';
  const late = d.exposed.find((e) => !e.initial);
  return late ? `thien-u: every exposure is made in the initial phase (§4.3–4.4): mark ${late.tile} initial: true` : null;
}

/**
 * §5, §9 Thay and Quân Cuối Cùng as play sets them (settle-hand.ts `handInput`): a replacement is a
 * self-drawn tile from the back, the last tile one from the live end or the discard after it.
 */
function drawFlagsProblem(d: Described): string | null {
  if (d.replacement && d.lastTile)
    return 'replacement and lastTile exclude each other: a replacement comes from the back, the last live tile from the live end (§5, §9)';
  if (d.replacement && d.winBy !== 'self-draw') return `replacement is a self-drawn tile from the back (§5, §9 thay), not a ${d.winBy} win`;
  if (d.lastTile && d.winBy !== 'self-draw' && d.winBy !== 'discard')
    return `lastTile is the last live tile drawn or the discard after it (§9 cuoi), not a ${d.winBy} win`;
  return null;
}

/**
 * §7 nẩy khung: a bounced joker left a called pung of the winner (its Hối Coong's too), each holding at
 * most `max-jokers-per-call` jokers: the bounced ones and those still in it.
 */
function bounceProblem(d: Described, o: VnOptions): string | null {
  const bounced = d.exposed.filter((e) => e.bounced).length;
  if (bounced === 0) return null;
  const max = Number(o['max-jokers-per-call']);
  const room = d.melds
    .filter((m) => m.meld.called && (m.meld.kind === 'pung' || (m.meld.kind === 'kong' && m.meld.added)))
    .reduce((n, m) => n + Math.max(0, max - m.meld.tiles.filter(isJoker).length), 0);
  return bounced > room
    ? `${bounced} bounced joker(s), but the winner's called pungs had room for ${room} (§7: a joker bounces out of a called pung, max-jokers-per-call = ${max})`
    : null;
}

/** §7, §13 `rob-bounce`: nobody may win on a bouncing tile unless the option allows it. */
function winByProblem(d: Described, o: VnOptions): string | null {
  if (d.winBy === 'rob-bounce' && !o['rob-bounce'])
    return 'winBy rob-bounce needs the rob-bounce option: nobody may win on the tile that bounces a joker otherwise (§7, §13)';
  return thienUProblem(d);
}

/** The first reason no table could produce this hand under options `o`, or null. */
function tableProblem(d: Described, o: VnOptions): string | null {
  return (
    winByProblem(d, o) ??
    drawFlagsProblem(d) ??
    bonusTileProblem(d) ??
    bonusDiscardProblem(d, o) ??
    bounceProblem(d, o) ??
    tileSetProblem(d, o)
  );
}

// ---------------------------------------------------------------- one hand

function scoreOne(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return bad('each hand must be a JSON object');
  const i = input as Record<string, unknown>;
  const seat = seatField(i.seatWind, 0, 'seatWind');
  if (typeof seat === 'string') return bad(seat);
  const round = seatField(i.roundWind, 0, 'roundWind');
  if (typeof round === 'string') return bad(round);
  const conc = tiles(i.concealed);
  if (!conc || !conc.every(known)) return bad('concealed must be a list of tile codes');
  // a preset that is not a preset name (`5`, `"nope"`) is an error from resolveOptions, never ignored
  const opt = resolveOptions(
    OPTIONS,
    (i.options as Record<string, unknown>) ?? {},
    i.preset === undefined ? undefined : (i.preset as string),
  );
  if (!opt.ok) return bad(opt.errors.map((e) => `${e.key}: ${e.message} (allowed: ${e.allowed})`).join('; '));
  const flag = flagProblem(i, HAND_FLAGS);
  if (flag) return bad(flag);
  const wins = i.consecutiveWins ?? 1;
  if (typeof wins !== 'number' || !Number.isInteger(wins) || wins < 1)
    return bad(`consecutiveWins must be a whole number from 1 (this win's number in the winner's run), not ${show(wins)}`);
  const o = opt.value;
  const melds = parseMelds(i.melds, seat, o);
  if (typeof melds === 'string') return bad(melds);
  const exposed = parseExposed(i.flowers ?? i.exposed, o);
  if (typeof exposed === 'string') return bad(exposed);
  const winBy = winByField(i.winBy);
  if (winBy === null) return bad(`winBy must be one of ${WIN_BY.join(', ')}, not ${show(i.winBy)}`);
  // absent or null: no winning tile (Thiên Ù's); anything else is a tile code
  const win = i.winningTile === undefined || i.winningTile === null ? null : i.winningTile;
  if (win !== null && (typeof win !== 'string' || !known(win))) return bad(`winningTile must be a tile code, not ${show(win)}`);
  if (win === null && winBy !== 'thien-u') return bad('winningTile is required');
  const selfDraw = isSelfDrawWin(winBy);
  const from = selfDraw ? null : i.from === undefined ? defaultFrom(seat, win, o) : wind(i.from);
  if (!selfDraw && (from === null || from === seat)) return bad('from must be another seat 0…3 (the discarder or kong declarer)');
  const concealed = conc.slice();
  if (concealed.length + melds.length * 3 === 13 && win) concealed.push(win);
  if (concealed.length + melds.length * 3 !== 14) return bad(`wrong tile count: ${concealed.length} concealed + ${melds.length} melds`);
  // the won tile completes the hand: given with the concealed tiles, it is one of them
  if (win !== null && !concealed.includes(win))
    return bad(
      `winningTile ${win} is not among the concealed tiles: the won tile completes the hand (§8; give it with them or leave it out)`,
    );
  if (win !== null && !selfDraw && !isOrdinary(win) && winBy !== 'discard') return bad('only a discard can be a bonus tile or joker');
  const discarderHand = discarderHandField(i.discarderHand);
  if (typeof discarderHand === 'string') return bad(discarderHand);
  const liableIn = parseLiable(i.liable, seat);
  if (typeof liableIn === 'string' && liableIn !== 'auto') return bad(liableIn);
  const replacement = bool(i.replacement);
  const lastTile = bool(i.lastTile);
  const impossible = tableProblem({ seat, winBy, win, from, concealed, melds, exposed, discarderHand, replacement, lastTile }, o);
  if (impossible) return bad(impossible);
  const hand: HandInput = {
    seat,
    roundWind: round,
    concealed,
    melds: melds.map((m) => m.meld),
    exposed,
    winningTile: win,
    winBy,
    replacement,
    lastTile,
    diaU: bool(i.diaU),
    nhanU: bool(i.nhanU),
    batHoa: winBy === 'discard' && win !== null && !isOrdinary(win),
    consecutiveWins: wins,
    neverExposed:
      typeof i.neverExposed === 'boolean'
        ? i.neverExposed
        : exposed.length === 0 && (o['nfnl-calls'] === 'allowed' || melds.every((m) => !m.meld.called)),
  };
  // Liabilities (§11): the called melds in the order given, each with its feeder.
  const called: CalledMeld[] = melds.map((m, k) => ({ kind: m.meld.kind, as: m.meld.as, called: m.meld.called, from: m.from, at: k }));
  const feedings = feedingsOfMelds(seat, called, (k) => melds[k]!.exempt);
  const discarder = discarderHand && discarderFacts(discarderHand, i, o);
  const st = settleWin({ winner: seat, from, tile: win, melds: called, feedings, discarder, input: hand }, o);
  const r = st.score;
  if (!r.valid) return bad(r.reason ?? 'not a winning hand');
  let { lines, liable } = st;
  // an explicit liability (or none: `"liable": null`) overrides what the melds show
  if (liableIn !== 'auto') {
    liable = liableIn;
    lines = payLines(seat, r.phan, r.kongs, st.shape, from, liable?.seat ?? null, o);
  }
  const bySeat = [0, 0, 0, 0];
  for (const l of lines) {
    bySeat[l.from]! -= l.amount;
    bySeat[seat]! += l.amount;
  }
  const total = lines.reduce((n, l) => n + l.amount, 0);
  const amountOf = (s: number) => lines.filter((l) => l.from === s).reduce((n, l) => n + l.amount, 0);
  const others = [0, 1, 2, 3].filter((s) => s !== seat && s !== from);
  const payments: Record<string, unknown> = {
    total,
    deltas: bySeat,
    lines: lines.map((l) => ({ from: l.from, amount: l.amount, reason: l.reason })),
  };
  if (liable) payments.liable = amountOf(liable.seat);
  else if (selfDraw) payments.each = amountOf(others[0]!);
  else {
    payments[winBy === 'discard' ? 'discarder' : 'declarer'] = amountOf(from!);
    if (winBy !== 'discard') payments.discarder = amountOf(from!);
    payments.other = amountOf(others[0]!);
  }
  return {
    valid: true,
    phan: r.phan,
    mun: r.mun,
    items: r.items,
    arrangement: r.arrangement,
    kk: r.kk,
    liable: liable ? { seat: liable.seat, rule: liable.rule } : null,
    payments,
  };
}
