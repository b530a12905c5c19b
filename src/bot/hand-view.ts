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
import { translator, type Lang } from '../table/i18n.js';
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

/**
 * An image of the view, or null when it could not be drawn (a worker that failed, a render past
 * RENDER_TIMEOUT_MS under load: src/render/pool.ts): logged. The view is sent without it, in words
 * with its buttons (`handPayload`): a render failure is no reason to leave a player on an old view
 * with old buttons, or to end a live view (seat-views.ts, seat-channels.ts).
 */
async function drawOrNull(
  ctx: BotContext,
  t: Table,
  seat: number,
  what: 'hand' | 'claim',
  draw: () => Promise<Buffer>,
): Promise<Buffer | null> {
  try {
    return await draw();
  } catch (err) {
    ctx.log.warn({ err, gameId: t.row.id, seat, image: what }, 'cannot draw a seat view image: sent in words, without it');
    return null;
  }
}

/**
 * The seat's hand message. An image that could not be drawn (`drawOrNull`) is left out: the view's
 * words and buttons go all the same, with a line asking to press Refresh (which draws it again), and
 * the claim offer's words stand as a line of their own (a claim section needs its thumbnail).
 */
export async function handPayload(
  ctx: BotContext,
  t: Table,
  seat: number,
  lang: Lang,
  note?: string,
  draft?: unknown,
  /** In words, no picture (a seat thread where the bot may not attach files: messages.ts `mayAttach`). */
  words = false,
): Promise<HandPayload> {
  await slices.slice();
  const v = handView(t, seat, lang, note, draft);
  const image = words ? null : await drawOrNull(ctx, t, seat, 'hand', () => ctx.render.hand(v.model));
  // Alt text: the hand image in words, its sets, eaten and drawn pieces and status too (only the
  // owner sees this message); the view's lines are the message's own text, read beside it.
  const pc = { ...presentCtx(t, lang), view: t.engine.view(t.state, seat) };
  const alt = imageAlt(t.presenter, v.model, pc);
  const claimModel = v.claim?.model;
  const claimImage = claimModel && !words ? await drawOrNull(ctx, t, seat, 'claim', () => ctx.render.claim(claimModel)) : null;
  const claim =
    v.claim && claimImage
      ? {
          image: claimImage,
          text: `**${v.claim.caption}**`,
          alt: spokenNamer(t.row.game, lang, (c) => t.presenter.pieceName(c, pc), v.claim.model)(v.claim.model.code),
        }
      : null;
  const failed = !image || (v.claim && !claimImage);
  // (A new array: `v` is shared by the step's callers, frozen: views.ts handView.)
  const lines = failed
    ? [
        `⚠️ ${translator(lang)(words ? 'common:picture.attach-denied' : 'common:picture.hand-failed')}`,
        ...v.lines,
        ...(v.claim && !claimImage ? [`**${v.claim.caption}**`] : []),
      ]
    : v.lines;
  return {
    ...v2Layout({
      gameId: t.row.id,
      // The view's token, not the state version (which counts the others' hidden answers): seat-token.ts.
      ver: v.ver,
      lines,
      rows: v.rows,
      ...(image ? { image: { name: HAND_FILE, description: alt } } : {}),
      lead: 'refresh',
      ...(claim ? { claim: { text: claim.text, name: CLAIM_FILE, description: claim.alt } } : {}),
    }),
    content: null,
    files: [...(image ? [png(HAND_FILE, image, alt)] : []), ...(claim ? [png(CLAIM_FILE, claim.image, claim.alt)] : [])],
    attachments: [],
  };
}
