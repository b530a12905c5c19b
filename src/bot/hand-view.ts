/**
 * The private hand: an ephemeral message with the seat's hand image and exactly its legal actions
 * now (src/table/views.ts decides them). Every component carries the state version, so a click on
 * an outdated view is caught and changes nothing.
 */
import type { BotContext } from './context.js';
import { png } from './messages.js';
import { v2Layout, type V2Message } from './layout.js';
import { handView, imageAlt, presentCtx } from '../table/views.js';
import { spokenNamer } from '../table/words.js';
import type { Lang } from '../table/i18n.js';
import type { Table } from '../table/store.js';
import { slices } from './slices.js';

/**
 * A Components V2 message (src/bot/layout.ts): the seat's situation in words with Refresh beside it,
 * the hand image, the piece it may claim (a thumbnail beside the offer's words, `claim.png`), the
 * actions. `content: null` clears the text of a legacy message being upgraded.
 */
export interface HandPayload extends V2Message {
  content: null;
  files: ReturnType<typeof png>[];
  attachments: never[];
}

/** The file names of a hand message's images (the components reference them as `attachment://name`). */
export const HAND_FILE = 'hand.png';
export const CLAIM_FILE = 'claim.png';

export async function handPayload(
  ctx: BotContext,
  t: Table,
  seat: number,
  lang: Lang,
  note?: string,
  draft?: unknown,
): Promise<HandPayload> {
  await slices.slice();
  const v = handView(t, seat, lang, note, draft);
  const image = await ctx.render.hand(v.model);
  // Alt text: the hand image in words, its sets, eaten and drawn pieces and status too (only the
  // owner sees this message); the view's lines are the message's own text, read beside it.
  const pc = { ...presentCtx(t, lang), view: t.engine.view(t.state, seat) };
  const alt = imageAlt(t.presenter, v.model, pc);
  const claim = v.claim
    ? {
        image: await ctx.render.claim(v.claim.model),
        text: `**${v.claim.caption}**`,
        alt: spokenNamer(t.row.game, lang, (c) => t.presenter.pieceName(c, pc))(v.claim.model.code),
      }
    : null;
  return {
    ...v2Layout({
      gameId: t.row.id,
      // The view's token, not the state version (which counts the others' hidden answers): seat-token.ts.
      ver: v.ver,
      lines: v.lines,
      rows: v.rows,
      image: { name: HAND_FILE, description: alt },
      lead: 'refresh',
      ...(claim ? { claim: { text: claim.text, name: CLAIM_FILE, description: claim.alt } } : {}),
    }),
    content: null,
    files: [png(HAND_FILE, image, alt), ...(claim ? [png(CLAIM_FILE, claim.image, claim.alt)] : [])],
    attachments: [],
  };
}
