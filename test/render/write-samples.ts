/**
 * Writes every sample image (hand, table, result, sheet × game × locale) for review:
 * `node --import tsx test/render/write-samples.ts [outDir]` (default /tmp/render-out).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderHand, renderTable, renderResult, renderSheet, RENDER_GAMES, LOCALES } from '../../src/render/index.js';
import { sampleModels } from './samples.js';

const out = process.argv[2] ?? '/tmp/render-out';
mkdirSync(out, { recursive: true });
for (const l of LOCALES) {
  for (const g of RENDER_GAMES) {
    const s = sampleModels(g, l);
    writeFileSync(join(out, `${g}-hand-${l}.png`), renderHand(s.hand));
    writeFileSync(join(out, `${g}-table-${l}.png`), renderTable(s.table));
    writeFileSync(join(out, `${g}-result-${l}.png`), renderResult(s.result));
    writeFileSync(join(out, `${g}-sheet-${l}.png`), renderSheet(g, l));
  }
}
console.log(`wrote ${LOCALES.length * RENDER_GAMES.length * 4} images to ${out}`);
