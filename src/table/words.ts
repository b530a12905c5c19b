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
import type { DeckInk, HandModel, PieceGroup, ResultModel, TableModel } from '../render/model.js';
import { BACK } from '../render/model.js';
import { isChanRed, isMahjong } from '../render/codes.js';
import { word } from '../render/words.js';
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

/**
 * How a game's pieces are read aloud: the presenter's name, spoken cards for Phỏm, "(red)" on Chắn's
 * red cards (the table's: `ink` of its model), Vietnamese seasons as "Mùa …".
 */
export function spokenNamer(game: GameId, lang: Lang, pieceName: Namer, ink: DeckInk = {}): Namer {
  const tr = translator(lang);
  return (c) => {
    if (c === BACK) return tr('common:words.face-down');
    if (game === 'phom') return spokenCard(c, lang);
    const n = pieceName(c);
    // Vietnamese names the East wind and the Winter season alike ("Đông"; the art tells 東 from 冬):
    // the seasons are said as seasons, "Mùa Đông".
    if (lang === 'vi' && game !== 'chan' && /^[5-8]f$/.test(c)) return n.startsWith('Mùa ') ? n : `Mùa ${n}`;
    return game === 'chan' && isChanRed(c, ink.redLaoThang ?? true)
      ? `${n}${tr('common:punct.aside', { text: tr('common:words.red') })}`
      : n;
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

/** What every wording below needs in one language: the translator, the spoken names, the marks. */
interface Speech {
  lang: Lang;
  tr: ReturnType<typeof translator>;
  name: Namer;
  /** The list separator ("、" in zh-TW) and the colon ("："). */
  sep: string;
  colon: string;
  /** `text` as an aside after a word: " (eaten)", "（吃）". */
  aside(text: string | number): string;
  /** "Label: pieces", equal neighbours once with their count. */
  labelled(label: string, codes: readonly string[]): string;
  /** A presenter's text as it is said: Phỏm's "7♥" in it becomes "7 of Hearts". */
  say(text: string): string;
  /** The mark of a piece taken from another seat: eaten (the card games), claimed (the mahjongs: 吃 is a chow there). */
  claimed: string;
}

const SUIT_CODE: Record<string, string> = { '♠': 'S', '♥': 'H', '♣': 'C', '♦': 'D' };

function speech(game: GameId, lang: Lang, pieceName: Namer, ink: DeckInk): Speech {
  const tr = translator(lang);
  const name = spokenNamer(game, lang, pieceName, ink);
  const sep = tr('common:punct.list');
  const colon = tr('common:punct.colon');
  return {
    lang,
    tr,
    name,
    sep,
    colon,
    aside: (text) => tr('common:punct.aside', { text }),
    labelled: (label, codes) => `${label}${colon}${piecesInWords(codes, name, sep)}`,
    claimed: isMahjong(game) ? tr('common:words.claimed') : word(lang, 'eaten').toLowerCase(),
    say: (text) => saidAloud(game, lang, text),
  };
}

/**
 * A presenter's text as it is said: Phỏm's "7♥" in it becomes "7 of Hearts" ("7 cơ", "紅心7"); a
 * screen reader reads the symbol as "black heart suit", or skips it in vi and zh-TW. The other
 * games name their pieces in words already.
 */
export function saidAloud(game: GameId, lang: Lang, text: string): string {
  if (game !== 'phom') return text;
  const tr = translator(lang);
  const sep = tr('common:punct.list');
  return (
    text
      .replace(/\[((?:(?:10|[2-9AJQK])[♠♥♣♦] ?)+)\]/gu, (whole, inner: string) => {
        const said = saidPhom(inner.trim().split(' '), lang);
        return said ? `[${said}]` : whole;
      })
      // Cards side by side ("A♠ A♣ 2♣") are a list once said, or they run together.
      .replace(/(?:10|[2-9AJQK])[♠♥♣♦](?: (?:10|[2-9AJQK])[♠♥♣♦])+/gu, (run) => run.split(' ').join(sep))
      .replace(/(10|[2-9AJQK])([♠♥♣♦])/gu, (_, r: string, s: string) => spokenCard(`${r}${SUIT_CODE[s]}`, lang))
      // "Send 9♦ → [6♦ 7♦ 8♦]": the arrow is read as a symbol.
      .replace(/ → /gu, ` ${tr('common:words.onto')} `)
  );
}

const RANK_ORDER = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/**
 * A phỏm shown as "[A♦ 2♦ 3♦]" said compactly, so a lay-down's button stays within Discord's 80
 * characters: a run "Ace to 3 of Diamonds" ("Át đến 3 rô", "方塊A到3"), a set "6 of Spades, Clubs,
 * Hearts" ("6 bích, nhép, cơ", "黑桃、梅花、紅心6"); null for anything else (each card said alone).
 */
function saidPhom(cards: readonly string[], lang: Lang): string | null {
  const parts = cards.map((c) => /^(10|[2-9AJQK])([♠♥♣♦])$/u.exec(c)).map((m) => m && { rank: m[1]!, suit: SUIT_CODE[m[2]!]! });
  if (parts.length < 3 || parts.some((p) => !p)) return null;
  const ps = parts as { rank: string; suit: string }[];
  const rank = (r: string) => PHOM_RANK[lang][r] ?? r;
  const suit = (x: string) => PHOM_SUIT[lang][x]!;
  const first = ps[0]!;
  const last = ps.at(-1)!;
  const run =
    ps.every((p) => p.suit === first.suit) && ps.every((p, i) => RANK_ORDER.indexOf(p.rank) === RANK_ORDER.indexOf(first.rank) + i);
  if (run) {
    if (lang === 'en') return `${rank(first.rank)} to ${rank(last.rank)} of ${suit(first.suit)}`;
    if (lang === 'vi') return `${rank(first.rank)} đến ${rank(last.rank)} ${suit(first.suit)}`;
    return `${suit(first.suit)}${rank(first.rank)}到${rank(last.rank)}`;
  }
  if (ps.every((p) => p.rank === first.rank)) {
    const suits = ps.map((p) => suit(p.suit));
    if (lang === 'en') return `${rank(first.rank)} of ${suits.join(', ')}`;
    if (lang === 'vi') return `${rank(first.rank)} ${suits.join(', ')}`;
    return `${suits.join('、')}${rank(first.rank)}`;
  }
  return null;
}

/** Pieces by name, those at `marked` indexes with an aside (eaten, the last discard). */
function namedMarked(sp: Speech, codes: readonly string[], marked: ReadonlySet<number>, mark: string): string[] {
  return codes.map((c, i) => (marked.has(i) ? `${sp.name(c)}${sp.aside(mark)}` : sp.name(c)));
}

function groupInWords(sp: Speech, g: PieceGroup): string {
  const hidden = new Set(g.hidden ?? (g.concealed ? (g.codes.length === 4 ? [1, 2] : g.codes.map((_, i) => i)) : []));
  const eaten = word(sp.lang, 'eaten').toLowerCase();
  // A group captioned "Eaten" (Phỏm's eaten cards) does not tag each of its cards again.
  const marked = new Set(g.label?.toLowerCase() === eaten ? [] : (g.marked ?? []));
  const parts = namedMarked(sp, g.codes, marked, sp.claimed).map((n, i) => (hidden.has(i) ? sp.tr('common:words.face-down') : n));
  // Equal neighbours once with their count, as for loose pieces (marks and face-down kept apart).
  const body = piecesInWords(parts, (x) => x, sp.sep);
  return g.label ? `${g.label}${sp.colon}${body}` : body;
}

function groupsInWords(sp: Speech, groups: readonly PieceGroup[]): string {
  return groups.map((g) => groupInWords(sp, g)).join(sp.tr('common:punct.groups'));
}

/** The hand image in words (the owner's message only). */
export function handInWords(m: HandModel, game: GameId, pieceName: Namer): string {
  const sp = speech(game, m.locale, pieceName, m);
  const loose = namedMarked(sp, m.hand, new Set(m.handMarked ?? []), word(m.locale, 'eaten').toLowerCase());
  const parts = [
    `${sp.tr('common:hand.alt')}${sp.aside(m.hand.length + (m.drawn ? 1 : 0))}${sp.colon}${piecesInWords(loose, (x) => x, sp.sep)}`,
  ];
  if (m.drawn) parts.push(sp.labelled(word(m.locale, 'drawn'), [m.drawn]));
  if (m.groups.length) parts.push(`${word(m.locale, 'exposed')}${sp.colon}${groupsInWords(sp, m.groups)}`);
  if (m.flowers?.length) parts.push(sp.labelled(word(m.locale, 'flowers'), m.flowers));
  if (m.status) parts.push(sp.say(m.status));
  return sentences(parts, m.locale);
}

/** The public table image in words: its title, the stock, the last action, each seat as drawn. */
export function tableInWords(m: TableModel, game: GameId, pieceName: Namer): string {
  const lang = m.locale;
  const sp = speech(game, lang, pieceName, m);
  // The title first: in mahjong it names the round's wind, which only the image showed.
  const parts: string[] = [
    ...(m.title ? [sp.say(m.title)] : []),
    `${m.stockLabel} ${m.stockCount}${m.stockNote ? `${sp.sep}${sp.say(m.stockNote)}` : ''}`,
    ...(m.lastAction ? [sp.say(m.lastAction)] : []),
  ];
  if (m.centreCodes?.length)
    parts.push(m.centreLabel ? sp.labelled(m.centreLabel, m.centreCodes) : piecesInWords(m.centreCodes, sp.name, sp.sep));
  m.seats.forEach((s, k) => {
    const about = [
      ...(s.isTurn ? [word(lang, 'turn').toLowerCase()] : []),
      ...(s.isDealer ? [word(lang, 'dealer').toLowerCase()] : []),
      ...(s.wind && /^[1-4]z$/.test(s.wind) ? [pieceName(s.wind)] : s.wind ? [s.wind] : []),
      // "score 0", not a bare "0" (the image's pill is read beside its seat's name).
      ...(s.score ? [sp.tr('common:words.score', { value: s.score })] : []),
      // Phỏm counts its cards in lá, the others in quân (seed 002: "được chia 10 lá bài").
      sp.tr(game === 'phom' ? 'phom:ui.in-hand' : 'common:words.in-hand', { count: s.handCount }),
      ...(s.note ? [sp.say(s.note)] : []),
    ];
    parts.push(`${s.name}${sp.aside(about.join(sp.sep))}`);
    if (s.groups.length) parts.push(groupsInWords(sp, s.groups));
    if (s.flowers?.length) parts.push(sp.labelled(word(lang, 'flowers'), s.flowers));
    const last = new Set(m.lastDiscard?.seat === k ? [m.lastDiscard.index] : []);
    const discards = namedMarked(sp, s.discards, last, sp.tr('common:words.last'));
    const head = `${word(lang, 'discards')}${sp.aside(s.discards.length)}`;
    // A seat sitting out this round (no hand, no discards) has nothing more to say.
    if (discards.length || s.handCount > 0)
      parts.push(discards.length ? `${head}${sp.colon}${piecesInWords(discards, (x) => x, sp.sep)}` : head);
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
  const sp = speech(m.game, m.locale, pieceName, m);
  const parts = [`${w.name}${w.caption ? `${sp.colon}${sp.say(w.caption)}` : ''}`];
  if (w.groups.length) parts.push(groupsInWords(sp, w.groups));
  if (w.hand.length) parts.push(sp.labelled(word(m.locale, 'hand'), w.hand));
  if (w.leftover?.length) parts.push(sp.labelled(word(m.locale, 'leftover'), w.leftover));
  if (w.flowers?.length) parts.push(sp.labelled(word(m.locale, 'flowers'), w.flowers));
  if (w.jokers?.length) parts.push(sp.labelled(word(m.locale, 'jokers'), w.jokers));
  if (w.winningCode) parts.push(sp.labelled(word(m.locale, 'win'), [w.winningCode]));
  return sentences(parts, m.locale);
}

/**
 * The whole result image in words: its title, the totals and payments (first: alt text stops at
 * 1,024 characters), the winner's hand, the scoring lines.
 */
export function resultInWords(m: ResultModel, pieceName: Namer): string {
  const { sep, colon, say, tr, aside } = speech(m.game, m.locale, pieceName, m);
  // "An pays Bình 56 (pays the winner, East ×2)", not "An → Bình 56 · Pays the winner · East ×2":
  // a name's digits ran into the amount, and the arrow and dots are read as symbols.
  const payment = (x: ResultModel['payments'][number]) => {
    const [amount, ...why] = x.amount.split(' · ');
    return `${tr('common:words.pays', { from: x.from, to: x.to, amount })}${why.length ? aside(why.join(sep)) : ''}`;
  };
  return sentences(
    [
      say(m.title),
      ...(m.totals.length ? [`${word(m.locale, 'totals')}${colon}${m.totals.map((x) => `${x.name} ${x.delta}`).join(sep)}`] : []),
      // The winner's hand before the payments: the alt text (1,024 characters) keeps the first parts.
      winnerInWords(m, pieceName),
      ...(m.payments.length ? [`${word(m.locale, 'payments')}${colon}${m.payments.map((x) => say(payment(x))).join(sep)}`] : []),
      ...m.lines.map((l) => say(l.value ? `${l.label}${colon}${l.value}` : l.label)),
    ],
    m.locale,
  );
}
