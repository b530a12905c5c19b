/**
 * The private hand: an ephemeral message with the seat's hand image and exactly its legal actions
 * now (src/table/views.ts decides them). Every component carries the state version, so a click on
 * an outdated view is caught and changes nothing.
 */
import type { BotContext } from './context.js';
import { png, type Row } from './messages.js';
import { toComponents } from './components.js';
import { altText, handView, presentCtx } from '../table/views.js';
import { translator, type Lang } from '../table/i18n.js';
import type { Table } from '../table/store.js';

export interface HandPayload {
  content: string;
  files: ReturnType<typeof png>[];
  components: Row[];
  attachments: never[];
}

export async function handPayload(
  ctx: BotContext,
  t: Table,
  seat: number,
  lang: Lang,
  note?: string,
  draft?: unknown,
): Promise<HandPayload> {
  const v = handView(t, seat, lang, note, draft);
  const image = await ctx.render.hand(v.model);
  // Alt text: what the owner's view says and the pieces of their hand (only they see this message).
  const pc = { ...presentCtx(t, lang), view: t.engine.view(t.state, seat) };
  const pieces = [...v.model.hand, ...(v.model.drawn ? [v.model.drawn] : [])].map((c) => t.presenter.pieceName(c, pc)).join(' ');
  const alt = altText(v.lines, `${translator(lang)('common:hand.alt')}: ${pieces}`);
  return {
    content: v.lines.join('\n'),
    files: [png('hand.png', image, alt)],
    components: toComponents(t.row.id, t.row.version, v.rows),
    attachments: [],
  };
}
