/**
 * The `score` CLI contract (issue 5, classic-mahjong.md §9.7): one JSON hand or an array of hands
 * in, the scoring as JSON out. Bad input gives `{ valid: false, reason }`, never a throw.
 */
import { resolveOptions } from '../../core/options.js';
import { countsOf, kindOf, isBonusCode, type Kind } from '../../mahjong/tiles.js';
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
  if (!raw || typeof raw !== 'object') return 'a meld must be an object {tiles, exposed}';
  const m = raw as { tiles?: unknown; exposed?: unknown; claimed?: unknown };
  if (!Array.isArray(m.tiles) || m.tiles.some((t) => typeof t !== 'string')) return 'meld.tiles must be an array of tile codes';
  const kinds = (m.tiles as string[]).map(kindOf);
  if (kinds.some((k) => k === null)) return `meld has an unknown tile: ${(m.tiles as string[]).join(' ')}`;
  if (m.exposed !== undefined && typeof m.exposed !== 'boolean') return 'meld.exposed must be true or false';
  const ks = (kinds as Kind[]).slice().sort((a, b) => a - b);
  const exposed = m.exposed !== false;
  const same = ks.every((k) => k === ks[0]);
  const isChow =
    ks.length === 3 && ks[0]! < 27 && Math.floor(ks[0]! / 9) === Math.floor(ks[2]! / 9) && ks[1] === ks[0]! + 1 && ks[2] === ks[0]! + 2;
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

/** Parse one CLI hand into scorer facts and options. */
export function parseCliHand(raw: unknown): { facts: HandFacts; opts: Options } | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'a hand must be a JSON object';
  const h = raw as Record<string, unknown>;
  const seat = WIND_CODES.indexOf(String(h.seatWind ?? ''));
  const round = WIND_CODES.indexOf(String(h.roundWind ?? '1z'));
  if (seat < 0) return 'seatWind must be 1z, 2z, 3z or 4z';
  if (round < 0) return 'roundWind must be 1z, 2z, 3z or 4z';
  const rawOpts = (h.options ?? {}) as Record<string, unknown>;
  if (typeof rawOpts !== 'object' || Array.isArray(rawOpts)) return 'options must be an object';
  const { preset, ...overrides } = rawOpts;
  const o = resolveOptions(OPTIONS, overrides, preset === undefined ? undefined : String(preset));
  if (!o.ok) return o.errors.map((e) => `${e.key}: ${e.message} (allowed: ${e.allowed})`).join('; ');
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
  const won = h.won === true;
  const facts: HandFacts = { seatWind: seat, roundWind: round, concealed, melds, bonus: flowers as string[], won };
  if (won) {
    const blessing = h.blessing;
    if (blessing !== undefined && blessing !== 'heaven' && blessing !== 'earth') return 'blessing must be heaven or earth';
    const wt = h.winningTile === undefined ? null : kindOf(String(h.winningTile));
    if (h.winningTile !== undefined && wt === null) return `unknown winning tile ${String(h.winningTile)}`;
    const by = WIN_BY[String(h.winBy)];
    if (!by && blessing !== 'heaven') return 'winBy must be discard, self-draw, replacement or robbed-kong';
    let source: WinSource = by ?? 'wall';
    if (h.lastTileOfWall === true) {
      if (source === 'wall') source = 'last-wall-tile';
      else if (source === 'discard') source = 'last-discard';
    }
    if (blessing === 'heaven') source = 'heaven';
    if (blessing === 'earth') source = 'earth';
    facts.source = source;
    if (wt !== null) facts.winningTile = wt;
    if (h.originalCall === true) facts.originalCall = true;
    if (h.kongUponKong === true) facts.kongUponKong = true;
  } else if (h.winningTile !== undefined || h.winBy !== undefined) return 'a hand that did not win has no winningTile or winBy';
  return { facts, opts: o.value };
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
