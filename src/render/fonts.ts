/**
 * Font registration. node-canvas needs `registerFont` before the first `createCanvas`; we register
 * Noto Sans TC (Latin + Vietnamese + CJK) and Noto Serif TC (tile glyphs), and as fallbacks for
 * player names Noto Sans SC (simplified Chinese: 941 of the 3,755 commonest simplified hanzi, as in
 * 张伟, are not in TC), Noto Sans (more Latin, Greek, Cyrillic, small caps), Noto Emoji (monochrome),
 * Noto Sans Thai, Devanagari, Arabic, Hebrew and KR (Hangul), and for nickname decorations Javanese,
 * Tibetan, Georgian, Symbols, Symbols 2 and Canadian Aboriginal (꧁ ༺ ღ ♛ ✞ ᗩ, drawn as '?' before), all
 * from their npm packages, resolving the .ttf files next to each package.json (never importing
 * their Expo JS entry). Fonts never come from the system: every `font()` string lists our
 * families (Pango falls back along the list), and `coverText` (glyphs.ts) turns a character none
 * of them has into '?' rather than a hex box or a system font's glyph.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { registerFont } from 'canvas';
import { setCoverageFiles } from './glyphs.js';

/** Family names used in every `ctx.font` string. */
export const SANS = 'HQ Sans';
export const SERIF = 'HQ Serif';

/**
 * Every font file we load: package, file inside it, family, weight. The Docker build deletes the
 * other weights of these packages (`prune-fonts.ts`). Bold Hangul is synthesized from the regular
 * face (each Noto Sans KR weight is 6 MB).
 */
export interface FontFile {
  pkg: string;
  file: string;
  family: string;
  bold?: boolean;
}

/** A package's regular (and bold) face: `noto-sans-thai`, `NotoSansThai` → its two .ttf files. */
function faces(pkg: string, stem: string, family: string, bold = true): FontFile[] {
  return [
    { pkg, file: `400Regular/${stem}_400Regular.ttf`, family },
    ...(bold ? [{ pkg, file: `700Bold/${stem}_700Bold.ttf`, family, bold: true }] : []),
  ];
}

export const FONT_FILES: readonly FontFile[] = [
  ...faces('noto-sans-tc', 'NotoSansTC', SANS),
  // Simplified Chinese names (张伟, 刘洋), first after TC: the same design, so a name mixing
  // characters of both reads as one. Both weights (names are bold on the table): fonts + 36 images
  // measured +5–8 MiB RSS per process (the render workers are its threads), 21 MB of files.
  ...faces('noto-sans-sc', 'NotoSansSC', 'HQ SC'),
  { pkg: 'noto-serif-tc', file: '700Bold/NotoSerifTC_700Bold.ttf', family: SERIF, bold: true },
  ...faces('noto-sans', 'NotoSans', 'HQ Latin'),
  ...faces('noto-emoji', 'NotoEmoji', 'HQ Emoji'),
  ...faces('noto-sans-thai', 'NotoSansThai', 'HQ Thai'),
  ...faces('noto-sans-devanagari', 'NotoSansDevanagari', 'HQ Devanagari'),
  ...faces('noto-sans-arabic', 'NotoSansArabic', 'HQ Arabic'),
  ...faces('noto-sans-hebrew', 'NotoSansHebrew', 'HQ Hebrew'),
  ...faces('noto-sans-kr', 'NotoSansKR', 'HQ Korean', false),
  // Nickname decorations common among Vietnamese players (꧁ ꧂, ༺ ༻, ღ, ♛ ✞ ✪, ᗩ ᗷ): regular only.
  ...faces('noto-sans-javanese', 'NotoSansJavanese', 'HQ Javanese', false),
  ...faces('noto-serif-tibetan', 'NotoSerifTibetan', 'HQ Tibetan', false),
  ...faces('noto-sans-georgian', 'NotoSansGeorgian', 'HQ Georgian', false),
  ...faces('noto-sans-symbols', 'NotoSansSymbols', 'HQ Symbols', false),
  ...faces('noto-sans-symbols-2', 'NotoSansSymbols2', 'HQ Symbols 2', false),
  ...faces('noto-sans-canadian-aboriginal', 'NotoSansCanadianAboriginal', 'HQ Syllabics', false),
];

/** Fallback families after the main one, in the order Pango tries them. */
const FALLBACK =
  '"HQ SC", "HQ Latin", "HQ Emoji", "HQ Thai", "HQ Devanagari", "HQ Arabic", "HQ Hebrew", "HQ Korean", "HQ Javanese", "HQ Tibetan", "HQ Georgian", "HQ Symbols", "HQ Symbols 2", "HQ Syllabics"';

/** Absolute paths of `FONT_FILES`. */
export function fontPaths(): string[] {
  const require = createRequire(import.meta.url);
  const dirs = new Map<string, string>();
  return FONT_FILES.map((f) => {
    let d = dirs.get(f.pkg);
    if (!d) dirs.set(f.pkg, (d = dirname(require.resolve(`@expo-google-fonts/${f.pkg}/package.json`))));
    return join(d, f.file);
  });
}

setCoverageFiles(fontPaths);

let registered = false;

/**
 * Registers our fonts once per process, from the main thread; safe to call any number of times.
 *
 * THREADS: node-canvas keeps the registered fonts in one process-wide list (`Canvas::font_face_list`,
 * a plain `std::vector` with no lock) that every thread reads as it lays out text, and registering a
 * font already in it frees and replaces the entry (`RegisterFont`). Each render worker used to
 * register the fonts as it started: a worker started while another drew (the pool grows under load
 * and replaces workers idle for a minute) freed what the other was reading, or two starting workers
 * freed the same entry: "double free or corruption", "malloc(): unaligned tcache chunk" (CI,
 * 2026-12-05; a 4-worker stress script aborted in 2 runs of 30, test/render/pool-stress.ts). The registration (fontconfig's
 * application fonts and that list) is seen by every thread, so the main thread makes it before the
 * pool starts a worker (pool.ts), and a worker only takes note of it (`fontsRegisteredByMain`):
 * called in a worker, this throws.
 */
export function registerFonts(): void {
  if (registered) return;
  if (!isMainThread)
    throw new Error(
      "fonts are registered by the main thread before any render worker starts (fonts.ts): node-canvas's font list is not thread-safe",
    );
  const paths = fontPaths();
  FONT_FILES.forEach((f, i) => registerFont(paths[i]!, f.bold ? { family: f.family, weight: 'bold' } : { family: f.family }));
  registered = true;
}

/** In a render worker (worker.ts): the main thread has registered the fonts for the whole process. */
export function fontsRegisteredByMain(): void {
  registered = true;
}

/** A `ctx.font` string: our family, then the fallbacks. */
export function font(px: number, opts: { bold?: boolean; serif?: boolean } = {}): string {
  return `${opts.bold ? 'bold ' : ''}${Math.max(1, Math.round(px * 10) / 10)}px "${opts.serif ? SERIF : SANS}", ${FALLBACK}`;
}
