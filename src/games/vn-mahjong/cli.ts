/** `score` CLI command (issue 6): score one hand given as JSON. */
import { resolveOptions } from '../core/options.js';
import { OPTIONS } from './options.js';
import { inferAs } from './scenario.js';
import { scoreHand, type HandInput, type MeldIn, type WinBy } from './scoring/score.js';
import { double, single } from './scoring/settle.js';
import { isBonus, isJoker, isOrdinary, type Tile } from './tiles.js';

const WINDS: Record<string, number> = { '1z': 0, '2z': 1, '3z': 2, '4z': 3, e: 0, s: 1, w: 2, n: 3, east: 0, south: 1, west: 2, north: 3 };
const wind = (x: unknown): number | null =>
  typeof x === 'number' && x >= 0 && x <= 3 ? x : typeof x === 'string' ? (WINDS[x.toLowerCase()] ?? null) : null;
const tiles = (x: unknown): Tile[] | null =>
  Array.isArray(x) ? (x as Tile[]) : typeof x === 'string' ? x.split(/\s+/).filter(Boolean) : null;
const known = (t: Tile) => isOrdinary(t) || isBonus(t) || isJoker(t);

export function score(input: unknown): unknown {
  const bad = (reason: string) => ({ valid: false, reason });
  if (!input || typeof input !== 'object') return bad('input must be a JSON object');
  const i = input as Record<string, unknown>;
  const seat = wind(i.seatWind ?? '1z');
  const round = wind(i.roundWind ?? '1z');
  if (seat === null || round === null) return bad('seatWind/roundWind must be 1z…4z');
  const conc = tiles(i.concealed);
  if (!conc || !conc.every(known)) return bad('concealed must be a list of tile codes');
  const opt = resolveOptions(OPTIONS, (i.options as Record<string, unknown>) ?? {}, typeof i.preset === 'string' ? i.preset : undefined);
  if (!opt.ok) return bad(opt.errors.map((e) => `${e.key}: ${e.message}`).join('; '));
  const melds: MeldIn[] = [];
  for (const m of (Array.isArray(i.melds) ? i.melds : []) as Record<string, unknown>[]) {
    const raw = tiles(m.tiles);
    if (!raw || (raw.length !== 3 && raw.length !== 4)) return bad('each meld needs 3 or 4 tiles');
    const parsed = raw.map((t) => /^(J[A-Z])\((\w+)\)$/.exec(t));
    const ts = raw.map((t, k) => parsed[k]?.[1] ?? t);
    const as = parsed.every((p, k) => p || !isJoker(raw[k]!)) ? raw.map((t, k) => parsed[k]?.[2] ?? t) : inferAs(ts);
    if (!as || !ts.every(known)) return bad(`meld ${raw.join(' ')} is not a set`);
    const exposed = m.exposed !== false;
    melds.push({
      kind: ts.length === 4 ? 'kong' : new Set(as).size === 1 ? 'pung' : 'chow',
      tiles: ts,
      as,
      called: exposed,
      concealed: !exposed,
    });
  }
  const flowers = tiles(i.flowers ?? []) ?? [];
  const winBy = String(i.winBy ?? 'self-draw') as WinBy;
  if (!['self-draw', 'discard', 'rob-kong', 'thien-u'].includes(winBy)) return bad('winBy must be self-draw, discard, rob-kong or thien-u');
  const win = typeof i.winningTile === 'string' ? i.winningTile : null;
  if (win === null && winBy !== 'thien-u') return bad('winningTile is required');
  const concealed = conc.slice();
  if (concealed.length + melds.length * 3 === 13 && win) concealed.push(isBonus(win) || win === 'JF' ? 'JA' : win);
  if (concealed.length + melds.length * 3 !== 14) return bad(`wrong tile count: ${concealed.length} concealed + ${melds.length} melds`);
  const hand: HandInput = {
    seat,
    roundWind: round,
    concealed,
    melds,
    exposed: flowers.map((t) => ({ tile: t, initial: false })),
    winningTile: win && (isBonus(win) || win === 'JF') ? 'JA' : win,
    winBy,
    batHoa: winBy === 'discard' && win !== null && !isOrdinary(win),
    neverExposed: i.neverExposed !== undefined ? !!i.neverExposed : flowers.length === 0 && melds.every((m) => !m.called),
  };
  const o = opt.value;
  const r = scoreHand(hand, o);
  if (!r.valid) return bad(r.reason ?? 'not a winning hand');
  const v = Number(o['leftover-phan-value']);
  const u = o['point-unit'];
  const payments =
    winBy === 'self-draw' || winBy === 'thien-u'
      ? { each: double(r.phan, v) * u, total: 3 * double(r.phan, v) * u }
      : { discarder: double(r.phan, v) * u, other: single(r.phan, v) * u, total: (double(r.phan, v) + 2 * single(r.phan, v)) * u };
  return { valid: true, phan: r.phan, mun: r.mun, items: r.items, arrangement: r.arrangement, kk: r.kk, payments };
}
