/**
 * Nickname decorations common among Vietnamese players (꧁༺ Name ༻꧂, ღ, ♛, ✞, ᗩ) come from our own
 * fonts (src/render/fonts.ts: Javanese, Tibetan, Georgian, Symbols, Symbols 2, Canadian Aboriginal);
 * before, none of our fonts had them and a name such as "꧁༺ Lan ༻꧂" was drawn "?? Lan ??".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerFonts } from '../../src/render/index.js';
import { coverText } from '../../src/render/glyphs.js';

test('decorated nicknames keep their decorations (no "?")', () => {
  registerFonts();
  for (const name of ['꧁༺ Lan ༻꧂', 'ღ Minh ღ', '♛ Hùng ♚', '✞ Tuấn ✞', 'ᗩᑎᕼ', '☯ ✪ ★ ☆ ✿ ❀']) assert.equal(coverText(name), name);
});
