/**
 * Command names and descriptions from the i18n catalogue (locales/<lng>/commands.json), so every
 * slash command and option is localized in vi, en and zh-TW. Names are NFC-normalized
 * (discord-platform.md §1.6: the NFD form of "phỏm" is rejected).
 *
 * Discord shows a command under the client's own locale: a client set to Simplified Chinese (`zh-CN`)
 * is answered in our Traditional Chinese (`langOf`), so its commands carry the same names, and the
 * replies that name a command (`/開局`) name one that client lists.
 */
import { translator } from '../table/i18n.js';

const en = translator('en');
const vi = translator('vi');
const zh = translator('zh-TW');

/** A name or description in every Discord locale that reads one of our catalogues other than English. */
export type Localized = { vi: string; 'zh-TW': string; 'zh-CN': string };

function localized(k: string, max?: number): Localized {
  const cut = (s: string) => (max === undefined ? s : s.slice(0, max));
  const chinese = cut(zh(k).normalize('NFC'));
  return { vi: cut(vi(k).normalize('NFC')), 'zh-TW': chinese, 'zh-CN': chinese };
}

export function desc(key: string): { text: string; loc: Localized } {
  const k = `commands:${key}`;
  return { text: en(k).slice(0, 100), loc: localized(k, 100) };
}

/** Localized names for a command or option; the English name is the base. */
export function names(key: string): Localized {
  return localized(`commands:${key}`);
}

/** Localized choice names: { name: English, name_localizations }. */
export function choice(key: string, value: string): { name: string; value: string; name_localizations: Localized } {
  const k = `commands:${key}`;
  return { name: en(k).slice(0, 100), value, name_localizations: localized(k, 100) };
}

interface Nameable<T> {
  setName(name: string): T;
  setNameLocalizations(l: Record<string, string>): T;
  setDescription(d: string): T;
  setDescriptionLocalizations(l: Record<string, string>): T;
}

/**
 * Names and describes a command, subcommand or option from the catalogue: `name` is the English
 * base name; `key` (e.g. `play.game`) holds `<key>.name` and `<key>.description` in every language.
 */
export function named<T extends Nameable<T>>(b: T, name: string, key: string): T {
  const d = desc(`${key}.description`);
  return b
    .setName(name)
    .setNameLocalizations(names(`${key}.name`))
    .setDescription(d.text)
    .setDescriptionLocalizations(d.loc);
}
