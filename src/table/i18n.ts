/**
 * i18next over the JSON catalogues in locales/<lng>/<ns>.json (vi, en, zh-TW).
 * Namespaces: common, commands, errors, plus one per game id. Ephemeral text follows the user's
 * Discord locale, public text the server's (style.md §4).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

import { LOCALES, type Locale } from '../render/model.js';

/** The languages the bot speaks: the renderer's `Locale`, declared once (src/render/model.ts). */
export type Lang = Locale;
export const LANGS: readonly Lang[] = LOCALES;
/** locales/ at the project root (found from src/table when run with tsx, or from dist/src/table when built). */
export const LOCALES_DIR =
  [join(import.meta.dirname, '..', '..', 'locales'), join(import.meta.dirname, '..', '..', '..', 'locales')].find((d) =>
    existsSync(join(d, 'en')),
  ) ?? join(import.meta.dirname, '..', '..', 'locales');

/** Map a Discord locale (e.g. 'en-US', 'zh-TW', 'vi') to one of ours. */
export function langOf(discordLocale: string | null | undefined, fallback: Lang = 'vi'): Lang {
  if (!discordLocale) return fallback;
  if (discordLocale.startsWith('vi')) return 'vi';
  if (discordLocale.startsWith('zh')) return 'zh-TW';
  if (discordLocale.startsWith('en')) return 'en';
  return 'en';
}

export function loadCatalogues(dir = LOCALES_DIR): Record<Lang, Record<string, Record<string, unknown>>> {
  const out = {} as Record<Lang, Record<string, Record<string, unknown>>>;
  for (const lng of LANGS) {
    out[lng] = {};
    const d = join(dir, lng);
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d).filter((x) => x.endsWith('.json'))) {
      out[lng][f.slice(0, -5)] = JSON.parse(readFileSync(join(d, f), 'utf8')) as Record<string, unknown>;
    }
  }
  return out;
}

let instance: I18n | null = null;

export function i18n(): I18n {
  if (instance) return instance;
  const resources = loadCatalogues();
  const inst = i18next.createInstance();
  void inst.init({
    resources,
    lng: 'vi',
    fallbackLng: 'en',
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance = inst;
  return inst;
}

export type T = (key: string, vars?: Record<string, unknown>) => string;

/** A translator bound to a language. Keys are `ns:path.to.key`; a missing key returns the key itself. */
export function translator(lang: Lang): T {
  let t = translators.get(lang);
  if (!t) {
    const fixed = i18n().getFixedT(lang);
    const memo = new Map<string, string>();
    // The catalogues never change after loading, so a translation is a function of its key and
    // values: every view translates the same few hundred strings again on every move, and i18next's
    // lookup and interpolation were a tenth of the bot's main-thread time under load (issue #17).
    t = (key, vars) => {
      let k: string;
      try {
        k = vars ? `${key}\u0000${JSON.stringify(vars)}` : key;
      } catch {
        return fixed(key, vars ?? {}) as string; // values that do not serialize: not memoized
      }
      let out = memo.get(k);
      if (out === undefined) {
        out = fixed(key, vars ?? {}) as string;
        if (memo.size >= MEMO_MAX) memo.clear();
        memo.set(k, out);
      }
      return out;
    };
    translators.set(lang, t);
  }
  return t;
}
const MEMO_MAX = 20_000;
const translators = new Map<Lang, T>();

export function has(lang: Lang, key: string): boolean {
  return i18n().exists(key, { lng: lang, fallbackLng: false } as never);
}

/**
 * Items joined by `sep` (the language's list separator unless given) within about `max` characters; those that do not fit are counted at the end
 * ("+3 more", `common:lobby.list-more`). The first item always shows.
 */
export function listWithin(items: readonly string[], max: number, t: T, sep = t('common:punct.list')): string {
  let out = '';
  for (const [k, item] of items.entries()) {
    const next = out ? `${out}${sep}${item}` : item;
    if (next.length > max && out) return `${out}${sep}${t('common:lobby.list-more', { count: items.length - k })}`;
    out = next;
  }
  return out;
}
