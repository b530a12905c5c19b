/**
 * `node dist/src/render/prune-fonts.js` (Docker build stage): deletes every font file of our
 * @expo-google-fonts packages that `FONT_FILES` does not load (other weights, preview PNGs):
 * ~285 MB of the packages' 343 MB (58 MB kept). Fails if a file we load is missing.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fontPaths } from './fonts.js';

const keep = new Set(fontPaths());
let freed = 0;
for (const dir of new Set([...keep].map((p) => dirname(dirname(p))))) {
  for (const sub of readdirSync(dir)) {
    const d = join(dir, sub);
    if (!statSync(d).isDirectory()) continue;
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (/\.(ttf|png)$/.test(f) && !keep.has(p)) {
        freed += statSync(p).size;
        rmSync(p);
      }
    }
  }
}
const missing = [...keep].filter((p) => !existsSync(p));
if (missing.length) throw new Error(`font files missing: ${missing.join(', ')}`);
console.log(`prune-fonts: kept ${keep.size} files, freed ${(freed / 1e6).toFixed(1)} MB`);
