/**
 * The private hand: an ephemeral message with the seat's hand image and exactly its legal actions
 * now. Buttons when they fit (≤ 20), else select menus of up to 25 options each. Every component
 * carries the state version, so a click on an outdated view is caught and changes nothing.
 */
import { ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import type { BotContext } from './context.js';
import { button, png, row, type Row } from './messages.js';
import { encodeGameId } from './custom-id.js';
import { translator, type Lang } from './i18n.js';
import { optionKey } from './presenters/index.js';
import { presentCtx, type Loaded } from './driver.js';
import type { BaseAction, Decision } from '../games/core/types.js';
import { announceRows, isAnnounceDecision, type Draft } from './announce.js';

const STYLE = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

export function seatOf(L: Loaded, userId: string): number | null {
  const s = L.seats.find((x) => x.userId === userId);
  return s ? s.seat : null;
}

export interface HandPayload {
  content: string;
  files: ReturnType<typeof png>[];
  components: Row[];
  attachments: never[];
}

export async function handPayload(
  ctx: BotContext,
  L: Loaded,
  seat: number,
  lang: Lang,
  note?: string,
  draft?: Draft,
): Promise<HandPayload> {
  const t = translator(lang);
  const id = L.row.id;
  const ver = L.row.version;
  const decision = (L.engine.pending(L.state) as Decision<BaseAction>[]).find((d) => d.seat === seat);
  const options = decision?.options ?? [];
  const view = L.engine.view(L.state, seat);
  const pc = { ...presentCtx(L, lang), view };
  const model = L.presenter.handModel(view, seat, options, pc);
  const image = await ctx.render.hand(model);
  const lines: string[] = [];
  if (note) lines.push(note);
  const away = L.seats[seat]?.isAi && L.seats[seat]?.userId;
  if (L.row.status === 'paused') lines.push(t('common:hand.paused'));
  else if (away) lines.push(t('common:hand.away'));
  else if (decision) lines.push(t(decision.kind === 'claim' ? 'common:hand.your-claim' : 'common:hand.your-turn'));
  else if (L.engine.result(L.state)) lines.push(t('common:hand.hand-over'));
  else lines.push(t('common:hand.waiting'));

  const rows: Row[] = [];
  const canAct = decision && L.row.status === 'running' && !away;
  if (canAct && isAnnounceDecision(options)) {
    rows.push(...announceRows(id, ver, options, draft ?? { mask: 0, counts: {} }, pc));
  } else if (canAct && options.length <= 20) {
    for (let i = 0; i < options.length; i += 5) {
      rows.push(
        row(
          ...options
            .slice(i, i + 5)
            .map((a, j) =>
              button(
                encodeGameId({ gameId: id, ver, verb: 'act', arg: String(i + j) }),
                `${optionKey(i + j)} · ${L.presenter.actionLabel(a, pc)}`,
                STYLE[L.presenter.actionStyle(a)],
              ),
            ),
        ),
      );
    }
  } else if (canAct) {
    for (let p = 0; p * 25 < options.length && p < 4; p++) {
      const slice = options.slice(p * 25, p * 25 + 25);
      rows.push(
        row(
          new StringSelectMenuBuilder()
            .setCustomId(encodeGameId({ gameId: id, ver, verb: 'pick', arg: String(p) }))
            .setPlaceholder(t('common:hand.choose', { from: p * 25 + 1, to: p * 25 + slice.length }))
            .addOptions(
              slice.map((a, j) => ({
                label: `${optionKey(p * 25 + j)} · ${L.presenter.actionLabel(a, pc)}`.slice(0, 100),
                value: String(p * 25 + j),
              })),
            ),
        ),
      );
    }
    if (options.length > 100) lines.push(t('common:hand.too-many', { n: options.length }));
  }
  const last = [button(encodeGameId({ gameId: id, ver, verb: 'refresh' }), t('common:button.refresh'))];
  if (away && L.row.status === 'running')
    last.unshift(button(encodeGameId({ gameId: id, ver, verb: 'retake' }), t('common:button.retake'), ButtonStyle.Success));
  rows.push(row(...last));
  return { content: lines.join('\n'), files: [png('hand.png', image)], components: rows.slice(0, 5), attachments: [] };
}
