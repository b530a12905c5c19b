/**
 * The `score` CLI contract (issue 5, classic-mahjong.md §9.7): one JSON hand or an array of hands
 * in, the scoring as JSON out. Bad input gives `{ valid: false, reason }`, never a throw.
 */
import { flagProblem, unknownKeys } from '../../core/input.js';
import { resolveOptions } from '../../core/options.js';
import { countsOf, kindOf, isBonusCode, isChowKinds, type Kind } from '../../mahjong/tiles.js';
import { OPTIONS, matchRounds, type Options } from '../options.js';
import { kongChainPossible, looseTilePossible } from '../position.js';
import { scoreHand, scoringRules, type DeclaredMeld, type HandFacts, type WinSource } from './score.js';

const WIND_CODES = ['1z', '2z', '3z', '4z'];

/** The fields of a hand (§9.7, docs/scenarios-classic-mahjong.md § Score CLI); any other key is an error. */
const HAND_KEYS = [
  'seatWind',
  'roundWind',
  'concealed',
  'melds',
  'flowers',
  'won',
  'winBy',
  'winningTile',
  'lastTileOfWall',
  'blessing',
  'originalCall',
  'kongUponKong',
  'dealer',
  'eastConsecutiveWins',
  'options',
  'preset',
] as const;
/** The fields of one `melds[]` entry (§9.7). */
const MELD_KEYS = ['tiles', 'exposed', 'claimed'] as const;
/** The hand fields that are texts when given: an array such as `["1z"]` is an error, never read as its `String()`. */
const TEXT_KEYS = ['seatWind', 'roundWind', 'winningTile', 'winBy', 'blessing', 'preset'] as const;

/** The first of `keys` given in `h` with a value that is not a text, said as an error; null when all are fine. */
function textProblem(h: Record<string, unknown>, keys: readonly string[]): string | null {
  const k = keys.find((key) => h[key] !== undefined && typeof h[key] !== 'string');
  return k === undefined ? null : `${k} must be a text, not ${JSON.stringify(h[k])}`;
}

export interface CliOutput {
  valid: boolean;
  reason?: string;
  points?: number;
  doubles?: number;
  limit?: boolean;
  total?: number;
  items?: ({ rule: string; points: number } | { rule: string; doubles: number } | { rule: string; limit: number })[];
}

function fail(reason: string): CliOutput {
  return { valid: false, reason };
}

/**
 * One `melds[]` entry `{tiles, exposed, claimed?}` (§9.7); `exposed` defaults to true. A pung or chow
 * with `exposed: false` is a concealed set: §7 counts it as held in hand, and concealed tiles may be
 * rearranged (§8.1 best arrangement), so it comes back as `{ concealedSet: kinds }` for the caller to
 * add to the concealed tiles. A 4-tile meld with `exposed: false` is a concealed kong (declared).
 *
 * `claimed` tells how an exposed kong was made: `true` a claimed kong (大明槓), otherwise an added one
 * (§7). A pung or chow is exposed only by claiming a discard (§6; rules.ts `resolveClaim`, and a robbed
 * added kong goes back to that claimed pung), so on a pung or chow `claimed` can only restate
 * `exposed`: it is taken when it agrees and refused when it contradicts.
 */
export function parseMeld(raw: unknown): DeclaredMeld | { concealedSet: Kind[] } | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'a meld must be an object {tiles, exposed}';
  const extra = unknownKeys(raw, MELD_KEYS, 'meld: ');
  if (extra) return extra;
  const m = raw as { tiles?: unknown; exposed?: unknown; claimed?: unknown };
  if (!Array.isArray(m.tiles) || m.tiles.some((t) => typeof t !== 'string')) return 'meld.tiles must be an array of tile codes';
  const codes = (m.tiles as string[]).join(' ');
  const kinds = (m.tiles as string[]).map(kindOf);
  if (kinds.some((k) => k === null)) return `meld has an unknown tile: ${codes}`;
  const flag = flagProblem(m, ['exposed', 'claimed'], 'meld.');
  if (flag) return flag;
  const ks = (kinds as Kind[]).slice().sort((a, b) => a - b);
  const exposed = m.exposed !== false;
  const same = ks.every((k) => k === ks[0]);
  if (ks.length === 4 && same) {
    if (!exposed && m.claimed === true) return `meld ${codes}: a claimed kong is exposed, not "exposed": false (§7)`;
    return { type: 'kong', kind: ks[0]!, exposed, claimed: exposed && m.claimed === true };
  }
  if (ks.length !== 3 || !(same || isChowKinds(ks))) return `not a chow, pung or kong: ${codes}`;
  const type = same ? 'pung' : 'chow';
  if (m.claimed !== undefined && m.claimed !== exposed)
    return exposed
      ? `meld ${codes}: an exposed ${type} is one claimed from a discard (§6), so "claimed": false contradicts it`
      : `meld ${codes}: a ${type} held in hand ("exposed": false) was not claimed, so "claimed": true contradicts it (§7)`;
  return exposed ? { type, kind: ks[0]!, exposed: true } : { concealedSet: ks };
}

const WIN_BY: Readonly<Record<string, WinSource>> = {
  discard: 'discard',
  'self-draw': 'wall',
  replacement: 'loose-tile',
  'robbed-kong': 'robbed-kong',
};

/** The hand-level fields that are booleans when given (§9.7); anything else is an error, never a default. */
const HAND_FLAGS = ['won', 'lastTileOfWall', 'originalCall', 'kongUponKong', 'dealer'] as const;

/** Parse one CLI hand into scorer facts and options. */
export function parseCliHand(raw: unknown): { facts: HandFacts; opts: Options } | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'a hand must be a JSON object';
  const h = raw as Record<string, unknown>;
  const shape = unknownKeys(h, HAND_KEYS) ?? textProblem(h, TEXT_KEYS);
  if (shape) return shape;
  const seat = WIND_CODES.indexOf((h.seatWind as string | undefined) ?? '');
  const round = WIND_CODES.indexOf((h.roundWind as string | undefined) ?? '1z');
  if (seat < 0) return 'seatWind must be 1z, 2z, 3z or 4z';
  if (round < 0) return 'roundWind must be 1z, 2z, 3z or 4z';
  const flag = flagProblem(h, HAND_FLAGS);
  if (flag) return flag;
  // §3: seat 0 is East, and East is the dealer of the hand, so `dealer` only restates the seat wind
  if (h.dealer !== undefined && h.dealer !== (seat === 0))
    return `dealer ${String(h.dealer)} contradicts seatWind ${WIND_CODES[seat]}: East (1z) is the dealer (§3)`;
  const rawOpts = (h.options ?? {}) as Record<string, unknown>;
  if (typeof rawOpts !== 'object' || Array.isArray(rawOpts)) return 'options must be an object';
  // A preset at the top level (as in the other games' CLIs and in scenarios), or the `preset` option
  // among the options: that option brings its bundle along (options.ts `bundles`; bmja has none).
  const optPreset = rawOpts.preset;
  if (h.preset !== undefined && optPreset !== undefined && h.preset !== optPreset)
    return `preset ${JSON.stringify(h.preset)} and options.preset ${JSON.stringify(optPreset)} differ: give one preset`;
  const o = resolveOptions(OPTIONS, rawOpts, h.preset as string | undefined);
  if (!o.ok) return o.errors.map((e) => `${e.key}: ${e.message} (allowed: ${e.allowed})`).join('; ');
  const table = tableProblem(seat, round, o.value);
  if (table) return table;
  if (!Array.isArray(h.concealed) || h.concealed.some((t) => typeof t !== 'string')) return 'concealed must be an array of tile codes';
  const concealed = countsOf(h.concealed as string[]);
  if (!concealed) return `concealed has an unknown tile code: ${(h.concealed as string[]).filter((t) => kindOf(t) === null).join(' ')}`;
  const melds: DeclaredMeld[] = [];
  if (h.melds !== undefined && !Array.isArray(h.melds)) return 'melds must be an array';
  for (const rm of (h.melds as unknown[] | undefined) ?? []) {
    const m = parseMeld(rm);
    if (typeof m === 'string') return m;
    if ('concealedSet' in m) for (const k of m.concealedSet) concealed[k]!++;
    else melds.push(m);
  }
  const flowers = (h.flowers ?? []) as unknown[];
  if (!Array.isArray(flowers) || flowers.some((t) => typeof t !== 'string' || !isBonusCode(t)))
    return 'flowers must be bonus tile codes 1f–8f';
  if (flowers.length && !o.value['use-bonus-tiles']) return 'flowers: this table plays without bonus tiles (option use-bonus-tiles, §2)';
  const call = callProblem(h, melds, o.value);
  if (call) return call;
  const won = h.won === true;
  const facts: HandFacts = { seatWind: seat, roundWind: round, concealed, melds, bonus: flowers as string[], won };
  const problem = won ? winFacts(h, facts, o.value) : loserProblem(h);
  return problem ?? { facts, opts: o.value };
}

/**
 * The hand must be one the table could deal (as the engine's tableSize, setup and nextMatch): a
 * tournament has four players (seed §3), a smaller table seats E, S (and W) only, and a match plays
 * `match-rounds` prevailing winds from East (§3, §13; options.ts `matchRounds`).
 */
function tableProblem(seat: number, round: number, o: Options): string | null {
  if (o.rotation === 'tournament' && o.players !== 4) return `a tournament table has four players (seed §3), not players ${o.players}`;
  if (seat >= o.players)
    return `seatWind ${WIND_CODES[seat]} has no seat at a table of ${o.players} (its seats are ${WIND_CODES.slice(0, o.players).join(', ')}, §3)`;
  const rounds = matchRounds(o);
  if (round >= rounds)
    return `roundWind ${WIND_CODES[round]} is never played: a match of ${rounds} prevailing wind${rounds > 1 ? 's' : ''} plays ${WIND_CODES.slice(0, rounds).join(', ')} (option match-rounds, §3, §13)`;
  return null;
}

/**
 * §9.5 Original Call: only at a table with the option, and declared with the seat's first discard
 * (rules.ts `discardOptions`), before which the seat claimed at most one discard; after it the hand
 * claims nothing but Mah Jong (rules.ts `claimOptions`), whose set is the winning tile's, among the
 * concealed tiles here (it counts as exposed in the double's "fewer than 3 exposed sets"). So a called
 * hand lists at most one exposed set, winner or loser.
 */
function callProblem(h: Record<string, unknown>, melds: readonly DeclaredMeld[], o: Options): string | null {
  if (h.originalCall !== true) return null;
  if (!o['original-call']) return 'originalCall: this table has no Original Call (option original-call, §9.5)';
  if (melds.filter((m) => m.exposed).length > 1)
    return 'originalCall is declared with the first discard, before which at most one set was claimed, and a called hand claims nothing after it but Mah Jong: at most one exposed set (§9.5)';
  return null;
}

/** A hand that did not win has no facts of a win (§9.7): they are refused, never dropped. */
function loserProblem(h: Record<string, unknown>): string | null {
  const given = ['winningTile', 'winBy', 'blessing', 'eastConsecutiveWins'].filter((k) => h[k] !== undefined);
  const flags = ['lastTileOfWall', 'kongUponKong'].filter((k) => h[k] === true);
  const all = [...given, ...flags];
  return all.length ? `a hand that did not win has no ${all.join(', ')}: those are facts of the winner's hand (§9.7)` : null;
}

/**
 * The win facts of a winning hand, set on `f` (§8.3, §9.5, §9.7); or why the table could not have
 * produced them (§6, §8.3, §9.5): such facts are refused, never scored.
 */
function winFacts(h: Record<string, unknown>, f: HandFacts, o: Options): string | null {
  const seat = f.seatWind;
  const blessing = h.blessing;
  if (blessing !== undefined && blessing !== 'heaven' && blessing !== 'earth') return 'blessing must be heaven or earth';
  // §8.3: Heaven's Blessing is East's win on the dealt tiles (self-drawn), Earth's a non-East seat's
  // win on East's first discard: a blessing that contradicts the seat or `winBy` is an error
  if (blessing === 'heaven' && seat !== 0) return `blessing heaven is East's win (seatWind 1z), not seatWind ${WIND_CODES[seat]}'s`;
  if (blessing === 'earth' && seat === 0) return "blessing earth is won on East's first discard, by a seat other than East (1z)";
  if (blessing === 'heaven' && h.winBy !== undefined && h.winBy !== 'self-draw')
    return `blessing heaven is won on East's dealt tiles: winBy must be self-draw (or left out), not ${JSON.stringify(h.winBy)}`;
  if (blessing === 'earth' && h.winBy !== undefined && h.winBy !== 'discard')
    return `blessing earth is won on East's first discard: winBy must be discard (or left out), not ${JSON.stringify(h.winBy)}`;
  const wt = h.winningTile === undefined ? null : kindOf(h.winningTile as string);
  if (h.winningTile !== undefined && wt === null) return `unknown winning tile ${String(h.winningTile)}`;
  const winBy = h.winBy as string | undefined;
  const by = winBy !== undefined && Object.hasOwn(WIN_BY, winBy) ? WIN_BY[winBy] : undefined;
  if (!by && blessing === undefined) return 'winBy must be discard, self-draw, replacement or robbed-kong';
  const last = lastTileProblem(h.lastTileOfWall === true, winBy, blessing);
  if (last) return last;
  let source: WinSource = by ?? 'wall';
  if (h.lastTileOfWall === true) source = source === 'wall' ? 'last-wall-tile' : 'last-discard';
  if (blessing === 'heaven') source = 'heaven';
  if (blessing === 'earth') source = 'earth';
  // What the table allows (§6, §8.3, §9.5): the facts of a win it could never produce are refused.
  const problem =
    (blessing === undefined ? null : blessingProblem(blessing, h, f, o)) ??
    (source === 'robbed-kong' ? robbedProblem(h, f, wt, o) : null) ??
    (source === 'loose-tile' ? looseTileProblem(f, o) : null) ??
    calledWinProblem(h, f, source, o) ??
    kongUponKongProblem(h, f, source);
  if (problem) return problem;
  f.source = source;
  if (wt !== null) f.winningTile = wt;
  if (h.originalCall === true) f.originalCall = true;
  if (h.kongUponKong === true) f.kongUponKong = true;
  const streak = eastStreak(h.eastConsecutiveWins, seat, o);
  if (typeof streak === 'string') return streak;
  if (streak) f.eastStreak = true;
  return null;
}

/**
 * `lastTileOfWall` (§9.5): the last live tile, self-drawn (`self-draw`), or the discard made after it
 * (`discard`). A loose tile, a robbed kong or a blessing is neither, so the flag is refused with them
 * rather than dropped (the engine's win sources, rules.ts `apply`, never combine them).
 */
function lastTileProblem(last: boolean, winBy: string | undefined, blessing: unknown): string | null {
  if (!last) return null;
  if (blessing !== undefined)
    return `lastTileOfWall: blessing ${String(blessing)} is won at the start of the hand, not on the last tile of the wall (§8.3, §9.5)`;
  if (winBy === 'replacement' || winBy === 'robbed-kong')
    return `lastTileOfWall is a win on the last live tile (winBy self-draw) or on the discard after it (winBy discard), not with winBy ${winBy} (§9.5)`;
  return null;
}

/**
 * §8.3: a blessing is won before anyone claims or discards (rules.ts `apply`: no claim, no discard,
 * source `deal`): no exposed set, no Original Call (declared with the winner's first discard, which
 * is still to come), and a kong only as an opening kong (§4.5: East's kong on its first turn would
 * make the win one on a loose tile), so none at a table without opening kongs.
 */
function blessingProblem(blessing: string, h: Record<string, unknown>, f: HandFacts, o: Options): string | null {
  if (f.melds.some((m) => m.exposed)) return `blessing ${blessing} is won before anyone claims anything: no exposed set (§8.3)`;
  if (h.originalCall === true)
    return `blessing ${blessing} is won before the winner's first discard, and Original Call is declared with that discard (§8.3, §9.5)`;
  if (!o['opening-kongs'] && f.melds.some((m) => m.type === 'kong'))
    return `blessing ${blessing}: a blessing's kongs are opening kongs, and this table has none (option opening-kongs false, §4.5, §8.3)`;
  return null;
}

/** §6: a robbed kong needs robbing at the table, and the robbed tile is the winner's only copy. */
function robbedProblem(h: Record<string, unknown>, f: HandFacts, wt: Kind | null, o: Options): string | null {
  if (o['robbing-kong'] === 'off') return 'robbed-kong: this table has no robbing the kong (option robbing-kong off, §6)';
  // the konger held all four copies but the robbed one: the robber ends with exactly that one
  const held = wt === null ? 0 : f.concealed[wt]! + f.melds.reduce((n, m) => n + copiesIn(m, wt), 0);
  if (wt !== null && held !== 1)
    return `robbed-kong: the winner holds ${held} ${String(h.winningTile)}; the konger held the other copies, so the robbed tile is the winner's only one (§6)`;
  return null;
}

/** The kongs of a hand, and how many of them were claimed from a discard (§7). */
function kongCounts(f: HandFacts): { kongs: number; claimed: number } {
  const kongs = f.melds.filter((m) => m.type === 'kong');
  return { kongs: kongs.length, claimed: kongs.filter((m) => m.claimed).length };
}

/** `winBy: replacement`: a loose tile comes after a kong, or for a flower replaced from the dead wall (§4.4, §5.2). */
function looseTileProblem(f: HandFacts, o: Options): string | null {
  if (looseTilePossible(o, kongCounts(f).kongs, f.bonus.length)) return null;
  const has = f.bonus.length
    ? 'no kong, and its flowers were replaced from the live wall (option bonus-replacement-source live-wall)'
    : 'neither a kong nor a flower';
  return `winBy replacement is a win on a loose tile, taken after a kong or for a flower (§4.4, §5.2): this hand has ${has}`;
}

/**
 * A called hand (§9.5) is locked: it declares no kong after the call (rules.ts `turnOptions`), so
 * its loose tile can only replace a flower from the dead wall, and it never wins by Kong upon Kong.
 */
function calledWinProblem(h: Record<string, unknown>, f: HandFacts, source: WinSource, o: Options): string | null {
  if (h.originalCall !== true) return null;
  if (h.kongUponKong === true) return 'originalCall: a called hand declares no kong (§9.5), so it does not win by Kong upon Kong (§8.3)';
  if (source === 'loose-tile' && !looseTilePossible(o, 0, f.bonus.length))
    return 'originalCall with winBy replacement: a called hand declares no kong (§9.5), so its loose tile replaces a flower from the dead wall (§4.4), and this hand has none';
  return null;
}

/**
 * §8.3 Kong upon Kong: won on the loose tile of a kong made with the previous kong's loose tile. That
 * second kong is made on the seat's own turn (concealed or added); a claimed kong is made on a
 * discard, so it only ever starts a chain (rules.ts `kongChainAfter`).
 */
function kongUponKongProblem(h: Record<string, unknown>, f: HandFacts, source: WinSource): string | null {
  if (h.kongUponKong !== true) return null;
  const { kongs, claimed } = kongCounts(f);
  if (source === 'loose-tile' && kongChainPossible(2, kongs, claimed)) return null;
  return "kongUponKong is a win on a second kong's loose tile: winBy replacement and at least two kongs, one besides the first concealed or added (a claimed kong never continues the chain) (§8.3)";
}

/** Copies of kind `k` in a declared set. */
function copiesIn(m: DeclaredMeld, k: Kind): number {
  if (m.type === 'chow') return k >= m.kind && k <= m.kind + 2 ? 1 : 0;
  return m.kind === k ? (m.type === 'kong' ? 4 : 3) : 0;
}

/**
 * `eastConsecutiveWins`: this win's number in East's run of wins (§3, §8.3 `east-streak-limit`,
 * the `eastConsecutiveWins` flag of §9.7). The limit fires as in the engine: a tournament rotation
 * (in a quick one the deal always passes), the limit on, and this win the Nth; that win passes the
 * deal (setup.ts `nextMatch`), so there is no win after it.
 */
function eastStreak(n: unknown, seat: number, o: Options): boolean | string {
  if (n === undefined) return false;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    return `eastConsecutiveWins must be a whole number from 1 (this win's number in East's run), not ${JSON.stringify(n)}`;
  if (seat !== 0) return 'eastConsecutiveWins is for East (seatWind 1z), the dealer';
  if (n > 1 && o.rotation !== 'tournament')
    return 'eastConsecutiveWins above 1 needs rotation tournament (in a quick rotation the deal passes after every hand, §3)';
  const limit = o['east-streak-limit'] === 'off' ? 0 : Number(o['east-streak-limit']);
  if (limit > 0 && n > limit)
    return `eastConsecutiveWins ${n}: East's ${limit}th win in a row is a limit hand and passes the deal (option east-streak-limit ${limit}, §3), so there is no win ${n}`;
  return limit > 0 && n === limit;
}

function scoreOne(raw: unknown): CliOutput {
  try {
    const p = parseCliHand(raw);
    if (typeof p === 'string') return fail(p);
    const s = scoreHand(p.facts, scoringRules(p.opts));
    if (!s.valid) return fail(s.reason);
    return {
      valid: true,
      points: s.points,
      doubles: s.doubles,
      limit: s.limit,
      total: s.total,
      items: s.items.map((i) =>
        i.unit === 'points'
          ? { rule: i.id, points: i.value }
          : i.unit === 'doubles'
            ? { rule: i.id, doubles: i.value }
            : { rule: i.id, limit: i.value },
      ),
    };
  } catch (e) {
    return fail(`internal error: ${(e as Error).message}`);
  }
}

/** `engine.cli.score`: a hand object → an output object; an array → an array. */
export function cliScore(input: unknown): unknown {
  return Array.isArray(input) ? input.map(scoreOne) : scoreOne(input);
}
