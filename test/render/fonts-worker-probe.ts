/** Run in a worker thread by fonts-threads.test.ts: tries to register the fonts there. */
import { registerFonts } from '../../src/render/fonts.js';

export default function probe(): string {
  try {
    registerFonts();
    return 'registered';
  } catch (e) {
    return `refused: ${(e as Error).message}`;
  }
}
