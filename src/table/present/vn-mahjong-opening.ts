/**
 * Vietnamese mahjong's opening exposure in Discord (vn-mahjong.md §4.3): a seat holding jokers may
 * expose any of them, and a dealer with one bonus tile may also keep it, so the options are every
 * subset of its jokers, twice: 2^6 × 2 = 128 with six jokers, past the 100 that four select menus of
 * 25 hold (views.ts). Where they do not fit as buttons, the hand view shows a multi-select of the
 * jokers, a choice for the bonus tile and a confirm button that plays the exact option the two make
 * (an `act` on its index, as any button). The draft lives in the components' custom_ids (no
 * server-side state), as Chắn's xướng does (announce.ts); clicks on the menus use the `announce` verb.
 */
import { cut } from '../cut.js';
import type { BaseAction } from '../../games/core/types.js';
import type { SeatView } from '../../games/vn-mahjong/views.js';
import { isFlowerLike } from '../../games/vn-mahjong/tiles.js';
import { pieceName } from '../../render/codes.js';
import type { GameUi, UiRow } from '../ui.js';
import type { PresentCtx } from './types.js';
import { vnMahjongPresenter } from './vn-mahjong.js';

type Expose = { type: 'initial-expose'; jokers: readonly string[]; keepFlower?: boolean };

/** What the player has chosen so far: bit i set = the i-th joker of `jokersOf` exposed; keep the bonus tile. */
export interface OpeningDraft {
  mask: number;
  keep: boolean;
}

/** As many options as one button each holds (views.ts: buttons up to 20), they stay buttons: one click. */
const BUTTONS_MAX = 20;

const isExpose = (a: BaseAction): a is BaseAction & Expose => a.type === 'initial-expose';

export function isOpeningDecision(options: BaseAction[]): boolean {
  return options.length > BUTTONS_MAX && options.every(isExpose);
}

/** The jokers the seat may expose, one entry per tile (two copies of a kind are two): the largest choice. */
export function jokersOf(options: BaseAction[]): string[] {
  let most: readonly string[] = [];
  for (const a of options) if (isExpose(a) && a.jokers.length > most.length) most = a.jokers;
  return [...most];
}

const keepOffered = (options: BaseAction[]): boolean => options.some((a) => isExpose(a) && a.keepFlower === true);

const multiset = (tiles: readonly string[]): string => [...tiles].sort().join(',');

/** The index of the option a draft makes (-1: none, which a draft read from a click never gives). */
export function optionOf(options: BaseAction[], d: OpeningDraft): number {
  const chosen = multiset(jokersOf(options).filter((_, i) => (d.mask >> i) & 1));
  return options.findIndex((a) => isExpose(a) && multiset(a.jokers) === chosen && (a.keepFlower === true) === d.keep);
}

export function encodeOpening(d: OpeningDraft): string {
  return `${d.mask.toString(36)}.${d.keep ? 1 : 0}`;
}

export function decodeOpening(s: string, options: BaseAction[]): OpeningDraft | null {
  const m = /^([0-9a-z]{1,4})\.([01])$/.exec(s);
  if (!m) return null;
  const mask = parseInt(m[1]!, 36);
  if (mask >= 2 ** jokersOf(options).length) return null;
  const keep = m[2] === '1';
  if (keep && !keepOffered(options)) return null;
  return { mask, keep };
}

/**
 * Reads an `announce` click: `j.<draft>` (the jokers chosen: the menu's values) or `f.<draft>` (the
 * bonus tile: '0' expose, '1' keep). Anything else, or a value out of range, is refused (null).
 */
export function readOpening(arg: string | undefined, values: readonly string[], options: BaseAction[]): OpeningDraft | null {
  const m = /^([jf])\.(.+)$/.exec(arg ?? '');
  if (!m) return null;
  const draft = decodeOpening(m[2]!, options);
  if (!draft) return null;
  if (m[1] === 'f') {
    if (values.length !== 1 || (values[0] !== '0' && values[0] !== '1')) return null;
    if (values[0] === '1' && !keepOffered(options)) return null;
    return { mask: draft.mask, keep: values[0] === '1' };
  }
  const n = jokersOf(options).length;
  let mask = 0;
  for (const v of values) {
    if (!/^\d{1,2}$/.test(v) || Number(v) >= n) return null;
    mask |= 1 << Number(v);
  }
  return { mask, keep: draft.keep };
}

/** The components: the jokers (multi-select), the bonus tile (expose or keep), and the confirm button. */
export function openingRows(options: BaseAction[], draft: OpeningDraft, ctx: PresentCtx): UiRow[] {
  const jokers = jokersOf(options);
  const enc = encodeOpening(draft);
  const name = (c: string) => pieceName('vn-mahjong', c, ctx.lang);
  // Two copies of a kind read alike: the second and later are numbered.
  const seen = new Map<string, number>();
  const rows: UiRow[] = [
    [
      {
        type: 'select',
        verb: 'announce',
        arg: `j.${enc}`,
        placeholder: ctx.t('vn-mahjong:ui.opening-jokers'),
        minValues: 0,
        maxValues: jokers.length,
        options: jokers.map((c, i) => {
          const k = (seen.get(c) ?? 0) + 1;
          seen.set(c, k);
          const label = k > 1 ? `${name(c)}${ctx.t('common:punct.aside', { text: String(k) })}` : name(c);
          return { label: cut(label, 100), value: String(i), default: ((draft.mask >> i) & 1) === 1 };
        }),
      },
    ],
  ];
  if (keepOffered(options)) {
    // The dealer's one bonus tile (the seat's own view names it); the tile kept earlier is not exposed.
    const view = ctx.view as Partial<SeatView> | undefined;
    const flower = (view?.hand ?? []).find((c) => isFlowerLike(c) && c !== view?.mustDiscard);
    const tile = flower ? name(flower) : '';
    rows.push([
      {
        type: 'select',
        verb: 'announce',
        arg: `f.${enc}`,
        placeholder: ctx.t('vn-mahjong:ui.opening-flower'),
        options: [
          { label: cut(ctx.t('vn-mahjong:ui.opening-expose-flower', { tile }), 100), value: '0', default: !draft.keep },
          { label: cut(ctx.t('vn-mahjong:ui.opening-keep-flower', { tile }), 100), value: '1', default: draft.keep },
        ],
      },
    ]);
  }
  const i = optionOf(options, draft);
  const what = i >= 0 ? vnMahjongPresenter.actionLabel(options[i]!, ctx as PresentCtx<never>) : '';
  rows.push([
    {
      type: 'button',
      verb: 'act',
      arg: String(Math.max(0, i)),
      // Whole: a label past a button's 80 characters is cut where it is drawn and also given whole
      // among the hand view's lines (views.ts spokenRows), which a cut here would lose.
      label: ctx.t('vn-mahjong:ui.opening-confirm', { what }),
      style: 'success',
      ...(i < 0 ? { disabled: true } : {}),
    },
  ]);
  return rows;
}

const isDraft = (d: unknown): d is OpeningDraft =>
  typeof d === 'object' && d !== null && typeof (d as OpeningDraft).mask === 'number' && typeof (d as OpeningDraft).keep === 'boolean';

/** Vietnamese mahjong's opening controls, the `ui` of its manifest. Nothing is chosen at first: exposing no joker. */
export const vnOpeningUi: GameUi = {
  handles: isOpeningDecision,
  rows: (options, draft, ctx) => openingRows(options, isDraft(draft) ? draft : { mask: 0, keep: false }, ctx),
  read(arg, values, options) {
    if (!isOpeningDecision(options)) return null;
    const d = readOpening(arg, values, options);
    return d ? { kind: 'draft', draft: d } : null;
  },
};
