/**
 * Cutting text to Discord's limits without breaking a character. `.slice(0, n)` counts UTF-16 code
 * units: it can split an emoji's surrogate pair (a lone surrogate is no valid UTF-8, and Discord does
 * not document what it does with one) or cut a flag, a ZWJ sequence or a letter from its combining
 * marks (a player's name shows as another glyph). `cut` stops at a grapheme boundary (Intl.Segmenter);
 * the result has at most `max` code units, `tail` (e.g. "…") included, so it fits Discord's limits
 * however they count.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function cut(text: string, max: number, tail = ''): string {
  if (text.length <= max) return text;
  const room = max - tail.length;
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length > room) break;
    out += segment;
  }
  return out + tail;
}
