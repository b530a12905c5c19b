/**
 * Player names in simplified Chinese (mainland, Malaysian and Singaporean Chinese, many Hoa in
 * Vietnam) lost about a quarter of their characters: the fonts were Noto Sans TC plus fallbacks with
 * no simplified CJK face, and glyphs.ts turns what none has into '?'. 张伟, the commonest Chinese
 * name, was drawn "??" on every table, hand and result image: 941 of GB2312's 3,755 level-1
 * characters had no glyph. Noto Sans SC is now the first fallback (fonts.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from 'canvas';
import { font, registerFonts } from '../../src/render/fonts.js';
import { coverText, hasGlyph } from '../../src/render/glyphs.js';

registerFonts();

test('common simplified Chinese names are drawn, not as "?"', () => {
  for (const n of ['张伟', '王伟', '刘洋', '陈静', '杨丽', '赵强', '这说们']) assert.equal(coverText(n), n);
});

test('GB2312 level-1 characters (the 3,755 commonest simplified hanzi) all have a glyph', () => {
  const dec = new TextDecoder('gbk');
  const missing: string[] = [];
  for (let hi = 0xb0; hi <= 0xd7; hi++)
    for (let lo = 0xa1; lo <= 0xfe; lo++) {
      if (hi === 0xd7 && lo > 0xf9) continue;
      const ch = dec.decode(new Uint8Array([hi, lo]));
      if (!hasGlyph(ch.codePointAt(0)!)) missing.push(ch);
    }
  assert.equal(missing.length, 0, `${missing.length} missing, e.g. ${missing.slice(0, 20).join('')}`);
});

test('a simplified name is drawn by Noto Sans SC (our fallback), regular and bold, never a system font', () => {
  const ink = (f: string, text: string) => {
    const c = createCanvas(200, 60);
    const ctx = c.getContext('2d');
    ctx.font = f;
    ctx.fillStyle = '#000';
    ctx.fillText(text, 4, 46);
    return ctx.getImageData(0, 0, 200, 60).data;
  };
  for (const bold of [false, true]) {
    const drawn = ink(font(40, { bold }), '张伟');
    const sc = ink(`${bold ? 'bold ' : ''}40px "HQ SC"`, '张伟');
    assert.ok(
      drawn.some((v) => v > 0),
      'ink',
    );
    assert.deepEqual(drawn, sc, bold ? 'bold' : 'regular');
  }
});
