/**
 * Xướng in Discord (chan.md: the winner announces every cước they hold, some several times).
 * The engine offers one building block per cước plus "nothing" and accepts any combination, so the
 * hand view shows a multi-select of cước, a count picker for cước counted per instance, and a
 * confirm button. The draft lives in the components' custom_ids (no server-side state), so it
 * survives restarts like every other button.
 *
 * "Announce nothing" asks first, in the view (`Draft.nothing`): announcing nothing is a wrong call
 * (xướng sai) whose winner pays đền làng to everyone (chan.md §9, §11), never a right answer (a hand
 * with no other cước is Xuông), so one click of it, beside the confirm, was only ever a misclick. Its
 * "Yes, announce nothing" is a button of that view, whose token makes it out of date once anything
 * changes. The option stays the engine's (`{calls: []}`, which a timeout still plays).
 */
import { cut } from './cut.js';
import { MAX_CALL_COUNT, PROFILES } from '../games/chan/scoring/items.js';
import type { BaseAction } from '../games/core/types.js';
import type { PresentCtx } from './present/types.js';
import type { GameUi, UiRow } from './ui.js';

interface Call {
  cuoc: string;
  count?: number;
}
type XuongAction = { type: 'xuong'; calls: Call[] };

const PER_INSTANCE = new Set(Object.values(PROFILES).flatMap((p) => p.filter((r) => r.perInstance).map((r) => r.id as string)));
const MAX_COUNT = MAX_CALL_COUNT;

export interface Block {
  /** Index of the option in the decision. */
  option: number;
  cuoc: string;
  perInstance: boolean;
}

export interface Draft {
  /** Bit i set = block i chosen. */
  mask: number;
  /** Count per block index (1 when absent). */
  counts: Record<number, number>;
  /** "Announce nothing" was clicked: the view asks whether to, with its Yes in place of the button. */
  nothing?: true;
}

export function isAnnounceDecision(options: BaseAction[]): boolean {
  return options.length > 1 && options.every((a) => a.type === 'xuong');
}

export function blocksOf(options: BaseAction[]): Block[] {
  return options.flatMap((a, option) => {
    const calls = (a as Partial<XuongAction>).calls ?? [];
    return a.type === 'xuong' && calls.length === 1
      ? [{ option, cuoc: calls[0]!.cuoc, perInstance: PER_INSTANCE.has(calls[0]!.cuoc) }]
      : [];
  });
}

export function encodeDraft(d: Draft, blocks: Block[]): string {
  const counts = blocks.map((b, i) => (b.perInstance ? String(d.counts[i] ?? 1) : '')).join('');
  return `${d.mask.toString(36)}.${counts || '0'}`;
}

export function decodeDraft(s: string, blocks: Block[]): Draft | null {
  const m = /^([0-9a-z]{1,8})\.(\d{1,12})$/.exec(s);
  if (!m) return null;
  const mask = parseInt(m[1]!, 36);
  if (!Number.isSafeInteger(mask) || mask >= 2 ** blocks.length) return null;
  const digits = m[2]!;
  const counts: Record<number, number> = {};
  let k = 0;
  blocks.forEach((b, i) => {
    if (!b.perInstance) return;
    const n = Number(digits[k++] ?? '1');
    counts[i] = n >= 1 && n <= MAX_COUNT ? n : 1;
  });
  return { mask, counts };
}

export function draftAction(d: Draft, blocks: Block[]): XuongAction {
  const calls = blocks.flatMap((b, i) =>
    (d.mask >> i) & 1 ? [b.perInstance && (d.counts[i] ?? 1) > 1 ? { cuoc: b.cuoc, count: d.counts[i]! } : { cuoc: b.cuoc }] : [],
  );
  return { type: 'xuong', calls };
}

/**
 * Parses an `announce` click: `d.<draft>` (cước chosen), `c.<draft>` (a count), `k.<draft>` (confirm),
 * `n.<draft>` ("Announce nothing": asks first) or `z.<draft>` (its "Yes, announce nothing").
 */
export function readAnnounce(
  arg: string | undefined,
  values: readonly string[],
  blocks: Block[],
): { kind: 'draft'; draft: Draft } | { kind: 'confirm'; action: XuongAction } | { kind: 'nothing' } | null {
  const m = /^([dcknz])\.(.+)$/.exec(arg ?? '');
  if (!m) return null;
  const draft = decodeDraft(m[2]!, blocks);
  if (!draft) return null;
  if (m[1] === 'n') return { kind: 'draft', draft: { ...draft, nothing: true } };
  if (m[1] === 'z') return { kind: 'nothing' };
  if (m[1] === 'k') {
    const action = draftAction(draft, blocks);
    // An empty confirm (its button is disabled then) is no way around the question.
    return action.calls.length ? { kind: 'confirm', action } : null;
  }
  if (m[1] === 'd') {
    let mask = 0;
    for (const v of values) {
      const i = Number(v);
      if (!Number.isInteger(i) || i < 0 || i >= blocks.length) return null;
      mask |= 1 << i;
    }
    return { kind: 'draft', draft: { mask, counts: draft.counts } };
  }
  const cm = /^(\d{1,2})\.(\d)$/.exec(values[0] ?? '');
  if (!cm) return null;
  const i = Number(cm[1]);
  const n = Number(cm[2]);
  if (!blocks[i]?.perInstance || n < 1 || n > MAX_COUNT) return null;
  return { kind: 'draft', draft: { mask: draft.mask, counts: { ...draft.counts, [i]: n } } };
}

/** The components of an announcement: cước multi-select, counts, confirm, and "announce nothing". */
export function announceRows(options: BaseAction[], draft: Draft, ctx: PresentCtx): UiRow[] {
  const blocks = blocksOf(options);
  const enc = encodeDraft(draft, blocks);
  const label = (b: Block) => cut(ctx.t(`chan:item.${b.cuoc}`, { defaultValue: b.cuoc }), 100);
  const rows: UiRow[] = [
    [
      {
        type: 'select',
        verb: 'announce',
        arg: `d.${enc}`,
        placeholder: ctx.t('common:announce.choose'),
        minValues: 0,
        maxValues: Math.min(25, blocks.length),
        options: blocks.slice(0, 25).map((b, i) => ({ label: label(b), value: String(i), default: ((draft.mask >> i) & 1) === 1 })),
      },
    ],
  ];
  const counted = blocks.map((b, i) => ({ b, i })).filter(({ b, i }) => b.perInstance && (draft.mask >> i) & 1);
  if (counted.length) {
    rows.push([
      {
        type: 'select',
        verb: 'announce',
        arg: `c.${enc}`,
        placeholder: ctx.t('common:announce.how-many'),
        // Up to 6 each (MAX_CALL_COUNT); five counted cước at once share the menu's 25 choices at 5
        // each, which is no limit then: Thiên khai, Chíu and Bòn take four cards a face of 24.
        options: counted.flatMap(({ b, i }) =>
          Array.from({ length: Math.min(MAX_COUNT, Math.floor(25 / counted.length)) }, (_, k) => ({
            label: cut(`${label(b)} ×${k + 1}`, 100),
            value: `${i}.${k + 1}`,
            // A one-choice menu shows one choice as made: the count of the only counted cước (with
            // several, the confirm button's label says each count).
            default: counted.length === 1 && (draft.counts[i] ?? 1) === k + 1,
          })),
        ),
      },
    ]);
  }
  const chosen = draftAction(draft, blocks).calls;
  const summary = chosen
    .map((c) => `${ctx.t(`chan:item.${c.cuoc}`, { defaultValue: c.cuoc })}${c.count ? ` ×${c.count}` : ''}`)
    .join(ctx.t('common:punct.list'));
  const nothing = options.findIndex((a) => (a as XuongAction).calls.length === 0);
  rows.push([
    {
      type: 'button',
      verb: 'announce',
      arg: `k.${enc}`,
      label: chosen.length ? ctx.t('common:announce.confirm', { list: summary }) : ctx.t('common:announce.pick-first'),
      style: 'success',
      disabled: chosen.length === 0,
    },
    ...(nothing >= 0
      ? [
          {
            type: 'button' as const,
            verb: 'announce' as const,
            // Asked first (the module's comment); asked, the button is the question's Yes.
            arg: `${draft.nothing ? 'z' : 'n'}.${enc}`,
            label: ctx.t(draft.nothing ? 'common:announce.nothing-yes' : 'common:announce.nothing'),
            style: 'danger' as const,
          },
        ]
      : []),
  ]);
  return rows;
}

const isDraft = (d: unknown): d is Draft => typeof d === 'object' && d !== null && 'mask' in d && 'counts' in d;

/** Chắn's xướng controls, the `ui` of its manifest. */
export const chanAnnounceUi: GameUi = {
  handles: isAnnounceDecision,
  // The winner's view says what is asked of them (chan.md §9), not the generic "choose an action".
  turnLine: 'common:announce.turn',
  rows: (options, draft, ctx) => announceRows(options, isDraft(draft) ? draft : { mask: 0, counts: {} }, ctx),
  read(arg, values, options) {
    if (!isAnnounceDecision(options)) return null;
    const r = readAnnounce(arg, values, blocksOf(options));
    if (!r) return null;
    if (r.kind === 'nothing') {
      const nothing = options.find((a) => (a as XuongAction).calls.length === 0);
      return nothing ? { kind: 'action', action: nothing } : null;
    }
    if (r.kind === 'draft') return { kind: 'draft', draft: r.draft, ...(r.draft.nothing ? { note: 'common:announce.nothing-ask' } : {}) };
    return { kind: 'action', action: r.action };
  },
  // Announce nothing, a sure xướng sai (chan.md §9, §11), is played from its question's Yes alone.
  asksFirst: (a) => a.type === 'xuong' && (a as XuongAction).calls.length === 0,
};
