/**
 * In-game components: open/refresh the private hand, play an option, next hand / end match,
 * pause/resume votes and taking a seat back from the AI. The user comes from the interaction,
 * never from the custom_id. Each click is one `act` call (src/table/act.ts: one game load, one
 * commit); this file only answers the interaction and executes the effects.
 */
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { BotContext } from './context.js';
import type { GameButton } from './custom-id.js';
import { langOf, translator, type Lang, type T } from '../table/i18n.js';
import { publicLang, run, type Via } from './effects.js';
import { heldImages, keepImage, registerView, viewImages } from './seat-views.js';
import { handPayload } from './hand-view.js';
import { hintText, namedVars, presentCtx, resultWordsRow, tableView } from '../table/views.js';
import { saidAloud, tableInWords } from '../table/words.js';
import { handResultInWords } from './replays.js';
import type { ActResult, HandVerb, Refusal, TableButtonVerb } from '../table/act.js';
import type { UiRow } from '../table/ui.js';
import { toComponents } from './components.js';
import { gameChannel } from './messages.js';
import { v2Text } from './layout.js';
import {
  ephemeralTableLine,
  noteLines,
  noteShown,
  ownSeatMessage,
  pendingOf,
  seatChannelTableLine,
  seatNoticeLine,
  tableNoticeLine,
} from './seat-channels.js';
import type { SeatChannelRow } from '../store/index.js';
import type { Table } from '../table/store.js';
import { windowKind } from '../table/timers.js';
import { memberName } from './member-name.js';

type Comp = ButtonInteraction | StringSelectMenuInteraction;

async function tell(i: Comp, text: string): Promise<void> {
  await i.followUp({ content: text, ephemeral: true }).catch(() => undefined);
}

/** A refusal in the reader's words; with the table, its piece codes and seat numbers become names. */
const say = (t: T, r: Refusal, at?: { table: Table; lang: Lang }) => {
  const vars = r.vars && at ? namedVars(at.table, r.vars, at.lang) : (r.vars ?? {});
  const text = t(r.key, { ...vars, ...(r.defaultValue !== undefined ? { defaultValue: r.defaultValue } : {}) });
  return r.warn ? `⚠️ ${text}` : text;
};

/**
 * Clicks already accepted, by message and custom_id: a second click on the same component (a
 * double click) is answered with the fresh view instead of "out of date". Bounded.
 */
const accepted = new Map<string, true>();
function remember(key: string): void {
  accepted.set(key, true);
  if (accepted.size > 2000) accepted.delete(accepted.keys().next().value!);
}

/** "Open my hand": answered with a new ephemeral message (deferred with deferReply ephemeral). */
export async function openHand(ctx: BotContext, i: Comp, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const r = await run(ctx, { kind: 'open-hand', gameId: b.gameId, userId: i.user.id });
  if (!r.outcome.ok || !r.table || r.outcome.seat === undefined) {
    return void (await i.editReply({ content: say(t, r.outcome.refusal ?? { key: 'errors:game-not-found', warn: false }) }));
  }
  // Opened outside the game thread (/games in another channel, a DM notice): the view names its table.
  const tableLine = ephemeralTableLine(ctx, r.table, lang, i);
  // After a seat channel fell back to ephemeral views, said once: closed DMs (the user's choice, for
  // every table) at any table, a fallback of this table's channel only here.
  const notice = noteLines(tableLine, seatNoticeLine(ctx.store, i.user.id, lang), tableNoticeLine(ctx.store, b.gameId, i.user.id, lang));
  const payload = await handPayload(ctx, r.table, r.outcome.seat, lang, notice);
  const sent = await i.editReply(payload);
  registerView(ctx, r.table, r.outcome.seat, { token: i.token, userId: i.user.id, lang, images: heldImages(payload, sent), tableLine });
}

/**
 * "Table in words": the public table, as the table message shows it, in the clicker's language,
 * with the image in words whole (its alt text stops at 1,024 characters). Anyone may ask; nothing
 * changes, and nothing but the public view is read.
 */
export async function tableWords(ctx: BotContext, i: Comp, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = ctx.table.load(b.gameId);
  const v = t && (t.row.status === 'running' || t.row.status === 'paused') ? tableView(t, lang) : null;
  if (!t || !v?.model) return void (await i.editReply({ content: translator(lang)(t ? 'errors:game-ended' : 'errors:game-not-found') }));
  const pc = presentCtx(t, lang);
  const words = tableInWords(v.model, t.row.game, (c) => t.presenter.pieceName(c, pc));
  // The table's own lines said as the words are (Phỏm's "K♣" would be read as a symbol).
  await i.editReply(v2Text([...v.lines.map((l) => saidAloud(t.row.game, lang, l)), '', words].join('\n')));
}

/**
 * A hand's result message in words (its "Result in words" button, `arg` the hand): the whole of what
 * its image shows, winner's hand and every scoring line, which its alt text (1,024 characters) and
 * its lines (the first scoring lines) may not hold. Ephemeral; public facts only.
 */
export async function resultWords(ctx: BotContext, i: Comp, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const hand = Number(b.arg);
  const words = Number.isInteger(hand) && hand >= 0 ? handResultInWords(ctx, b.gameId, hand, lang) : null;
  await i.editReply(words === null ? { content: translator(lang)('errors:game-not-found') } : v2Text(words));
}

/**
 * The clicker's interaction as a way to post public follow-ups (interaction endpoint); `movesTable`:
 * a move from a seat view, under which the table message may move (effects.ts updateTable).
 */
function via(i: Comp, movesTable = false): Via {
  // Public follow-ups: never ephemeral; a Components V2 payload (the table message) keeps its flag.
  return {
    token: i.token,
    channelId: i.channelId,
    ...(movesTable ? { movesTable } : {}),
    followUp: (payload) =>
      i.followUp({ ...payload, flags: payload.flags === MessageFlags.IsComponentsV2 ? MessageFlags.IsComponentsV2 : undefined } as never),
  };
}

/**
 * A seat view is its owner's only: an ephemeral message whose interaction was the clicker's own,
 * or the clicker's own seat channel hand message (private thread / DM, seat-channels.ts). A hand
 * verb on any other message (a forged click on the public table, someone else's view, another
 * player's seat channel message seen by a moderator) changes nothing and is answered with an
 * ephemeral refusal.
 */
function ownView(ctx: BotContext, i: Comp, gameId: string): { ok: boolean; channel?: SeatChannelRow } {
  const m = i.message;
  if (!m.flags.has(MessageFlags.Ephemeral)) {
    const channel = ownSeatMessage(ctx.store, gameId, i.user.id, m.id);
    return channel ? { ok: true, channel } : { ok: false };
  }
  const owner = m.interactionMetadata?.user?.id;
  return { ok: owner === undefined || owner === i.user.id };
}

/** Buttons and selects on the ephemeral hand (deferred with deferUpdate: the hand is redrawn in place). */
/** `shown`: called once the clicker's own view shows the click's outcome (the metrics' seat-view latency). */
export async function onHandComponent(ctx: BotContext, i: Comp, b: GameButton, shown?: () => void): Promise<void> {
  const own = ownView(ctx, i, b.gameId);
  // A seat channel message speaks its own language (the one it was opened in).
  const lang = own.channel ? langOf(own.channel.lang, ctx.defaultLang) : langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  if (!own.ok) return tell(i, say(translator(langOf(i.locale, ctx.defaultLang)), { key: 'errors:not-your-hand', warn: true }));
  if (b.verb === 'hint') return hint(ctx, i, b, lang, own.channel);
  const key = `${i.message.id}:${i.customId}:${i.isStringSelectMenu() ? i.values.join(',') : ''}`;
  // The clicker's own view is answered first, before the other seats' views, the ping and the table.
  const answer = async (r: ActResult): Promise<void> => {
    const o = r.outcome;
    if (!r.table) return tell(i, say(t, o.refusal ?? { key: 'errors:game-not-found', warn: false }));
    if (o.seat === undefined) {
      const k = o.refusal?.key;
      if (k === 'errors:game-ended' || k === 'errors:lobby-cancelled' || k === 'errors:not-started') {
        // The hand message is a Components V2 message: the refusal replaces it as a text display.
        await i.editReply({ ...v2Text(say(t, o.refusal!)), content: null, files: [], attachments: [] }).catch(() => undefined);
        return;
      }
      return tell(i, say(t, o.refusal ?? { key: 'errors:not-your-hand', warn: false }));
    }
    if (o.ok && o.applied) remember(key);
    const doubleClick = o.refusal?.key === 'errors:stale' && accepted.has(key);
    // A move refused because the table is paused: the view says so itself (views.ts "hand.paused").
    const paused = o.refusal?.key === 'errors:paused' && r.table.row.status === 'paused';
    const said = o.refusal && !doubleClick && !paused ? o.refusal : o.note;
    const note = said ? say(t, said, { table: r.table, lang }) : undefined;
    await redraw(ctx, i, b.gameId, own.channel, r.table, o.seat, lang, note, o.draft, o.answered);
    if (o.ok && o.applied) shown?.();
  };
  const values = i.isStringSelectMenu() ? i.values : [];
  await run(
    ctx,
    b.verb === 'prefs'
      ? { kind: 'prefs', gameId: b.gameId, userId: i.user.id, values }
      : {
          kind: 'hand',
          gameId: b.gameId,
          userId: i.user.id,
          ver: b.ver,
          verb: b.verb as HandVerb,
          ...(b.arg !== undefined ? { arg: b.arg } : {}),
          values,
        },
    // The table edit is awaited by the router outside the game lock (coalesced per table). A click in
    // a seat channel does not post the public ping or result there (no `via`: they go to the game thread).
    // Nor does a preference: set during a claim window it may answer the clicker's hidden claim decision.
    { detach: true, actorUserId: i.user.id, ...(own.channel || b.verb === 'prefs' ? {} : { via: via(i, true) }), answer },
  );
}

/**
 * The clicked hand message redrawn with the seat's current view (`note`: a line above it, e.g. why
 * the click changed nothing), and noted as the seat's live view.
 */
async function redraw(
  ctx: BotContext,
  i: Comp,
  gameId: string,
  channel: SeatChannelRow | undefined,
  table: Table,
  seat: number,
  lang: Lang,
  note?: string,
  draft?: unknown,
  answered?: 'turn' | 'claim',
): Promise<void> {
  // The table named above a view outside its game thread (a DM seat channel, an ephemeral opened elsewhere).
  const tableLine = channel ? seatChannelTableLine(ctx, table, channel, lang) : ephemeralTableLine(ctx, table, lang, i);
  const payload = await handPayload(ctx, table, seat, lang, noteLines(tableLine, note), draft);
  // The clicked message's images, when the new view draws the same (a pass, a menu step): kept.
  const held = channel ? undefined : viewImages(ctx, gameId, seat, [...i.message.attachments.keys()]);
  const out = keepImage(payload, held);
  const sent = await i.editReply(out);
  // A seat channel message stays the seat's live view (it never expires): what it shows is noted.
  if (channel) return noteShown(ctx, table, channel);
  // This message is the seat's live view now, with a fresh 15-minute token.
  // A click only a claimant could make (a claim answered, or any click while one is pending) is
  // hidden: it does not restart the claim clock of seat-views.ts (#13 §2).
  const d = pendingOf(table, seat);
  registerView(ctx, table, seat, {
    token: i.token,
    userId: i.user.id,
    lang,
    images: heldImages(out, sent, held),
    tableLine,
    hidden: answered === 'claim' || (d !== undefined && windowKind(d) === 'claim'),
  });
}

/**
 * "Hint": the strong AI's choice for the asker's pending decision, answered ephemerally to the
 * asker only; the table is left as it is (act records the ask, nothing else). A Hint on a view
 * drawn before the seat's decision changed answers nothing: the view is redrawn as it is now, with
 * "out of date" above it (as a move from it would be), so the next Hint is about what it shows.
 */
async function hint(ctx: BotContext, i: Comp, b: GameButton, lang: Lang, channel: SeatChannelRow | undefined): Promise<void> {
  // In the hand view's language (a seat channel's own), like the view the button is on.
  const t = translator(lang);
  const r = await run(ctx, { kind: 'hint', gameId: b.gameId, userId: i.user.id, ver: b.ver });
  const o = r.outcome;
  if (o.refusal?.key === 'errors:stale' && r.table && o.seat !== undefined)
    return redraw(ctx, i, b.gameId, channel, r.table, o.seat, lang, say(t, o.refusal));
  if (!o.ok || !o.hint || !r.table || o.seat === undefined) return tell(i, say(t, o.refusal ?? { key: 'errors:stale', warn: false }));
  return tell(i, hintText(r.table, o.seat, o.hint, lang));
}

const TABLE_BUTTONS: readonly string[] = [
  'next-hand',
  'end-match',
  'pause',
  'resume',
  'leave-seat',
  'take-seat',
  'absent-ai',
  'absent-end',
];

/**
 * Takes Next hand / End match off the result message once one of them did its work (Next hand leaves
 * its Result in words). Clicked on the result message: through the click. Clicked on the table message
 * (it offers them while a result waits, views.ts tableView): the step redraws the table, and the
 * result message of that hand, when it was posted, is edited through the channel.
 */
async function spendResult(ctx: BotContext, i: Comp, b: GameButton, table: Table | null): Promise<void> {
  // After Next hand the thread goes on: the result keeps its Result in words. After End match the
  // thread is archived and locked: nothing is left to click.
  // "Yes, end the match" (its argument `confirm.<hand>`, act.ts `endMatchConfirmArg`) is on the
  // clicker's ephemeral question: the result message it was asked from is edited through the channel.
  const confirmed = b.arg?.startsWith('confirm.') ? b.arg.slice('confirm.'.length) : undefined;
  const arg = confirmed ?? b.arg;
  const hand = Number(arg);
  const components =
    b.verb === 'next-hand' && table && Number.isInteger(hand)
      ? toComponents(table.row.id, 0, [resultWordsRow(hand, translator(publicLang(ctx, table)))])
      : [];
  const onTable = confirmed !== undefined || i.message.id === table?.row.tableMessageId || i.message.flags.has(MessageFlags.IsComponentsV2);
  if (!onTable) return void (await i.editReply({ components }).catch(() => undefined));
  const id = table?.row.resultMessageId;
  if (!id || table.row.lastNotice !== `result:${arg}` || !table.row.threadId) return;
  const ch = await gameChannel(ctx, table.row.threadId);
  await ch?.messages.edit(id, { components }).catch(() => undefined);
}

/**
 * Next hand / End match on the result message (and on the table message while a result waits);
 * Pause / Resume votes on the table message; Leave the
 * table (asked to confirm in an ephemeral message) and Take a seat (src/table/seating.ts).
 */
export async function onTableComponent(ctx: BotContext, i: Comp, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  // A verb that is no table button (a forged or mistyped custom_id): answered, never left silent.
  if (!TABLE_BUTTONS.includes(b.verb))
    return void (await i.followUp({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }).catch(() => undefined));
  const displayName = memberName(i);
  // Public posts of the step (the ping, a new hand's table) go out as follow-ups of this click.
  const r = await run(
    ctx,
    {
      kind: 'table',
      gameId: b.gameId,
      userId: i.user.id,
      ver: b.ver,
      verb: b.verb as TableButtonVerb,
      ...(b.arg !== undefined ? { arg: b.arg } : {}),
      displayName,
    },
    {
      via: via(i),
      // The result message's buttons are spent once the next hand is dealt or the match ended:
      // taken off before the step's effects run, as the end of the match archives the thread.
      answer: async (r) => {
        if (r.outcome.ok && (b.verb === 'next-hand' || b.verb === 'end-match')) await spendResult(ctx, i, b, r.table);
      },
    },
  );
  const o = r.outcome;
  if (o.confirm && r.table) {
    const rows: UiRow[] = [[{ type: 'button', verb: o.confirm.verb, arg: o.confirm.arg, label: t(o.confirm.label), style: 'danger' }]];
    await i.followUp({ content: say(t, o.refusal!), components: toComponents(b.gameId, 0, rows), ephemeral: true }).catch(() => undefined);
    return;
  }
  // "Out of date" on a table button shows no view (the hand view's words promise one): the table's own.
  const refusal = o.refusal ?? { key: 'errors:stale', warn: false };
  if (!o.ok) return tell(i, say(t, refusal.key === 'errors:stale' ? { ...refusal, key: 'errors:stale-table' } : refusal));
  if (b.verb === 'leave-seat') {
    // The confirmation was an ephemeral message of its own: it becomes the answer.
    await i.editReply({ content: t('common:seat.left'), components: [] }).catch(() => undefined);
    return;
  }
  if ((b.verb === 'end-match' || b.verb === 'absent-end') && b.arg?.startsWith('confirm.')) {
    // The question was an ephemeral message of its own: it becomes the answer (the thread is closing).
    await i.editReply({ content: t('common:end-match.ended'), components: [] }).catch(() => undefined);
    return;
  }
  if (b.verb === 'take-seat') {
    const th = r.table?.row.threadId ? await ctx.client.channels.fetch(r.table.row.threadId).catch(() => null) : null;
    if (th?.isThread()) await th.members.add(i.user.id).catch(() => undefined);
    return tell(i, t('common:seat.took', { n: (o.seat ?? 0) + 1 }));
  }
}
