/** Ending a hand: the HandResult of a win (settled by scoring/settle.ts `settleWin`), a draw or a Chao Ù. */
import type { HandResult, Payment, ScoreItem } from '../core/types.js';
import { discardable } from './basics.js';
import { exempt, feedingsOf, meldCats, type DiscarderFacts } from './scoring/liability.js';
import type { HandInput, WinBy } from './scoring/score.js';
import { falseWinPayments, flatBonus, settleWin } from './scoring/settle.js';
import type { Meld, State } from './state.js';
import { isOrdinary, type Tile } from './tiles.js';

export { meldCats };

/** Record Báo Chủy Mó feedings when `seat` claims meld `m` (§11.2–11.4). Call before adding it. */
export function recordFeeding(s: State, seat: number, m: Meld): void {
  const feeder = m.from;
  if (feeder === null) return;
  s.feedings.push(
    ...feedingsOf(seat, s.players[seat]!.melds, m, (cat, warnAt) => exempt(discarderFacts(s, feeder), cat, warnAt, m.as[0]!)),
  );
}

/** What the §11.1 exception reads of discarder (or feeder) `seat`: its hand now, its last call, what it may discard. */
function discarderFacts(s: State, seat: number): DiscarderFacts {
  const d = s.players[seat]!;
  return { hand: d.hand, lastCallAt: d.lastCallAt, mayDiscard: (t) => discardable(s, seat, t) };
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

const wonOnAnotherTile = (w: WinBy) => w === 'discard' || w === 'rob-kong' || w === 'rob-bounce';

/** The scoring input of `seat`'s win from the state (the winning tile `tile` is not in the hand yet). */
export function handInput(s: State, seat: number, winBy: WinBy, from: number | null, tile: Tile | null): HandInput {
  const p = s.players[seat]!;
  const other = wonOnAnotherTile(winBy);
  const B = s.opts['scoring-preset'] === 'B';
  const person = s.seatPerson[seat]!;
  const first = !s.anyCall && seat !== 0;
  const diaU = B
    ? winBy === 'discard' && from === 0 && s.discards.length === 1
    : first && winBy === 'self-draw' && p.draws === 1 && p.discards === 0;
  return {
    seat,
    roundWind: s.roundWind,
    concealed: other && tile ? [...p.hand, tile] : [...p.hand],
    melds: p.melds.map((m) => ({ kind: m.kind, tiles: m.tiles, as: m.as, called: m.called, concealed: m.concealed, added: m.added })),
    exposed: p.exposed.map((e) => ({
      tile: e.tile,
      initial: e.initial,
      bounced: e.bounced,
      ...(e.frame === undefined ? {} : { frame: e.frame }),
    })),
    winningTile: winBy === 'thien-u' ? null : other && tile ? tile : s.drawn,
    winBy,
    replacement: winBy === 'self-draw' && s.drawnFrom === 'back',
    lastTile: winBy === 'self-draw' ? s.lastLive && s.drawnFrom === 'live' : winBy === 'discard' && s.lastDiscard,
    diaU,
    // §9 B "Nhân Ù = win before your first discard with no call": a self-draw too. B lists three
    // blessings, one per win: a win on the dealer's first discard is Địa Ù only (rules-decisions.md)
    nhanU: B ? first && p.discards === 0 && !diaU : first && winBy === 'discard' && p.draws === 0,
    batHoa: winBy === 'discard' && tile !== null && !isOrdinary(tile),
    consecutiveWins: s.match.streak.person === person ? s.match.streak.wins + 1 : 1,
    neverExposed: !!p.nfnl && p.exposed.length === 0 && (s.opts['nfnl-calls'] === 'allowed' || p.melds.every((m) => !m.called)),
  };
}

export function finishWin(s: State, seat: number, winBy: WinBy, from: number | null, tile: Tile | null): void {
  const input = handInput(s, seat, winBy, from, tile);
  const { score, liable, shape, lines } = settleWin(
    {
      winner: seat,
      from,
      tile,
      melds: s.players[seat]!.melds,
      feedings: s.feedings,
      discarder: from === null ? null : discarderFacts(s, from),
      input,
    },
    s.opts,
  );
  const items: ScoreItem[] = score.items.map((x) => ({
    id: x.id,
    seat: s.seatPerson[seat]!,
    value: x.value,
    unit: 'phan',
    ...(x.detail ? { detail: x.detail } : {}),
  }));
  // The flat extras (§10) are in every payment but no phán: a line of their own says what they add.
  const flat = score.valid ? flatBonus(score.phan, score.kongs, s.opts) * Number(s.opts['point-unit']) : 0;
  if (flat > 0) items.push({ id: 'flat-bonus', seat: s.seatPerson[seat]!, value: flat, unit: 'point' });
  if (wonOnAnotherTile(winBy) && tile) {
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
    endedByOf(winBy, shape),
  );
  s.phase = 'ended';
  s.claim = null;
  s.rob = null;
  s.end = { kind: 'win', winner: seat, winBy, from, tile, score, liable, result };
}

export function finishDraw(s: State): void {
  s.phase = 'ended';
  s.claim = null;
  s.rob = null;
  s.end = { kind: 'draw', result: buildResult(s, [], [], [], 'draw') };
}

export function finishFalseWin(s: State, seat: number, phan: number): void {
  const lines = falseWinPayments(seat, phan, s.opts).map((x) => ({ from: seat, to: x.to, amount: x.amount, reason: 'chao-u' }));
  s.phase = 'ended';
  s.claim = null;
  s.rob = null;
  const items: ScoreItem[] = [{ id: 'chao-u', seat: s.seatPerson[seat]!, value: phan + 6, unit: 'phan' }];
  s.end = { kind: 'false-win', from: seat, result: buildResult(s, lines, [], items, 'false-win') };
}

/**
 * The finished hand's title key (`end.<endedBy>`): robbing a bounce (`rob-bounce`, §13) is titled as
 * such, not as robbing a kong (it is no Coong Xừng Phá, docs/rules-decisions.md; before 2026-12-07 it
 * was titled "u-rob-kong").
 */
function endedByOf(winBy: WinBy, shape: string): string {
  if (winBy === 'thien-u') return 'thien-u';
  if (shape === 'self-draw') return 'u-self-draw';
  if (shape === 'discard') return 'u-discard';
  return winBy === 'rob-bounce' ? 'u-rob-bounce' : 'u-rob-kong';
}
