/** Helpers shared by the presenters: action-label variables, result lines, signed numbers. */
import type { BaseAction, GameId, HandResult, ScoreItem } from '../../games/core/types.js';
import { netPoints } from '../../games/core/result.js';
import type { ResultModel } from '../../render/model.js';
import type { Lang } from '../i18n.js';
import type { Move, PresentCtx, Presenter } from './types.js';

/** A signed amount ("+12", "-3"), to two decimals, in the reader's notation (vi "+1.234,5"). */
export function signed(n: number, lang: Lang): string {
  const r = Math.round(n * 100) / 100 || 0;
  return `${r > 0 ? '+' : ''}${amountFormat(lang).format(r)}`;
}

/** An amount in the reader's notation ("1.234,5" in vi): up to two decimals, or exactly `digits`. */
export function amount(n: number, lang: Lang, digits?: number): string {
  // Rounded to the digits shown before the zero check: -0.04 shown with one digit is "0.0", not "-0.0".
  const k = 10 ** (digits ?? 2);
  return amountFormat(lang, digits).format(Math.round(n * k) / k || 0);
}

const amountFormats = new Map<string, Intl.NumberFormat>();
function amountFormat(lang: Lang, digits?: number): Intl.NumberFormat {
  const key = `${lang}|${digits ?? ''}`;
  let f = amountFormats.get(key);
  if (!f)
    amountFormats.set(key, (f = new Intl.NumberFormat(lang, { minimumFractionDigits: digits ?? 0, maximumFractionDigits: digits ?? 2 })));
  return f;
}

/**
 * i18n variables for an action's label: every field of the action, with card/tile codes shown by
 * `piece` and lists joined (nested lists bracketed, e.g. a lay-down's melds).
 */
export function actionVars(a: object, piece: (code: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  const show = (v: unknown): string => {
    if (typeof v === 'string') return piece(v);
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (Array.isArray(v)) return v.map((x) => (Array.isArray(x) ? `[${x.map(show).join(' ')}]` : show(x))).join(' ');
    if (v && typeof v === 'object') return Object.values(v).map(show).join(' ');
    return '';
  };
  for (const [k, v] of Object.entries(a)) if (k !== 'type') out[k] = show(v);
  return out;
}

/** A scoring unit in words for `count` of it: the game's own unit name, else the common one (e.g. Phỏm's loose-card "point"). */
export function unitName(t: PresentCtx['t'], game: GameId | null, unit: string, count: number): string {
  const common = t(`common:unit.${unit}`, { count, defaultValue: unit });
  return game ? t(`${game}:unit.${unit}`, { count, defaultValue: common }) : common;
}

/**
 * A scoring item's worth as result lines say it: "3 doubles", "20 points". A limit hand's item is
 * worth the limit itself (its value is 1 by convention, classic-mahjong scoring/items.ts `L`), so it
 * says "limit" alone, never "1 limit".
 */
export function itemWorth(t: PresentCtx['t'], game: GameId | null, it: { value: number; unit: string }, lang: Lang): string {
  if (it.unit === 'limit') return unitName(t, game, 'limit', 1);
  return `${amount(it.value, lang)} ${unitName(t, game, it.unit, it.value)}`;
}

/** A signed amount in the game's unit, as results say it: "+5 points", "-4 × bet". */
export function signedIn(t: PresentCtx['t'], game: GameId | null, unit: string, n: number, lang: Lang): string {
  return `${signed(n, lang)} ${unitName(t, game, unit, Math.abs(n))}`;
}

/** Generic label: `<game>:action.<type>` with the action's variables; falls back to "type vars". */
/** `a`: an action, or an engine's record of one (views type some as plain records with a `type`). */
export function genericLabel(game: GameId, a: object, ctx: PresentCtx<unknown>, piece: (code: string) => string): string {
  const vars = actionVars(a, piece);
  const type = 'type' in a ? String(a.type) : '';
  const fallback = [type, ...Object.values(vars)].join(' ').trim();
  const s = ctx.t(`${game}:action.${type}`, { ...vars, defaultValue: fallback });
  // A placeholder the catalogue expects but the action lacks would show raw; strip such leftovers.
  return s
    .replace(/{{\w+}}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How a game's piece codes look in item details, and their names (the presenter's `pieceName`). */
export interface PieceText {
  /** Matches one piece code (global flag not needed). */
  code: RegExp;
  name(code: string): string;
}

/** Each game's piece codes (as its engine writes them in errors and details). */
export const PIECE_CODE: Record<GameId, RegExp> = {
  phom: /(?:10|[2-9AJQK])[SHCD]/,
  chan: /(?:[1-9][vns]|CC|LA|TH)/,
  'vn-mahjong': /(?:1[0-6]f|[1-9][mpszf]|J[A-Z])/,
  'classic-mahjong': /(?:1[0-6]f|[1-9][mpszf]|J[A-Z])/,
};

/** The error variables that hold one piece, and those that hold a list of them (the engines' `fail` data). */
const ONE_PIECE = new Set(['card', 'tile', 'with', 'other']);
const PIECE_LIST = new Set(['cards', 'tiles']);

/**
 * A rule error's variables as the reader reads them (the engines give codes and seat numbers): a
 * piece variable holding a valid code ("10H"), or a list variable holding only codes ("AS 2S 3S"),
 * becomes their names; a `seat` or `turn` number the player's name. Anything else stays, a piece
 * variable that is not one valid code too (the player's bad input, shown as typed). `name` may add
 * the code (the CLI).
 */
export function readableVars(
  game: GameId,
  vars: Record<string, string | number>,
  ctx: PresentCtx,
  name: (code: string) => string,
): Record<string, string | number> {
  const one = PIECE_CODE[game].source;
  const single = new RegExp(`^(?:${one})$`);
  const list = new RegExp(`^(?:${one})(?:[\\s,]*(?:${one}))*$`);
  const each = new RegExp(one, 'g');
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(vars)) {
    if (typeof v === 'string' && ONE_PIECE.has(k) && single.test(v)) out[k] = name(v);
    else if (typeof v === 'string' && PIECE_LIST.has(k) && list.test(v.trim())) out[k] = (v.match(each) ?? []).map(name).join(' ');
    else if (typeof v === 'number' && (k === 'seat' || k === 'turn') && ctx.names[v] !== undefined) out[k] = ctx.names[v]!;
    else out[k] = v;
  }
  return out;
}

/** Card codes of Phỏm (notation.md "Playing cards"). */
export const CARD_CODE = PIECE_CODE.phom;
/** Mahjong tile codes, flowers and Vietnamese jokers (notation.md "Mahjong tiles"). */
export const TILE_CODE = PIECE_CODE['vn-mahjong'];
/** Chắn card codes (notation.md "Chắn cards"). */
export const CHAN_CODE = PIECE_CODE.chan;

/**
 * An item's detail in words (issue #13 §5): every piece code becomes its localized name, and
 * `<code><-<seat>` (taken from a seat, e.g. a Phỏm eat) becomes "8♠ from Minh" in the reader's
 * language. Brackets of exposed sets stay as they are.
 */
export function detailText(detail: string, ctx: PresentCtx, pieces: PieceText): string {
  // Equal pieces side by side are named once with their count ("[5 Dot ×3]", as the alt text reads
  // them, words.ts), not "[5 Dot 5 Dot 5 Dot]".
  const run = new RegExp(`(?<c>${pieces.code.source})(?:\\s*\\k<c>(?!<-))+`, 'g');
  const counted = detail.replace(run, (m: string, ...rest: unknown[]) => {
    const c = (rest.at(-1) as { c: string }).c;
    // A space ends the count: a code that starts with a digit may follow ("1m×2 1m<-3").
    return `${c}×${m.split(c).length - 1} `;
  });
  // One pass over the detail, so that a player's name is never read as codes.
  const re = new RegExp(`(${pieces.code.source})(?:×(\\d+))?(?:<-(\\d+))?`, 'g');
  const text = counted.replace(re, (_m, c: string, n?: string, seat?: string) => {
    const piece = n === undefined ? pieces.name(c) : `${pieces.name(c)} ×${n}`;
    const who = seat === undefined ? null : (ctx.names[Number(seat)] ?? `#${Number(seat) + 1}`);
    return ` ${who === null ? piece : ctx.t('common:result.from', { piece, who })} `;
  });
  return text
    .replace(/\s+/g, ' ')
    .replace(/([[{(]) /g, '$1')
    .replace(/ ([\]})])/g, '$1')
    .trim();
}

/** A player's scoring line, "name · reason" | value (the image cuts it after `name`). */
export function scoringLine(name: string, reason: string, value: string): ResultModel['lines'][number] {
  return { label: `${name} · ${reason}`, value, name };
}

/**
 * Items that repeat one after another (same seat, item, detail, unit and value: Chắn's second Tôm,
 * chan.md §9 counts each instance) as one line "Tôm ×2" with their sum, not two identical lines.
 */
function sameInARow(items: readonly ScoreItem[]): { item: ScoreItem; times: number }[] {
  const out: { item: ScoreItem; times: number }[] = [];
  for (const it of items) {
    const prev = out.at(-1)?.item;
    if (prev && prev.seat === it.seat && prev.id === it.id && prev.detail === it.detail && prev.unit === it.unit && prev.value === it.value)
      out.at(-1)!.times++;
    else out.push({ item: it, times: 1 });
  }
  return out;
}

/**
 * An item's name with its count and detail: "Tôm ×2", "Pung of terminals (Red ×3)". A name that ends in
 * an aside of its own takes the detail into it ("暗刻（么九字、中 ×3）", not "暗刻（么九字）（中 ×3）"), and a
 * detail that is one exposed set loses its square brackets inside the round ones.
 */
function itemLabel(game: GameId, it: ScoreItem, times: number, ctx: PresentCtx, pieces: PieceText): string {
  const name = `${ctx.t(`${game}:item.${it.id}`, { defaultValue: it.id })}`;
  const count = times > 1 ? ` ×${times}` : '';
  if (!it.detail) return `${name}${count}`;
  let detail = detailText(it.detail, ctx, pieces);
  if (/^\[[^[\]]*\]$/.test(detail)) detail = detail.slice(1, -1);
  // The piece named after the item already says it: "Mùa (Đông)", not "Mùa (Mùa Đông)" (vi Winter).
  if (detail.startsWith(`${name} `)) detail = detail.slice(name.length + 1);
  const close = name.at(-1);
  if (close === ')' || close === '）') return `${name.slice(0, -1)}${ctx.t('common:punct.list')}${detail}${close}${count}`;
  return `${name}${count}${ctx.t('common:punct.aside', { text: detail })}`;
}

/** Scoring lines, totals and payments of a HandResult, localized. */
export function resultLines(
  game: GameId,
  r: HandResult,
  ctx: PresentCtx,
  pieces: PieceText,
): Pick<ResultModel, 'lines' | 'totals' | 'payments'> {
  const net = netPoints(r);
  return {
    lines: sameInARow(r.items).map(({ item: it, times }) =>
      scoringLine(
        ctx.names[it.seat] ?? '',
        itemLabel(game, it, times, ctx, pieces),
        itemWorth(ctx.t, game, { ...it, value: it.value * times }, ctx.lang),
      ),
    ),
    // Net of a pot kept across hands (Phỏm's gà pot), as the seat's own view, the standings and /score.
    totals: ctx.names.map((name, s) => ({
      name,
      delta: signedIn(ctx.t, game, r.unit, net[s] ?? 0, ctx.lang),
    })),
    payments: r.payments.map((p) => ({
      from: ctx.names[p.from] ?? String(p.from),
      to: ctx.names[p.to] ?? String(p.to),
      amount: `${amount(p.amount, ctx.lang)} · ${ctx.t(`${game}:payment.${p.reason}`, { defaultValue: p.reason })}`,
    })),
  };
}

/**
 * The title of a finished hand, `<game>:end.<endedBy>`, with `{{name}}`: the winners, or when
 * nobody won (a false win, a wrong announcement), the seat that lost the most.
 */
/**
 * The result's title: the winners, else the biggest losers. `offender`: the seat the title is about
 * whatever was paid (Chắn ù láo: without scoring nothing is, and the title named nobody).
 */
export function endTitle(game: GameId, r: HandResult, ctx: PresentCtx, offender?: number | null): string {
  let who = offender != null ? [offender] : r.winners;
  if (!who.length && r.deltas.some((d) => d < 0)) {
    const min = Math.min(...r.deltas);
    who = r.deltas.map((d, s) => (d === min ? s : -1)).filter((s) => s >= 0);
  }
  const name = who.map((s) => ctx.names[s] ?? `#${s + 1}`).join(ctx.t('common:punct.list'));
  return ctx.t(`${game}:end.${r.endedBy}`, { name, defaultValue: r.endedBy });
}

/**
 * A mahjong hand as shown: the concealed tiles without the just-drawn one (drawn apart), and the
 * key of each tile's discard option (the first copy of a tile carries it).
 */
export function handWithKeys(
  hand: readonly string[],
  drawn: string | null,
  options: readonly BaseAction[],
  keyOf: (i: number) => string,
): { hand: string[]; keys: string[] } {
  const keyByTile = new Map<string, string>();
  options.forEach((a, i) => {
    const x = a as { type: string; tile?: string };
    if (x.type === 'discard' && x.tile && !keyByTile.has(x.tile)) keyByTile.set(x.tile, keyOf(i));
  });
  const shown = hand.slice();
  if (drawn) shown.splice(shown.indexOf(drawn), 1);
  const seen = new Set<string>();
  const keys = (drawn ? [...shown, drawn] : shown).map((t) => {
    if (seen.has(t)) return '';
    seen.add(t);
    return keyByTile.get(t) ?? '';
  });
  return { hand: shown, keys };
}

/** How a winning piece came to the winner, as the mahjong result captions name it. */
export type WinHow = 'self-drawn' | 'discard' | 'robbed-kong' | 'robbed';

/**
 * The result caption naming the winning piece and where it came from (issue #13 §5): "self-drawn
 * 3 Bamboo", "won on 5♠ discarded by Minh" (`common:winning.<how>`).
 */
export function winCaption(ctx: PresentCtx, how: WinHow, piece: string, who?: string): string {
  return ctx.t(`common:winning.${how}`, { piece, who: who ?? '' });
}

/**
 * Where the winning piece lies in the winner's concealed hand, as `ResultWinner.winningAt` (the
 * hand is group `groups`): its last copy. Undefined when it is not there.
 */
export function inHandAt(hand: readonly string[], groups: number, code: string): { group: number; index: number } | undefined {
  const i = hand.lastIndexOf(code);
  return i >= 0 ? { group: groups, index: i } : undefined;
}

/** The line for the last public action ("Bình: Discard 7♥"), if the hand has one. */
export function lastLine<P, M extends Move>(
  p: Pick<Presenter<unknown, P, BaseAction, M>, 'lastMove' | 'moveLine'>,
  pub: P,
  ctx: PresentCtx<P>,
): string | undefined {
  const m = p.lastMove(pub);
  return m && p.moveLine(m, ctx);
}
