/**
 * The images in words, for screen readers (alt text) and for "Table in words": a hand view's image
 * (the seat's own pieces, sets, flowers, the piece just drawn, the status) and the public table
 * image (every seat's sets, discards, hand count, score, the stock), built from the same render
 * models the images are drawn from, so the words say what the picture shows and nothing more.
 *
 * Pieces are read by name, a run of equal pieces once with its count ("Nhì Vạn ×2"), pieces apart
 * by commas (a Chắn card's name is two words). Phỏm cards are spoken ("7 of Hearts", not "7♥",
 * which a screen reader reads "7 black heart suit"), and Chắn's red cards, which the art tells by
 * ink colour alone, say so ("Bát Vạn (red)": they matter for xướng, chan.md §2).
 */
import type { HandModel, PieceGroup, ResultModel, TableModel } from '../render/model.js';
import { BACK } from '../render/model.js';
import { isChanRed } from '../render/codes.js';
import { word } from '../render/draw.js';
import type { GameId } from '../games/core/types.js';
import { translator, type Lang } from './i18n.js';

const PHOM_RANK: Record<Lang, Record<string, string>> = {
  en: { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' },
  vi: { A: 'Át', J: 'J', Q: 'Q', K: 'K' },
  'zh-TW': { A: 'A', J: 'J', Q: 'Q', K: 'K' },
};
const PHOM_SUIT: Record<Lang, Record<string, string>> = {
  en: { S: 'Spades', H: 'Hearts', C: 'Clubs', D: 'Diamonds' },
  vi: { S: 'bích', H: 'cơ', C: 'nhép', D: 'rô' },
  'zh-TW': { S: '黑桃', H: '紅心', C: '梅花', D: '方塊' },
};

/** A Phỏm card as it is said: "7 of Hearts", "7 cơ", "紅心7". */
export function spokenCard(code: string, lang: Lang): string {
  const m = /^(10|[2-9AJQK])([SHCD])$/.exec(code);
  if (!m) return code;
  const rank = PHOM_RANK[lang][m[1]!] ?? m[1]!;
  const suit = PHOM_SUIT[lang][m[2]!]!;
  return lang === 'en' ? `${rank} of ${suit}` : lang === 'vi' ? `${rank} ${suit}` : `${suit}${rank}`;
}

export type Namer = (code: string) => string;

/** How a game's pieces are read aloud: the presenter's name, spoken cards for Phỏm, "(red)" on Chắn's red cards. */
export function spokenNamer(game: GameId, lang: Lang, pieceName: Namer): Namer {
  const tr = translator(lang);
  return (c) => {
    if (c === BACK) return tr('common:words.face-down');
    if (game === 'phom') return spokenCard(c, lang);
    const n = pieceName(c);
    return game === 'chan' && isChanRed(c) ? `${n}${tr('common:punct.aside', { text: tr('common:words.red') })}` : n;
  };
}

/** Pieces in order, a run of equal ones once with its count: "2 Crak ×3, 5 Dot". */
export function piecesInWords(codes: readonly string[], name: Namer, sep: string): string {
  const out: string[] = [];
  for (let k = 0; k < codes.length;) {
    let n = 1;
    while (k + n < codes.length && codes[k + n] === codes[k]) n++;
    out.push(n > 1 ? `${name(codes[k]!)} ×${n}` : name(codes[k]!));
    k += n;
  }
  return out.join(sep);
}

function groupInWords(g: PieceGroup, name: Namer, lang: Lang): string {
  const tr = translator(lang);
  const sep = tr('common:punct.list');
  const c = tr('common:punct.colon');
  const hidden = new Set(g.hidden ?? (g.concealed ? (g.codes.length === 4 ? [1, 2] : g.codes.map((_, i) => i)) : []));
  const eaten = word(lang, 'eaten').toLowerCase();
  // A group captioned "Eaten" (Phỏm's eaten cards) does not tag each of its cards again.
  const marked = new Set(g.label?.toLowerCase() === eaten ? [] : (g.marked ?? []));
  const parts = g.codes.map((c, i) => {
    const n = hidden.has(i) ? tr('common:words.face-down') : name(c);
    return marked.has(i) ? `${n}${tr('common:punct.aside', { text: eaten })}` : n;
  });
  // Equal neighbours once with their count, as for loose pieces (marks and face-down kept apart).
  const body = piecesInWords(parts, (x) => x, sep);
  return g.label ? `${g.label}${c}${body}` : body;
}

function groupsInWords(groups: readonly PieceGroup[], name: Namer, lang: Lang): string {
  return groups.map((g) => groupInWords(g, name, lang)).join(translator(lang)('common:punct.groups'));
}

/** The hand image in words (the owner's message only). */
export function handInWords(m: HandModel, game: GameId, pieceName: Namer): string {
  const lang = m.locale;
  const tr = translator(lang);
  const name = spokenNamer(game, lang, pieceName);
  const sep = tr('common:punct.list');
  const c = tr('common:punct.colon');
  const marked = new Set(m.handMarked ?? []);
  const eaten = word(lang, 'eaten').toLowerCase();
  const loose = m.hand.map((c, i) => (marked.has(i) ? `${name(c)}${tr('common:punct.aside', { text: eaten })}` : name(c)));
  const count = tr('common:punct.aside', { text: m.hand.length + (m.drawn ? 1 : 0) });
  const parts = [`${tr('common:hand.alt')}${count}${c}${piecesInWords(loose, (x) => x, sep)}`];
  if (m.drawn) parts.push(`${word(lang, 'drawn')}${c}${name(m.drawn)}`);
  if (m.groups.length) parts.push(`${word(lang, 'exposed')}${c}${groupsInWords(m.groups, name, lang)}`);
  if (m.flowers?.length) parts.push(`${word(lang, 'flowers')}${c}${piecesInWords(m.flowers, name, sep)}`);
  if (m.status) parts.push(m.status);
  return sentences(parts, lang);
}

/** The public table image in words: the stock, the last action, each seat as drawn. */
export function tableInWords(m: TableModel, game: GameId, pieceName: Namer): string {
  const lang = m.locale;
  const tr = translator(lang);
  const name = spokenNamer(game, lang, pieceName);
  const sep = tr('common:punct.list');
  const c = tr('common:punct.colon');
  const parts: string[] = [`${m.stockLabel} ${m.stockCount}`, ...(m.lastAction ? [m.lastAction] : [])];
  if (m.centreCodes?.length) parts.push(`${m.centreLabel ? `${m.centreLabel}${c}` : ''}${piecesInWords(m.centreCodes, name, sep)}`);
  m.seats.forEach((s, k) => {
    const about = [
      ...(s.isTurn ? [word(lang, 'turn').toLowerCase()] : []),
      ...(s.isDealer ? [word(lang, 'dealer').toLowerCase()] : []),
      ...(s.wind && /^[1-4]z$/.test(s.wind) ? [pieceName(s.wind)] : s.wind ? [s.wind] : []),
      ...(s.score ? [s.score] : []),
      tr('common:words.in-hand', { count: s.handCount }),
      ...(s.note ? [s.note] : []),
    ];
    const seat = [`${s.name}${tr('common:punct.aside', { text: about.join(sep) })}`];
    if (s.groups.length) seat.push(groupsInWords(s.groups, name, lang));
    if (s.flowers?.length) seat.push(`${word(lang, 'flowers')}${c}${piecesInWords(s.flowers, name, sep)}`);
    const last = m.lastDiscard?.seat === k ? m.lastDiscard.index : -1;
    const discards = s.discards.map((d, i) =>
      i === last ? `${name(d)}${tr('common:punct.aside', { text: tr('common:words.last') })}` : name(d),
    );
    const n = tr('common:punct.aside', { text: s.discards.length });
    seat.push(`${word(lang, 'discards')}${n}${discards.length ? `${c}${piecesInWords(discards, (x) => x, sep)}` : ''}`);
    parts.push(...seat);
  });
  return sentences(parts, lang);
}

/**
 * Parts run on as sentences in the language's way ("a. b", "甲。乙"): a full stop only where a part
 * has no closing mark of its own ("đi.. ").
 */
export function sentences(parts: readonly string[], lang: Lang): string {
  const stop = translator(lang)('common:punct.stop');
  const kept = parts.filter(Boolean);
  return kept
    .map((p, k) => (k === kept.length - 1 ? p : /[.!?…。！？:：]$/.test(p) ? (stop.endsWith(' ') ? `${p} ` : p) : `${p}${stop}`))
    .join('');
}

/** The result image's winner in words: their sets, the rest of the hand, the winning piece. */
export function winnerInWords(m: ResultModel, pieceName: Namer): string {
  const w = m.winner;
  if (!w) return '';
  const lang = m.locale;
  const tr = translator(lang);
  const name = spokenNamer(m.game, lang, pieceName);
  const sep = tr('common:punct.list');
  const c = tr('common:punct.colon');
  const parts = [`${w.name}${w.caption ? `${c}${w.caption}` : ''}`];
  if (w.groups.length) parts.push(groupsInWords(w.groups, name, lang));
  if (w.hand.length) parts.push(`${word(lang, 'hand')}${c}${piecesInWords(w.hand, name, sep)}`);
  if (w.leftover?.length) parts.push(`${word(lang, 'leftover')}${c}${piecesInWords(w.leftover, name, sep)}`);
  if (w.flowers?.length) parts.push(`${word(lang, 'flowers')}${c}${piecesInWords(w.flowers, name, sep)}`);
  if (w.jokers?.length) parts.push(`${word(lang, 'jokers')}${c}${piecesInWords(w.jokers, name, sep)}`);
  if (w.winningCode) parts.push(`${word(lang, 'win')}${c}${name(w.winningCode)}`);
  return sentences(parts, lang);
}

/** The whole result image in words: its title, the winner's hand, the scoring lines, the totals and payments. */
export function resultInWords(m: ResultModel, pieceName: Namer): string {
  const tr = translator(m.locale);
  const sep = tr('common:punct.list');
  const c = tr('common:punct.colon');
  return sentences(
    [
      m.title,
      winnerInWords(m, pieceName),
      ...m.lines.map((l) => (l.value ? `${l.label}${c}${l.value}` : l.label)),
      ...(m.totals.length ? [`${word(m.locale, 'totals')}${c}${m.totals.map((x) => `${x.name} ${x.delta}`).join(sep)}`] : []),
      ...(m.payments.length
        ? [`${word(m.locale, 'payments')}${c}${m.payments.map((x) => `${x.from} → ${x.to} ${x.amount}`).join(sep)}`]
        : []),
    ],
    m.locale,
  );
}
