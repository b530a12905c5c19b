/** Won hands played by the engines (scenario files and positions) for the winning-piece tests (issue #13 §5). */
import { readFileSync } from 'node:fs';
import { resolveOptions } from '../../src/games/core/options.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import type { Scenario } from '../../src/games/core/scenario.js';
import { engine as classic } from '../../src/games/classic-mahjong/index.js';
import { engine as vn } from '../../src/games/vn-mahjong/index.js';
import { engine as phom } from '../../src/games/phom/index.js';
import { engine as chan } from '../../src/games/chan/index.js';
import { classicMahjongPresenter } from '../../src/table/present/classic-mahjong.js';
import { vnMahjongPresenter } from '../../src/table/present/vn-mahjong.js';
import { phomPresenter } from '../../src/table/present/phom.js';
import { chanPresenter } from '../../src/table/present/chan.js';
import type { AnyPresenter } from '../../src/table/present/types.js';
import type { HandResult } from '../../src/games/core/types.js';
import type { Locale, ResultModel, ResultWinner } from '../../src/render/model.js';
import { translator } from '../../src/table/i18n.js';

/** Plays a scenario file (test/scenarios/<game>/<file>) with the engine; returns the final state. */
export function playScenario(engine: AnyEngine, file: string): unknown {
  const sc = JSON.parse(readFileSync(new URL(`../scenarios/${engine.id}/${file}`, import.meta.url), 'utf8')) as Scenario;
  const o = resolveOptions(engine.options, sc.options ?? {}, sc.preset);
  if (!o.ok) throw new Error(`${file}: options rejected`);
  const start = engine.fromScenario(o.value, sc.seats, sc.start);
  if (!start.ok) throw new Error(`${file}: start rejected: ${start.error.message}`);
  let s: unknown = start.value;
  for (const step of sc.steps) {
    if ('action' in step) {
      const r = engine.apply(s, step.seat, step.action);
      if (r.ok) s = r.value;
      else if (!step.expect || step.expect === 'accepted')
        throw new Error(`${file}: ${JSON.stringify(step.action)} rejected: ${r.error.code}`);
    } else if ('timeout' in step) {
      const d = engine.pending(s).find((x) => x.seat === step.timeout)!;
      const r = engine.apply(s, d.seat, d.timeoutDefault);
      if (!r.ok) throw new Error(`${file}: timeout default rejected`);
      s = r.value;
    }
  }
  return s;
}

export const NAMES = ['An', 'Bình', 'Chi', 'Dũng', 'Em', 'Phúc'];

/** A won hand, played by the engine from a scenario (file or position), and how it was won. */
export interface WonHand {
  label: string;
  engine: AnyEngine;
  presenter: AnyPresenter;
  state: unknown;
  /** The winning piece, or null when the hand has none (Thiên ù, Ù khan, Heaven's Blessing). */
  piece: string | null;
  /** `<ns>:winning.<key>` of the caption, and the seat named in it. */
  caption?: { key: string; who?: number; chiu?: boolean };
}

function fromPosition(engine: AnyEngine, seats: number, position: unknown, options: Record<string, unknown>, steps: [number, object][]) {
  const o = resolveOptions(engine.options, options);
  if (!o.ok) throw new Error('options');
  const r = engine.fromScenario(o.value, seats, { position } as never);
  if (!r.ok) throw new Error(r.error.message);
  let s: unknown = r.value;
  for (const [seat, a] of steps) {
    const x = engine.apply(s, seat, a);
    if (!x.ok) throw new Error(`${JSON.stringify(a)}: ${x.error.code}`);
    s = x.value;
  }
  return s;
}

const CHIU_HAND = '4v 4v 4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s';
const E1 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v';
const AUTO = { 'xuong-mode': 'auto' };

export function wonHands(): WonHand[] {
  const C = { engine: classic, presenter: classicMahjongPresenter as AnyPresenter };
  const V = { engine: vn, presenter: vnMahjongPresenter as AnyPresenter };
  const P = { engine: phom, presenter: phomPresenter as AnyPresenter };
  const H = { engine: chan, presenter: chanPresenter as AnyPresenter };
  return [
    // classic-mahjong.md §14
    {
      label: 'classic: on a discard (Ex 1)',
      ...C,
      state: playScenario(classic, '14-ex01-discard-win-own-flower.json'),
      piece: '5z',
      caption: { key: 'common:winning.discard', who: 2 },
    },
    {
      label: 'classic: self-drawn (Ex 2)',
      ...C,
      state: playScenario(classic, '14-ex02-east-self-draw-concealed.json'),
      piece: '3m',
      caption: { key: 'common:winning.self-drawn' },
    },
    {
      label: 'classic: self-drawn loose tile (Ex 5)',
      ...C,
      state: playScenario(classic, '14-ex05-win-on-loose-tile.json'),
      piece: '3p',
      caption: { key: 'common:winning.self-drawn' },
    },
    {
      label: 'classic: robbing the kong (Ex 6)',
      ...C,
      state: playScenario(classic, '14-ex06-robbing-the-kong.json'),
      piece: '7p',
      caption: { key: 'common:winning.robbed-kong', who: 0 },
    },
    // vn-mahjong.md §14
    {
      label: 'vn: on a discard (E1)',
      ...V,
      state: playScenario(vn, '14-e1-discard-win.json'),
      piece: '4m',
      caption: { key: 'common:winning.discard', who: 1 },
    },
    {
      label: 'vn: self-drawn (E2)',
      ...V,
      state: playScenario(vn, '14-e2-self-draw-1-mun.json'),
      piece: '3m',
      caption: { key: 'common:winning.self-drawn' },
    },
    {
      label: 'vn: robbing the kong (E5)',
      ...V,
      state: playScenario(vn, '14-e5-rob-kong-as-discard.json'),
      piece: '8p',
      caption: { key: 'common:winning.robbed-kong', who: 2 },
    },
    {
      label: 'vn: on a discarded joker (E10)',
      ...V,
      state: playScenario(vn, '14-e10-discarded-joker.json'),
      piece: 'JP',
      caption: { key: 'common:winning.discard', who: 1 },
    },
    {
      label: 'vn: on a discarded bonus tile (§6)',
      ...V,
      state: playScenario(vn, '06-won-bonus-tile-not-bo-khung.json'),
      piece: '1f',
      caption: { key: 'common:winning.discard', who: 0 },
    },
    {
      label: 'vn: robbing a bounce (rob-bounce)',
      ...V,
      state: playScenario(vn, '13-rob-bounce-not-cxp.json'),
      piece: '3s',
      caption: { key: 'common:winning.robbed', who: 1 },
    },
    { label: 'vn: Thiên Ù has no winning tile (E11)', ...V, state: playScenario(vn, '14-e11-thien-u.json'), piece: null },
    // phom.md §14
    {
      label: 'phom: Ù on an eaten card (Ex 11)',
      ...P,
      state: playScenario(phom, '11-01-u-den-others-all-bet.json'),
      piece: '9S',
      caption: { key: 'phom:winning.eaten', who: 0 },
    },
    {
      label: 'phom: Ù on a drawn card (Ex 13)',
      ...P,
      state: playScenario(phom, '14-13-u-tron.json'),
      piece: '5H',
      caption: { key: 'phom:winning.drawn' },
    },
    { label: 'phom: Ù khan has no completing card', ...P, state: playScenario(phom, '14-12-u-khan.json'), piece: null },
    // chan.md
    {
      label: 'chan: on a card another seat drew (Ex 1)',
      ...H,
      state: playScenario(chan, '14-e1-bach-thu.json'),
      piece: '4v',
      caption: { key: 'chan:winning.wall', who: 0 },
    },
    {
      label: 'chan: on its own draw (Ex 9)',
      ...H,
      state: playScenario(chan, '14-e9-combined.json'),
      piece: '3v',
      caption: { key: 'chan:winning.own-draw' },
    },
    {
      label: 'chan: chíu-ù on a discard',
      ...H,
      state: fromPosition(
        chan,
        5,
        { hands: ['', '', '', '', CHIU_HAND], phase: { kind: 'offer', card: '4v', gate: 2, source: 'discard', from: 1 } },
        AUTO,
        [[4, { type: 'u' }]],
      ),
      piece: '4v',
      caption: { key: 'chan:winning.discard', who: 1, chiu: true },
    },
    {
      label: 'chan: on a returned card',
      ...H,
      state: fromPosition(
        chan,
        5,
        { hands: ['', '', E1], phase: { kind: 'offer', card: '4v', gate: 2, source: 'return', from: 4 } },
        { 'u-on-returned-card': true, ...AUTO },
        [[2, { type: 'u' }]],
      ),
      piece: '4v',
      caption: { key: 'chan:winning.return', who: 4 },
    },
    { label: 'chan: Thiên ù has no ù card', ...H, state: playScenario(chan, '14-thien-u.json'), piece: null },
  ];
}

/** The result model of a won hand in `lang` (names by seat, as the table gives them). */
export function resultOf(h: WonHand, lang: Locale): ResultModel {
  const r = h.engine.result(h.state) as HandResult;
  return h.presenter.resultModel(h.engine.publicView(h.state), r, { lang, t: translator(lang), names: NAMES.slice(0, r.deltas.length) });
}

/** The code `winningAt` points at in the winner (groups, then hand = groups.length, leftover = + 1). */
export function codeAt(w: ResultWinner): string | undefined {
  const at = w.winningAt;
  if (!at) return undefined;
  const n = w.groups.length;
  const list = at.group < n ? w.groups[at.group]!.codes : at.group === n ? w.hand : at.group === n + 1 ? (w.leftover ?? []) : [];
  return list[at.index];
}
