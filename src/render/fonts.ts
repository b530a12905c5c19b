/**
 * Font registration. node-canvas needs `registerFont` before the first `createCanvas`; we register
 * Noto Sans TC (Latin + Vietnamese + CJK) and Noto Serif TC (tile glyphs) from their npm packages,
 * resolving the .ttf files next to each package.json (never importing their Expo JS entry).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { registerFont } from 'canvas';

/** Family names used in every `ctx.font` string. */
export const SANS = 'HQ Sans';
export const SERIF = 'HQ Serif';

let registered = false;

/** Registers our fonts once; safe to call any number of times (each worker calls it too). */
export function registerFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const sans = dirname(require.resolve('@expo-google-fonts/noto-sans-tc/package.json'));
  const serif = dirname(require.resolve('@expo-google-fonts/noto-serif-tc/package.json'));
  registerFont(join(sans, '400Regular/NotoSansTC_400Regular.ttf'), { family: SANS });
  registerFont(join(sans, '700Bold/NotoSansTC_700Bold.ttf'), { family: SANS, weight: 'bold' });
  registerFont(join(serif, '700Bold/NotoSerifTC_700Bold.ttf'), { family: SERIF, weight: 'bold' });
  registered = true;
}

/** A `ctx.font` string. */
export function font(px: number, opts: { bold?: boolean; serif?: boolean } = {}): string {
  return `${opts.bold ? 'bold ' : ''}${Math.max(1, Math.round(px * 10) / 10)}px "${opts.serif ? SERIF : SANS}"`;
}
