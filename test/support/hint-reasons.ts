/** Checks an engine's hint reason (issue #16): its key is the game's, with a text and every placeholder in each language. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HintReasonKey } from '../../src/games/core/types.js';

const cache = new Map<string, Record<string, string>>();
function hints(ns: string, lng: string): Record<string, string> {
  const k = `${ns}/${lng}`;
  let h = cache.get(k);
  if (!h) {
    const file = join(import.meta.dirname, '..', '..', 'locales', lng, `${ns}.json`);
    h = (JSON.parse(readFileSync(file, 'utf8')) as { hint: Record<string, string> }).hint;
    cache.set(k, h);
  }
  return h;
}

/** Asserts the reason reads in vi, en and zh-TW; returns its id (the key without `<ns>:hint.`). */
export function checkReason(ns: string, r: HintReasonKey): string {
  const prefix = `${ns}:hint.`;
  assert.ok(r.key.startsWith(prefix), `${r.key} is not under ${prefix}`);
  const id = r.key.slice(prefix.length);
  for (const lng of ['vi', 'en', 'zh-TW']) {
    const text = hints(ns, lng)[id];
    assert.ok(text, `${lng} lacks ${ns} hint.${id}`);
    for (const m of text.matchAll(/\{\{(\w+)\}\}/g)) assert.ok(m[1]! in r.vars, `${lng} ${ns} hint.${id} needs ${m[1]}`);
  }
  return id;
}
