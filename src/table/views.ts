/**
 * What each message of a table says, as data: text lines, the render model of its image and its
 * components (ui.ts). src/bot turns these into Discord payloads; nothing here knows Discord.
 * Public messages use the server's language, a hand view the player's own (style.md §4).
 */
import { handInWords, resultInWords, saidAloud, tableInWords } from './words.js';
import { cut } from './cut.js';
import type { BaseAction, Decision, HandResult } from '../games/core/types.js';
import type { ClaimModel, HandModel, ResultModel, StandingsModel, TableModel } from '../render/model.js';
import { LANGS, listWithin, translator, type Lang, type T } from './i18n.js';
import { durations, isOff, windowKind } from './timers.js';
import { tokenOf } from './seat-token.js';
import { heldUntil } from './reclaim.js';
import type { Notice } from './effects.js';
import type { PresentCtx } from './present/types.js';
import { optionKey } from './present/types.js';
import { amount, lastLine, readableVars, signed, signedIn, unitName } from './present/common.js';
import type { Table } from './store.js';
import type { UiComponent, UiRow } from './ui.js';
import { shownName } from '../store/privacy.js';
import { netPoints, type HandRow, type MatchEntry } from '../store/results.js';
import { claimPrefLabel, prefsOf } from './prefs.js';
import { CLAIMS_ARG } from './absent.js';
import { leftDuringHand } from './seating.js';
import { deepFreeze } from '../games/core/view-cache.js';

export function presentCtx(t: Table, lang: Lang): PresentCtx {
  const tr = translator(lang);
  // An erased player's seat (/privacy) is shown as "former player" in the reader's language, an AI
  // seat by its number in the reader's language (it is stored in the table's: "Máy 1", "電腦 1").
  return { lang, t: tr, names: t.names.map((n, seat) => aiNameIn(shownName(n, tr), t.seats[seat], tr)) };
}

/** Every language's word for an AI seat (`common:ai-name`), whose seats are named "<word> <n>". */
let aiWords: ReadonlySet<string> | null = null;

/** An AI seat's stored name in the reader's language ("電腦 2" → "AI 2"); any other name as it is. */
export function aiNameIn(name: string, seat: { isAi: boolean; userId: string | null } | undefined, tr: T): string {
  if (!seat?.isAi || seat.userId) return name;
  aiWords ??= new Set(LANGS.map((l) => translator(l)('common:ai-name')));
  const m = /^(.+) (\d+)$/.exec(name);
  return m && aiWords.has(m[1]!) ? `${tr('common:ai-name')} ${m[2]}` : name;
}

/** The names a hand's seats played under (`ResultStore.seatsAsPlayed`) in the reader's words: shown as `shownName` does, an AI of its own by the reader's AI word. */
export function playedNamesIn(played: readonly { displayName: string; isAi: boolean; userId: string | null }[], tr: T): string[] {
  return played.map((p) => aiNameIn(shownName(p.displayName, tr), p, tr));
}

/**
 * The line a seat's own view shows after the timer answered its hidden decision (a claim, a secret
 * opening choice) for it: told to that player only, as nothing public says so (#13 §2).
 */
export function ranOutNote(t: Table, seat: number, action: BaseAction, lang: Lang, options?: readonly BaseAction[]): string {
  // Named among the options of the decision that ran out (never those the seat has after the step).
  const pc = { ...presentCtx(t, lang), view: t.engine.view(t.state, seat), ...(options ? { options } : {}) };
  return `⏰ ${pc.t('common:hand.ran-out', { what: t.presenter.actionLabel(action, pc) })}`;
}

/**
 * A table that plays in its channel (the server at Discord's active-thread cap, bot/lobby.ts) may
 * share it with other tables: its table, turn, reminder and result messages then say its id
 * ("#ab12cd34"), as a DM's hand message names its table. In a thread of its own: null.
 */
function tableTag(t: Table): string | null {
  return t.row.threadId !== null && t.row.threadId === t.row.channelId ? `#${t.row.id}` : null;
}

/** The tag after a title line's labels ("**Phỏm** · Hand 3 · #ab12cd34"); '' in a thread of its own. */
export function sharedChannelTag(t: Table): string {
  const tag = tableTag(t);
  return tag ? ` · ${tag}` : '';
}

/**
 * A sentence (a ping, a reminder, a claim line) with the tag before it ("#ab12cd34 · ⏳ …"): after it,
 * the tag followed the sentence's full stop or bracket ("…no automatic deadline). · #ab12cd34").
 */
export function taggedLine(t: Table, line: string): string {
  const tag = tableTag(t);
  return tag ? `${tag} · ${line}` : line;
}

/** Discord's limits (developers/docs/components/reference, Action Row): 5 buttons a row, 5 rows a message. */
export const ROW_MAX = 5;
export const ROWS_MAX = 5;

/**
 * Components in rows of at most `ROW_MAX`, in their order, at most `ROWS_MAX` rows (a select takes a row
 * of its own: its width is the row's): for a row built from a variable list, which Discord refuses
 * whole (400, BASE_TYPE_BAD_LENGTH) once it holds a sixth component.
 */
export function inRows(items: readonly UiComponent[]): UiRow[] {
  const rows: UiRow[] = [];
  for (const c of items) {
    const last = rows.at(-1);
    if (c.type === 'button' && last && last.length < ROW_MAX && last[0]!.type === 'button') last.push(c);
    else rows.push([c]);
  }
  return rows.slice(0, ROWS_MAX);
}

/** The table's starting balance (classical §13 `starting-balance`, e.g. Pomax's 2000), else 0. */
function startOf(t: Table): number {
  return t.manifest.startingBalance?.(t.row.options) ?? 0;
}

/**
 * A match total as the table says it: with a starting balance the balance, as at a real table (the
 * start plus what the match paid); else the match's net, signed.
 */
function standing(t: Table, total: number, lang: Lang): string {
  const start = startOf(t);
  return start ? amount(start + total, lang) : signed(total, lang);
}

/** Each seat's match total (or balance) for the table image. */
export function scoreStrings(t: Table, lang: Lang): string[] {
  return t.seats.map((s) => standing(t, t.totals.get(s.seat) ?? 0, lang));
}

/** A mention of a seat's player (an AI seat by its name in bold). */
export function mention(t: Table, seat: number): string {
  const s = t.seats[seat];
  return s?.userId ? `<@${s.userId}>` : `**${t.names[seat] ?? `#${seat + 1}`}**`;
}

/** Discord relative timestamp, shown in each reader's own time zone. */
export function relTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

/** The earliest automatic deadline (decisions without one, timers.ts `isOff`, do not count). */
export function nextDeadline(t: Table): number | null {
  const real = t.timers.filter((x) => !isOff(x.deadline));
  return real.length ? Math.min(...real.map((x) => x.deadline)) : null;
}

/** A notice line in a language. */
export function noticeText(t: Table, n: Notice, lang: Lang): string {
  const tr = translator(lang);
  switch (n.key) {
    case 'timeout':
    case 'timeout-ai': {
      // Labelled with the public view (the notice is public): a Phỏm send names the phỏm it went
      // to ("[6♥ 7♥ 8♥] (Bình)"), as its button and the last-action line do, not its index.
      const view = t.state === null ? undefined : t.engine.publicView(t.state);
      return `⏰ ${tr(n.key === 'timeout-ai' ? 'common:notice.timeout-ai' : 'common:notice.timeout', {
        who: t.names[n.seat],
        what: t.presenter.actionLabel(n.action, { ...presentCtx(t, lang), view }),
      })}`;
    }
    case 'retook':
      return tr('common:notice.retook', { who: t.names[n.seat] });
    case 'vote':
      return tr('common:notice.vote', { who: t.names[n.seat], verb: tr(`common:button.${n.verb}`), n: n.n, needed: n.needed });
    case 'next-hand':
      return tr('common:notice.next-hand');
    case 'paused':
      return tr('common:notice.paused');
    case 'resumed':
      return tr('common:notice.resumed');
    case 'left-seat':
    case 'left-seat-hand':
    case 'took-seat':
      return `🪑 ${tr(`common:notice.${n.key}`, { name: n.name, ai: n.ai ?? '', n: n.seat + 1 })}`;
    case 'vote-absent':
      return tr('common:notice.vote-absent', {
        who: t.names[n.seat],
        what: tr(`common:button.${n.verb}`, { who: t.names[n.absent] }),
        n: n.n,
        needed: n.needed,
      });
    case 'absent-ai':
    case 'absent-end':
      return tr(`common:notice.${n.key}`, { who: t.names[n.seat] });
    case 'away':
      return tr('async:away.notice', { who: t.names[n.seat] });
    case 'vote-claims':
      return tr('common:notice.vote-absent', {
        who: t.names[n.seat],
        what: tr(n.verb === 'absent-ai' ? `common:absent-claims.button-ai${n.opening ? '-opening' : ''}` : 'common:button.absent-end'),
        n: n.n,
        needed: n.needed,
      });
    case 'claims-ai':
    case 'claims-end':
      return tr(`common:absent-claims.${n.key === 'claims-ai' ? 'done-ai' : 'done-end'}${n.opening ? '-opening' : ''}`);
    case 'idle-ended':
      return tr('common:notice.idle-ended', { count: n.days });
    case 'rules-changed-ended':
      return tr('common:notice.rules-changed-ended');
    case 'member-gone':
      return `🚪 ${tr(n.ended ? 'common:notice.member-gone-end' : 'common:notice.member-gone', { name: n.name, ai: n.ai })}`;
    case 'bot-back':
      return tr(n.paused ? 'common:notice.bot-back-paused' : 'common:notice.bot-back');
    case 'thread-open':
      return tr(n.paused ? 'common:notice.thread-open-paused' : 'common:notice.thread-open');
  }
}

export interface MessageView {
  lines: string[];
  rows: UiRow[];
}

/** One formatter per language: building an Intl.DateTimeFormat costs far more than formatting with it. */
const dayFormats = new Map<Lang, Intl.DateTimeFormat>();
function dayFormat(lang: Lang): Intl.DateTimeFormat {
  let f = dayFormats.get(lang);
  if (!f) dayFormats.set(lang, (f = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' })));
  return f;
}

/**
 * The deadline as the table image shows it: date, time and time zone ("Dec 1, 16:57 UTC",
 * "1 thg 12, 16:57 UTC", "12月1日 16:57 UTC"), never a bare clock time (issue #13 §4). An image
 * cannot show each reader's own time zone, and a relative "in 3 h" would be wrong as soon as the
 * image is older; the message text next to it carries a Discord timestamp (<t:…:R>) for that.
 */
export function deadlineStamp(ms: number, lang: Lang): string {
  const d = new Date(ms);
  const day = dayFormat(lang).format(d);
  const hm = d.toISOString().slice(11, 16);
  return lang === 'zh-TW' ? `${day} ${hm} UTC` : `${day}, ${hm} UTC`;
}

/** The table message: status text, the public image's model, and Open my hand / Pause / Resume. */
export function tableView(t: Table, lang: Lang, notice?: Notice): MessageView & { model: TableModel | null } {
  const pc = presentCtx(t, lang);
  const tr = pc.t;
  const pub = t.state === null ? null : t.engine.publicView(t.state);
  const deadline = nextDeadline(t);
  const model =
    pub === null
      ? null
      : t.presenter.tableModel(pub, {
          ...pc,
          scores: scoreStrings(t, lang),
          // A paused table's timers are frozen: its image shows no date (the text says "paused"). The
          // pill says what the time is ("Deadline Dec 5, 14:30 UTC"), as the text line does.
          ...(deadline !== null && t.row.status === 'running' && !openingWindow(t)
            ? { timer: tr('common:table.deadline', { when: deadlineStamp(deadline, lang) }) }
            : {}),
        });
  // The image's title: the game, and in mahjong the round's wind (only the image showed it).
  const lines: string[] = [
    `**${model?.title ?? tr(`${t.row.game}:name`)}** · ${tr('common:table.hand', { n: t.row.handIndex + 1 })}${sharedChannelTag(t)}`,
  ];
  if (pub !== null) {
    const last = lastLine(t.presenter, pub, pc);
    if (last) lines.push(last);
    const pending = t.engine.pending(t.state) as Decision<BaseAction>[];
    // During a claim window the table does not name who may claim: that would tell everybody who
    // holds matching cards (issue #13 §2). The line is a function of the public view only. A
    // secret opening choice (`Decision.secret`) is such a window too.
    if (pending.some((d) => windowKind(d) === 'claim')) lines.push(claimLine(t, lang, t.row.status === 'running' ? deadline : null));
    else if (pending.length)
      lines.push(tr('common:table.waiting-turn', { who: pending.map((d) => t.names[d.seat]).join(tr('common:punct.list')) }));
  }
  const claimWindow = pub !== null && (t.engine.pending(t.state) as Decision<BaseAction>[]).some((d) => windowKind(d) === 'claim');
  // The pause's own notice ("paused by a vote") already says it.
  if (t.row.status === 'paused') {
    if (notice?.key !== 'paused') lines.push(tr('common:table.paused'));
  } else if (deadline !== null && t.row.status === 'running' && !claimWindow)
    lines.push(tr('common:table.deadline', { when: relTime(deadline) }));
  if (notice) lines.push(noticeText(t, notice, lang));
  const live = t.row.status === 'running' || t.row.status === 'paused';
  // A result waits: Next hand / End match are the result message's, and the table offers them too, so
  // that the match does not wait for good when that message is gone (a moderator deleted it) or could
  // not be posted. The same buttons, naming the same hand (act.ts judges them by it).
  // Only once the result was posted (`lastNotice`): one that could not be posted is retried by
  // housekeeping, and a Next hand clicked here before that would leave it never posted.
  const between =
    t.row.status === 'running' && t.state !== null && !!t.engine.result(t.state) && t.row.lastNotice === `result:${t.row.handIndex}`;
  // Open my hand on a row of its own (the bot shows it beside the text: effects.ts `lead`), the other
  // controls after it in rows of at most five (`inRows`): between hands they are five (Next hand, End
  // match, Leave, Take a seat, Words), six with Open my hand, more than Discord takes in one row.
  const rows: UiRow[] = live
    ? [
        [{ type: 'button', verb: 'hand', label: tr('common:button.open-hand'), style: 'primary' }],
        ...inRows([
          ...(between
            ? [
                {
                  type: 'button' as const,
                  verb: 'next-hand' as const,
                  arg: String(t.row.handIndex),
                  label: tr('common:button.next-hand'),
                  style: 'success' as const,
                },
                {
                  type: 'button' as const,
                  verb: 'end-match' as const,
                  arg: String(t.row.handIndex),
                  label: tr('common:button.end-match'),
                  style: 'danger' as const,
                },
              ]
            : []),
          // Pause / Resume only while a hand is in play; after a hand, Next hand / End match (#13 §4).
          ...(t.row.status === 'paused'
            ? [{ type: 'button' as const, verb: 'resume' as const, label: tr('common:button.resume'), style: 'secondary' as const }]
            : t.state !== null && t.engine.result(t.state)
              ? []
              : [{ type: 'button' as const, verb: 'pause' as const, label: tr('common:button.pause'), style: 'secondary' as const }]),
          ...(t.row.status === 'running' && t.engine.seating && (t.engine.seating.leave || t.engine.result(t.state))
            ? seatButtons(t, tr).filter((b) => b.verb === 'leave-seat' || t.engine.result(t.state))
            : []),
          // The image's alt text stops at Discord's 1,024 characters; this gives all of it, to anyone.
          ...(model
            ? [{ type: 'button' as const, verb: 'words' as const, label: tr('common:button.words'), style: 'secondary' as const }]
            : []),
        ]),
      ]
    : [];
  return { lines, model, rows };
}

/**
 * Who the claim part of a ping or a claim reminder mentions: every person seated (not a seat the AI
 * plays, nor one whose player left during the hand, nor one sitting this hand out (a Vietnamese
 * mahjong reserve): nothing there is theirs to decide), whose seat view cannot be pushed (`live`).
 * The same whichever seats may claim (issue #13 §2): only public facts choose them.
 */
function claimAudience(t: Table, live: ReadonlySet<number>): Table['seats'] {
  const out = [...leftDuringHand(t.engine, t.state), ...(t.state !== null ? (t.engine.sittingOut?.(t.state) ?? []) : [])];
  return t.seats.filter((s) => s.userId && !s.isAi && !live.has(s.seat) && !out.includes(s.seat));
}

/** Whether the open window is a secret opening choice (`Decision.secret`), not claims on a piece. */
function openingWindow(t: Table): boolean {
  return t.state !== null && (t.engine.pending(t.state) as Decision<BaseAction>[]).some((d) => d.secret);
}

/**
 * "Waiting for claims on 5♠ (until <t:…:R>)": the piece from the public view, the deadline shared
 * by every claimant of the window. Never who may claim (issue #13 §2).
 */
export function claimLine(t: Table, lang: Lang, deadline: number | null): string {
  const pc = presentCtx(t, lang);
  const pub = t.engine.publicView(t.state);
  const piece = t.presenter.onOffer?.(pub, pc);
  const until = deadline !== null ? pc.t('common:punct.aside', { text: pc.t('common:table.until', { when: relTime(deadline) }) }) : '';
  // No deadline for the opening: its holders answer one after another, each with their own time, so
  // a deadline that moved would tell that one had answered (#13 §2).
  // Each game names its own opening choices (vn-mahjong.md §4.3 bonus tiles and jokers; classic-mahjong.md §4.5 kongs).
  if (openingWindow(t)) return `⏳ ${pc.t(`${t.row.game}:ui.waiting-opening`)}`;
  return piece ? `⏳ ${pc.t('common:table.waiting-claim-on', { piece })}${until}` : `⏳ ${pc.t('common:table.waiting-claim')}${until}`;
}

/**
 * The ping: who must act now, with an Open my hand button. A turn is public, so the turn player
 * is mentioned (unless their private seat view is live: it was pushed to them, no ping needed).
 *
 * Claims reveal nothing (issue #13 §2): the claim part is the same whichever seats may claim. It
 * says "waiting for claims on <piece>" and mentions every seated person whose seat view cannot be
 * pushed (the seat view being live or not is not about anyone's cards; not one who left during the
 * hand, whose seat the engine plays out: `claimAudience`), so a claimant without a
 * live view is notified among all the others and each opens their hand to see whether they have a
 * decision. `live`: seats whose seat view is live. `claimLive`: the same taken before the step's
 * views were pushed (bot/effects.ts): a push fails only for a view that changed, a claimant's, so
 * liveness after the pushes would tell who may claim. Empty lines: nothing to post.
 */
export function pingView(
  t: Table,
  turn: number[],
  claim: number[],
  lang: Lang,
  live: ReadonlySet<number> = new Set(),
  claimLive: ReadonlySet<number> = live,
): MessageView & { users: string[] } {
  const tr = translator(lang);
  const who = (list: number[]) => list.map((s) => mention(t, s)).join(' ');
  const lines: string[] = [];
  const turnSeats = turn.filter((s) => !live.has(s));
  if (turnSeats.length) {
    // Context (issue #13 §4): what happened last (public) and the deadline as a relative timestamp.
    const pc = presentCtx(t, lang);
    const last = t.state === null ? undefined : lastLine(t.presenter, t.engine.publicView(t.state), pc);
    if (last) lines.push(last);
    const deadline = t.timers.find((x) => turnSeats.includes(x.seat))?.deadline;
    // A decision without a deadline (timers.ts NO_DEADLINE) names none.
    const when =
      deadline !== undefined && !isOff(deadline)
        ? tr('common:punct.then', { text: tr('common:table.deadline', { when: relTime(deadline) }) })
        : '';
    lines.push(taggedLine(t, `${tr('common:ping.turn', { who: who(turnSeats) })}${when}`));
  }
  let everyone: number[] = [];
  if (claim.length) {
    everyone = claimAudience(t, claimLive)
      .filter((s) => !turnSeats.includes(s.seat))
      .map((s) => s.seat);
    if (everyone.length) {
      lines.push(taggedLine(t, claimLine(t, lang, nextDeadline(t))));
      lines.push(tr(openingWindow(t) ? 'common:ping.opening-open' : 'common:ping.claim-open', { who: who(everyone) }));
    }
  }
  const users = [...turnSeats, ...everyone].map((s) => t.seats[s]?.userId).filter((u): u is string => !!u);
  return { lines, rows: [[{ type: 'button', verb: 'hand', label: tr('common:button.open-hand'), style: 'primary' }]], users };
}

/**
 * A reminder: the deadline is near, or (no deadline, timers.ts) the table still waits; with `vote`
 * the other players get the buttons to hand the seat to the AI or end the match (absent.ts).
 */
export function reminderText(
  t: Table,
  seat: number,
  deadline: number | null,
  lang: Lang,
  o: { n?: number; vote?: boolean } = {},
): { text: string; users: string[]; rows: UiRow[] } {
  const tr = translator(lang);
  const u = t.seats[seat]?.userId;
  const who = mention(t, seat);
  const lines = [
    taggedLine(
      t,
      deadline === null ? tr('common:ping.waiting', { who, n: o.n ?? 1 }) : tr('common:ping.reminder', { who, when: relTime(deadline) }),
    ),
  ];
  const rows: UiRow[] = [];
  if (o.vote) {
    lines.push(tr('common:ping.absent-vote', { who: t.names[seat] }));
    rows.push([
      {
        type: 'button',
        verb: 'absent-ai',
        arg: String(seat),
        label: tr('common:button.absent-ai', { who: t.names[seat] }),
        style: 'primary',
      },
      { type: 'button', verb: 'absent-end', arg: String(seat), label: tr('common:button.absent-end'), style: 'danger' },
    ]);
  }
  return { text: lines.join('\n'), users: u ? [u] : [], rows };
}

/**
 * The reminder of an open claim window at a table without deadlines (act.ts `remind`): the same
 * words whichever seats may claim (issue #13 §2). It says what is on offer (public view), mentions
 * every seated person whose seat view is not live (claimant or not, as the claim ping does: `claimAudience`), and
 * with `vote` offers every seated player the vote to let the AI answer the open claims or end the
 * match (absent.ts). `live`: seats whose seat view is live.
 */
export function claimReminderText(
  t: Table,
  lang: Lang,
  o: { n: number; vote?: boolean },
  live: ReadonlySet<number> = new Set(),
): { text: string; users: string[]; rows: UiRow[] } {
  const tr = translator(lang);
  const everyone = claimAudience(t, live);
  const opening = openingWindow(t) ? '-opening' : '';
  const lines = [taggedLine(t, claimLine(t, lang, null)), tr(`common:absent-claims.reminder${opening}`, { n: o.n })];
  if (everyone.length)
    lines.push(
      tr(opening ? 'common:ping.opening-open' : 'common:ping.claim-open', { who: everyone.map((s) => mention(t, s.seat)).join(' ') }),
    );
  const rows: UiRow[] = [];
  if (o.vote) {
    lines.push(tr(`common:absent-claims.vote${opening}`));
    rows.push([
      { type: 'button', verb: 'absent-ai', arg: CLAIMS_ARG, label: tr(`common:absent-claims.button-ai${opening}`), style: 'primary' },
      { type: 'button', verb: 'absent-end', arg: CLAIMS_ARG, label: tr('common:button.absent-end'), style: 'danger' },
    ]);
  }
  return { text: lines.join('\n'), users: everyone.map((s) => s.userId!), rows };
}

/** Leave the table / Take a seat, between hands, where the game has seat changes (seating.ts). */
function seatButtons(t: Table, tr: T): UiRow {
  if (!t.engine.seating) return [];
  const open = t.seats.some((s) => s.isAi && !s.userId);
  return [
    { type: 'button', verb: 'leave-seat', label: tr('common:button.leave-seat'), style: 'secondary' },
    ...(open
      ? [{ type: 'button' as const, verb: 'take-seat' as const, label: tr('common:button.take-seat'), style: 'primary' as const }]
      : []),
  ];
}

/**
 * A result message's "Result in words": the whole result said (ephemeral), for a screen reader: the
 * alt text holds 1,024 characters and the message's lines the first scoring lines. It names its
 * hand, and stays once Next hand is spent (bot/play.ts); End match takes it too, as the match's
 * thread is then archived and locked.
 */
export function resultWordsRow(hand: number, tr: T): UiRow {
  return [{ type: 'button', verb: 'words', arg: String(hand), label: tr('common:button.result-words'), style: 'secondary' }];
}

/** Scoring lines a result message lists (classical mahjong's may have 20 and more, with every hand's score). */
const RESULT_LINES = 15;

/**
 * The result of a finished hand: title, winners, scoring lines, each seat's delta; Next hand / End
 * match, which name the hand they follow (`arg`: its index; act.ts judges them by it). Like every
 * public component they carry version 0 (bot/effects.ts): the version counts hidden claim answers.
 */
export function resultView(
  table: Table,
  lang: Lang,
  matchOver: boolean,
  match?: MatchRecord,
): (MessageView & { model: ResultModel }) | null {
  const result = table.state === null ? null : (table.engine.result(table.state) as HandResult | null);
  if (!result) return null;
  // Named as the hand was played: a player who left during it (phom.md §11.3) settled with it,
  // though an AI holds the seat by the time the result is posted.
  const t = match ? asPlayed(table, match.roster) : table;
  const pc = presentCtx(t, lang);
  const tr = pc.t;
  const model = t.presenter.resultModel(t.engine.publicView(t.state), result, pc);
  const colon = tr('common:punct.colon');
  // Each seat's net, a pot kept across hands included (Phỏm's gà pot), as its own view and /score.
  const net = netPoints(result);
  const lines = [
    `**${tr('common:result.title', { n: t.row.handIndex + 1 })}** · ${model.title}${sharedChannelTag(t)}`,
    ...result.winners.map((w) => tr('common:result.winner', { who: mention(t, w) })),
    // The winning piece and how it came (self-drawn, from whose discard), as the image captions it.
    ...(model.winner?.caption ? [model.winner.caption] : []),
    ...model.lines.slice(0, RESULT_LINES).map((l) => `• ${l.label}${colon}${l.value}`),
    // Never dropped unsaid: the rest are in the image and its Result in words.
    ...(model.lines.length > RESULT_LINES ? [tr('common:result.more-lines', { count: model.lines.length - RESULT_LINES })] : []),
    // Each seat by the name the reader's words give it (an AI is "電腦 1" in zh-TW), as the lines above.
    ...t.seats.map((s) => `${pc.names[s.seat]}${colon}${signedIn(tr, t.row.game, result.unit, net[s.seat] ?? 0, lang)}`),
  ];
  // The match standings after this hand (issue #14 §5), from the second hand on: everyone who played,
  // those who left too (some forty in a long Phỏm match), within what the message leaves (2,000
  // characters, with room for a line the bot adds: bot/effects.ts), the last counted, never cut mid-entry.
  if (t.row.handIndex > 0) {
    // With a starting balance each is the balance, as the table's badges say (scoreStrings).
    const entries = (match ? standings(match.standings, tr) : seatStandings(table)).map((e) => `${e.name} ${standing(t, e.total, lang)}`);
    // In the hand's unit (a match keeps its options, so every hand's), as the seats' lines above say it.
    const unit = unitName(tr, t.row.game, result.unit, 2);
    const room = 2000 - 120 - lines.join('\n').length - tr('common:result.standings', { list: '', unit }).length;
    lines.push(tr('common:result.standings', { list: listWithin(entries, Math.max(200, room), tr, ' · '), unit }));
  }
  const words = resultWordsRow(t.row.handIndex, tr);
  // The match over, its thread is archived and locked (nothing to click in it): no buttons.
  const rows: UiRow[] = matchOver
    ? []
    : [
        [
          { type: 'button', verb: 'next-hand', arg: String(t.row.handIndex), label: tr('common:button.next-hand'), style: 'success' },
          { type: 'button', verb: 'end-match', arg: String(t.row.handIndex), label: tr('common:button.end-match'), style: 'danger' },
          // Who may take a seat now, not as the hand was played.
          ...seatButtons(table, tr),
        ],
        words,
      ];
  return { lines, rows, model };
}

/**
 * A hint's one-line answer in the player's language: the AI's choice named as the presenter names
 * it, and what it was judged from. Only facts the AI step gives: its level, the decision kind, how
 * many legal options there were, and that `strong` sees only this seat's view.
 */
export function hintText(
  t: Table,
  seat: number,
  hint: { action: BaseAction; level: string; decision: string; reason?: { key: string; vars: Record<string, string | number> } },
  lang: Lang,
): string {
  const tr: T = translator(lang);
  // The game's own reason (engine.explain), in the player's language; piece codes named as the
  // buttons and images name them (the presenter's pieceName).
  let why = '';
  if (hint.reason) {
    const ns = t.row.game;
    const vars = namedVars(t, hint.reason.vars, lang);
    // Engines name their reasons in full (`phom:hint.discard-safe`); a bare id is the game's own.
    const key = hint.reason.key.includes(':') ? hint.reason.key : `${ns}:hint.${hint.reason.key}`;
    const text = tr(key, { ...vars, defaultValue: '' });
    // "Discard 9♠: keeps both cạ…" → the part after the action, which the line already names
    // (zh-TW writes the full-width colon: "打出 紅心K：保留…").
    const cut = /: |：/.exec(text);
    why = cut ? text.slice(cut.index + cut[0].length).trim() : text;
  }
  const pc = { ...presentCtx(t, lang), view: t.engine.view(t.state, seat) };
  const decision = (t.engine.pending(t.state) as Decision<BaseAction>[]).find((d) => d.seat === seat);
  const n = decision?.options.length ?? 1;
  const label = t.presenter.actionLabel(hint.action, { ...pc, options: decision?.options ?? [] });
  const kind = hintKind(hint.action.type, hint.decision, n);
  const line = tr(`common:hint.${kind}`, { action: label, n, level: tr(`common:ai-level.${hint.level}`) });
  const text = why ? `💡 ${tr('common:hint.with-reason', { action: label, reason: why })}` : `💡 ${line}`;
  return cardsInWords(t, seat, lang)?.(text) ?? text;
}

/**
 * How a seat's own words are written: with /prefs "Cards in words", Phỏm's "A♠" becomes "Ace of
 * Spades" in its hand view's lines, buttons and menus and in its hints (a screen reader reads the
 * symbol as "black spade suit", or skips it); else as they are.
 */
function cardsInWords(t: Table, seat: number, lang: Lang): ((text: string) => string) | null {
  return t.cardsInWords?.has(seat) && t.row.game === 'phom' ? (text) => saidAloud(t.row.game, lang, text) : null;
}

/**
 * Rows' labels through `say`. A label longer than Discord takes (a button 80 characters, a menu
 * option 100: a lay-down of three phỏm in words, a xướng of four cước) is cut with "…" and also
 * given whole among the view's lines (`whole`), where its number finds it: cut plans may read alike
 * up to the cut.
 */
function spokenRows(rows: UiRow[], say: (text: string) => string): { rows: UiRow[]; whole: string[] } {
  const whole: string[] = [];
  const long = (text: string, max: number) => {
    if (text.length > max) whole.push(text);
    return text;
  };
  const out = rows.map((row) =>
    row.map((c) =>
      c.type === 'button'
        ? { ...c, label: cut(long(say(c.label), 80), 80, '…') }
        : {
            ...c,
            placeholder: cut(say(c.placeholder), 150, '…'),
            options: c.options.map((o) => ({ ...o, label: cut(long(say(o.label), 100), 100, '…') })),
          },
    ),
  );
  return { rows: out, whole };
}

/**
 * The reason line's kind, from the chosen action's type in each game's words (a claim/pass/draw
 * reason only when there was something else to choose); any other action gets the decision's line.
 */
const HINT_KINDS: Record<string, 'discard' | 'win' | 'claim' | 'pass' | 'draw'> = {
  discard: 'discard',
  win: 'win',
  mahjong: 'win',
  u: 'win',
  eat: 'claim',
  chiu: 'claim',
  chow: 'claim',
  pung: 'claim',
  kong: 'claim',
  pass: 'pass',
  draw: 'draw',
};
export function hintKind(type: string, decision: string, options: number): string {
  const k = HINT_KINDS[type];
  if (k === 'discard' || k === 'win') return k;
  if (k && options > 1) return k;
  return decision === 'claim' ? 'claim-window' : 'turn';
}

/** What the store holds of a match for its result messages (store/results.ts). */
export interface MatchRecord {
  /** The result rows of the hand being shown: who sat where as it was played. */
  roster: readonly HandRow[];
  /** Everyone who played a hand of the match, those who left too. */
  standings: readonly MatchEntry[];
}

/** The table with its seats named (and mentioned) as they were in a hand's result rows. */
function asPlayed(t: Table, roster: readonly HandRow[]): Table {
  if (!roster.length) return t;
  const seats = t.seats.map((s) => {
    const r = roster.find((x) => x.seat === s.seat);
    return r && (r.displayName !== s.displayName || (r.userId ?? null) !== (s.isAi ? null : s.userId))
      ? { ...s, userId: r.userId, isAi: r.userId === null, displayName: r.displayName }
      : s;
  });
  return { ...t, seats, names: seats.map((s) => s.displayName) };
}

/** One line of the match standings: a name (marked when they left the table) and a total. */
interface Standing {
  /** Their name, marked when they left the table (`plain` without the mark). */
  name: string;
  plain: string;
  left: boolean;
  total: number;
  userId: string | null;
  byHand?: ReadonlyMap<number, number>;
  /** What the match gave back to them as it ended (in `total`, not in `byHand`). */
  refund?: number;
}

/** The match standings, best first; those who left are named so. */
function standings(entries: readonly MatchEntry[], tr: T): Standing[] {
  return [...entries]
    .sort((a, b) => b.total - a.total || Number(b.seated) - Number(a.seated) || a.seat - b.seat)
    .map((e) => {
      const name = shownName(e.name, tr);
      return {
        name: e.seated ? name : tr('common:result.left-name', { name }),
        plain: name,
        left: !e.seated,
        total: e.total,
        userId: e.seated ? e.userId : null,
        byHand: e.byHand,
        refund: e.refund,
      };
    });
}

/** The seats' totals (the present occupants only), best first: without the store's record. */
function seatStandings(t: Table): Standing[] {
  return [...t.seats]
    .sort((a, b) => (t.totals.get(b.seat) ?? 0) - (t.totals.get(a.seat) ?? 0))
    .map((s) => {
      const name = t.names[s.seat] ?? `#${s.seat + 1}`;
      return { name, plain: name, left: false, total: t.totals.get(s.seat) ?? 0, userId: s.isAi ? null : s.userId };
    });
}

/**
 * The match's standings chart (issue #14 §5): everyone's running total after each hand, from the
 * stored result rows (store.results.matchStandings): the present occupants and those who left.
 */
export function standingsModel(t: Table, lang: Lang, entries: readonly MatchEntry[]): StandingsModel | null {
  const handNos = [...new Set(entries.flatMap((e) => [...e.byHand.keys()]))].sort((a, b) => a - b);
  if (handNos.length < 2) return null;
  const pc = presentCtx(t, lang);
  // With a starting balance (classical §13) each line is the balance, as the table's badges.
  const start = startOf(t);
  const unit = entries.find((e) => e.unit)?.unit;
  const players = standings(entries, pc.t).map((e) => {
    let run = start;
    // A refund at the match's end (the gà pot, phom.md §15.12) comes after the last hand: the chart
    // ends at each total, as the standings do.
    const last = handNos.length - 1;
    // The chart's legend keeps the mark whole after a long name (render/text.ts `tail`).
    const mark = e.left ? pc.t('common:result.left-mark') : undefined;
    return {
      name: e.plain,
      ...(mark ? { mark } : {}),
      totals: handNos.map((k, i) => (run += (e.byHand?.get(k) ?? 0) + (i === last ? (e.refund ?? 0) : 0))),
    };
  });
  return {
    game: t.row.game,
    locale: lang,
    title: `${pc.t(`${t.row.game}:name`)} · ${pc.t('common:match.over')}`,
    // The hands and the unit the lines count in (the stored rows': a match keeps its options).
    subtitle: [
      pc.t('common:count.hands', { count: handNos.length, defaultValue: `${handNos.length}` }),
      ...(unit ? [unitName(pc.t, t.row.game, unit, 2)] : []),
    ].join(' · '),
    players,
    handLabels: handNos.map((k) => String(k + 1)),
  };
}

/** The end of the match: everyone's total, best first (those who left too, so the totals add up). */
export function endMatchText(t: Table, lang: Lang, entries: readonly MatchEntry[]): string {
  const tr = translator(lang);
  const head = `**${tr('common:match.over')}**`;
  // In the game's unit, as each hand's result says it (the last hand's result names it; a match that
  // ended mid-hand has none: the stored hands' rows do).
  const unit = (t.state === null ? undefined : (t.engine.result(t.state) as HandResult | null)?.unit) ?? entries.find((e) => e.unit)?.unit;
  const inUnit = (n: number) => (unit ? ` ${unitName(tr, t.row.game, unit, Math.abs(n))}` : '');
  const ranked = standings(entries, tr);
  const who = (e: Standing) => (e.userId ? `<@${e.userId}>` : `**${e.name}**`);
  // With a starting balance (classical §13) the balance first, as the table and each result gave it.
  const worth = (n: number) =>
    startOf(t)
      ? `${standing(t, n, lang)}${tr('common:punct.aside', { text: `${signed(n, lang)}${inUnit(n)}` })}`
      : `${signed(n, lang)}${inUnit(n)}`;
  const lines = ranked.map((e, k) => `${k + 1}. ${who(e)}${tr('common:punct.colon')}${worth(e.total)}`);
  // What the match gave back as it ended (Phỏm's gà pot no Ù took, phom.md §15.12): in the totals
  // above, said once below them, so that they are seen to add up.
  const refunded = ranked.filter((e) => e.refund);
  // The list within the line's 600 characters, the last counted (a cut mid-entry broke a **name** or a mention).
  const refundLine = refunded.length
    ? tr(`${t.row.game}:match.pot-refund`, {
        list: listWithin(
          refunded.map((e) => `${who(e)} ${signed(e.refund!, lang)}${inUnit(e.refund!)}`),
          500,
          tr,
        ),
      })
    : '';
  // Everyone who held a seat is listed (in Phỏm, players who left and the AIs after them): a match
  // with some forty of them would pass a message's 2,000 characters, so the last are counted instead.
  const tail = refundLine ? `\n${cut(refundLine, 600)}` : '';
  return lines.length ? `${head}\n${listWithin(lines, 2000 - head.length - tail.length - 60, tr, '\n')}${tail}` : head;
}

export interface HandMessageView extends MessageView {
  /** The token its components carry (seat-token.ts): never the state version, which counts hidden answers. */
  ver: number;
  /** The hand image's model. */
  model: HandModel;
  /** The piece the seat may claim now: its own small image, and the line of the offer beside it. */
  claim?: { model: ClaimModel; caption: string };
}

/** What a seat's hand message shows, for telling whether it changed: words, controls, hand image, claim thumbnail. */
export function viewParts(v: HandMessageView): unknown[] {
  return [v.ver, v.lines, v.rows, v.model, v.claim];
}

/**
 * A seat's private hand view: its image's model, a line saying what is asked, and exactly its
 * legal actions now (buttons when they fit, else select menus of 25; a game's own controls where
 * the manifest has them), plus Refresh (and Take my seat back when the AI plays it).
 */
export function handView(t: Table, seat: number, lang: Lang, note?: string, draft?: unknown): HandMessageView {
  if (draft !== undefined) return drawHandView(t, seat, lang, note, draft);
  // One step's table asks for the same seat view several times (the acting player's answer, each live
  // view's "did it change" signature, then its edit): computed once per table, seat, language and
  // note (a view outside the game thread names its table there: bot/seat-channels.ts).
  let views = handViews.get(t);
  if (!views) handViews.set(t, (views = new Map()));
  const k = `${seat}:${lang}:${note ?? ''}`;
  let v = views.get(k);
  if (!v) views.set(k, (v = deepFreeze(drawHandView(t, seat, lang, note))));
  return v;
}

/**
 * "This hand is over, you +5 points: …": the seat's own net for the hand, which its view did not say.
 * Once the match is over (the views are drawn a last time, bot/effects.ts) there is no Next hand
 * to point to: the line says the match is over, with the last hand's net if it was settled (a match
 * ended mid-hand, by End match, idleness or a rule change, was not).
 */
function handOverLine(t: Table, seat: number, lang: Lang): string {
  const tr = translator(lang);
  const over = t.row.status === 'finished';
  const r = t.engine.result(t.state) as HandResult | null;
  const mine = r ? netPoints(r)[seat] : undefined;
  if (!r || mine === undefined) return tr(over ? 'common:hand.match-over' : 'common:hand.hand-over');
  return tr(over ? 'common:hand.match-over-mine' : 'common:hand.hand-over-mine', { delta: signedIn(tr, t.row.game, r.unit, mine, lang) });
}

/**
 * Why the AI plays a player's seat (nothing records it; the table's deadlines tell, and they are fixed
 * once it starts): the AI takes a seat on a timeout only where turns have a deadline (act.ts
 * `timeout`), and by the other players' vote only where they have none (absent.ts: a turn without a
 * deadline). A player who leaves gives up the seat (seating.ts): the AI holds it for nobody.
 */
function awayByVote(t: Table): boolean {
  return durations(t.row.timerPreset, t.engine.timeouts(t.row.options)).turnMs === null;
}

/** handView's answers per table (a step's `Table` is not changed once `act` returns it). */
const handViews = new WeakMap<Table, Map<string, HandMessageView>>();

/** The first line of a seat's turn: a game's own control says what it asks (Chắn's xướng), else "Your turn". */
function turnLineKey(t: Table, options: BaseAction[]): string {
  const ui = t.manifest.ui;
  return ui?.turnLine && ui.handles(options) ? ui.turnLine : 'common:hand.your-turn';
}

function drawHandView(t: Table, seat: number, lang: Lang, note?: string, draft?: unknown): HandMessageView {
  const tr: T = translator(lang);
  // A finished match (ended mid-hand too: End match, idleness, a rule change) asks nothing of anyone,
  // whatever the engine still has pending.
  const finished = t.row.status === 'finished';
  const decision = finished ? undefined : (t.engine.pending(t.state) as Decision<BaseAction>[]).find((d) => d.seat === seat);
  const options = decision?.options ?? [];
  const view = t.engine.view(t.state, seat);
  const pc = { ...presentCtx(t, lang), view };
  const { claimable, ...drawn } = t.presenter.handModel(view, seat, options, pc);
  const model = t.largeHand?.has(seat) ? { ...drawn, large: true } : drawn;
  const lines: string[] = [];
  if (note) lines.push(note);
  const away = t.seats[seat]?.isAi && t.seats[seat]?.userId;
  // The seat's Pass held for the reclaim window (reclaim.ts): said here only, to its player (#13 §2).
  const held = decision && t.row.status === 'running' && !away ? heldUntil(t.timers, seat) : null;
  // A player who left during the hand (phom.md §11.3): it is played out for them, nothing to decide.
  if (finished) lines.push(handOverLine(t, seat, lang));
  else if (leftDuringHand(t.engine, t.state).includes(seat)) lines.push(tr('common:hand.left'));
  else if (t.row.status === 'paused') lines.push(tr('common:hand.paused'));
  else if (away) lines.push(tr(awayByVote(t) ? 'common:hand.away-vote' : 'common:hand.away'));
  else if (held !== null) lines.push(tr('common:hand.pass-held', { when: relTime(held) }));
  else if (decision) lines.push(tr(decision.kind === 'claim' ? 'common:hand.your-claim' : turnLineKey(t, options)));
  else if (t.engine.result(t.state)) lines.push(handOverLine(t, seat, lang));
  else lines.push(tr('common:hand.waiting'));
  // While the seat decides, the words beside its picture say what happened last and until when
  // (issue #13 §1). Only then: a waiting seat's view does not change with every move at the table.
  if (decision && t.row.status === 'running' && !away) {
    lines.push(...recapLines(t, seat, t.engine.publicView(t.state), pc));
    const deadline = t.timers.find((x) => x.seat === seat)?.deadline;
    // A held pass is final by then anyway (never after the deadline): its line says when.
    if (deadline !== undefined && !isOff(deadline) && held === null) lines.push(tr('common:table.deadline', { when: relTime(deadline) }));
  }

  const rows: UiRow[] = [];
  // The options' labels know the options they stand among (PresentCtx `options`).
  const opc = { ...pc, options };
  const canAct = decision && t.row.status === 'running' && !away;
  const ui = t.manifest.ui;
  if (canAct && ui && ui.handles(options)) {
    rows.push(...ui.rows(options, draft, pc));
  } else if (canAct && options.length <= 20) {
    for (let i = 0; i < options.length; i += 5) {
      rows.push(
        options.slice(i, i + 5).map((a, j) => ({
          type: 'button' as const,
          verb: 'act' as const,
          arg: String(i + j),
          label: `${optionKey(i + j)} · ${t.presenter.actionLabel(a, opc)}`,
          style: t.presenter.actionStyle(a),
          // The held Pass is chosen already: the other answers stay open until it is final.
          ...(held !== null && a.type === 'pass' ? { disabled: true } : {}),
        })),
      );
    }
  } else if (canAct) {
    for (let p = 0; p * 25 < options.length && p < 4; p++) {
      const slice = options.slice(p * 25, p * 25 + 25);
      rows.push([
        {
          type: 'select',
          verb: 'pick',
          arg: String(p),
          placeholder: tr('common:hand.choose', { from: p * 25 + 1, to: p * 25 + slice.length }),
          options: slice.map((a, j) => ({
            // Cut by `spokenRows`, which gives a label longer than Discord takes whole among the lines.
            label: `${optionKey(p * 25 + j)} · ${t.presenter.actionLabel(a, opc)}`,
            value: String(p * 25 + j),
            // The held Pass, chosen already, as a button greys it: a menu option cannot be disabled
            // (Discord's select option has no `disabled`), so the menu shows it as its selected value
            // (`default`); picked again it changes nothing (reclaim.ts `holdPass`: `again`).
            ...(held !== null && a.type === 'pass' ? { default: true } : {}),
          })),
        },
      ]);
    }
    if (options.length > 100) lines.push(tr('common:hand.too-many', { n: options.length }));
  }
  // Claim preferences (games with claim windows), when there is room for the row.
  const prefs = prefsOf(t.row.game);
  if (prefs.length && rows.length < 4 && !away && (t.row.status === 'running' || t.row.status === 'paused')) {
    const mine = t.prefs.get(seat) ?? new Set<string>();
    rows.push([
      {
        type: 'select',
        verb: 'prefs',
        placeholder: tr('common:prefs.placeholder'),
        minValues: 0,
        maxValues: prefs.length,
        options: prefs.map((p) => ({
          label: claimPrefLabel(tr, p),
          value: p,
          default: mine.has(p),
        })),
      },
    ]);
  }
  const last: UiRow = [{ type: 'button', verb: 'refresh', label: tr('common:button.refresh'), style: 'secondary' }];
  // A hint only where there is a choice: one legal move (a forced draw) needs no advice (and act.ts
  // refuses a Hint on one: a click from an older view, or a forged one).
  if (canAct && t.row.hints && options.length > 1)
    last.push({ type: 'button', verb: 'hint', label: tr('common:button.hint'), style: 'secondary' });
  if (away && t.row.status === 'running' && !leftDuringHand(t.engine, t.state).includes(seat))
    last.unshift({ type: 'button', verb: 'retake', label: tr('common:button.retake'), style: 'success' });
  rows.push(last);
  const say = cardsInWords(t, seat, lang);
  // Every label longer than Discord takes is also given whole among the lines (a Chắn xướng of
  // four cước, a Vietnamese mahjong opening of four jokers), with Cards in words or not.
  const spoken = spokenRows(rows.slice(0, 5), say ?? ((text) => text));
  return {
    ver: tokenOf(t.row.handIndex, decision, () => view),
    lines: [...(say ? lines.map(say) : lines), ...spoken.whole],
    rows: spoken.rows,
    model,
    ...(claimable && !finished
      ? {
          claim: {
            model: {
              game: model.game,
              locale: model.locale,
              ...(model.redLaoThang === false ? { redLaoThang: false } : {}),
              code: claimable.code,
            },
            caption: say ? say(claimable.caption) : claimable.caption,
          },
        }
      : {}),
  };
}

/** How many moves a hand view lists since its seat's last one (earlier ones are counted). */
export const RECAP_MAX = 8;

/**
 * What happened since the seat's own last move this hand, oldest first ("Since your last move:"
 * and a list), or the hand's latest moves if it has made none in those kept: over days, or at a
 * table of AIs, several moves come between two of one's own and the table shows only the last.
 * Public moves only (store `shownMoves`, made from the public view). One move, or moves not kept
 * (logged before migration 26), give the last action's one line, as before.
 */
function recapLines(t: Table, seat: number, pub: unknown, pc: PresentCtx): string[] {
  const last = lastLine(t.presenter, pub, pc);
  const moves = t.moves ?? [];
  let from = moves.length;
  while (from > 0 && moves[from - 1]!.move.by !== seat) from--;
  const since = moves.slice(from);
  // The list must end at what the table shows last (a move logged without its record would leave a gap).
  const end = since.at(-1);
  if (since.length < 2 || !end || JSON.stringify(end.move) !== JSON.stringify(t.presenter.lastMove(pub))) return last ? [last] : [];
  const shown = since.slice(-RECAP_MAX);
  return [
    pc.t(from > 0 ? 'common:hand.since-move' : 'common:hand.latest-moves'),
    ...(since.length > shown.length ? [`- ${pc.t('common:hand.earlier-moves', { count: since.length - shown.length })}`] : []),
    ...shown.map((m) => `- ${t.presenter.moveLine(m.move, pc)}`),
  ];
}

/** The one line an old table message keeps once the next hand's table is posted below it. */
export function tableSummary(t: Table, lang: Lang, hand: number): string {
  const tr = translator(lang);
  return `**${tr(`${t.row.game}:name`)}** · ${tr('common:table.summary', { n: hand + 1 })}`;
}

/**
 * Alt text of a game's images: the image in words (words.ts), at Discord's 1,024 characters. `pc`:
 * the context the model was presented with (a hand's carries the seat's view).
 */
export function imageAlt(
  presenter: Pick<Table['presenter'], 'pieceName'>,
  m: TableModel | HandModel | ResultModel,
  pc: PresentCtx,
): string {
  const name = (c: string) => presenter.pieceName(c, pc);
  const text = 'seats' in m ? tableInWords(m, m.game, name) : 'hand' in m ? handInWords(m, m.game, name) : resultInWords(m, name);
  return cut(text, 1024, '…');
}

/**
 * An engine's message variables (a refusal's, a hint reason's) for the reader: piece codes by name,
 * seats by player (present/common.ts readableVars); `codes` keeps each code beside its name
 * ("A♠ (AS)"), for an operator who types codes.
 */
export function namedVars(t: Table, vars: Record<string, string | number>, lang: Lang, codes = false): Record<string, string | number> {
  const pc = presentCtx(t, lang);
  return readableVars(t.row.game, vars, pc, (c) => (codes ? `${t.presenter.pieceName(c, pc)} (${c})` : t.presenter.pieceName(c, pc)));
}
