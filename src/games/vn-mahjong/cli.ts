/**
 * `score` CLI command: score one hand, or an array of hands, given as JSON
 * (docs/scenarios-vn-mahjong.md "Score CLI"). The settlement is `settleWin`, the one the engine uses.
 */
import { flagProblem } from '../core/input.js';
import { resolveOptions } from '../core/options.js';
import { OPTIONS } from './options.js';
import { inferAs } from './scenario.js';
import { feedingsOfMelds } from './meld-feedings.js';
import type { CalledMeld, Liable } from './scoring/liability.js';
import { isSelfDrawWin, type ExposedIn, type HandInput, type MeldIn, type WinBy } from './scoring/score.js';
import { payments as payLines, settleWin } from './scoring/settle.js';
import { isBonus, isJoker, isOrdinary, type Tile } from './tiles.js';

const WINDS: Record<string, number> = { '1z': 0, '2z': 1, '3z': 2, '4z': 3, e: 0, s: 1, w: 2, n: 3, east: 0, south: 1, west: 2, north: 3 };
const wind = (x: unknown): number | null =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 3 ? x : typeof x === 'string' ? (WINDS[x.toLowerCase()] ?? null) : null;
const tiles = (x: unknown): Tile[] | null =>
  Array.isArray(x)
    ? x.every((t) => typeof t === 'string')
      ? (x as Tile[])
      : null
    : typeof x === 'string'
      ? x.split(/\s+/).filter(Boolean)
      : null;
const known = (t: Tile) => isOrdinary(t) || isBonus(t) || isJoker(t);
const WIN_BY: readonly WinBy[] = ['self-draw', 'discard', 'rob-kong', 'rob-bounce', 'thien-u'];
const LIABLE_RULES: readonly Liable['rule'][] = ['thap-nhi-chuong', 'bach-bao', 'bac-bao', 'flower-joker', 'cuu-chuong'];
/** The rule name of an explicit liability given without one (a seat that pays for everyone). */
const ANY_LIABILITY = 'liability';
const bool = (x: unknown) => x === true;
/** The documented boolean fields: a value that is not true or false is an error, never read as a default. */
const HAND_FLAGS = ['replacement', 'lastTile', 'diaU', 'nhanU', 'neverExposed', 'discarderCalled'];
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

function parseMelds(raw: unknown, seat: number): ParsedMeld[] | string {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return 'melds must be a list';
  const out: ParsedMeld[] = [];
  for (const m of raw as Record<string, unknown>[]) {
    const ts0 = m && typeof m === 'object' ? tiles(m.tiles) : null;
    if (!ts0 || (ts0.length !== 3 && ts0.length !== 4)) return 'each meld needs 3 or 4 tiles';
    const flag = flagProblem(m, MELD_FLAGS, 'meld.');
    if (flag) return flag;
    const parsed = ts0.map((t) => /^(J[A-Z])\((\w+)\)$/.exec(t));
    const ts = ts0.map((t, k) => parsed[k]?.[1] ?? t);
    const as = parsed.every((p, k) => p || !isJoker(ts0[k]!)) ? ts0.map((t, k) => parsed[k]?.[2] ?? t) : inferAs(ts);
    if (!as || !ts.every(known) || !as.every(isOrdinary)) return `meld ${ts0.join(' ')} is not a set`;
    const concealed = m.exposed === false || m.concealed === true;
    // an Âm Coong (exposed: false / concealed: true) is neither exposed, called, added nor fed
    if (m.exposed === true && m.concealed === true) return `meld ${ts0.join(' ')}: exposed: true contradicts concealed: true`;
    if (m.exposed === false && m.concealed === false) return `meld ${ts0.join(' ')}: exposed: false contradicts concealed: false`;
    if (concealed && (m.called === true || m.added === true || (m.from !== undefined && m.from !== null)))
      return `meld ${ts0.join(' ')}: a concealed meld (Âm Coong) has no called, added or from`;
    const called = concealed ? false : m.called !== false;
    const from = m.from === undefined || m.from === null ? (called ? (seat + 3) % 4 : null) : wind(m.from);
    if (m.from !== undefined && m.from !== null && from === null) return 'a meld\'s "from" must be a seat 0…3 or a wind';
    out.push({
      meld: {
        kind: ts.length === 4 ? 'kong' : new Set(as).size === 1 ? 'pung' : 'chow',
        tiles: ts,
        as,
        called,
        concealed,
        added: bool(m.added),
      },
      from,
      exempt: bool(m.exempt),
    });
  }
  return out;
}

function parseExposed(raw: unknown): ExposedIn[] | string {
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
    // §2 copy index of a joker (§9 tong-hop-start-combo: "12 if same frame")
    const f = x.frame;
    if (f !== undefined && !(typeof f === 'number' && Number.isInteger(f) && f >= 0 && f <= 3))
      return `flowers ${x.tile}: frame must be a copy index 0…3, not ${JSON.stringify(f)}`;
    out.push({ tile: x.tile, initial: bool(x.initial), bounced: bool(x.bounced), ...(f === undefined ? {} : { frame: f }) });
  }
  return out;
}

function parseLiable(x: unknown): Liable | null | 'auto' | string {
  if (x === undefined) return 'auto';
  if (x === null || x === false) return null;
  const o = typeof x === 'object' ? (x as Record<string, unknown>) : { seat: x };
  const seat = wind(o.seat);
  if (seat === null) return 'liable.seat must be a seat 0…3 or a wind';
  const rule = o.rule ?? ANY_LIABILITY;
  if (rule !== ANY_LIABILITY && !LIABLE_RULES.includes(rule as Liable['rule']))
    return `liable.rule must be one of ${[...LIABLE_RULES, ANY_LIABILITY].join(', ')} (or left out), not ${JSON.stringify(rule)}`;
  return { seat, rule: rule as Liable['rule'] };
}

function scoreOne(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return bad('each hand must be a JSON object');
  const i = input as Record<string, unknown>;
  const seat = wind(i.seatWind ?? '1z');
  const round = wind(i.roundWind ?? '1z');
  if (seat === null || round === null) return bad('seatWind/roundWind must be 1z…4z');
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
    return bad(`consecutiveWins must be a whole number from 1 (this win's number in the winner's run), not ${JSON.stringify(wins)}`);
  const o = opt.value;
  const melds = parseMelds(i.melds, seat);
  if (typeof melds === 'string') return bad(melds);
  const exposed = parseExposed(i.flowers ?? i.exposed);
  if (typeof exposed === 'string') return bad(exposed);
  const winBy = String(i.winBy ?? 'self-draw') as WinBy;
  if (!WIN_BY.includes(winBy)) return bad(`winBy must be one of ${WIN_BY.join(', ')}`);
  const win = typeof i.winningTile === 'string' ? i.winningTile : null;
  if (win !== null && !known(win)) return bad('winningTile must be a tile code');
  if (win === null && winBy !== 'thien-u') return bad('winningTile is required');
  const selfDraw = isSelfDrawWin(winBy);
  const from = selfDraw ? null : i.from === undefined ? (seat + 3) % 4 : wind(i.from);
  if (!selfDraw && (from === null || from === seat)) return bad('from must be another seat 0…3 (the discarder or kong declarer)');
  const concealed = conc.slice();
  if (concealed.length + melds.length * 3 === 13 && win) concealed.push(win);
  if (concealed.length + melds.length * 3 !== 14) return bad(`wrong tile count: ${concealed.length} concealed + ${melds.length} melds`);
  if (win !== null && !selfDraw && !isOrdinary(win) && winBy !== 'discard') return bad('only a discard can be a bonus tile or joker');
  const hand: HandInput = {
    seat,
    roundWind: round,
    concealed,
    melds: melds.map((m) => m.meld),
    exposed,
    winningTile: win,
    winBy,
    replacement: bool(i.replacement),
    lastTile: bool(i.lastTile),
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
  const discarderHand = tiles(i.discarderHand);
  const discarder = discarderHand ? { hand: discarderHand, lastCallAt: bool(i.discarderCalled) ? Infinity : -Infinity } : null;
  const liableIn = parseLiable(i.liable);
  if (typeof liableIn === 'string' && liableIn !== 'auto') return bad(liableIn);
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
