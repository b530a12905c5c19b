/**
 * Vietnamese mahjong presenter. The engine's seats are the people at the table (4–6); each hand
 * four of them play at hand seats East…North and the rest sit out (vn-mahjong.md §3).
 */
import type { BaseAction } from '../../games/core/types.js';
import type { PublicView, SeatView, MeldView, PlayerView } from '../../games/vn-mahjong/views.js';
import { isFlowerLike, isWild, removeOne } from '../../games/vn-mahjong/tiles.js';
import { word } from '../../render/words.js';
import type { WinBy } from '../../games/vn-mahjong/scoring/input.js';
import type { PieceGroup, SeatModel } from '../../render/model.js';
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
  winCaption,
  TILE_CODE,
  type WinHow,
} from './common.js';

const code = (t: string) => (t === 'back' ? '?' : t);
const name = (c: string, ctx: PresentCtx) => pieceName('vn-mahjong', c, ctx.lang);

/**
 * An Âm Coong or a bounce that names its joker (§7: a choice between jokers, `jokers-in-kong`,
 * `max-jokers-per-call` = 2): the joker goes into the label, so no two buttons read alike. Others
 * never see an Âm Coong's joker before the hand ends (the engine's views drop it), so it is named
 * only on a seat's own view (one with a hand): a public timeout notice labels the action the
 * takeover AI played, which still carries it. A bounce's joker is public.
 */
function jokerChoiceLabel(a: object, ctx: PresentCtx): string | undefined {
  const x = a as { type?: string; tile?: string; joker?: unknown };
  const own = Array.isArray((ctx.view as { hand?: unknown } | undefined)?.hand);
  if ((x.type === 'bounce' || (x.type === 'am-coong' && own)) && typeof x.joker === 'string' && x.tile)
    return ctx.t(`vn-mahjong:action.${x.type}-joker`, { tile: name(x.tile, ctx), joker: name(x.joker, ctx) });
  return undefined;
}

/**
 * The claimed discard lies sideways: the tile the engine recorded (`claimed`: a chow is sorted by
 * rank, so it can be anywhere, and a joker in a pung must not look claimed). A meld stored before
 * the engine recorded it: a pung's (or its Hối Coong's) discard was put last, after the hand's
 * two; a chow's is unknown (its first tile, as before); a kong from a discard is four equal tiles.
 */
function claimedAt(m: MeldView): number {
  if (m.claimed !== undefined) return m.claimed;
  if (m.kind === 'pung' || (m.kind === 'kong' && m.added)) return 2;
  return m.kind === 'chow' ? 0 : 1;
}

function meldGroup(m: MeldView, ctx: PresentCtx): PieceGroup {
  const marked = m.called && m.from !== null ? [claimedAt(m)] : [];
  return { codes: m.tiles.map(code), label: ctx.t(`vn-mahjong:ui.${m.kind}`, { defaultValue: m.kind }), marked };
}

/**
 * §2: the exposed area holds bonus tiles (hoa, Đại Hoa JF among them: a bonus tile, not wild) and
 * jokers set aside (khung: exposed for phán or bounced), scored apart: the bonus tiles are drawn as
 * the seat's flowers, the jokers as a group of their own.
 */
const exposedFlowers = (p: PlayerView): string[] => p.exposed.map((e) => e.tile).filter((t) => !isWild(t));
function exposedJokers(p: PlayerView, ctx: PresentCtx): PieceGroup[] {
  const jokers = p.exposed.map((e) => e.tile).filter(isWild);
  return jokers.length ? [{ codes: jokers, label: word(ctx.lang, 'jokers'), marked: [] }] : [];
}

/** The engine's `winBy` (§6, §7) as the result caption words it: every way, so a new one must be added here. */
const HOW: Record<WinBy, WinHow> = {
  'self-draw': 'self-drawn',
  discard: 'discard',
  'rob-kong': 'robbed-kong',
  'rob-bounce': 'robbed',
  // The dealt hand wins without a winning tile (views.ts: null), so it has no caption; were a tile
  // named, it was the dealer's own.
  'thien-u': 'self-drawn',
};

function playerGroups(p: PlayerView, ctx: PresentCtx): PieceGroup[] {
  return p.melds.map((m) => meldGroup(m, ctx));
}

interface ChowLike {
  tiles: readonly string[];
  as?: readonly string[];
}

/**
 * A chow's label with each joker's stand-in named: with one joker, two chows on the same discard
 * read the same otherwise ("Ăn with Joker Hợp 7 Dot" for 6-7-8 and for 7-8-9).
 */
function chowLabel(a: ChowLike, ctx: PresentCtx<unknown>): string {
  const tiles = a.tiles
    .map((t, k) => {
      const stands = a.as?.[k];
      return stands && stands !== t ? ctx.t('vn-mahjong:action.joker-as', { joker: name(t, ctx), tile: name(stands, ctx) }) : name(t, ctx);
    })
    .join(' ');
  return ctx.t('vn-mahjong:action.chow', { tiles });
}

/**
 * The tile open to claims now, public either way: a discard, or the tile of a Hối Coong (or of a
 * bounced joker) that may be robbed (§6; `robbable`, the engine's `claimable` is null then). As
 * classical mahjong shows its robbed tile, the robber sees it beside its hand and the table names it.
 */
const onOfferNow = (pub: PublicView): { tile: string; from: number } | null => pub.claimable ?? pub.robbable;

/** A move: the person who made it and the action as the public view records it. */
type VnMove = { by: number; action: Record<string, unknown> };

export const vnMahjongPresenter: Presenter<SeatView, PublicView, BaseAction, VnMove> = {
  handModel(view, person, options, ctx) {
    const me = view.players.find((p) => p.person === person);
    const shown = handWithKeys(view.hand, view.drawn, options, optionKey);
    const offer = onOfferNow(view);
    return {
      game: 'vn-mahjong',
      locale: ctx.lang,
      title: ctx.names[person] ?? '',
      hand: shown.hand,
      ...(view.drawn ? { drawn: view.drawn } : {}),
      keys: shown.keys,
      groups: me ? [...playerGroups(me, ctx), ...exposedJokers(me, ctx)] : [],
      ...(me ? { flowers: exposedFlowers(me) } : {}),
      ...(offer && offer.from !== person && options.length
        ? {
            claimable: {
              code: offer.tile,
              caption: ctx.t('vn-mahjong:ui.claimable', {
                tile: name(offer.tile, ctx),
                defaultValue: name(offer.tile, ctx),
              }),
            },
          }
        : {}),
      ...(view.mySeat === null ? { status: ctx.t('vn-mahjong:ui.sitting-out', { defaultValue: 'sitting out' }) } : {}),
    };
  },
  tableModel(pub, ctx) {
    const lastDiscard = pub.discards.at(-1);
    const offer = onOfferNow(pub);
    const seats: SeatModel[] = pub.players.map((pl) => ({
      name: ctx.names[pl.person] ?? `#${pl.person + 1}`,
      isTurn: pub.phase !== 'ended' && pub.turn === pl.person,
      isDealer: pub.dealer === pl.person,
      wind: pl.wind,
      score: ctx.scores[pl.person] ?? amount(pl.score, ctx.lang),
      handCount: pl.handCount,
      groups: [...playerGroups(pl, ctx), ...exposedJokers(pl, ctx)],
      discards: pl.pond,
      flowers: exposedFlowers(pl),
    }));
    for (const person of pub.sittingOut)
      seats.push({
        name: ctx.names[person] ?? `#${person + 1}`,
        isTurn: false,
        // A reserve's match total shows too (the public view has scores only for the four playing).
        score: ctx.scores[person] ?? '',
        handCount: 0,
        groups: [],
        discards: [],
        note: ctx.t('vn-mahjong:ui.sitting-out', { defaultValue: 'sitting out' }),
      });
    const lastSeat = lastDiscard ? pub.players.findIndex((pl) => pl.person === lastDiscard.person) : -1;
    return {
      game: 'vn-mahjong',
      locale: ctx.lang,
      title: `${ctx.t('vn-mahjong:name')} · ${name(pub.roundWind, ctx)}`,
      seats,
      stockCount: pub.liveWall,
      stockLabel: ctx.t('vn-mahjong:ui.wall', { defaultValue: 'Wall' }),
      ...(lastSeat >= 0 && !lastDiscard!.claimed && pub.players[lastSeat]!.pond.length
        ? { lastDiscard: { seat: lastSeat, index: pub.players[lastSeat]!.pond.length - 1 } }
        : {}),
      ...(offer ? { centreCodes: [offer.tile], centreLabel: ctx.names[offer.from] ?? '' } : {}),
      ...(lastLine(this, pub, ctx) ? { lastAction: lastLine(this, pub, ctx)! } : {}),
      ...(ctx.timer ? { timer: ctx.timer } : {}),
    };
  },
  resultModel(pub, r, ctx) {
    const w = r.winners[0];
    const pl = w !== undefined ? pub.players.find((x) => x.person === w) : undefined;
    const hand = w !== undefined ? (pub.revealed?.find((x) => x.person === w)?.hand ?? []) : [];
    const groups = pl ? playerGroups(pl, ctx) : [];
    // §2: bonus tiles (JF too) and jokers set aside, scored apart (`exposedFlowers`).
    const jokers = pl ? pl.exposed.map((e) => e.tile).filter(isWild) : [];
    const flowers = pl ? exposedFlowers(pl) : [];
    const end = pub.end && pub.end.kind === 'win' && pub.end.winner === w ? pub.end : null;
    const tile = end?.tile ?? null;
    const at = tile ? inHandAt(hand, groups.length, tile) : undefined;
    return {
      game: 'vn-mahjong',
      locale: ctx.lang,
      title: endTitle('vn-mahjong', r, ctx),
      ...(w !== undefined
        ? {
            winner: {
              name: ctx.names[w] ?? '',
              groups,
              hand,
              ...(flowers.length ? { flowers } : {}),
              ...(jokers.length ? { jokers } : {}),
              ...(tile && end
                ? {
                    winningCode: tile,
                    caption: winCaption(
                      ctx,
                      HOW[end.winBy as WinBy] ?? 'discard',
                      name(tile, ctx),
                      end.from === null ? undefined : ctx.names[end.from],
                    ),
                  }
                : {}),
              ...(at ? { winningAt: at } : {}),
            },
          }
        : {}),
      ...resultLines('vn-mahjong', r, ctx, { code: TILE_CODE, name: (c) => name(c, ctx) }),
    };
  },
  actionLabel(a, ctx) {
    // The opening exposure (§4.3) differs by the jokers shown and whether the dealer keeps its one
    // bonus tile: both go into the label, so no two buttons read alike. The bonus tiles in the hand
    // are exposed with any choice but the dealer's keep; on the seat's own hand view (its view is
    // known) the label names a single one, so "no joker" does not read as "nothing".
    const x = a as { type: string; jokers?: string[]; keepFlower?: boolean };
    if (x.type === 'initial-expose') {
      const jokers = x.jokers ?? [];
      const what = jokers.length
        ? ctx.t('vn-mahjong:action.initial-expose', { jokers: jokers.map((c) => name(c, ctx)).join(ctx.t('common:punct.list')) })
        : ctx.t('vn-mahjong:action.initial-expose-none');
      if (x.keepFlower) return `${what} · ${ctx.t('vn-mahjong:action.keep-flower')}`;
      // One bonus tile named at most (a dealer that may keep it has exactly one; the label stays
      // short); the tile kept earlier (`mustDiscard`) is not exposed, but another copy of it is
      // (joker-copies ≥ 2: a second JF; initial.ts `flowersToExpose`).
      const view = ctx.view as Partial<SeatView> | undefined;
      const held = (view?.hand ?? []).filter(isFlowerLike);
      const flowers = view?.mustDiscard ? (removeOne(held, view.mustDiscard) ?? held) : held;
      return flowers.length === 1
        ? `${what} · ${ctx.t('vn-mahjong:action.expose-flowers', { tiles: flowers.map((c) => name(c, ctx)).join(' ') })}`
        : what;
    }
    if (x.type === 'chow') return chowLabel(a as unknown as ChowLike, ctx);
    return jokerChoiceLabel(a, ctx) ?? genericLabel('vn-mahjong', a, ctx, (c) => name(c, ctx));
  },
  actionStyle(a) {
    const t = a.type;
    return t === 'win'
      ? 'danger'
      : t === 'pung' || t === 'chow' || t === 'kong'
        ? 'primary'
        : t === 'pass'
          ? 'secondary'
          : t === 'discard'
            ? 'secondary'
            : 'success';
  },
  lastMove: (pub) => (pub.last ? { by: pub.last.person, action: { ...pub.last.action } } : undefined),
  moveLine(m, ctx) {
    const label =
      (m.action as { type?: string }).type === 'chow'
        ? chowLabel(m.action as unknown as ChowLike, ctx)
        : (jokerChoiceLabel(m.action, ctx) ?? genericLabel('vn-mahjong', m.action, ctx, (c) => name(c, ctx)));
    return `${ctx.names[m.by] ?? ''}${ctx.t('common:punct.colon')}${label}`;
  },
  pieceName: (c, ctx) => name(c, ctx),
  onOffer: (pub, ctx) => {
    const offer = onOfferNow(pub);
    return offer ? name(offer.tile, ctx) : undefined;
  },
};
