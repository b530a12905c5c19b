/** checkInvariants(): every tile exactly once, hand sizes, melds, pending consistency. */
import { pendingBySeat } from './rules.js';
import type { Meld, State } from './state.js';
import { fullSet, inDomain, isJoker, tileIndex, type Tile } from './tiles.js';

export function allTiles(s: State): Tile[] {
  const out: Tile[] = [...s.wall];
  for (const p of s.players) {
    out.push(...p.hand, ...p.pond, ...p.exposed.map((e) => e.tile));
    for (const m of p.melds) out.push(...m.tiles);
  }
  if (s.rob) out.push(s.rob.tile);
  return out;
}

export function tileCountProblems(tiles: Tile[], s: State): string[] {
  const want = new Map<Tile, number>();
  for (const t of fullSet(s.opts['joker-copies'], s.opts['honour-joker'])) want.set(t, (want.get(t) ?? 0) + 1);
  const have = new Map<Tile, number>();
  for (const t of tiles) have.set(t, (have.get(t) ?? 0) + 1);
  const out: string[] = [];
  for (const [t, n] of want) if ((have.get(t) ?? 0) !== n) out.push(`tile ${t}: ${have.get(t) ?? 0} present, ${n} expected`);
  for (const t of have.keys()) if (!want.has(t)) out.push(`unknown tile ${t}`);
  return out;
}

/**
 * Why meld `m` is not a set (§7): a chow is three suited tiles in a row, a pung or kong one tile; a
 * natural tile stands for itself, a joker for a tile of its domain (§2). Shared with the score CLI.
 */
export function meldSetProblems(m: Pick<Meld, 'kind' | 'tiles' | 'as'>): string[] {
  const out: string[] = [];
  const idx = m.as.map(tileIndex);
  if (idx.some((i) => i < 0)) out.push('meld stands for a non-ordinary tile');
  if (
    m.kind === 'chow' &&
    !(idx[0]! < 27 && Math.floor(idx[0]! / 9) === Math.floor(idx[2]! / 9) && idx[1] === idx[0]! + 1 && idx[2] === idx[0]! + 2)
  )
    out.push(`bad chow ${m.as.join('')}`);
  if (m.kind !== 'chow' && new Set(m.as).size !== 1) out.push(`bad ${m.kind} ${m.as.join('')}`);
  m.tiles.forEach((t, k) => {
    if (isJoker(t) ? !inDomain(t, idx[k]!) : t !== m.as[k]) out.push(`tile ${t} cannot stand for ${m.as[k]}`);
  });
  return out;
}

export function checkInvariants(s: State): string[] {
  const out = tileCountProblems(allTiles(s), s);
  s.players.forEach((p, seat) => {
    const size = p.hand.length + p.melds.length * 3;
    const toMove = (s.phase === 'turn' || s.phase === 'after-call') && s.turn === seat;
    const dealerInitial = s.phase === 'initial' && seat === 0;
    if (s.phase !== 'ended' && s.phase !== 'rob') {
      const want = toMove || dealerInitial ? 14 : 13;
      if (size !== want) out.push(`seat ${seat}: ${size} tiles, expected ${want}`);
    } else if (size !== 13 && size !== 14) out.push(`seat ${seat}: ${size} tiles`);
    for (const m of p.melds) out.push(...meldSetProblems(m).map((x) => `seat ${seat}: ${x}`));
  });
  if (s.phase === 'claim' && !s.claim) out.push('claim phase without a claim');
  if (s.phase === 'rob' && !s.rob) out.push('rob phase without a rob');
  if (s.phase === 'ended' && !s.end) out.push('ended without a result');
  if (s.phase !== 'ended') {
    const pend = pendingBySeat(s);
    if (pend.length === 0) out.push('no pending decision');
    for (const d of pend) if (d.options.length === 0) out.push(`seat ${d.seat} has a decision with no options`);
  }
  if (s.mustDiscard && !s.players[s.turn]!.hand.includes(s.mustDiscard) && s.phase !== 'ended')
    out.push('tile that must be discarded is not in the hand of the seat to move');
  if (s.end) {
    const sum = s.end.result.deltas.reduce((a, b) => a + b, 0);
    if (sum !== 0) out.push('deltas do not sum to zero');
  }
  return out;
}
