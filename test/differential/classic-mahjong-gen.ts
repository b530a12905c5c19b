/**
 * Deterministic generator of classical-mahjong hands for the differential test against Kajongg,
 * and the conversion of a hand into Kajongg's hand-string notation (classic-mahjong.md §9.7).
 */
import { Rng } from '../../src/games/core/rng.js';
import { codeOf, emptyCounts, type Counts, type Kind } from '../../src/games/mahjong/tiles.js';
import type { DeclaredMeld, HandFacts, WinSource } from '../../src/games/classic-mahjong/scoring/score.js';

const KJ_SUIT: Record<string, string> = { m: 'c', p: 's', s: 'b' };
const KJ_HONOR = ['we', 'ws', 'ww', 'wn', 'db', 'dg', 'dr'];
const KJ_BONUS: Record<string, string> = { '1f': 'fe', '2f': 'fs', '3f': 'fw', '4f': 'fn', '5f': 'ye', '6f': 'ys', '7f': 'yw', '8f': 'yn' };

/** Kajongg tile string: lower case = exposed, upper case = concealed. */
export function kjTile(k: Kind, concealed: boolean): string {
  const s = k >= 27 ? KJ_HONOR[k - 27]! : `${KJ_SUIT[codeOf(k)[1]!]}${codeOf(k)[0]}`;
  return concealed ? s[0]!.toUpperCase() + s[1] : s;
}

export function kjMeld(m: DeclaredMeld): string {
  if (m.type === 'chow') return [0, 1, 2].map((i) => kjTile(m.kind + i, false)).join('');
  if (m.type === 'pung') return kjTile(m.kind, false).repeat(3);
  const e = kjTile(m.kind, false);
  const c = kjTile(m.kind, true);
  if (!m.exposed) return e + c + c + e;
  return m.claimed ? e + e + e + c : e.repeat(4);
}

const SRC: Record<WinSource, string> = {
  wall: 'w',
  'loose-tile': 'e',
  'last-wall-tile': 'z',
  discard: 'd',
  'last-discard': 'Z',
  'robbed-kong': 'k',
  heaven: '1',
  earth: '1',
};
const CLAIMED: ReadonlySet<WinSource> = new Set(['discard', 'last-discard', 'robbed-kong', 'earth']);

export interface BridgeRequest {
  id: number;
  seat: string;
  round: string;
  roofOff?: boolean;
  hand?: string;
  declared?: string[];
  bonus?: string[];
  concealed?: string;
  last?: string;
  source?: string;
  ann?: string;
}

export function toBridge(id: number, f: HandFacts, roofOff = false): BridgeRequest {
  const winds = 'ESWN';
  const declared = f.melds.map(kjMeld);
  const bonus = f.bonus.map((b) => KJ_BONUS[b]!);
  const concealed: string[] = [];
  f.concealed.forEach((n, k) => {
    for (let i = 0; i < n; i++) concealed.push(kjTile(k, true));
  });
  const ann = (f.originalCall ? 'a' : '') + (f.kongUponKong ? 't' : '');
  const base = { id, seat: winds[f.seatWind]!, round: winds[f.roundWind]!, ...(roofOff ? { roofOff } : {}) };
  if (f.won && CLAIMED.has(f.source!) && f.winningTile !== undefined) {
    return { ...base, declared, bonus, concealed: concealed.join(''), last: kjTile(f.winningTile, true), source: SRC[f.source!], ann };
  }
  const parts = [...declared, ...bonus];
  if (concealed.length) parts.push('R' + concealed.join(''));
  if (f.won) {
    parts.push('m' + SRC[f.source!] + ann);
    if (f.source !== 'heaven' && f.winningTile !== undefined) parts.push('L' + kjTile(f.winningTile, true));
  }
  return { ...base, hand: parts.join(' ') };
}

// ---- generator ----

type Flavor = 'random' | 'one-suit' | 'honours' | 'pungs' | 'majors' | 'green' | 'special';

function addSet(c: Counts, t: 'chow' | 'pung' | 'kong' | 'pair', k: Kind, sign = 1): void {
  if (t === 'chow') for (let i = 0; i < 3; i++) c[k + i]! += sign;
  else c[k]! += sign * (t === 'pair' ? 2 : t === 'pung' ? 3 : 4);
}

function fits(c: Counts, t: 'chow' | 'pung' | 'kong' | 'pair', k: Kind): boolean {
  if (t === 'chow') return k < 27 && k % 9 <= 6 && [0, 1, 2].every((i) => c[k + i]! < 4);
  return c[k]! + (t === 'pair' ? 2 : t === 'pung' ? 3 : 4) <= 4;
}

function kindPool(rng: Rng, flavor: Flavor): Kind[] {
  const suit = rng.int(3) * 9;
  const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
  switch (flavor) {
    case 'one-suit':
      return rng.int(2) ? range(suit, suit + 9) : [...range(suit, suit + 9), ...range(27, 34)];
    case 'honours':
      return rng.int(3) ? [...range(27, 34), ...range(suit, suit + 9)] : range(27, 34);
    case 'majors':
      return [0, 8, 9, 17, 18, 26, ...range(27, 34)];
    case 'green':
      return [19, 20, 21, 23, 25, 32];
    default:
      return range(0, 34);
  }
}

function pickSet(rng: Rng, c: Counts, pool: Kind[], flavor: Flavor): { t: 'chow' | 'pung' | 'kong'; k: Kind } | null {
  for (let tries = 0; tries < 40; tries++) {
    const k = rng.pick(pool);
    const r = rng.int(10);
    const t = flavor === 'pungs' || flavor === 'majors' ? (r < 8 ? 'pung' : 'kong') : r < 5 ? 'chow' : r < 9 ? 'pung' : 'kong';
    if (t === 'chow' && !pool.includes(k + 1)) continue;
    if (fits(c, t, k)) return { t, k };
  }
  return null;
}

function bonusTiles(rng: Rng): string[] {
  const out: string[] = [];
  const r = rng.int(10);
  if (r < 4) return out;
  const all = ['1f', '2f', '3f', '4f', '5f', '6f', '7f', '8f'];
  if (r === 9 && rng.int(2)) return rng.int(2) ? all.slice(0, 4) : all.slice(4);
  for (const b of all) if (rng.int(4) === 0) out.push(b);
  return out;
}

/** A special shape: Thirteen Orphans, Nine Gates or Squirming Snake (14 concealed tiles). */
function specialConcealed(rng: Rng): Counts {
  const c = emptyCounts();
  const suit = rng.int(3) * 9;
  switch (rng.int(3)) {
    case 0:
      for (const k of [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]) c[k] = 1;
      c[rng.pick([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])]!++;
      return c;
    case 1:
      for (let i = 0; i < 9; i++) c[suit + i] = i === 0 || i === 8 ? 3 : 1;
      c[suit + rng.int(9)]!++;
      return c;
    default: {
      const pair = rng.pick([1, 4, 7]);
      c[suit] = 3;
      c[suit + 8] = 3;
      c[suit + pair] = 2;
      for (let i = 1; i < 8; i++) if (i !== pair) c[suit + i]! += 1;
      return c;
    }
  }
}

/** One generated hand: a winner (complete) or a loser (13 tiles + kongs), deterministic per index. */
export function generateHand(seed: string, index: number): HandFacts {
  const rng = new Rng(`${seed}:${index}`);
  const flavors: Flavor[] = ['random', 'random', 'random', 'one-suit', 'one-suit', 'honours', 'pungs', 'majors', 'green', 'special'];
  const flavor = rng.pick(flavors);
  const won = rng.int(10) < 6;
  const seatWind = rng.int(4);
  const roundWind = rng.int(4);
  const bonus = bonusTiles(rng);
  const facts: HandFacts = { seatWind, roundWind, concealed: emptyCounts(), melds: [], bonus, won };
  if (won && flavor === 'special') {
    facts.concealed = specialConcealed(rng);
  } else {
    const pool = kindPool(rng, flavor);
    const all = emptyCounts();
    const nDeclared = rng.int(5);
    for (let i = 0; i < 4; i++) {
      const s = pickSet(rng, all, pool, flavor);
      if (!s) break;
      addSet(all, s.t, s.k);
      if (i < nDeclared) {
        const exposed = s.t === 'kong' ? rng.int(3) > 0 : true;
        const claimed = s.t === 'kong' && exposed && rng.int(2) === 0;
        facts.melds.push({ type: s.t, kind: s.k, exposed, ...(claimed ? { claimed } : {}) });
      } else if (s.t === 'kong') {
        // an undeclared kong is a pung plus an extra tile: keep it a pung in a winning hand
        addSet(all, 'kong', s.k, -1);
        addSet(all, 'pung', s.k);
        addSet(facts.concealed, 'pung', s.k);
      } else addSet(facts.concealed, s.t, s.k);
    }
    for (let tries = 0; tries < 40; tries++) {
      const k = rng.pick(pool);
      if (fits(all, 'pair', k)) {
        addSet(all, 'pair', k);
        addSet(facts.concealed, 'pair', k);
        break;
      }
    }
    // pad to the right size if the pool ran dry
    const kongs = facts.melds.filter((m) => m.type === 'kong').length;
    const want = 14 + kongs;
    let have = all.reduce((a, b) => a + b, 0);
    while (have < want) {
      const k = rng.int(34);
      if (all[k]! < 4) {
        all[k]!++;
        facts.concealed[k]!++;
        have++;
      }
    }
    while (have > want) {
      const k = rng.int(34);
      if (facts.concealed[k]! > 0) {
        facts.concealed[k]!--;
        all[k]!--;
        have--;
      }
    }
    if (!won) {
      // a loser: drop one concealed tile, and mostly disturb the hand a little more
      const drop = (): void => {
        const ks = facts.concealed.map((n, k) => (n ? k : -1)).filter((k) => k >= 0);
        facts.concealed[rng.pick(ks)]!--;
        all.fill(0);
      };
      drop();
      const swaps = rng.int(4);
      for (let i = 0; i < swaps; i++) {
        const ks = facts.concealed.map((n, k) => (n ? k : -1)).filter((k) => k >= 0);
        if (!ks.length) break;
        const total = facts.concealed.slice();
        for (const m of facts.melds) addSet(total, m.type, m.kind);
        const to = rng.pick(pool);
        if (total[to]! >= 4) continue;
        facts.concealed[rng.pick(ks)]!--;
        facts.concealed[to]!++;
      }
    }
  }
  if (won) {
    const ks = facts.concealed.map((n, k) => (n ? k : -1)).filter((k) => k >= 0);
    const w = rng.pick(ks);
    facts.winningTile = w;
    const total = facts.concealed.slice();
    for (const m of facts.melds) addSet(total, m.type, m.kind);
    const sources: WinSource[] = ['wall', 'wall', 'discard', 'discard', 'discard', 'loose-tile', 'last-wall-tile', 'last-discard'];
    if (total[w] === 1) sources.push('robbed-kong', 'robbed-kong');
    if (rng.int(40) === 0) sources.push(seatWind === 0 ? 'heaven' : 'earth');
    facts.source = rng.pick(sources);
    if (facts.source === 'heaven' && facts.melds.some((m) => m.exposed)) facts.source = 'wall';
    if (rng.int(30) === 0) facts.originalCall = true;
    if (rng.int(60) === 0 && facts.melds.filter((m) => m.type === 'kong').length >= 2) facts.kongUponKong = true;
  }
  return facts;
}

export function describe(f: HandFacts): string {
  const t = (c: Counts) => c.flatMap((n, k) => Array<string>(n).fill(codeOf(k))).join('');
  const ms = f.melds
    .map((m) => `${m.exposed ? '[' : '{'}${m.type}:${codeOf(m.kind)}${m.claimed ? ' claimed' : ''}${m.exposed ? ']' : '}'}`)
    .join(' ');
  return `seat ${f.seatWind} round ${f.roundWind} ${ms} ${t(f.concealed)} bonus ${f.bonus.join(',')} ${f.won ? `won ${f.winningTile !== undefined ? codeOf(f.winningTile) : '-'} by ${f.source}` : 'lost'}`;
}
