/** Phỏm presenter: engine views (src/games/phom/views.ts) → render models and labels. */
import type { PublicView, SeatView, Action } from '../../games/phom/index.js';
import type { PieceGroup } from '../../render/model.js';
import { moneyUnit } from '../../games/phom/scoring/items.js';
import { word } from '../../render/words.js';
import { optionKey, type Presenter, type PresentCtx } from './types.js';
import { endTitle, genericLabel, itemWorth, lastLine, resultLines, scoringLine, CARD_CODE } from './common.js';
import type { HandResult } from '../../games/core/types.js';

const SUIT: Record<string, string> = { S: '♠', C: '♣', D: '♦', H: '♥' };
export const prettyCard = (c: string): string => (SUIT[c.slice(-1)] ? `${c.slice(0, -1)}${SUIT[c.slice(-1)]}` : c);

function meldGroups(pub: PublicView, seat: number, ctx: PresentCtx): PieceGroup[] {
  const eaten = new Set(pub.eaten[seat] ?? []);
  return pub.melds
    .filter((m) => m.owner === seat)
    .map((m) => ({
      codes: m.cards,
      label: ctx.t('phom:ui.phom', { defaultValue: 'Phỏm' }),
      marked: m.cards.map((c, i) => (eaten.has(c) ? i : -1)).filter((i) => i >= 0),
    }));
}

/** `ResultWinner.winningAt` of `card`: in a phỏm group, else in the leftover (group `groups.length + 1`). */
function cardAt(groups: PieceGroup[], leftover: readonly string[], card: string): { group: number; index: number } | undefined {
  for (let g = 0; g < groups.length; g++) {
    const i = groups[g]!.codes.indexOf(card);
    if (i >= 0) return { group: g, index: i };
  }
  const i = leftover.indexOf(card);
  return i >= 0 ? { group: groups.length + 1, index: i } : undefined;
}

/**
 * "Send 9♦ onto [6♦ 7♦ 8♦] (Bình)": the phỏm as it was before this card (the table line comes after
 * the send, the button before) and whose it is: two players may hold phỏm the card fits.
 */
function sendLabel(card: string, meld: { cards: readonly string[]; owner: number }, ctx: PresentCtx): string {
  const cards = meld.cards.filter((c) => c !== card).map(prettyCard);
  const owner = ctx.names[meld.owner];
  return ctx.t('phom:action.send', {
    card: prettyCard(card),
    target: `[${cards.join(' ')}]${owner ? ctx.t('common:punct.aside', { text: owner }) : ''}`,
  });
}

/**
 * A move: who made it and the action as the buttons name it (a lay-down's phỏm as `melds`); a send
 * carries the phỏm it went to, from the public view of its time (its index means nothing later).
 */
type PhomMove = { by: number; action: Action; meld?: { cards: string[]; owner: number } };

export const phomPresenter: Presenter<SeatView, PublicView, Action, PhomMove> = {
  handModel(view, seat, options, ctx) {
    const discardKey = new Map<string, string>();
    options.forEach((a, i) => {
      if (a.type === 'discard') discardKey.set(a.card, optionKey(i));
    });
    const hand = view.drawn ? view.hand.filter((c) => c !== view.drawn) : view.hand.slice();
    const all = view.drawn ? [...hand, view.drawn] : hand;
    const eaten = new Set(view.eatenInHand);
    const groups = meldGroups(view, seat, ctx);
    // The card on offer is the last discard (`claimable.seat` is its discarder, never the viewer);
    // `canEat`: the viewer may eat it now (its own take turn, an eat among its options).
    const claim = view.canEat && view.claimable ? view.claimable : null;
    return {
      game: 'phom',
      locale: ctx.lang,
      title: ctx.names[seat] ?? '',
      hand,
      ...(view.drawn ? { drawn: view.drawn } : {}),
      keys: all.map((c) => discardKey.get(c) ?? ''),
      groups,
      handMarked: hand.map((c, i) => (eaten.has(c) ? i : -1)).filter((i) => i >= 0),
      ...(claim
        ? {
            claimable: {
              code: claim.card,
              caption: ctx.t('phom:ui.can-eat', { card: prettyCard(claim.card), defaultValue: `Ăn ${prettyCard(claim.card)}?` }),
            },
          }
        : {}),
      status: ctx.t('phom:ui.deadwood', { n: view.bestDeadwood, defaultValue: `${view.bestDeadwood}` }),
    };
  },
  tableModel(pub, ctx) {
    const last = pub.last;
    return {
      game: 'phom',
      locale: ctx.lang,
      title: ctx.t('phom:name'),
      seats: Array.from({ length: pub.n }, (_, s) => {
        const shown = pub.shownInHand[s] ?? [];
        const groups = meldGroups(pub, s, ctx);
        // After the hand every hand is shown, captioned, with the eaten cards still in it marked
        // there: an "Eaten" group beside it would draw each of them twice.
        const hand = pub.ended && pub.hands ? (pub.hands[s] ?? []) : null;
        if (hand) {
          const eaten = new Set(pub.eaten[s] ?? []);
          groups.push({
            codes: hand,
            label: word(ctx.lang, 'hand'),
            marked: hand.map((c, i) => (eaten.has(c) ? i : -1)).filter((i) => i >= 0),
          });
        } else if (shown.length) {
          // With eat-reveal = phom the hand cards of an eaten card's phỏm are shown too (phom.md
          // §6.3): then the group is the shown cards, the eaten ones marked; else all are eaten.
          const eaten = new Set(pub.eaten[s] ?? []);
          const marked = shown.map((c, i) => (eaten.has(c) ? i : -1)).filter((i) => i >= 0);
          const label = marked.length === shown.length ? ctx.t('phom:ui.eaten', { defaultValue: 'Ăn' }) : ctx.t('phom:ui.shown');
          groups.push({ codes: shown, label, marked });
        }
        const note = pub.left[s] ? ctx.t('phom:ui.left', { defaultValue: 'left' }) : undefined;
        return {
          name: ctx.names[s] ?? `#${s + 1}`,
          isTurn: !pub.ended && pub.turn === s,
          isDealer: pub.starter === s,
          score: ctx.scores[s] ?? '',
          handCount: pub.handCounts[s] ?? 0,
          groups,
          discards: pub.rows[s] ?? [],
          ...(note ? { note } : {}),
        };
      }),
      stockCount: pub.stockCount,
      stockLabel: ctx.t('phom:ui.stock', { defaultValue: 'Nọc' }),
      // What the next Ù wins (phom.md §10 `ga-pot`): the payers' lines only said what went in.
      ...(pub.gaPot > 0
        ? {
            stockNote: ctx.t('phom:ui.ga-pot', {
              amount: itemWorth(ctx.t, 'phom', { value: pub.gaPot, unit: moneyUnit(pub.options) }, ctx.lang),
            }),
          }
        : {}),
      ...(last && last.type === 'discard' && (pub.rows[last.seat]?.length ?? 0) > 0
        ? { lastDiscard: { seat: last.seat, index: pub.rows[last.seat]!.length - 1 } }
        : {}),
      ...(lastLine(this, pub, ctx) ? { lastAction: lastLine(this, pub, ctx)! } : {}),
      ...(ctx.timer ? { timer: ctx.timer } : {}),
    };
  },
  resultModel(pub, r, ctx) {
    const w = r.winners[0];
    // After an Ù the winner's hand is shown arranged in phỏm; else its laid phỏm and the cards left.
    const groups =
      w === undefined
        ? []
        : pub.winning
          ? [...meldGroups(pub, w, ctx), ...pub.winning.phoms.map((codes) => ({ codes, label: ctx.t('phom:ui.phom') }))]
          : meldGroups(pub, w, ctx);
    // Cards outside any phỏm are the winner's leftovers (phom.md §8.2: after a ranked end they are
    // what was counted); drawn apart from the phỏm.
    const leftover = w === undefined ? [] : pub.winning ? pub.winning.loose : (pub.hands?.[w] ?? []);
    // The card that completed the Ù (drawn or eaten): each card is unique, so its place is exact.
    const taken = pub.winning?.taken ?? null;
    const at = taken ? cardAt(groups, leftover, taken.card) : undefined;
    // A drawn card sent to another seat's phỏm before the Ù (u-by-sending, §8.2) is not in the
    // winner's hand on the image: the caption says whose phỏm it went to.
    const sentTo = taken && !at ? pub.melds.find((m) => m.owner !== w && m.sent.some((x) => x.card === taken.card))?.owner : undefined;
    return {
      game: 'phom',
      locale: ctx.lang,
      title: endTitle('phom', r, ctx),
      ...(w !== undefined
        ? {
            winner: {
              name: ctx.names[w] ?? '',
              groups,
              hand: [],
              leftover,
              ...(taken
                ? {
                    winningCode: taken.card,
                    caption:
                      taken.how === 'eat'
                        ? ctx.t('phom:winning.eaten', {
                            piece: prettyCard(taken.card),
                            who: taken.from === null ? '' : (ctx.names[taken.from] ?? `#${taken.from + 1}`),
                          })
                        : sentTo !== undefined
                          ? ctx.t('phom:winning.drawn-sent', { piece: prettyCard(taken.card), who: ctx.names[sentTo] ?? `#${sentTo + 1}` })
                          : ctx.t('phom:winning.drawn', { piece: prettyCard(taken.card) }),
                  }
                : {}),
              ...(at ? { winningAt: at } : {}),
            },
          }
        : {}),
      ...withTies(resultLines('phom', r, ctx, { code: CARD_CODE, name: (c) => prettyCard(c) }), pub, r, ctx),
    };
  },
  actionLabel(a, ctx) {
    const x = a;
    if (x.type === 'lay-down' && x.melds.length === 0) return ctx.t('phom:action.lay-down-none', { defaultValue: 'Lay down nothing' });
    const meld = x.type === 'send' ? ctx.view?.melds[x.target] : undefined;
    if (x.type === 'send' && meld) return sendLabel(x.card, meld, ctx);
    return genericLabel('phom', a, ctx, prettyCard);
  },
  actionStyle(a) {
    const t = a.type;
    return t === 'u' ? 'danger' : t === 'eat' ? 'primary' : t === 'lay-down' || t === 'send' ? 'success' : 'secondary';
  },
  lastMove(pub) {
    const l = pub.last;
    if (!l) return undefined;
    // The engine records a lay-down's phỏm as `cards`, the text names them `melds`; a send is shown
    // with the phỏm it went to (the public view's), not its index, as the button shows it.
    const action = (l.type === 'lay-down' ? { type: 'lay-down', melds: l.cards.map((m) => [...m]) } : { ...l }) as Action;
    const meld = l.type === 'send' ? pub.melds[l.target] : undefined;
    return { by: l.seat, action, ...(meld ? { meld: { cards: [...meld.cards], owner: meld.owner } } : {}) };
  },
  moveLine(m, ctx) {
    const label = m.action.type === 'send' && m.meld ? sendLabel(m.action.card, m.meld, ctx) : phomPresenter.actionLabel(m.action, ctx);
    return `${ctx.names[m.by] ?? ''}${ctx.t('common:punct.colon')}${label}`;
  },
  pieceName: (code) => prettyCard(code),
};

/**
 * A ranked end (phom.md §9 step 3): seats on equal loose-card points rank by who laid down first, which
 * no other line says: one line per such tie ("AI 3, AI 1 · Tie on loose-card points: ranked in the
 * order they laid down · 2 points"), names in their ranking. Móm seats and leavers rank apart (§9.4).
 */
function withTies<L extends { lines: ReturnType<typeof scoringLine>[] }>(base: L, pub: PublicView, r: HandResult, ctx: PresentCtx): L {
  if (r.endedBy !== 'rank') return base;
  const points = new Map(r.items.filter((it) => it.id === 'deadwood').map((it) => [it.seat, it]));
  const playing = r.ranking.flat().filter((seat) => !pub.left[seat] && pub.melds.some((m) => m.owner === seat) && points.has(seat));
  const lines: ReturnType<typeof scoringLine>[] = [];
  for (let i = 0; i < playing.length;) {
    let j = i + 1;
    while (j < playing.length && points.get(playing[j]!)!.value === points.get(playing[i]!)!.value) j++;
    if (j - i > 1) {
      const names = playing.slice(i, j).map((seat) => ctx.names[seat] ?? `#${seat + 1}`);
      lines.push(
        scoringLine(
          names.join(ctx.t('common:punct.list')),
          ctx.t('phom:ui.tie-order'),
          itemWorth(ctx.t, 'phom', points.get(playing[i]!)!, ctx.lang),
        ),
      );
    }
    i = j;
  }
  return lines.length ? { ...base, lines: [...base.lines, ...lines] } : base;
}
