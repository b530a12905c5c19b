/**
 * End of a hand (chan.md §10–§12): win with xướng, xướng sai and ù láo (đền làng), draw.
 */
import type { Payment, ScoreItem, Seat } from '../core/types.js';
import type { ChanResult } from './result-types.js';
import { findCuoc } from './scoring/predicates.js';
import { checkXuong, combine, correctCalls } from './scoring/settle.js';
import type { ChanState, CuocCall, Outcome, WinRecord } from './state.js';

function baseResult(s: ChanState): ChanResult {
  return {
    winners: [],
    ranking: [Array.from({ length: s.n }, (_, i) => i)],
    deltas: new Array<number>(s.n).fill(0),
    payments: [],
    items: [],
    unit: s.opts.stake > 1 ? 'money' : 'point',
    endedBy: 'draw',
    uSeat: null,
    winningCard: null,
    winHow: null,
    byChiu: false,
    winFrom: null,
    cuoc: [],
    announced: null,
    announcementCorrect: null,
    announcementProblems: [],
    value: 0,
    diem: 0,
    ga: 0,
    revealed: null,
  };
}

function end(s: ChanState, outcome: Outcome): void {
  s.outcome = outcome;
  s.phase = { kind: 'over' };
}

export function finishDraw(s: ChanState): void {
  end(s, { endedBy: 'draw', winner: null, offender: null, win: null, result: baseResult(s) });
}

/**
 * §11 đền làng: the offender pays `den-lang-points × stake` to every other seat, and ranks last.
 * Without scoring nothing is paid, but the offender still ranks last, so ratings see the offence.
 */
function denLang(s: ChanState, r: ChanResult, offender: Seat, reason: string): void {
  r.ranking = [Array.from({ length: s.n }, (_, i) => i).filter((k) => k !== offender), [offender]];
  if (s.opts.scoring !== 'cuoc') return;
  const p = s.opts['den-lang-points'] * s.opts.stake;
  for (let k = 0; k < s.n; k++) {
    if (k === offender) continue;
    r.payments.push({ from: offender, to: k, amount: p, reason });
    r.deltas[k]! += p;
    r.deltas[offender]! -= p;
  }
  // What was paid (× stake): in the result's unit.
  r.items.push({ id: 'den-lang', seat: offender, value: -(s.n - 1) * p, unit: r.unit });
}

/** ù láo (honor mode): the hand ends at once with no winner; the offender pays đền làng. */
export function finishULao(s: ChanState, seat: Seat): void {
  const r = baseResult(s);
  r.endedBy = 'u-lao';
  r.uSeat = seat;
  r.revealed = { concealed: s.seats[seat]!.hand.slice(), melds: s.seats[seat]!.melds.map((m) => m.cards.slice()) };
  denLang(s, r, seat, 'u-lao');
  end(s, { endedBy: 'u-lao', winner: null, offender: seat, win: null, result: r });
}

/**
 * Settle the declared win. With scoring and manual xướng, `calls` null means the announcement is
 * still to come (phase XUONG, which holds the win).
 */
export function finishWin(s: ChanState, win: WinRecord, calls: CuocCall[] | null): void {
  const seat = win.seat;
  const r = baseResult(s);
  r.uSeat = seat;
  r.winningCard = win.card;
  r.winHow = win.how;
  r.byChiu = win.byChiu;
  r.winFrom = win.from;
  r.winners = [seat];
  r.ranking = [[seat], Array.from({ length: s.n }, (_, i) => i).filter((k) => k !== seat)];
  r.endedBy = 'u';
  const st = s.seats[seat]!;
  r.revealed = { concealed: st.hand.slice(), melds: st.melds.map((m) => m.cards.slice()) };
  if (s.opts.scoring !== 'cuoc') {
    end(s, { endedBy: 'u', winner: seat, offender: null, win, result: r });
    return;
  }
  const found = findCuoc(win.input, s.opts);
  const list = found?.list ?? [];
  r.cuoc = list.map((i) => ({ cuoc: i.id, count: i.count }));
  let paid = list;
  if (s.opts['xuong-mode'] === 'manual') {
    if (calls === null) {
      s.phase = { kind: 'xuong', seat, win };
      return;
    }
    const chk = checkXuong(found?.factual ?? [], calls, s.opts);
    r.announced = calls.map((c) => ({ cuoc: c.cuoc, count: c.count ?? 1 }));
    r.announcementCorrect = chk.correct;
    r.announcementProblems = chk.problems;
    if (!chk.correct) {
      // §11 xướng sai: the win is not paid; the ù-er pays đền làng (he still opens next, Q11).
      r.endedBy = 'xuong-sai';
      r.winners = [];
      denLang(s, r, seat, 'xuong-sai');
      end(s, { endedBy: 'xuong-sai', winner: seat, offender: seat, win, result: r });
      return;
    }
    paid = chk.paid;
  } else {
    r.announced = correctCalls(list).map((c) => ({ cuoc: c.cuoc, count: c.count ?? 1 }));
    r.announcementCorrect = true;
  }
  const v = combine(paid, s.opts, seat);
  r.diem = v.diem;
  r.ga = v.ga;
  r.value = v.value;
  r.items = v.items as ScoreItem[];
  const a = v.value * s.opts.stake;
  const payments: Payment[] = [];
  for (let k = 0; k < s.n; k++) {
    if (k === seat || a === 0) continue;
    payments.push({ from: k, to: seat, amount: a, reason: 'win' });
    r.deltas[k]! -= a;
    r.deltas[seat]! += a;
  }
  r.payments = payments;
  end(s, { endedBy: 'u', winner: seat, offender: null, win, result: r });
}

export function finishXuong(s: ChanState, win: WinRecord, calls: CuocCall[]): void {
  finishWin(s, win, calls);
}
