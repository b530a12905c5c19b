/** Rebuilding a finished hand from the action log, for /score's best hand and /history's replays (with the hints asked). */
import { applyEntry, initialState } from '../store/replay.js';
import { GAMES } from '../table/manifests.js';
import type { BaseAction, HandResult } from '../games/core/types.js';
import type { BotContext } from './context.js';
import type { Lang } from '../table/i18n.js';
import { translator } from '../table/i18n.js';
import { shownName } from '../store/privacy.js';

export interface HandReplay {
  state: unknown;
  result: HandResult | null;
  /** Each action with the public view just before it (labels name what an action refers to). */
  actions: { seat: number | null; action: BaseAction; source: string; before: unknown }[];
}

export function replayHand(ctx: BotContext, gameId: string, hand: number): HandReplay | null {
  const row = ctx.store.games.get(gameId);
  if (!row || row.status === 'lobby' || row.status === 'cancelled') return null;
  const engine = GAMES[row.game].engine;
  const log = ctx.store.games.logWithMeta(gameId);
  let state = initialState(engine, row.options, row.seats, row.seed);
  const actions: HandReplay['actions'] = [];
  // Hints asked for (source 'hint', their own table: never applied) are listed where they were asked.
  const hints = ctx.store.games.hints(gameId).filter((h) => h.hand === hand);
  const hintsAt = (version: number) => {
    for (const h of hints.filter((x) => x.version === version))
      actions.push({ seat: h.seat, action: h.action, source: 'hint', before: engine.publicView(state) });
  };
  for (const e of log) {
    if (e.hand > hand) break;
    if (e.hand === hand) hintsAt(e.seq - 1);
    const before = e.hand === hand && !e.action.type.startsWith('@') ? engine.publicView(state) : null;
    state = applyEntry(engine, row.options, row.seats, row.seed, state, e);
    if (before !== null) actions.push({ seat: e.seat, action: e.action, source: e.source, before });
  }
  if (row.handIndex < hand) return null;
  if (row.handIndex === hand) hintsAt(row.version);
  return { state, result: engine.result(state) as HandResult | null, actions };
}

/** Result image + action log lines of a finished hand. */
export async function handReplayView(
  ctx: BotContext,
  gameId: string,
  hand: number,
  lang: Lang,
): Promise<{ image: Buffer | null; lines: string[] } | null> {
  const row = ctx.store.games.get(gameId);
  const r = replayHand(ctx, gameId, hand);
  if (!row || !r) return null;
  const seats = ctx.store.games.seats(gameId);
  const names = seats.map((s) => shownName(s.displayName, translator(lang)));
  const pc = { lang, t: translator(lang), names };
  const presenter = GAMES[row.game].presenter;
  const engine = GAMES[row.game].engine;
  const lines = r.actions.map(
    (a, k) =>
      `${k + 1}. ${a.seat === null ? '—' : names[a.seat]}: ${presenter.actionLabel(a.action, { ...pc, view: a.before })}${a.source !== 'player' ? ` (${pc.t(`common:source.${a.source}`)})` : ''}`,
  );
  const image = r.result
    ? await ctx.render.result(presenter.resultModel(engine.publicView(r.state), r.result, pc))
    : await ctx.render.table(presenter.tableModel(engine.publicView(r.state), { ...pc, scores: names.map(() => '') }));
  return { image, lines };
}
