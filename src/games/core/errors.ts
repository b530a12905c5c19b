/**
 * One rule-error dialect for every engine (style.md §2 "Reject with a reason").
 *
 * Each engine keeps one table of English fallback messages keyed by its error reasons; `ruleFailer`
 * turns that table into the engine's `fail(reason, data)`. The code is `<game>/<reason>` (also the
 * i18n key) and every `{{name}}` placeholder of the message is filled from `data` (all occurrences;
 * a placeholder with no value is left as written, so a missing datum is visible, not silently empty).
 */
import { ruleError, type GameId, type RuleError } from './types.js';

export type ErrorData = Record<string, string | number>;

/** Fills every `{{name}}` of `template` from `data`; unknown names stay as they are. */
export function interpolate(template: string, data?: ErrorData): string {
  if (!data) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (data[k] === undefined ? m : String(data[k])));
}

/**
 * The engine's `fail`: `const fail = ruleFailer('phom', ERRORS)`, then `return fail('card-not-in-hand', { card })`.
 * `messages` maps each reason to its English fallback with `{{placeholders}}`.
 */
export function ruleFailer<G extends GameId, R extends string>(
  game: G,
  messages: Readonly<Record<R, string>>,
): (reason: R, data?: ErrorData) => { ok: false; error: RuleError } {
  return (reason, data) => ruleError(`${game}/${reason}`, interpolate(messages[reason], data), data);
}
