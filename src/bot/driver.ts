/**
 * Moving a game forward after any accepted change: AI seats play, timers are set for the humans
 * who must decide, the table message is redrawn, the players who must act are pinged once per
 * decision, and a finished hand is settled (results stored, result image posted).
 * Every function here runs under the game's lock (GameLocks), after the change is in SQLite.
 */
import { ButtonStyle } from 'discord.js';
import type { BotContext } from './context.js';
import { button, ensureUnarchived, gameChannel, mention, png, relTime, row, type Row } from './messages.js';
import { encodeGameId } from './custom-id.js';
import { langOf, translator, type Lang, type T } from './i18n.js';
import { PRESENTERS, type PresentCtx, type Presenter } from './presenters/index.js';
import { durations, reminderAt } from './timer-presets.js';
import { engineOf } from '../games/registry.js';
import { handSeed } from '../games/core/rng.js';
import type { AnyEngine, BaseAction, Decision, HandResult } from '../games/core/types.js';
import type { GameRow, SeatRow } from '../store/games.js';

export interface Loaded {
  row: GameRow;
  engine: AnyEngine;
  state: unknown;
  seats: SeatRow[];
  names: string[];
  presenter: Presenter;
}

export function load(ctx: BotContext, gameId: string): Loaded | null {
  const row = ctx.store.games.get(gameId);
  if (!row) return null;
  const seats = ctx.store.games.seats(gameId);
  const engine = engineOf(row.game);
  const state = row.status === 'lobby' || row.status === 'cancelled' ? null : ctx.store.games.state(row);
  return { row, engine, state, seats, names: seats.map((s) => s.displayName), presenter: PRESENTERS[row.game] };
}

export function publicLang(ctx: BotContext, row: GameRow): Lang {
  return langOf(row.locale, ctx.defaultLang);
}

export function presentCtx(L: Loaded, lang: Lang): PresentCtx {
  return { lang, t: translator(lang), names: L.names };
}

const MAX_AI_STEPS = 2000;

/** Let AI seats play until a human must decide or the hand ends. Returns how many moves were made. */
function runAi(ctx: BotContext, gameId: string): number {
  let moves = 0;
  for (; moves < MAX_AI_STEPS; moves++) {
    const L = load(ctx, gameId);
    if (!L || L.row.status !== 'running' || L.engine.result(L.state)) break;
    const d = L.engine.pending(L.state).find((p: Decision<BaseAction>) => L.seats[p.seat]?.isAi);
    if (!d) break;
    const action = L.engine.ai(L.state, d.seat) as BaseAction;
    const out = ctx.store.games.apply(gameId, L.row.version, d.seat, action, 'ai', null);
    if (!out.ok) {
      ctx.log.error(
        { gameId, seat: d.seat, action, reason: out.reason === 'rule' ? out.error.code : out.reason },
        'AI move rejected; taking the timeout default',
      );
      const fb = ctx.store.games.apply(gameId, L.row.version, d.seat, d.timeoutDefault, 'ai', null);
      if (!fb.ok) {
        ctx.log.error({ gameId, seat: d.seat }, 'timeout default rejected too; the game waits');
        break;
      }
    }
  }
  return moves;
}

function scoreStrings(ctx: BotContext, L: Loaded): string[] {
  const totals = ctx.store.results.matchTotals(L.row.id);
  return L.seats.map((s) => {
    const v = totals.get(s.seat) ?? 0;
    return `${v > 0 ? '+' : ''}${Math.round(v * 100) / 100}`;
  });
}

/** The table message: public image, status text, and the "open my hand" / pause buttons. */
export async function tablePayload(ctx: BotContext, L: Loaded, notice?: string) {
  const lang = publicLang(ctx, L.row);
  const pc = presentCtx(L, lang);
  const t = pc.t;
  const pub = L.state === null ? null : L.engine.publicView(L.state);
  const timers = ctx.store.timers.forGame(L.row.id);
  const nextDeadline = timers.length ? Math.min(...timers.map((x) => x.deadline)) : null;
  const lines: string[] = [`**${t(`${L.row.game}:name`)}** · ${t('common:table.hand', { n: L.row.handIndex + 1 })}`];
  if (pub !== null) {
    const last = L.presenter.lastAction(pub, pc);
    if (last) lines.push(last);
    const pending = L.engine.pending(L.state) as Decision<BaseAction>[];
    // During a claim window the table does not name who may claim: that would tell everybody who
    // holds matching cards (only the claimants themselves are pinged).
    if (pending.some((d) => d.kind === 'claim')) lines.push(t('common:table.waiting-claim'));
    else if (pending.length) lines.push(t('common:table.waiting-turn', { who: pending.map((d) => L.names[d.seat]).join(', ') }));
  }
  if (L.row.status === 'paused') lines.push(t('common:table.paused'));
  else if (nextDeadline !== null && L.row.status === 'running') lines.push(t('common:table.deadline', { when: relTime(nextDeadline) }));
  if (notice) lines.push(notice);
  const files = [];
  if (pub !== null) {
    const model = L.presenter.tableModel(pub, {
      ...pc,
      scores: scoreStrings(ctx, L),
      ...(nextDeadline !== null ? { timer: new Date(nextDeadline).toISOString().slice(11, 16) + ' UTC' } : {}),
    });
    files.push(png('table.png', await ctx.render.table(model)));
  }
  const live = L.row.status === 'running' || L.row.status === 'paused';
  const components: Row[] = live
    ? [
        row(
          button(encodeGameId({ gameId: L.row.id, ver: L.row.version, verb: 'hand' }), t('common:button.open-hand'), ButtonStyle.Primary),
          L.row.status === 'paused'
            ? button(encodeGameId({ gameId: L.row.id, ver: L.row.version, verb: 'resume' }), t('common:button.resume'))
            : button(encodeGameId({ gameId: L.row.id, ver: L.row.version, verb: 'pause' }), t('common:button.pause')),
        ),
      ]
    : [];
  return { content: lines.join('\n').slice(0, 2000), files, components, attachments: [] as never[] };
}

export async function updateTable(ctx: BotContext, gameId: string, notice?: string): Promise<void> {
  const L = load(ctx, gameId);
  if (!L || !L.row.threadId) return;
  const ch = await gameChannel(ctx, L.row.threadId);
  if (!ch) return;
  const payload = await tablePayload(ctx, L, notice);
  try {
    if (L.row.tableMessageId) {
      await ch.messages.edit(L.row.tableMessageId, payload);
      return;
    }
  } catch (e) {
    ctx.log.warn({ err: e, gameId }, 'table message edit failed; posting a new one');
  }
  try {
    const m = await ch.send(payload);
    ctx.store.games.update(gameId, { tableMessageId: m.id });
  } catch (e) {
    ctx.log.error({ err: e, gameId }, 'cannot post the table message');
  }
}

/** Timers for the humans who must decide; a seat that still has the same kind of decision keeps its deadline. */
function syncTimers(ctx: BotContext, L: Loaded, pending: Decision<BaseAction>[]): number[] {
  const now = ctx.clock.now();
  const old = new Map(ctx.store.timers.forGame(L.row.id).map((x) => [x.seat, x]));
  const { claimMs, turnMs } = durations(L.row.timerPreset, L.row.game, L.row.options);
  const fresh: number[] = [];
  const next = pending
    .filter((d) => !L.seats[d.seat]?.isAi)
    .map((d) => {
      const prev = old.get(d.seat);
      if (prev && prev.kind === d.kind)
        return { seat: d.seat, kind: d.kind, version: prev.version, deadline: prev.deadline, remindAt: prev.remindAt };
      fresh.push(d.seat);
      const ms = d.kind === 'claim' ? claimMs : turnMs;
      return { seat: d.seat, kind: d.kind, version: L.row.version, deadline: now + ms, remindAt: reminderAt(now, ms) };
    });
  ctx.store.timers.set(L.row.id, next);
  ctx.wakeTimers();
  return fresh;
}

async function ping(ctx: BotContext, L: Loaded, seatsToPing: number[], pending: Decision<BaseAction>[]): Promise<void> {
  if (!seatsToPing.length || !L.row.threadId) return;
  const ch = await gameChannel(ctx, L.row.threadId);
  if (!ch) return;
  const t = translator(publicLang(ctx, L.row));
  const turn = seatsToPing.filter((s) => pending.find((d) => d.seat === s)?.kind === 'turn');
  const claim = seatsToPing.filter((s) => pending.find((d) => d.seat === s)?.kind === 'claim');
  const who = (list: number[]) => list.map((s) => mention(L.seats[s]!.userId, L.names[s]!)).join(' ');
  const lines: string[] = [];
  if (turn.length) lines.push(t('common:ping.turn', { who: who(turn) }));
  if (claim.length) lines.push(t('common:ping.claim', { who: who(claim) }));
  if (L.row.pingMessageId) {
    await ch.messages.delete(L.row.pingMessageId).catch(() => undefined);
  }
  try {
    const m = await ch.send({
      content: lines.join('\n'),
      components: [
        row(
          button(encodeGameId({ gameId: L.row.id, ver: L.row.version, verb: 'hand' }), t('common:button.open-hand'), ButtonStyle.Primary),
        ),
      ],
      allowedMentions: { users: seatsToPing.map((s) => L.seats[s]!.userId).filter((u): u is string => !!u) },
    });
    ctx.store.games.update(L.row.id, { pingMessageId: m.id });
  } catch (e) {
    ctx.log.warn({ err: e, gameId: L.row.id }, 'cannot post ping');
  }
}

/**
 * Engines that play a fixed match (rounds of winds: both mahjong games) mark the match over in the
 * state of the hand that would follow. Dealing is pure, so the bot deals it in memory and looks.
 */
export function matchIsOver(L: Loaded): boolean {
  const over = (p: unknown) => (p as { matchOver?: boolean } | null)?.matchOver === true;
  if (over(L.engine.publicView(L.state))) return true;
  const next = L.engine.setup(L.row.options, L.row.seats, handSeed(L.row.seed, L.row.handIndex + 1), L.state);
  return over(L.engine.publicView(next));
}

/** Store the hand's result (idempotent) and post the result image with Next hand / End match. */
async function settle(ctx: BotContext, L: Loaded, result: HandResult): Promise<void> {
  const key = `result:${L.row.handIndex}`;
  ctx.store.results.recordHand(L.row.id, L.row.game, L.row.guildId, L.row.handIndex, L.seats, result);
  ctx.store.timers.clear(L.row.id);
  if (L.row.lastNotice === key) return;
  const ch = await gameChannel(ctx, L.row.threadId);
  if (!ch) return;
  const lang = publicLang(ctx, L.row);
  const pc = presentCtx(L, lang);
  const t = pc.t;
  const pub = L.engine.publicView(L.state);
  const model = L.presenter.resultModel(pub, result, pc);
  const image = await ctx.render.result(model);
  const matchOver = matchIsOver(L);
  const lines = [
    `**${t('common:result.title', { n: L.row.handIndex + 1 })}** · ${model.title}`,
    ...result.winners.map((w) => t('common:result.winner', { who: mention(L.seats[w]!.userId, L.names[w]!) })),
    ...model.lines.slice(0, 15).map((l) => `• ${l.label}: ${l.value}`),
    ...L.seats.map(
      (s) =>
        `${L.names[s.seat]}: ${(result.deltas[s.seat] ?? 0) > 0 ? '+' : ''}${result.deltas[s.seat] ?? 0} ${t(`common:unit.${result.unit}`, { defaultValue: result.unit })}`,
    ),
  ];
  if (L.row.pingMessageId) await ch.messages.delete(L.row.pingMessageId).catch(() => undefined);
  try {
    await ch.send({
      content: lines.join('\n').slice(0, 2000),
      files: [png('result.png', image)],
      components: matchOver
        ? []
        : [
            row(
              button(
                encodeGameId({ gameId: L.row.id, ver: L.row.version, verb: 'next-hand' }),
                t('common:button.next-hand'),
                ButtonStyle.Success,
              ),
              button(
                encodeGameId({ gameId: L.row.id, ver: L.row.version, verb: 'end-match' }),
                t('common:button.end-match'),
                ButtonStyle.Danger,
              ),
            ),
          ],
      allowedMentions: { parse: [] },
    });
    // Marked only once posted: after a crash in between, the result is posted again rather than lost.
    ctx.store.games.update(L.row.id, { lastNotice: key });
  } catch (e) {
    ctx.log.error({ err: e, gameId: L.row.id }, 'cannot post the result');
    return;
  }
  if (matchOver) await endMatch(ctx, load(ctx, L.row.id)!);
}

/**
 * After any accepted change: AI moves, settlement or timers + pings, and the table redraw.
 * `notice` is a line for the table message (e.g. a timeout that was auto-played).
 */
export async function progress(ctx: BotContext, gameId: string, notice?: string): Promise<void> {
  runAi(ctx, gameId);
  const L = load(ctx, gameId);
  if (!L || L.state === null) return;
  if (L.row.status === 'running') {
    await ensureUnarchived(ctx, L.row.threadId);
    const result = L.engine.result(L.state) as HandResult | null;
    if (result) await settle(ctx, L, result);
    else {
      const pending = L.engine.pending(L.state) as Decision<BaseAction>[];
      const fresh = syncTimers(ctx, L, pending);
      await ping(ctx, load(ctx, gameId)!, fresh, pending);
    }
  }
  await updateTable(ctx, gameId, notice);
}

/** The human-readable label of an action in a language (for notices). */
export function labelOf(L: Loaded, a: BaseAction, lang: Lang): string {
  return L.presenter.actionLabel(a, presentCtx(L, lang));
}

export type { T };

/** Ends the match: totals posted, buttons removed, thread archived and locked where allowed. */
export async function endMatch(ctx: BotContext, L: Loaded): Promise<void> {
  ctx.store.games.update(L.row.id, { status: 'finished' });
  ctx.store.timers.clear(L.row.id);
  const lang = publicLang(ctx, L.row);
  const t = translator(lang);
  const totals = ctx.store.results.matchTotals(L.row.id);
  const lines = [
    `**${t('common:match.over')}**`,
    ...[...L.seats]
      .sort((a, b) => (totals.get(b.seat) ?? 0) - (totals.get(a.seat) ?? 0))
      .map(
        (s, k) => `${k + 1}. ${mention(s.userId, s.displayName)}: ${(totals.get(s.seat) ?? 0) > 0 ? '+' : ''}${totals.get(s.seat) ?? 0}`,
      ),
  ];
  await updateTable(ctx, L.row.id);
  const ch = await gameChannel(ctx, L.row.threadId);
  if (!ch) return;
  if (L.row.pingMessageId) await ch.messages.delete(L.row.pingMessageId).catch(() => undefined);
  await ch.send({ content: lines.join('\n'), allowedMentions: { parse: [] } }).catch(() => undefined);
  if (ch.isThread()) {
    await ch.edit({ archived: true, locked: true }).catch((e: unknown) => ctx.log.info({ err: e }, 'cannot archive/lock the game thread'));
  }
}
