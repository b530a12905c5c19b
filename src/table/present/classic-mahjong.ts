/**
 * Classical mahjong presenter. The engine numbers seats by wind position each hand (East = 0);
 * each public seat carries `player`, the match player sitting there, which is what names index.
 */
import type { BaseAction, HandResult } from '../../games/core/types.js';
import type { PublicView, SeatView, PublicSeat } from '../../games/classic-mahjong/views.js';
import type { MeldState } from '../../games/classic-mahjong/state.js';
import type { ClassicResult } from '../../games/classic-mahjong/scoring/settle.js';
import type { PieceGroup, ResultModel } from '../../render/model.js';
import { pieceName } from '../../render/codes.js';
import { optionKey, type Presenter, type PresentCtx } from './types.js';
import {
  amount,
  endTitle,
  genericLabel,
  handWithKeys,
  inHandAt,
  lastLine,
  resultLines,
  scoringLine,
  unitName,
  winCaption,
  TILE_CODE,
  type WinHow,
} from './common.js';

const name = (c: string, ctx: PresentCtx) => pieceName('classic-mahjong', c, ctx.lang);

function meldGroup(m: MeldState, ctx: PresentCtx): PieceGroup {
  return {
    codes: m.tiles,
    label: ctx.t(`classic-mahjong:ui.${m.type}`, { defaultValue: m.type }),
    ...(m.exposed ? {} : { concealed: true }),
    // The claimed discard lies sideways: the chow's tile the engine recorded (its first in states
    // stored before it did); a pung's or kong's tiles are all alike.
    ...(m.claimedFrom !== undefined ? { marked: [m.claimed ?? (m.type === 'chow' ? 0 : 1)] } : {}),
  };
}

const playerName = (pub: PublicView, seat: number, ctx: PresentCtx) => ctx.names[pub.seats[seat]?.player ?? seat] ?? `#${seat + 1}`;

type Win = NonNullable<ClassicResult['win']>;

/** §8 win sources: on a discard (also Earth's Blessing, the last discard), robbing a kong, else self-drawn. */
function howOf(win: Win): WinHow {
  if (win.source === 'robbed-kong') return 'robbed-kong';
  return win.discarder !== null ? 'discard' : 'self-drawn';
}

const discarderName = (pub: PublicView, win: Win, ctx: PresentCtx): string | undefined =>
  win.discarder === null ? undefined : playerName(pub, win.discarder, ctx);

/** A move: the match player who made it (`by`) and the action as the table names it. */
type ClassicMove = { by: number; action: { type: string; tile?: string; tiles?: string[]; call?: boolean } };

/**
 * An action's words. A discard that declares Original Call (§9.5, option `original-call`: offered
 * beside the plain discard of the same tile) says so, else the two buttons read alike.
 */
function label(a: { type: string; call?: boolean }, ctx: PresentCtx): string {
  const text = genericLabel('classic-mahjong', a, ctx, (c) => name(c, ctx));
  return a.type === 'discard' && a.call ? `${text} · ${ctx.t('classic-mahjong:item.original-call')}` : text;
}

export const classicMahjongPresenter: Presenter<SeatView, PublicView, BaseAction, ClassicMove> = {
  handModel(view, _player, options, ctx) {
    const shown = handWithKeys(view.hand, view.drawn, options, optionKey);
    return {
      game: 'classic-mahjong',
      locale: ctx.lang,
      title: playerName(view, view.seat, ctx),
      hand: shown.hand,
      ...(view.drawn ? { drawn: view.drawn } : {}),
      keys: shown.keys,
      groups: view.melds.map((m) => meldGroup(m, ctx)),
      flowers: view.bonus,
      ...(view.claimable && view.claimable.from !== view.seat && options.length
        ? {
            claimable: {
              code: view.claimable.tile,
              caption: ctx.t('classic-mahjong:ui.claimable', {
                tile: name(view.claimable.tile, ctx),
                defaultValue: name(view.claimable.tile, ctx),
              }),
            },
          }
        : {}),
    };
  },
  tableModel(pub, ctx) {
    const last = pub.lastAction;
    const ended = pub.phase === 'ended';
    return {
      game: 'classic-mahjong',
      locale: ctx.lang,
      title: `${ctx.t('classic-mahjong:name')} · ${name(pub.roundWind, ctx)}`,
      seats: pub.seats.map((s: PublicSeat) => ({
        name: playerName(pub, s.seat, ctx),
        isTurn: !ended && pub.turn === s.seat,
        isDealer: s.seat === pub.dealer,
        wind: s.wind,
        score: ctx.scores[s.player] ?? amount(s.balance, ctx.lang),
        handCount: s.concealedCount,
        groups: s.melds.map((m) => meldGroup(m, ctx)),
        discards: s.discards.filter((d) => d.claimedBy === undefined).map((d) => d.tile),
        flowers: s.bonus,
        // A called hand (§9.5, option original-call) is public for the rest of the hand: locked,
        // ready, a double more; it was said only in the move line of the call.
        ...(s.originalCall ? { note: ctx.t('classic-mahjong:item.original-call') } : {}),
      })),
      stockCount: pub.wallCount,
      stockLabel: ctx.t('classic-mahjong:ui.wall', { defaultValue: 'Wall' }),
      ...(last && last.type === 'discard'
        ? (() => {
            const n = pub.seats[last.seat]!.discards.filter((d) => d.claimedBy === undefined).length;
            return n ? { lastDiscard: { seat: last.seat, index: n - 1 } } : {};
          })()
        : {}),
      ...(pub.claimable ? { centreCodes: [pub.claimable.tile], centreLabel: playerName(pub, pub.claimable.from, ctx) } : {}),
      ...(lastLine(this, pub, ctx) ? { lastAction: lastLine(this, pub, ctx)! } : {}),
      ...(ctx.timer ? { timer: ctx.timer } : {}),
    };
  },
  resultModel(pub, r, ctx) {
    const w = r.winners[0];
    // The engine's own record of the win (hand seats, not remapped by the stable-seat wrapper).
    const win = (r as Partial<Pick<ClassicResult, 'win'>>).win ?? null;
    const seat = win ? pub.seats[win.seat] : w === undefined ? undefined : (pub.seats.find((s) => s.player === w) ?? pub.seats[w]);
    const groups = seat ? seat.melds.map((m) => meldGroup(m, ctx)) : [];
    const hand = seat ? (pub.revealed?.find((x) => x.seat === seat.seat)?.concealed ?? []) : [];
    const tile = win?.tile ?? null;
    const at = tile ? inHandAt(hand, groups.length, tile) : undefined;
    return {
      game: 'classic-mahjong',
      locale: ctx.lang,
      title: endTitle('classic-mahjong', r, ctx),
      ...(seat
        ? {
            winner: {
              name: playerName(pub, seat.seat, ctx),
              groups,
              hand,
              ...(seat.bonus.length ? { flowers: seat.bonus } : {}),
              ...(tile ? { winningCode: tile, caption: winCaption(ctx, howOf(win!), name(tile, ctx), discarderName(pub, win!, ctx)) } : {}),
              ...(at ? { winningAt: at } : {}),
            },
          }
        : {}),
      ...scoredLines(pub, r, ctx),
    };
  },
  actionLabel(a, ctx) {
    return label(a, ctx);
  },
  actionStyle(a) {
    const t = a.type;
    return t === 'mahjong'
      ? 'danger'
      : t === 'pung' || t === 'chow' || t === 'kong'
        ? 'primary'
        : t.endsWith('kong')
          ? 'success'
          : 'secondary';
  },
  lastMove(pub) {
    const l = pub.lastAction;
    if (!l) return undefined;
    // A chow is recorded with the claimed tile; the text shows the run it made (the seat's newest chow).
    const run =
      l.type === 'chow' && l.tile
        ? ([...(pub.seats[l.seat]?.melds ?? [])].reverse().find((m) => m.type === 'chow' && m.tiles.includes(l.tile!))?.tiles ?? [l.tile])
        : null;
    // The engine does not record `call` with the discard; Original Call is declared with a seat's
    // first discard only (§9.5) and is public (`originalCall`): that discard, still the last action,
    // is the one that declared it.
    const seat = pub.seats[l.seat];
    const call = l.type === 'discard' && seat?.originalCall === true && seat.discards.length === 1;
    // Names index match players; the engine numbers seats by wind each hand.
    return {
      by: seat?.player ?? l.seat,
      action: run ? { type: 'chow', tiles: [...run] } : { ...l, ...(call ? { call: true } : {}) },
    };
  },
  moveLine(m, ctx) {
    return `${ctx.names[m.by] ?? `#${m.by + 1}`}${ctx.t('common:punct.colon')}${label(m.action, ctx)}`;
  },
  pieceName: (c, ctx) => name(c, ctx),
  onOffer: (pub, ctx) => (pub.claimable ? name(pub.claimable.tile, ctx) : undefined),
};

/**
 * The result's lines, plus what §10 settles on: every hand's score (points × 2^doubles, capped at
 * the limit), and "East ×2" on each payment East's double made (`east-pays-double`: a payment
 * involving East is twice the score or score difference it settles).
 */
function scoredLines(pub: PublicView, r: HandResult, ctx: PresentCtx): Pick<ResultModel, 'lines' | 'totals' | 'payments'> {
  const base = resultLines('classic-mahjong', r, ctx, { code: TILE_CODE, name: (c) => name(c, ctx) });
  const scores = (r as Partial<Pick<ClassicResult, 'scores'>>).scores;
  if (!scores || !r.winners.length) return base;
  // Scores are by hand seat (East = 0); payments by player.
  const total = new Map(scores.map((x) => [pub.seats[x.seat]?.player ?? x.seat, x.total]));
  const east = pub.seats[0]?.player ?? 0;
  const w = r.winners[0]!;
  const lines = scores.map((x) => {
    const sum = `${amount(x.total, ctx.lang)} ${unitName(ctx.t, 'classic-mahjong', 'point', x.total)}`;
    // §9.1: points × 2^doubles, then rounded (`rounding`) and capped by the limit: a total that is
    // not the product shows the product and what it became ("94 × 8 = 752 → 500"), never a false sum.
    const raw = Math.trunc(x.points * 2 ** x.doubles);
    const shown = { points: amount(x.points, ctx.lang), factor: 2 ** x.doubles, raw: amount(raw, ctx.lang), total: sum };
    return scoringLine(
      playerName(pub, x.seat, ctx),
      ctx.t('classic-mahjong:ui.hand-score'),
      x.limit
        ? ctx.t('classic-mahjong:ui.score-limit', { total: sum })
        : x.doubles
          ? ctx.t(raw === x.total ? 'classic-mahjong:ui.score-doubled' : 'classic-mahjong:ui.score-doubled-adjusted', shown)
          : raw === x.total
            ? sum
            : ctx.t('classic-mahjong:ui.score-adjusted', shown),
    );
  });
  const payments = base.payments.map((p, k) => {
    const raw = r.payments[k]!;
    const settles =
      raw.reason === 'winner'
        ? (total.get(w) ?? 0)
        : raw.reason === 'losers-settle'
          ? Math.abs((total.get(raw.from) ?? 0) - (total.get(raw.to) ?? 0))
          : 0;
    const doubled = settles > 0 && raw.amount === 2 * settles && (raw.from === east || raw.to === east);
    return doubled ? { ...p, amount: `${p.amount} · ${ctx.t('classic-mahjong:ui.east-double')}` } : p;
  });
  // First: the message text keeps a result's first lines only (views.ts resultView).
  return { ...base, lines: [...lines, ...base.lines], payments };
}
