/** Ending a hand: scoring the win, liabilities (§11), payments (§10) and the HandResult. */
import type { HandResult, Payment, ScoreItem } from '../core/types.js';
import { scoreHand, type HandInput, type WinBy } from './scoring/score.js';
import { falseWinPayments, payments, type PayLine, type PayShape } from './scoring/settle.js';
import type { Feeding, Meld, State } from './state.js';
import { isDragon, isFlowerLike, isHonour, isJoker, isOrdinary, isTerminal, isWind, tileIndex, type Tile } from './tiles.js';

const winAs = (t: Tile): Tile => (isFlowerLike(t) ? 'JA' : t);

/** Warning categories of a called meld (§11): its suit or z, plus t (Nhất Cửu) for terminal pungs. */
export function meldCats(m: Meld): string[] {
  const i = tileIndex(m.as[0]!);
  const out = [i >= 27 ? 'z' : 'mps'[Math.floor(i / 9)]!];
  if (m.kind !== 'chow' && isTerminal(i)) out.push('t');
  return out;
}
function tileInCat(t: Tile, cat: string): boolean {
  const i = tileIndex(t);
  if (i < 0) return false;
  if (cat === 'z') return isHonour(i);
  if (cat === 't') return isTerminal(i);
  return i < 27 && 'mps'[Math.floor(i / 9)] === cat;
}
/** Called melds by category with the action counter of the 3rd one (the warning). */
function warnings(melds: Meld[]): Map<string, { n: number; warnAt: number }> {
  const out = new Map<string, { n: number; warnAt: number }>();
  for (const m of melds) {
    if (!m.called) continue;
    for (const c of meldCats(m)) {
      const w = out.get(c) ?? { n: 0, warnAt: -1 };
      w.n++;
      if (w.n === 3) w.warnAt = m.at;
      out.set(c, w);
    }
  }
  return out;
}
const calledPungTiles = (melds: Meld[]) => melds.filter((m) => m.called && m.kind !== 'chow').map((m) => tileIndex(m.as[0]!));

/** §11.1 exception: all of D's concealed tiles are of C and D made no call since the warning. */
function exempt(s: State, d: number, cat: string, warnAt: number, extra: Tile | null): boolean {
  const p = s.players[d]!;
  const tiles = [...p.hand, ...(extra ? [extra] : [])].filter((t) => !isJoker(t));
  return tiles.every((t) => tileInCat(t, cat)) && p.lastCallAt < warnAt;
}

/** Record Báo Chủy Mó feedings when `seat` claims meld `m` (§11.2–11.4). Call before adding it. */
export function recordFeeding(s: State, seat: number, m: Meld): void {
  if (m.from === null) return;
  const melds = s.players[seat]!.melds;
  const w = warnings(melds);
  const feeder = m.from;
  for (const c of meldCats(m)) {
    const cur = w.get(c);
    if (cur && cur.n >= 3)
      s.feedings.push({ kind: 'thap-nhi', winner: seat, feeder, cat: c, at: s.step, exempt: exempt(s, feeder, c, cur.warnAt, m.as[0]!) });
  }
  if (m.kind === 'chow') return;
  const i = tileIndex(m.as[0]!);
  const pungs = calledPungTiles(melds);
  if (isDragon(i) && pungs.filter((x) => isDragon(x) && x !== i).length >= 2)
    s.feedings.push({ kind: 'bach', winner: seat, feeder, cat: 'dragons', at: s.step, exempt: false });
  if (isWind(i) && pungs.filter((x) => isWind(x) && x !== i).length >= 3)
    s.feedings.push({ kind: 'bac', winner: seat, feeder, cat: 'tu-hi', at: s.step, exempt: false });
}

function fullHandOf(cat: string, patterns: string[], input: HandInput): boolean {
  const tiles = [...input.concealed.filter(isOrdinary), ...input.melds.flatMap((m) => m.as)];
  if (cat === 'z') return patterns.includes('toan-chu');
  if (cat === 't') return patterns.includes('toan-nhat-cuu');
  return patterns.includes('toan-hang') && tiles.every((t) => tileInCat(t, cat));
}

function findLiable(
  s: State,
  w: number,
  winBy: string,
  from: number | null,
  tile: Tile | null,
  input: HandInput,
  patterns: string[],
): { seat: number; rule: string } | null {
  const o = s.opts;
  // rules 2–4: the most recent feeder
  const feeders = s.feedings
    .filter((f) => f.winner === w)
    .filter((f: Feeding) => {
      if (f.kind === 'thap-nhi')
        return o['liability-thap-nhi-chuong'] && !(f.exempt && o['liability-exempt-feeding']) && fullHandOf(f.cat, patterns, input);
      if (f.kind === 'bach') return o['liability-bach-bao'];
      return o['liability-bac-bao'] && (patterns.includes('tieu-tu-hi') || patterns.includes('dai-tu-hi'));
    })
    .sort((a, b) => b.at - a.at);
  if (feeders.length)
    return {
      seat: feeders[0]!.feeder,
      rule: feeders[0]!.kind === 'thap-nhi' ? 'thap-nhi-chuong' : feeders[0]!.kind === 'bach' ? 'bach-bao' : 'bac-bao',
    };
  if (winBy !== 'discard' || from === null || tile === null) return null;
  // rule 5: a discarded bonus tile or joker that is won on
  if (!isOrdinary(tile)) return o['liability-flower-joker'] ? { seat: from, rule: 'flower-joker' } : null;
  const melds = s.players[w]!.melds;
  const warn = warnings(melds);
  // rule 1: Cửu Chướng Báo (deal-in)
  if (o['liability-cuu-chuong'])
    for (const [cat, x] of warn) {
      if (x.n < 3 || !tileInCat(tile, cat) || !fullHandOf(cat, patterns, input)) continue;
      if (exempt(s, from, cat, x.warnAt, tile)) continue;
      return { seat: from, rule: 'cuu-chuong' };
    }
  const i = tileIndex(tile);
  const pungs = calledPungTiles(melds);
  // rule 3: Bạch Báo deal-in
  if (o['liability-bach-bao'] && isDragon(i) && pungs.filter((x) => isDragon(x) && x !== i).length >= 2)
    return { seat: from, rule: 'bach-bao' };
  // rule 4: Bắc Báo deal-in (with the §11.1 exception, §15.7)
  if (o['liability-bac-bao'] && isWind(i) && pungs.filter((x) => isWind(x) && x !== i).length >= 3) {
    const warnAt = melds.filter((m) => m.called && isWind(tileIndex(m.as[0]!)))[2]?.at ?? -1;
    if (!exempt(s, from, 'z', warnAt, tile)) return { seat: from, rule: 'bac-bao' };
  }
  return null;
}

function buildResult(
  s: State,
  lines: { from: number; to: number; amount: number; reason: string }[],
  winners: number[],
  items: ScoreItem[],
  endedBy: string,
): HandResult {
  const deltas = new Array<number>(s.match.people).fill(0);
  const pays: Payment[] = [];
  for (const l of lines) {
    const from = s.seatPerson[l.from]!;
    const to = s.seatPerson[l.to]!;
    deltas[from]! -= l.amount;
    deltas[to]! += l.amount;
    pays.push({ from, to, amount: l.amount, reason: l.reason });
  }
  const persons = s.seatPerson.slice();
  const levels = [...new Set(persons.map((p) => deltas[p]!))].sort((a, b) => b - a);
  const ranking = levels.map((v) => persons.filter((p) => deltas[p] === v));
  return { winners: winners.map((w) => s.seatPerson[w]!), ranking, deltas, payments: pays, items, unit: 'point', endedBy };
}

export function handInput(s: State, seat: number, winBy: string, from: number | null, tile: Tile | null): HandInput {
  const p = s.players[seat]!;
  const discardWin = winBy === 'discard' || winBy === 'rob-kong' || winBy === 'rob-bounce';
  const B = s.opts['scoring-preset'] === 'B';
  const wb: WinBy = winBy === 'rob-bounce' ? 'rob-kong' : (winBy as WinBy);
  const person = s.seatPerson[seat]!;
  const first = !s.anyCall && seat !== 0;
  return {
    seat,
    roundWind: s.roundWind,
    concealed: discardWin && tile ? [...p.hand, winAs(tile)] : [...p.hand],
    melds: p.melds.map((m) => ({ kind: m.kind, tiles: m.tiles, as: m.as, called: m.called, concealed: m.concealed, added: m.added })),
    exposed: p.exposed.map((e) => ({ tile: e.tile, initial: e.initial, bounced: e.bounced })),
    winningTile: winBy === 'thien-u' ? null : discardWin && tile ? winAs(tile) : s.drawn,
    winBy: wb === 'rob-kong' && winBy === 'rob-bounce' ? 'rob-kong' : wb,
    replacement: winBy === 'self-draw' && s.drawnFrom === 'back',
    lastTile: winBy === 'self-draw' ? s.lastLive && s.drawnFrom === 'live' : winBy === 'discard' && s.lastDiscard,
    diaU: B
      ? winBy === 'discard' && from === 0 && s.discards.length === 1
      : first && winBy === 'self-draw' && p.draws === 1 && p.discards === 0,
    nhanU: B ? first && p.discards === 0 && winBy !== 'self-draw' : first && winBy === 'discard' && p.draws === 0,
    batHoa: winBy === 'discard' && tile !== null && !isOrdinary(tile),
    robBounce: winBy === 'rob-bounce',
    consecutiveWins: s.match.streak.person === person ? s.match.streak.wins + 1 : 1,
    neverExposed: !!p.nfnl && p.exposed.length === 0 && p.melds.every((m) => !m.called),
  };
}

export function finishWin(s: State, seat: number, winBy: string, from: number | null, tile: Tile | null): void {
  const input = handInput(s, seat, winBy, from, tile);
  const score = scoreHand(input, s.opts);
  const liable = score.valid ? findLiable(s, seat, winBy, from, tile, input, score.patterns) : null;
  const shape: PayShape = winBy === 'discard' ? 'discard' : winBy === 'rob-kong' || winBy === 'rob-bounce' ? 'rob-kong' : 'self-draw';
  const lines: PayLine[] = payments(seat, score.phan, score.kongs, shape, from, liable?.seat ?? null, s.opts);
  const items: ScoreItem[] = score.items.map((x) => ({
    id: x.id,
    seat: s.seatPerson[seat]!,
    value: x.value,
    unit: 'phan',
    ...(x.detail ? { detail: x.detail } : {}),
  }));
  if (discardWinTile(winBy) && tile) {
    const p = s.players[from!]!;
    if (winBy === 'discard') {
      p.pond = p.pond.slice(0, -1);
      s.discards[s.discards.length - 1] = { ...s.discards[s.discards.length - 1]!, claimed: true };
    }
    s.players[seat]!.hand = [...s.players[seat]!.hand, tile];
  }
  const result = buildResult(
    s,
    lines.map((l) => ({ ...l, to: seat })),
    [seat],
    items,
    winBy === 'thien-u' ? 'thien-u' : shape === 'self-draw' ? 'u-self-draw' : shape === 'discard' ? 'u-discard' : 'u-rob-kong',
  );
  s.phase = 'ended';
  s.claim = null;
  s.rob = null;
  s.end = { kind: 'win', winner: seat, winBy, from, tile, score, liable, result };
}
const discardWinTile = (w: string) => w === 'discard' || w === 'rob-kong' || w === 'rob-bounce';

export function finishDraw(s: State): void {
  s.phase = 'ended';
  s.claim = null;
  s.rob = null;
  s.end = {
    kind: 'draw',
    winner: null,
    winBy: null,
    from: null,
    tile: null,
    score: null,
    liable: null,
    result: buildResult(s, [], [], [], 'draw'),
  };
}

export function finishFalseWin(s: State, seat: number, phan: number): void {
  const lines = falseWinPayments(seat, phan, s.opts).map((x) => ({ from: seat, to: x.to, amount: x.amount, reason: 'chao-u' }));
  s.phase = 'ended';
  s.claim = null;
  s.rob = null;
  const items: ScoreItem[] = [{ id: 'chao-u', seat: s.seatPerson[seat]!, value: phan + 6, unit: 'phan' }];
  s.end = {
    kind: 'false-win',
    winner: null,
    winBy: null,
    from: seat,
    tile: null,
    score: null,
    liable: null,
    result: buildResult(s, lines, [], items, 'false-win'),
  };
}
