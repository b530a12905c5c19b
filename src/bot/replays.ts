/** Rebuilding a finished hand from the action log, for /score's best hand and /history's replays (with the hints asked). */
import { applyEntry, initialState, LogEntryRefused, NEXT_HAND } from '../store/replay.js';
import { GAMES } from '../table/manifests.js';
import { windowKind } from '../table/timers.js';
import type { BaseAction, Decision, HandResult } from '../games/core/types.js';
import type { BotContext } from './context.js';
import type { Lang } from '../table/i18n.js';
import { translator } from '../table/i18n.js';
import { playedNamesIn } from '../table/views.js';
import { wasDealt } from '../store/guilds.js';
import { resultInWords } from '../table/words.js';

export interface HandReplay {
  state: unknown;
  result: HandResult | null;
  /**
   * Today's rules refuse one of the hand's logged moves (a rule fix since it was played): the hand is
   * replayed up to that move (a running match ends there: act.ts, notice 'rules-changed-ended').
   * Before, /history and the hand's Export failed with "something went wrong" at every try.
   */
  cutShort: boolean;
  /**
   * Each action with the public view just before it (labels name what an action refers to) and just
   * after it (a hint's `after` is its `before`), and the kind of the decision the seat answered
   * (null: the seat had none, e.g. a system entry; timers.ts `windowKind`, so a secret opening choice
   * is a 'claim'). A claim answer is hidden information: who could claim, and what they answered, is
   * shown only through what it changed in the public view.
   */
  actions: {
    seat: number | null;
    action: BaseAction;
    source: string;
    /** Who acted or asked (a hint's asker), when known. */
    userId: string | null;
    decision: Decision<BaseAction>['kind'] | null;
    /** The decision was a secret opening choice (`Decision.secret`; its `decision` is 'claim'). */
    opening: boolean;
    /** Whether the decision offered a choice at all was the seat's secret (`Decision.choiceHidden`: Phỏm's take). */
    choiceHidden: boolean;
    before: unknown;
    after: unknown;
    /** A hint's: the asker's own seat view when they asked (its label may name their hand; shown to them only). */
    seatView?: unknown;
  }[];
}

/**
 * Today's rules refuse a logged move of a hand before the one asked for (a rule fix since), and that
 * hand's start is not stored (hand_starts): it cannot be replayed. Before, it was shown cut at the
 * earlier hand's move, as if it were this hand.
 */
export class HandNotReplayable extends Error {
  constructor(readonly hand: number) {
    super(`hand ${hand + 1} cannot be replayed: today's rules refuse a move of an earlier hand`);
  }
}

/** The hand as replayed; throws HandNotReplayable (above). */
export function replayHand(ctx: BotContext, gameId: string, hand: number): HandReplay | null {
  const row = ctx.store.games.get(gameId);
  if (!row || !wasDealt(ctx.store.db, row)) return null;
  const engine = GAMES[row.game].engine;
  // From the state the hand starts from (store hand_starts, migration 30): only this hand's entries
  // are replayed. Before, every page of the viewer replayed the match from its first deal, on the
  // event loop (0.7 s for a 3,000-entry Chắn match, 1.4 s for 1,700 Vietnamese mahjong entries).
  // Not stored (a hand dealt before it, an engine with another state shape): the whole log, and the
  // hands it passes are stored for next time.
  const start = hand > 0 ? ctx.store.games.handStart(gameId, hand) : null;
  const log = ctx.store.games.logWithMeta(gameId, start?.seq ?? 0);
  let state = start ? start.state : initialState(engine, row.options, row.seats, row.seed);
  const passed: { hand: number; seq: number; state: string }[] = [];
  const actions: HandReplay['actions'] = [];
  let cutShort = false;
  // Hints asked for (source 'hint', their own table: never applied) are listed where they were asked.
  const hints = ctx.store.games.hints(gameId).filter((h) => h.hand === hand);
  // A secret opening choice (`Decision.secret`) is hidden like a claim answer (timers.ts windowKind).
  const decisionOf = (seat: number | null) =>
    seat === null ? undefined : (engine.pending(state) as Decision<BaseAction>[]).find((d) => d.seat === seat);
  const kindOf = (seat: number | null) => {
    const d = decisionOf(seat);
    return d ? windowKind(d) : null;
  };
  const opening = (seat: number | null) => decisionOf(seat)?.secret === true;
  const choiceHidden = (seat: number | null) => decisionOf(seat)?.choiceHidden === true;
  const hintsAt = (version: number) => {
    for (const h of hints.filter((x) => x.version === version)) {
      const view = engine.publicView(state);
      actions.push({
        seat: h.seat,
        action: h.action,
        source: 'hint',
        userId: h.userId,
        decision: kindOf(h.seat),
        opening: opening(h.seat),
        choiceHidden: choiceHidden(h.seat),
        before: view,
        after: view,
        ...(h.seat === null ? {} : { seatView: engine.view(state, h.seat) }),
      });
    }
  };
  for (const e of log) {
    if (e.hand > hand) break;
    if (e.hand === hand) hintsAt(e.seq - 1);
    const listed = e.hand === hand && !e.action.type.startsWith('@');
    const before = listed ? engine.publicView(state) : null;
    const decision = listed ? kindOf(e.seat) : null;
    const secret = listed && opening(e.seat);
    const hidden = listed && choiceHidden(e.seat);
    try {
      state = applyEntry(engine, row.options, row.seats, row.seed, state, e);
    } catch (err) {
      if (!(err instanceof LogEntryRefused)) throw err;
      if (e.hand < hand) throw new HandNotReplayable(hand);
      cutShort = true;
      break;
    }
    if (e.action.type === NEXT_HAND) passed.push({ hand: e.hand, seq: e.seq, state: JSON.stringify(state) });
    if (listed)
      actions.push({
        seat: e.seat,
        action: e.action,
        source: e.source,
        userId: e.userId,
        decision,
        opening: secret,
        choiceHidden: hidden,
        before,
        after: engine.publicView(state),
      });
  }
  if (passed.length) ctx.store.games.saveHandStarts(gameId, row.game, passed, true);
  if (row.handIndex < hand) return null;
  if (row.handIndex === hand) hintsAt(row.version);
  return { state, result: engine.result(state) as HandResult | null, actions, cutShort };
}

/** What drawing a hand's replay needs: its last state and result, and the presenter's context with the names as played. */
function replayed(ctx: BotContext, gameId: string, hand: number, lang: Lang) {
  const row = ctx.store.games.get(gameId);
  const r = replayHand(ctx, gameId, hand);
  if (!row || !r) return null;
  const names = playedNamesIn(ctx.store.results.seatsAsPlayed(gameId, hand, ctx.store.games.seats(gameId)), translator(lang));
  const pc = { lang, t: translator(lang), names };
  return { r, pc, presenter: GAMES[row.game].presenter, engine: GAMES[row.game].engine };
}

/**
 * The result image of a finished hand (the table image of one not over), drawn from the public
 * view: /score's best hand. No move list: /history's viewer (src/notify/replay-viewer.ts) lists
 * only what the table showed (claim answers are hidden information).
 */
export async function handReplayView(ctx: BotContext, gameId: string, hand: number, lang: Lang): Promise<{ image: Buffer | null } | null> {
  const x = replayed(ctx, gameId, hand, lang);
  if (!x) return null;
  const { r, pc, presenter, engine } = x;
  const image = r.result
    ? await ctx.render.result(presenter.resultModel(engine.publicView(r.state), r.result, pc))
    : await ctx.render.table(presenter.tableModel(engine.publicView(r.state), { ...pc, scores: pc.names.map(() => '') }));
  return { image };
}

/** A finished hand's result image in words (its result message's "Result in words"), or null: no such finished hand. */
export function handResultInWords(ctx: BotContext, gameId: string, hand: number, lang: Lang): string | null {
  const x = replayed(ctx, gameId, hand, lang);
  const result = x?.r.result;
  if (!x || !result) return null;
  const { r, pc, presenter, engine } = x;
  return resultInWords(presenter.resultModel(engine.publicView(r.state), result, pc), (c) => presenter.pieceName(c, pc));
}
