/**
 * The replay viewer of /history (issue #14 §6): one hand stepped through, ephemeral. Anyone on the
 * server may open it, so it is public: it shows only what the table showed.
 *
 * - The move list holds only the logged moves that changed the public view (`engine.publicView`,
 *   compared as canonical JSON): a claim answer that changed nothing public (a pass, a claim that
 *   lost or waits for the others) is not listed, nor is it a step. A claim answer that did change
 *   it (it closed the window) is told as the table told it, from the public view after it: the
 *   presenter's caption of the last action ("Bình: Pung 5 Vạn", so a losing chow that closed the
 *   window shows as the pung that won), or "no one claimed 5 Vạn" when no claim was taken; never
 *   who answered, nor how (timeout, claim preference, away). Turn moves are public: listed as played.
 *   A secret opening choice (`Decision.secret`: jokers at the deal, opening kongs) is told the same
 *   way: by what it showed ("Opening exposures" when only bonus tiles were exposed).
 * - Step k (0…n) is the hand after its first k listed moves. Its image is drawn from the PUBLIC
 *   view replayed from the action log (src/bot/replays.ts `replayHand`), never a seat's view; the
 *   last step of a finished hand is the result image (it reveals exactly what the result reveals).
 * - Only a hand that is over can be stepped through (a hand in play would show who answered a claim
 *   window, which the table does not tell). Hints (source 'hint') are not moves, and a hint names a
 *   piece of the asker's hand that may never have been shown: the asker sees their own hints with
 *   their content, in play and once the hand is over; the others see, once it is over, only that a
 *   player asked for a hint, above the move it came before, and not even that for a hint asked on a
 *   claim decision (it would tell that the player could claim).
 * - Export: the match from its first hand up to this one as a scenario (docs/scenarios.md), each
 *   hand's logged moves as steps and its result as the expectation, and the seats that changed
 *   between hands as the next hand's `seatChange` (the deal depends on them: Phỏm §3), runnable with
 *   `npm run cli -- replay`. Only once the match is over: the scenario holds the game's seed, which
 *   deals every later hand.
 */
import { cut } from '../table/cut.js';
import { AttachmentBuilder, ButtonStyle, MessageFlags, StringSelectMenuBuilder } from 'discord.js';
import type { BotContext } from '../bot/context.js';
import { HandNotReplayable, replayHand, type HandReplay } from '../bot/replays.js';
import { encodeCommandId } from '../bot/custom-id.js';
import { button, png, row, type Row } from '../bot/messages.js';
import { GAMES } from '../table/manifests.js';
import { langOf, translator, type Lang } from '../table/i18n.js';
import { NEXT_HAND, SEAT_CHANGE, applyEntry, initialState, wasDealt, type GameRow } from '../store/index.js';
import { LogEntryRefused } from '../store/replay.js';
import { handSeed } from '../games/core/rng.js';
import type { HandResult, SeatChange } from '../games/core/types.js';
import { netPoints, paidAsReplayed } from '../store/results.js';
import { ruleChangesSince } from '../store/rule-changes.js';
import { canonical } from '../games/core/match.js';
import type { NextHand, Scenario, ScenarioStep } from '../games/core/scenario.js';
import { imageAlt, playedNamesIn } from '../table/views.js';
import { lastLine } from '../table/present/common.js';
import type { CommandComponentInteraction } from '../bot/command-types.js';

/** Moves per page of the move list. */
export const MOVES_PER_PAGE = 15;
/** Options of the "jump to" select (Discord allows 25). */
const JUMP_OPTIONS = 25;
/** The hand as the viewer shows it: the listed moves, already worded, and the hints. */
interface Steps {
  row: GameRow;
  names: string[];
  /** Public view before each listed move (step k's view is views[k]; views[n] is after the last move). */
  views: unknown[];
  /** Each listed move as one line (without its number). */
  moves: string[];
  /** Hints listed, each before listed move `before` (n: after the last move), worded for the viewer. */
  hints: { before: number; text: string }[];
  result: HandResult | null;
  /**
   * When the replayed result is not what was paid and a rule fix made since the hand was played
   * explains it (store/rule-changes.ts): that fix's date. The viewer replays with today's rules.
   */
  rulesChangedAt: string | null;
  /** Today's rules refuse the hand's next logged move, where the match ended (replays.ts `cutShort`). */
  cutShort: boolean;
}

/** Whether a hand may be stepped through: it is over (a result), or the match ended during it. */
function viewable(row: GameRow, hand: number, result: HandResult | null): boolean {
  return hand < row.handIndex || result !== null || row.status === 'finished' || row.status === 'cancelled';
}

/** A hand in play: only the asker's own hints are listed (a hint names a piece of their hand). */
interface Running {
  running: true;
  hints: string[];
}

/**
 * The hand of game `gameId` as `userId` may see it in the viewer (the move list, the step views and
 * the hints), or only their own hints while it is in play; null when the game or hand is unknown.
 */
function replaySteps(ctx: BotContext, gameId: string, hand: number, userId: string, lang: Lang): Steps | Running | null {
  const row = ctx.store.games.get(gameId);
  const r = replayHand(ctx, gameId, hand);
  if (!row || !r) return null;
  const t = translator(lang);
  const names = playedNamesIn(ctx.store.results.seatsAsPlayed(gameId, hand, ctx.store.games.seats(gameId)), t);
  const { presenter, engine } = GAMES[row.game];
  const who = (seat: number | null) => (seat === null ? '—' : (names[seat] ?? `#${seat + 1}`));
  const ownHint = (a: HandReplay['actions'][number]) =>
    `${who(a.seat)}${t('common:punct.colon')}${presenter.actionLabel(a.action, { lang, t, names, view: a.seatView ?? a.before })}${t('common:punct.aside', { text: t('common:source.hint') })}`;
  if (!viewable(row, hand, r.result))
    return { running: true, hints: r.actions.filter((a) => a.source === 'hint' && a.userId === userId).map(ownHint) };
  const moves: string[] = [];
  const views: unknown[] = [];
  const hints: Steps['hints'] = [];
  const last = r.actions.findLastIndex((a) => a.source !== 'hint');
  // Whether the claim window that action `i` answers was ever on the table. The AI, an away
  // player's stand-in and claim preferences answer inside the step that opened the window; the
  // table shows a window only when a person had to answer it (a click or their timer: 'player',
  // 'timeout'), and then a hint may be asked on it. A window only those answered never showed,
  // and listing it ("No one claimed 9 Dot") would tell that an AI could claim (#13 §2).
  const windowShown = (i: number): boolean => {
    for (let j = i; j >= 0; j--) {
      const b = r.actions[j]!;
      if (b.decision !== 'claim') return false;
      if (j < i && b.source !== 'hint' && canonical(b.before) !== canonical(b.after)) return false;
      if (b.source === 'player' || b.source === 'timeout' || b.source === 'hint') return true;
    }
    return false;
  };
  r.actions.forEach((a, i) => {
    if (a.source === 'hint') {
      // Someone else's hint: that they asked, not what; nor one that would tell they had a choice at
      // all: a claim to answer, an eat they could make (Decision.choiceHidden; a hint needs a choice).
      if (a.userId !== null && a.userId === userId) hints.push({ before: moves.length, text: ownHint(a) });
      else if (a.decision !== 'claim' && !a.choiceHidden)
        hints.push({ before: moves.length, text: t('async:replay.hint-asked', { who: who(a.seat) }) });
      return;
    }
    // A move that changed nothing public is not shown: the table did not show it either.
    if (canonical(a.before) === canonical(a.after)) return;
    if (a.decision === 'claim') {
      const pc = { lang, t, names };
      const caption = lastLine(presenter, a.after, pc);
      let line: string | null;
      if (caption && caption !== lastLine(presenter, a.before, pc)) line = caption;
      else if (i === last && r.result !== null) line = t('common:hand.hand-over');
      // A secret opening choice that showed only bonus tiles: who chose is not told (#13 §2).
      else if (a.opening) line = t('async:replay.opening');
      // A window the table never showed closed unclaimed: no line, and the move that opened it
      // shows the table as it was drawn, after the window.
      else if (!windowShown(i)) line = null;
      else {
        const piece = presenter.onOffer?.(a.before, pc);
        line = piece ? t('async:replay.not-claimed', { piece }) : t('async:replay.not-claimed-any');
      }
      if (line !== null) {
        views.push(a.before);
        moves.push(line);
      }
      return;
    }
    views.push(a.before);
    const label = presenter.actionLabel(a.action, { lang, t, names, view: a.before });
    const src = a.source !== 'player' ? t('common:punct.aside', { text: t(`common:source.${a.source}`, { defaultValue: a.source }) }) : '';
    moves.push(`${who(a.seat)}${t('common:punct.colon')}${label}${src}`);
  });
  views.push(engine.publicView(r.state));
  return {
    row,
    names,
    views,
    moves,
    hints,
    result: r.result,
    rulesChangedAt: rulesChangedAt(ctx, row, hand, r.result),
    cutShort: r.cutShort,
  };
}

/** The date of the rule fix that explains why a stored hand's result differs from its replay, or null. */
function rulesChangedAt(ctx: BotContext, row: GameRow, hand: number, result: HandResult | null): string | null {
  const paid = ctx.store.results.handsOf(row.id, hand);
  if (!result || !paid.length) return null;
  const net = netPoints(result);
  if (paidAsReplayed(paid, net)) return null;
  const at = ctx.store.results.playedAt(row.id, hand);
  return at === null ? null : (ruleChangesSince(row.game, at)[0]?.at ?? null);
}

const id = (rest: string) => encodeCommandId('history', rest);

/** The hints asked before move `k` (k = n: after the last), one line each, indented under the list. */
function hintLines(s: Steps, k: number): string[] {
  return s.hints.filter((h) => h.before === k).map((h) => cut(`\u3000\u3000💡 ${h.text}`, 90));
}

function moveLine(s: Steps, k: number): string {
  return cut(s.moves[k]!, 90);
}

/** The viewer message at step `k` (null: the last step). Null when the game or hand is unknown. */
export async function viewerPayload(
  ctx: BotContext,
  gameId: string,
  hand: number,
  k: number | null,
  lang: Lang,
  userId: string,
): Promise<{ content: string; files: AttachmentBuilder[]; components: Row[]; attachments: never[] } | null> {
  const t = translator(lang);
  const g = ctx.store.games.get(gameId);
  if (!g) return null;
  const head = `**${t(`${g.game}:name`)}** \`${g.id}\` · ${t('common:table.hand', { n: hand + 1 })}`;
  let s: ReturnType<typeof replaySteps>;
  try {
    s = replaySteps(ctx, gameId, hand, userId, lang);
  } catch (err) {
    if (!(err instanceof HandNotReplayable)) throw err;
    return { content: `${head}\n⚠️ ${t('async:replay.unreplayable')}`, files: [], components: [], attachments: [] };
  }
  if (s === null) return null;
  if ('running' in s) {
    const lines = [
      head,
      t('async:replay.running'),
      ...(s.hints.length ? [t('async:replay.your-hints'), ...s.hints.map((h, j) => `${j + 1}. ${h}`)] : []),
    ];
    return { content: cut(lines.join('\n'), 2000), files: [], components: [], attachments: [] };
  }
  const n = s.moves.length;
  const step = Math.max(0, Math.min(n, k ?? n));
  const { presenter } = GAMES[s.row.game];
  const pc = { lang, t, names: s.names };
  const last = step === n && s.result !== null;
  const model = last
    ? presenter.resultModel(s.views[n], s.result!, pc)
    : presenter.tableModel(s.views[step], { ...pc, scores: s.names.map(() => '') });
  // An image that cannot be drawn (a render worker that failed, RENDER_TIMEOUT_MS under load) leaves
  // the step in words with a line saying so, as the table's own images do: before, the viewer
  // answered only the generic error.
  const image = await ('seats' in model ? ctx.render.table(model) : ctx.render.result(model)).catch((err: unknown) => {
    ctx.log.warn({ err, gameId, hand, step }, 'cannot draw the replay image');
    return null;
  });
  const missing = image ? [] : [`⚠️ ${last ? t('common:picture.result-failed') : t('common:picture.failed')}`];
  // The image in words (words.ts), for screen readers.
  const alt = imageAlt(presenter, model, pc);
  // The move list: the page holding the current step, every move numbered, the current one marked.
  const page = Math.floor(Math.max(0, step - 1) / MOVES_PER_PAGE);
  const pages = Math.max(1, Math.ceil(n / MOVES_PER_PAGE));
  const list: string[] = [];
  for (let j = page * MOVES_PER_PAGE; j < Math.min(n, (page + 1) * MOVES_PER_PAGE); j++) {
    list.push(...hintLines(s, j));
    const line = `${j + 1}. ${moveLine(s, j)}`;
    list.push(j + 1 === step ? `▶ **${line}**` : `\u3000${line}`);
  }
  if (page === pages - 1) list.push(...hintLines(s, n));
  const where =
    step === 0
      ? t('async:replay.at-deal', { n })
      : last
        ? t('async:replay.at-result', { k: step, n })
        : t('async:replay.at-step', { k: step, n });
  const changed =
    last && s.rulesChangedAt
      ? [`⚠️ ${t('async:replay.rules-changed', { when: `<t:${Math.floor(Date.parse(s.rulesChangedAt) / 1000)}:D>` })}`]
      : [];
  if (step === n && s.cutShort) changed.push(`⚠️ ${t('async:replay.cut-short')}`);
  const content = cut(
    [head, where, ...missing, ...changed, t('async:replay.moves-page', { p: page + 1, of: pages }), ...list].join('\n'),
    2000,
  );
  const base = `${g.id}:${hand}`;
  const nav = row(
    // Each arrow with its word: a screen reader reads "⏮" alone as "black left-pointing double triangle".
    button(id(`v:${base}:0:f`), `⏮ ${t('async:replay.first')}`, ButtonStyle.Secondary, step === 0),
    button(id(`v:${base}:${Math.max(0, step - 1)}:p`), `◀ ${t('async:replay.back')}`, ButtonStyle.Primary, step === 0),
    button(id(`v:${base}:${Math.min(n, step + 1)}:n`), `${t('async:replay.forward')} ▶`, ButtonStyle.Primary, step === n),
    button(id(`v:${base}:${n}:l`), `${t('async:replay.last')} ⏭`, ButtonStyle.Secondary, step === n),
    // Export holds the game's seed, which deals every later hand: offered once the match is over
    // (a viewer message opened earlier still gets the refusal below).
    matchOver(ctx, g)
      ? button(id(`e:${base}`), t('async:replay.export'), ButtonStyle.Success)
      : button(id(`e:${base}`), t('async:replay.export-later'), ButtonStyle.Secondary, true),
  );
  const pageRow = row(
    button(
      id(`v:${base}:${Math.max(0, (page - 1) * MOVES_PER_PAGE + 1)}:b`),
      t('async:replay.prev-page'),
      ButtonStyle.Secondary,
      page === 0,
    ),
    button(
      id(`v:${base}:${Math.min(n, (page + 1) * MOVES_PER_PAGE + 1)}:a`),
      t('async:replay.next-page'),
      ButtonStyle.Secondary,
      page >= pages - 1,
    ),
  );
  const rows: Row[] = [nav];
  if (n > 0) {
    // "Jump to": every step when they fit, else evenly spread ones (always the deal, the end and here).
    const want = new Set<number>([0, n, step]);
    for (let j = 0; want.size < Math.min(JUMP_OPTIONS, n + 1) && j <= JUMP_OPTIONS; j++) want.add(Math.round((j * n) / (JUMP_OPTIONS - 1)));
    for (let j = 0; want.size < Math.min(JUMP_OPTIONS, n + 1); j++) want.add(j);
    const picks = [...want].sort((a, b) => a - b).slice(0, JUMP_OPTIONS);
    const menu = new StringSelectMenuBuilder()
      .setCustomId(id(`j:${base}`))
      .setPlaceholder(t('async:replay.jump'))
      .addOptions(
        picks.map((j) => ({
          label: cut(j === 0 ? t('async:replay.deal') : `${j}. ${moveLine(s, j - 1)}`, 100),
          value: String(j),
          default: j === step,
        })),
      );
    rows.push(row(menu));
  }
  if (pages > 1) rows.push(pageRow);
  return { content, files: image ? [png(`replay-${step}.png`, image, alt)] : [], components: rows, attachments: [] };
}

/** The match up to and including `hand` as a scenario (docs/scenarios.md). */
export function exportScenario(ctx: BotContext, gameId: string, hand: number): Scenario | null {
  const row = ctx.store.games.get(gameId);
  if (!row || !wasDealt(ctx.store.db, row) || hand > row.handIndex) return null;
  const engine = GAMES[row.game].engine;
  // Each hand's moves, result and the seat changes logged during or after it (read by the next deal).
  const perHand: { steps: ScenarioStep[]; result: unknown; changes: SeatChange[] }[] = [{ steps: [], result: null, changes: [] }];
  let state = initialState(engine, row.options, row.seats, row.seed);
  for (const e of ctx.store.games.log(gameId)) {
    if (e.hand > hand) break;
    const cur = perHand[perHand.length - 1]!;
    const before = state;
    try {
      state = applyEntry(engine, row.options, row.seats, row.seed, state, e);
    } catch (err) {
      // Today's rules refuse this move (a rule fix since): the scenario stops before it, as the viewer
      // does (replays.ts `cutShort`); one of an earlier hand leaves no hand `hand` to export.
      if (!(err instanceof LogEntryRefused)) throw err;
      if (e.hand < hand) throw new HandNotReplayable(hand);
      break;
    }
    if (e.action.type === NEXT_HAND) {
      cur.result = engine.result(before);
      perHand.push({ steps: [], result: null, changes: [] });
    } else if (e.action.type === SEAT_CHANGE) cur.changes.push(e.action as unknown as SeatChange);
    else if (e.seat !== null) cur.steps.push({ seat: e.seat, action: e.action as unknown as Record<string, unknown> });
  }
  perHand[perHand.length - 1]!.result = engine.result(state);
  const clean = (x: unknown) => JSON.parse(JSON.stringify(x ?? null)) as unknown;
  let next: NextHand | undefined;
  for (let h = perHand.length - 1; h >= 1; h--) {
    const seatChange = oneChange(perHand[h - 1]!.changes);
    next = {
      seed: handSeed(row.seed, h),
      ...(seatChange ? { seatChange } : {}),
      steps: perHand[h]!.steps,
      result: clean(perHand[h]!.result),
      ...(next ? { next } : {}),
    };
  }
  return {
    name: `${row.game} ${row.id} hand ${hand + 1}`,
    game: row.game,
    spec: `exported from game ${row.id} (hands 1–${hand + 1}) by /history`,
    seats: row.seats,
    options: row.options,
    start: { seed: handSeed(row.seed, 0) },
    steps: perHand[0]!.steps,
    result: clean(perHand[0]!.result),
    ...(next ? { next } : {}),
  };
}

/**
 * The `@seat-change` entries logged between two hands as the one `seatChange` of a scenario's next
 * hand, or null for none. Several are one change (a player leaves, then another takes the seat):
 * the seats that left or were taken, and the host's seat as the last entry names it, since each
 * names it as it is then (none: seat 0), as Phỏm's `seating.between` combines them.
 */
function oneChange(changes: SeatChange[]): SeatChange | null {
  if (!changes.length) return null;
  const union = (k: 'left' | 'joined') => [...new Set(changes.flatMap((c) => c[k]))].sort((a, b) => a - b);
  const host = changes[changes.length - 1]!.host;
  return { left: union('left'), joined: union('joined'), ...(host !== undefined ? { host } : {}) };
}

/** Indented up to this size; a file must stay under Discord's 10 MiB per upload (EXPORT_MAX, with room). */
const EXPORT_PRETTY_MAX = 2 * 2 ** 20;
const EXPORT_MAX = 9.5 * 2 ** 20;

/**
 * The export's file. Each hand nests in the one before (`next`), so indented text grows with the
 * square of the hands (a 150-hand Phỏm match: 10.9 MiB, 0.44 MiB without indentation): a long
 * match is written without indentation, and one still too large for Discord is refused.
 */
export function exportFile(sc: unknown): { body: Buffer } | { tooLargeMiB: string } {
  let body = Buffer.from(`${JSON.stringify(sc, null, 2)}\n`);
  if (body.length > EXPORT_PRETTY_MAX) body = Buffer.from(`${JSON.stringify(sc)}\n`);
  return body.length > EXPORT_MAX ? { tooLargeMiB: (body.length / 2 ** 20).toFixed(1) } : { body };
}

/** The viewer's buttons, select and Export (`x:history:…`). */
export async function component(i: CommandComponentInteraction, rest: string, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const m = /^([vje]):([0-9a-z]{1,12}):(\d{1,5})(?::(\d{1,5}):[a-z])?$/.exec(rest);
  const g = m ? ctx.store.games.get(m[2]!) : null;
  if (!m || !g || !i.inGuild() || g.guildId !== i.guildId)
    return void (await i.reply({ content: t('errors:game-not-found'), flags: MessageFlags.Ephemeral }));
  const hand = Number(m[3]);
  if (m[1] === 'e') {
    if (!matchOver(ctx, g)) return void (await i.reply({ content: t('async:replay.export-after-match'), flags: MessageFlags.Ephemeral }));
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    let sc: Scenario | null;
    try {
      sc = exportScenario(ctx, g.id, hand);
    } catch (err) {
      if (!(err instanceof HandNotReplayable)) throw err;
      return void (await i.editReply({ content: t('async:replay.unreplayable') }));
    }
    if (!sc) return void (await i.editReply({ content: t('errors:game-not-found') }));
    const out = exportFile(sc);
    if ('tooLargeMiB' in out) return void (await i.editReply({ content: t('async:replay.export-too-large', { mib: out.tooLargeMiB }) }));
    const file = new AttachmentBuilder(out.body, { name: `${g.game}-${g.id}-hand-${hand + 1}.json` });
    await i.editReply({ content: t('async:replay.exported'), files: [file] });
    return;
  }
  let k: number | null = m[4] !== undefined ? Number(m[4]) : null;
  if (m[1] === 'j') {
    const v = i.isStringSelectMenu() ? i.values[0] : undefined;
    k = v !== undefined && /^\d{1,5}$/.test(v) ? Number(v) : null;
  }
  if (!i.isMessageComponent()) return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  await i.deferUpdate();
  const v = await viewerPayload(ctx, g.id, hand, k, lang, i.user.id);
  if (v) await i.editReply(v);
  // A hand the game does not have (a forged or garbled custom_id): said so, the viewer left as it is.
  else
    await i.followUp({
      content:
        hand > g.handIndex
          ? t('errors:no-such-hand', { hands: t('common:count.hands', { count: g.handIndex + 1 }) })
          : t('errors:game-not-found'),
      flags: MessageFlags.Ephemeral,
    });
}

/**
 * A match that is over: finished, or abandoned while it ran (its thread deleted, the bot removed from
 * its server: store/guilds.ts), whose seed deals no later hand any more.
 */
function matchOver(ctx: BotContext, g: GameRow): boolean {
  return g.status === 'finished' || (g.status === 'cancelled' && wasDealt(ctx.store.db, g));
}
