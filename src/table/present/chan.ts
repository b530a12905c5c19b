/** Chắn presenter: engine views (src/games/chan/views.ts) → render models and labels. */
import type { ChanPublicView, ChanSeatView } from '../../games/chan/views.js';
import type { ChanAction } from '../../games/chan/actions.js';
import type { DeckInk, PieceGroup } from '../../render/model.js';
import { pieceName } from '../../render/codes.js';
import { optionKey, type Presenter, type PresentCtx } from './types.js';
import { amount, endTitle, genericLabel, inHandAt, lastLine, resultLines, scoringLine, unitName, CHAN_CODE } from './common.js';
import type { ChanResult } from '../../games/chan/result-types.js';

/**
 * A card's name: its Vietnamese name (the game's own, also for English readers), in Chinese the
 * catalogue's (一萬), so a zh-TW line never mixes a Vietnamese name into Chinese text.
 */
const name = (code: string, ctx: PresentCtx) =>
  ctx.lang === 'zh-TW'
    ? ctx.t(`chan:card.${code}`, { defaultValue: pieceName('chan', code, ctx.lang) })
    : pieceName('chan', code, ctx.lang);

/**
 * At the xướng, the facts of the win's value only its seat knows (§9): whether the dealt hand held a
 * chắn (Phá thiên, where the profile has it: not in Chắn Vạn Văn) and whether it won the previous hand
 * (Thông); shown as the hand image's status, for a player over days may not remember the deal.
 */
function xuongFacts(win: { dealtHadChan: boolean; thong: boolean }, options: ChanAction[], ctx: PresentCtx): { status?: string } {
  const offered = (id: string) => options.some((a) => a.type === 'xuong' && a.calls.some((c) => c.cuoc === id));
  const facts = [
    ...(offered('pha-thien') ? [ctx.t(win.dealtHadChan ? 'chan:ui.dealt-chan' : 'chan:ui.dealt-no-chan')] : []),
    ...(win.thong ? [ctx.t('chan:ui.won-previous')] : []),
  ];
  return facts.length ? { status: facts.join(' · ') } : {};
}

function meldGroups(pub: ChanPublicView, seat: number, ctx: PresentCtx): PieceGroup[] {
  return (pub.seats[seat]?.melds ?? []).map((m) => ({
    codes: m.cards,
    label: ctx.t(`chan:ui.meld-${m.kind}`, { defaultValue: m.kind }),
    marked: [Math.max(0, m.cards.lastIndexOf(m.taken))],
  }));
}

/**
 * Where the ù card lies: won by chíu it is the fourth card of the winner's last chíu meld (§7.3),
 * else it went into the concealed hand (group `groups`).
 */
function winningAt(pub: ChanPublicView, w: number, groups: number, hand: readonly string[], card: string, byChiu: boolean) {
  if (byChiu) {
    const melds = pub.seats[w]?.melds ?? [];
    for (let g = melds.length - 1; g >= 0; g--)
      if (melds[g]!.kind === 'chiu' && melds[g]!.taken === card) return { group: g, index: melds[g]!.cards.lastIndexOf(card) };
  }
  return inHandAt(hand, groups, card);
}

/** "Ù on Thất Văn discarded by Minh · by chíu": the ù card, whose it was and how it came (§5, §10). */
function winText(rr: ChanResult, w: number, card: string, ctx: PresentCtx): string {
  const piece = name(card, ctx);
  const from = rr.winFrom;
  const who = from === null ? '' : (ctx.names[from] ?? `#${from + 1}`);
  const key = rr.winHow === 'wall' ? (from === w ? 'own-draw' : 'wall') : rr.winHow === 'return' ? 'return' : 'discard';
  const text = ctx.t(`chan:winning.${key}`, { piece, who });
  return rr.byChiu ? ctx.t('chan:winning.chiu', { text }) : text;
}

/** The table's card ink: Lão and Thang are black cards without `red-lao-thang` (chan.md §2); the default deck adds nothing. */
/**
 * chan.md §10: each loser pays A = V × `stake`. At a stake above 1 the items say V in điểm and the
 * totals say money; this line joins them ("2 points × 500 = 1,000 money from each"), else a reader
 * could not tell where a thousand came from.
 */
function stakeLine(pub: ChanPublicView, rr: ChanResult, w: number, ctx: PresentCtx) {
  const stake = pub.rules.stake;
  if (stake <= 1 || rr.endedBy !== 'u' || rr.value <= 0) return [];
  const value = `${amount(rr.value, ctx.lang)} ${unitName(ctx.t, 'chan', 'point', rr.value)}`;
  const each = rr.value * stake;
  const paid = `${amount(each, ctx.lang)} ${unitName(ctx.t, 'chan', rr.unit, each)}`;
  return [
    scoringLine(ctx.names[w] ?? '', ctx.t('chan:ui.stake'), ctx.t('chan:ui.stake-paid', { value, stake: amount(stake, ctx.lang), paid })),
  ];
}

const inkOf = (pub: ChanPublicView): DeckInk => (pub.rules['red-lao-thang'] ? {} : { redLaoThang: false });

/** A Chắn move: the public view's last action, as it is (it has the shape of an action). */
type ChanMove = { by: number; action: NonNullable<ChanPublicView['lastAction']> };

export const chanPresenter: Presenter<ChanSeatView, ChanPublicView, ChanAction, ChanMove> = {
  handModel(view, seat, options, ctx) {
    const keyOf = new Map<string, string>();
    options.forEach((a, i) => {
      if (a.type === 'discard' || a.type === 'return') keyOf.set(a.card, optionKey(i));
    });
    return {
      game: 'chan',
      locale: ctx.lang,
      ...inkOf(view),
      title: ctx.names[seat] ?? '',
      hand: view.hand,
      keys: view.hand.map((c, i) => (view.hand.indexOf(c) === i ? (keyOf.get(c) ?? '') : '')),
      groups: meldGroups(view, seat, ctx),
      ...(view.myWin ? xuongFacts(view.myWin, options, ctx) : {}),
      ...(view.claimable
        ? {
            claimable: {
              code: view.claimable,
              caption: ctx.t('chan:ui.on-offer', { card: name(view.claimable, ctx), defaultValue: name(view.claimable, ctx) }),
            },
          }
        : {}),
    };
  },
  tableModel(pub, ctx) {
    const last = pub.lastAction;
    return {
      game: 'chan',
      locale: ctx.lang,
      ...inkOf(pub),
      title: ctx.t('chan:name'),
      seats: pub.seats.map((s) => ({
        name: ctx.names[s.seat] ?? `#${s.seat + 1}`,
        isTurn: pub.phase !== 'over' && pub.turn === s.seat,
        isDealer: pub.opener === s.seat,
        score: ctx.scores[s.seat] ?? '',
        handCount: s.handCount,
        groups: meldGroups(pub, s.seat, ctx),
        discards: s.pile.map((c) => c.card),
      })),
      stockCount: pub.stockCount,
      stockLabel: ctx.t('chan:ui.stock', { defaultValue: 'Nọc' }),
      ...(pub.offer
        ? {
            centreCodes: [pub.offer.card],
            // Whose gate the card lies at, said as such: "Discarded · An" read as An having discarded it.
            centreLabel: ctx.t('chan:ui.offer-at', {
              source: ctx.t(`chan:ui.source-${pub.offer.source}`, { defaultValue: pub.offer.source }),
              who: ctx.names[pub.offer.gate] ?? '',
            }),
          }
        : {}),
      // The discard nobody took, as it reaches its discarder's pile (§5.3). Only then: while it is on
      // offer it is the centre card, and a pile card of the same face is an older copy (as it was after
      // an ăn, whose card is the eater's own, or a second copy of a face offered again).
      ...(last?.type === 'discard' && !pub.offer && pub.seats[last.seat]?.pile.at(-1)?.card === last.card
        ? { lastDiscard: { seat: last.seat, index: pub.seats[last.seat]!.pile.length - 1 } }
        : {}),
      ...(lastLine(this, pub, ctx) ? { lastAction: lastLine(this, pub, ctx)! } : {}),
      ...(ctx.timer ? { timer: ctx.timer } : {}),
    };
  },
  resultModel(pub, r, ctx) {
    const w = r.winners[0];
    const rr = pub.result;
    // Ù láo and xướng sai (§11) have no winner: their offender's hand is shown as a winner's would be
    // (without the crown), and a xướng sai says what was called against what the hand has, so the
    // table can see why đền làng was paid.
    const offender = w === undefined && rr && (rr.endedBy === 'u-lao' || rr.endedBy === 'xuong-sai') ? rr.uSeat : null;
    const shown = w ?? offender ?? undefined;
    const groups = shown === undefined ? [] : meldGroups(pub, shown, ctx);
    const hand = rr?.revealed?.concealed ?? [];
    const card = rr && rr.uSeat === w ? rr.winningCard : null;
    const cuocList = (list: readonly { cuoc: string; count: number }[] | null) =>
      list?.length
        ? list
            .map((c) => `${ctx.t(`chan:item.${c.cuoc}`, { defaultValue: c.cuoc })}${c.count > 1 ? ` ×${c.count}` : ''}`)
            .join(ctx.t('common:punct.list'))
        : ctx.t('chan:ui.nothing');
    const wrongCall = offender !== null && rr?.endedBy === 'xuong-sai';
    const base = resultLines('chan', r, ctx, { code: CHAN_CODE, name: (c) => name(c, ctx) });
    return {
      game: 'chan',
      locale: ctx.lang,
      ...inkOf(pub),
      // Ù láo and xướng sai are about their offender (chan.md §11), whether đền làng is paid or not.
      title: endTitle('chan', r, ctx, rr?.endedBy === 'u-lao' || rr?.endedBy === 'xuong-sai' ? rr.uSeat : null),
      ...(w !== undefined
        ? {
            winner: {
              name: ctx.names[w] ?? '',
              groups,
              hand,
              ...(card && rr
                ? (() => {
                    const at = winningAt(pub, w, groups.length, hand, card, rr.byChiu);
                    return { winningCode: card, caption: winText(rr, w, card, ctx), ...(at ? { winningAt: at } : {}) };
                  })()
                : {}),
            },
          }
        : offender !== null
          ? {
              winner: {
                name: ctx.names[offender] ?? '',
                groups,
                hand,
                offender: true,
                ...(wrongCall ? { caption: ctx.t('chan:ui.announced', { list: cuocList(rr.announced) }) } : {}),
              },
            }
          : {}),
      ...base,
      ...(wrongCall
        ? { lines: [scoringLine(ctx.names[offender] ?? '', ctx.t('chan:ui.held'), cuocList(rr.cuoc)), ...base.lines] }
        : w !== undefined && rr
          ? { lines: [...base.lines, ...stakeLine(pub, rr, w, ctx)] }
          : {}),
    };
  },
  actionLabel(a, ctx) {
    const x = a;
    // Bỏ ù (seed 001 §4, chan.md R7): beside an Ù the seat may claim, passing gives up ù for the rest of
    // the hand, so the button is named as the seed names it. Only the options a label stands among say
    // so (never a move made: a timeout's Pass, a ran-out note). At an honour table (`u-claim-check =
    // honor`) Ù is offered on every card and a pass forfeits ù only when the hand would have won: it
    // stays "Pass" there, on every card alike (a label that differed would tell the hand wins).
    if (x.type === 'pass' && ctx.view?.rules['u-claim-check'] !== 'honor' && (ctx.options ?? []).some((o) => o.type === 'u'))
      return ctx.t('chan:action.pass-u');
    if (x.type === 'eat') return ctx.t('chan:action.eat', { card: name(x.with, ctx) });
    if (x.type === 'xuong' || (x.type === 'u' && x.calls)) {
      const calls = (x.calls ?? []).map(
        (c) => `${ctx.t(`chan:item.${c.cuoc}`, { defaultValue: c.cuoc })}${c.count && c.count > 1 ? ` ×${c.count}` : ''}`,
      );
      const head = ctx.t(`chan:action.${x.type}`);
      return `${head}${ctx.t('common:punct.colon')}${calls.length ? calls.join(ctx.t('common:punct.list')) : ctx.t('chan:ui.nothing', { defaultValue: '—' })}`;
    }
    return genericLabel('chan', a, ctx, (c) => name(c, ctx));
  },
  actionStyle(a) {
    const t = a.type;
    return t === 'u' ? 'danger' : t === 'eat' || t === 'chiu' ? 'primary' : t === 'xuong' ? 'success' : 'secondary';
  },
  lastMove: (pub) => (pub.lastAction ? { by: pub.lastAction.seat, action: { ...pub.lastAction } } : undefined),
  moveLine(m, ctx) {
    return `${ctx.names[m.by] ?? ''}${ctx.t('common:punct.colon')}${genericLabel('chan', m.action, ctx, (c) => name(c, ctx))}`;
  },
  pieceName: (code, ctx) => name(code, ctx),
  onOffer: (pub, ctx) => (pub.offer ? name(pub.offer.card, ctx) : undefined),
};
