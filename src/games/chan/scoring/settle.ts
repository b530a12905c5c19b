/**
 * Combining cước into a value, checking the xướng, and settling a hand (chan.md §9–§11).
 */
import type { ScoreItem } from '../../core/types.js';
import type { ChanOptions } from '../options.js';
import type { CuocCall } from '../state.js';
import { GA_POINTS, PROFILES, THAP_THANH_STACK, type CuocId, type CuocItem } from './items.js';
import type { CuocInstance } from './predicates.js';

export interface Valued {
  diem: number;
  ga: number;
  value: number;
  items: ScoreItem[];
}

/**
 * §9 combining: the highest điểm + the dịch of every other instance; with Thập thành (Sân Đình)
 * Thập thành, Bạch định, Tám đỏ and Kính tứ chi add their full điểm. V = điểm + 5 × gà.
 */
export function combine(list: readonly CuocInstance[], opts: ChanOptions, seat = 0): Valued {
  const profile = PROFILES[opts['scoring-profile']];
  const rowOf = (id: CuocId): CuocItem | undefined => profile.find((r) => r.id === id);
  // In the profile's order, whatever the order announced: the first of equal highest điểm is "the
  // highest" (Thập thành before Phá thiên, both 12), so one announcement pays one value, never more
  // than the hand's full value (the engine's own, in this order).
  const rank = (id: CuocId) => profile.findIndex((r) => r.id === id);
  const units: CuocItem[] = [];
  for (const inst of [...list].sort((a, b) => rank(a.id) - rank(b.id))) {
    const r = rowOf(inst.id);
    if (r) for (let k = 0; k < inst.count; k++) units.push(r);
  }
  const items: ScoreItem[] = [];
  if (units.length === 0) return { diem: 0, ga: 0, value: 0, items };
  let top = 0;
  units.forEach((u, i) => {
    if (u.diem > units[top]!.diem) top = i;
  });
  const stack = opts['scoring-profile'] === 'san-dinh' && units.some((u) => u.id === 'thap-thanh');
  let diem = 0;
  units.forEach((u, i) => {
    const v = i === top || (stack && THAP_THANH_STACK.includes(u.id)) ? u.diem : u.dich;
    diem += v;
    items.push({ id: u.id, seat, value: v, unit: 'diem' });
  });
  let ga = 0;
  const has = (id: CuocId) => units.some((u) => u.id === id);
  const hasHoa = units.some((u) => u.hoa);
  for (const u of units) {
    if (u.ga > 0) {
      ga += u.ga;
      items.push({ id: u.id, seat, value: u.ga, unit: 'ga' });
    }
  }
  if (!hasHoa && has('chi') && has('bach-thu')) {
    ga += opts['chi-bach-thu-ga'];
    items.push({ id: 'chi-bach-thu', seat, value: opts['chi-bach-thu-ga'], unit: 'ga' });
  }
  if (has('u-bon') && (has('bach-thu') || hasHoa)) {
    ga += 1;
    items.push({ id: 'u-bon', seat, value: 1, unit: 'ga' });
  }
  return { diem, ga, value: diem + GA_POINTS * ga, items };
}

export const MANDATORY: readonly CuocId[] = ['thien-u', 'chiu-u', 'u-bon', 'bach-thu', 'bach-thu-chi'];

export interface XuongCheck {
  correct: boolean;
  /** What was wrong: 'thua:<id>' (announced but absent), 'thieu:<id>' (mandatory missing), 'empty', 'unknown:<id>'. */
  problems: string[];
  /** The announced instances that are paid (when correct). */
  paid: CuocInstance[];
}

export function normalizeCalls(calls: readonly CuocCall[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of calls) m.set(c.cuoc, (m.get(c.cuoc) ?? 0) + (c.count ?? 1));
  return m;
}

/** §9 xướng: thừa (absent cước or count), thiếu (a present mandatory cước missing) or nothing called. */
export function checkXuong(factual: readonly CuocInstance[], calls: readonly CuocCall[], opts: ChanOptions): XuongCheck {
  const problems: string[] = [];
  const said = normalizeCalls(calls);
  const profile = PROFILES[opts['scoring-profile']];
  if (said.size === 0) problems.push('empty');
  const present = new Map<string, number>();
  for (const f of factual) present.set(f.id, f.count);
  for (const [id, k] of said) {
    if (!profile.some((r) => r.id === id)) problems.push(`unknown:${id}`);
    else if (!Number.isInteger(k) || k < 1 || k > (present.get(id) ?? 0)) problems.push(`thua:${id}`);
  }
  const hoaSaid = [...said.keys()].some((id) => profile.find((r) => r.id === id)?.hoa);
  for (const id of MANDATORY) {
    if (!present.has(id) || said.has(id)) continue;
    if (id === 'bach-thu' && (said.has('thien-u') || hoaSaid)) continue;
    problems.push(`thieu:${id}`);
  }
  const paid: CuocInstance[] = [...said]
    .filter(([id]) => present.has(id) && !(hoaSaid && (id === 'chi' || id === 'bach-thu')))
    .map(([id, count]) => ({ id: id as CuocId, count }));
  return { correct: problems.length === 0, problems, paid };
}

/** The engine's own (correct) announcement: every scored cước with counts. */
export function correctCalls(list: readonly CuocInstance[]): CuocCall[] {
  return list.map((i) => (i.count === 1 ? { cuoc: i.id } : { cuoc: i.id, count: i.count }));
}
