/**
 * The `score` CLI contract (issue 5, classic-mahjong.md §9.7): one JSON hand or an array of hands
 * in, the scoring as JSON out. Bad input gives `{ valid: false, reason }`, never a throw.
 */
import { flagProblem } from '../../core/input.js';
import { resolveOptions } from '../../core/options.js';
import { countsOf, kindOf, isBonusCode, isChowKinds, type Kind } from '../../mahjong/tiles.js';
import { OPTIONS, type Options } from '../options.js';
import { scoreHand, scoringRules, type DeclaredMeld, type HandFacts, type WinSource } from './score.js';

const WIND_CODES = ['1z', '2z', '3z', '4z'];

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
 * One `melds[]` entry `{tiles, exposed}` (§9.7); `exposed` defaults to true. A pung or chow with
 * `exposed: false` is a concealed set: §7 counts it as held in hand, and concealed tiles may be
 * rearranged (§8.1 best arrangement), so it comes back as `{ concealedSet: kinds }` for the caller to
 * add to the concealed tiles. A 4-tile meld with `exposed: false` is a concealed kong (declared).
 */
export function parseMeld(raw: unknown): DeclaredMeld | { concealedSet: Kind[] } | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'a meld must be an object {tiles, exposed}';
  const m = raw as { tiles?: unknown; exposed?: unknown; claimed?: unknown };
  if (!Array.isArray(m.tiles) || m.tiles.some((t) => typeof t !== 'string')) return 'meld.tiles must be an array of tile codes';
  const kinds = (m.tiles as string[]).map(kindOf);
  if (kinds.some((k) => k === null)) return `meld has an unknown tile: ${(m.tiles as string[]).join(' ')}`;
  const flag = flagProblem(m, ['exposed', 'claimed'], 'meld.');
  if (flag) return flag;
  const ks = (kinds as Kind[]).slice().sort((a, b) => a - b);
  const exposed = m.exposed !== false;
  if (!exposed && m.claimed === true) return `meld ${(m.tiles as string[]).join(' ')}: a claimed kong is exposed, not "exposed": false`;
  const same = ks.every((k) => k === ks[0]);
  const isChow = isChowKinds(ks);
  if (ks.length === 4 && same) return { type: 'kong', kind: ks[0]!, exposed, claimed: exposed && m.claimed === true };
  if (ks.length === 3 && (same || isChow))
    return exposed ? { type: same ? 'pung' : 'chow', kind: ks[0]!, exposed: true } : { concealedSet: ks };
  return `not a chow, pung or kong: ${(m.tiles as string[]).join(' ')}`;
}

const WIN_BY: Record<string, WinSource> = {
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
  const seat = WIND_CODES.indexOf(String(h.seatWind ?? ''));
  const round = WIND_CODES.indexOf(String(h.roundWind ?? '1z'));
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
  const o = resolveOptions(OPTIONS, rawOpts, h.preset === undefined ? undefined : String(h.preset));
  if (!o.ok) return o.errors.map((e) => `${e.key}: ${e.message} (allowed: ${e.allowed})`).join('; ');
  // The hand must be one the table could deal (as the engine's tableSize and setup): a tournament
  // has four players (seed §3), a smaller table seats E, S (and W) only (§3).
  if (o.value.rotation === 'tournament' && o.value.players !== 4)
    return `a tournament table has four players (seed §3), not players ${o.value.players}`;
  if (seat >= o.value.players)
    return `seatWind ${WIND_CODES[seat]} has no seat at a table of ${o.value.players} (its seats are ${WIND_CODES.slice(0, o.value.players).join(', ')}, §3)`;
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
  const won = h.won === true;
  const facts: HandFacts = { seatWind: seat, roundWind: round, concealed, melds, bonus: flowers as string[], won };
  if (won) {
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
    const wt = h.winningTile === undefined ? null : kindOf(String(h.winningTile));
    if (h.winningTile !== undefined && wt === null) return `unknown winning tile ${String(h.winningTile)}`;
    const by = WIN_BY[String(h.winBy)];
    if (!by && blessing === undefined) return 'winBy must be discard, self-draw, replacement or robbed-kong';
    let source: WinSource = by ?? 'wall';
    if (h.lastTileOfWall === true) {
      if (source === 'wall') source = 'last-wall-tile';
      else if (source === 'discard') source = 'last-discard';
    }
    if (blessing === 'heaven') source = 'heaven';
    if (blessing === 'earth') source = 'earth';
    // What the table allows (§6, §8.3, §9.5): the facts of a win it could never produce are refused.
    if (blessing !== undefined && melds.some((m) => m.exposed))
      return `blessing ${blessing} is won before anyone claims anything: no exposed set (§8.3)`;
    if (source === 'robbed-kong') {
      if (o.value['robbing-kong'] === 'off') return 'robbed-kong: this table has no robbing the kong (option robbing-kong off, §6)';
      // the konger held all four copies but the robbed one: the robber ends with exactly that one
      const held = wt === null ? 0 : concealed[wt]! + melds.reduce((n, m) => n + copiesIn(m, wt), 0);
      if (wt !== null && held !== 1)
        return `robbed-kong: the winner holds ${held} ${String(h.winningTile)}; the konger held the other copies, so the robbed tile is the winner's only one (§6)`;
    }
    if (h.originalCall === true && !o.value['original-call'])
      return 'originalCall: this table has no Original Call (option original-call, §9.5)';
    if (h.kongUponKong === true && (source !== 'loose-tile' || melds.filter((m) => m.type === 'kong').length < 2))
      return "kongUponKong is a win on a second kong's loose tile: winBy replacement and at least two kongs (§8.3)";
    facts.source = source;
    if (wt !== null) facts.winningTile = wt;
    if (h.originalCall === true) facts.originalCall = true;
    if (h.kongUponKong === true) facts.kongUponKong = true;
    const streak = eastStreak(h.eastConsecutiveWins, seat, o.value);
    if (typeof streak === 'string') return streak;
    if (streak) facts.eastStreak = true;
  } else if (h.winningTile !== undefined || h.winBy !== undefined || h.blessing !== undefined || h.eastConsecutiveWins !== undefined)
    return 'a hand that did not win has no winningTile, winBy, blessing or eastConsecutiveWins';
  return { facts, opts: o.value };
}

/** Copies of kind `k` in a declared set. */
function copiesIn(m: DeclaredMeld, k: Kind): number {
  if (m.type === 'chow') return k >= m.kind && k <= m.kind + 2 ? 1 : 0;
  return m.kind === k ? (m.type === 'kong' ? 4 : 3) : 0;
}

/**
 * `eastConsecutiveWins`: this win's number in East's run of wins (§3, §8.3 `east-streak-limit`,
 * the `eastConsecutiveWins` flag of §9.7). The limit fires as in the engine: a tournament rotation
 * (in a quick one the deal always passes), the limit on, and this win the Nth or later.
 */
function eastStreak(n: unknown, seat: number, o: Options): boolean | string {
  if (n === undefined) return false;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    return `eastConsecutiveWins must be a whole number from 1 (this win's number in East's run), not ${JSON.stringify(n)}`;
  if (seat !== 0) return 'eastConsecutiveWins is for East (seatWind 1z), the dealer';
  if (n > 1 && o.rotation !== 'tournament')
    return 'eastConsecutiveWins above 1 needs rotation tournament (in a quick rotation the deal passes after every hand, §3)';
  const limit = o['east-streak-limit'] === 'off' ? 0 : Number(o['east-streak-limit']);
  return limit > 0 && n >= limit;
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
