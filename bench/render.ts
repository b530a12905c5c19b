/**
 * Render benchmark (`npm run bench` picks up `run()`): median ms to render a hand and a table image
 * for each game on the main thread (sprites cached after the first image, as in the bot), and the
 * longest event-loop block while the same images render through the worker pool; first, the
 * encoded size of each image kind per game (the upload cost, issue #17 §3).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderHand, renderTable, renderKind, imageSize, registerFonts, RENDER_GAMES, outputScale } from '../src/render/index.js';
import { layoutTable, drawTable } from '../src/render/table.js';
import { newImage, encodeTruecolour } from '../src/render/draw.js';
import { lateTable, variedRequest, type AnyRequest } from '../test/render/varied.js';
import { sampleModels } from '../test/render/samples.js';
import { renderAsync, closePool, warmPool } from '../src/render/pool.js';
import type { GameId, HandModel, TableModel } from '../src/render/model.js';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Varies the models a little per iteration, as successive turns do (new discard, new status). */
function variant(m: HandModel | TableModel, i: number): HandModel | TableModel {
  if ('seats' in m) {
    const seats = m.seats.map((s, k) =>
      k === i % m.seats.length ? { ...s, discards: [...s.discards, s.discards[0] ?? '1m'].slice(-20) } : s,
    );
    return { ...m, seats, stockCount: m.stockCount - (i % 10) };
  }
  return { ...m, status: `${m.status ?? ''} ${i % 5}` };
}

/** Median wall time and median CPU time (CPU is what the image costs; wall adds host load). */
function time(f: () => unknown, n: number): { wall: number; cpu: number } {
  f(); // first image paints the sprites
  const ts: number[] = [];
  const cs: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cs.push((d.user + d.system) / 1000);
  }
  return { wall: median(ts), cpu: median(cs) };
}

/**
 * Bytes and pixel size per image kind and game (sample mid-game models and the late-game table),
 * their mean, and an estimate per move: one table image (mid and late averaged) plus the acting
 * player's hand image.
 */
export function sizeRows(): BenchRow[] {
  const rows: BenchRow[] = [];
  let total = 0;
  let n = 0;
  let tableTrue = 0;
  let tablePal = 0;
  let perMove = 0;
  for (const g of RENDER_GAMES as GameId[]) {
    const s = sampleModels(g, 'vi');
    const reqs: [string, AnyRequest][] = [
      ['hand', { kind: 'hand', model: s.hand }],
      ['table', { kind: 'table', model: s.table }],
      ['table-late', { kind: 'table', model: lateTable(g) }],
      ['result', { kind: 'result', model: s.result }],
    ];
    const bytes: Record<string, number> = {};
    for (const [name, r] of reqs) {
      const b = renderKind(r.kind, r.model as never);
      const { width, height } = imageSize(r.kind, r.model as never);
      rows.push({ name: `size.${name}.${g}`, value: round(b.byteLength / 1024), unit: `KB ${width}×${height}` });
      bytes[name] = b.byteLength;
      total += b.byteLength;
      n++;
      if (name === 'table') {
        tablePal += b.byteLength;
        const L = layoutTable(s.table);
        const img = newImage(L.width, L.height, outputScale(g));
        drawTable(img.ctx, s.table, L);
        tableTrue += encodeTruecolour(img).byteLength;
      }
    }
    const move = (bytes.table! + bytes['table-late']!) / 2 + bytes.hand!;
    perMove += move;
    rows.push({ name: `size.per-move (table + hand).${g}`, value: round(move / 1024), unit: 'KB' });
  }
  const games = (RENDER_GAMES as GameId[]).length;
  rows.push({ name: 'size.average (hand, table, late table, result)', value: round(total / n / 1024), unit: 'KB' });
  rows.push({ name: 'size.per-move (table + hand) average', value: round(perMove / games / 1024), unit: 'KB' });
  rows.push({ name: 'size.table truecolour PNG (before palette)', value: round(tableTrue / games / 1024), unit: 'KB' });
  rows.push({ name: 'size.table palette PNG', value: round(tablePal / games / 1024), unit: 'KB' });
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  registerFonts();
  const rows: BenchRow[] = sizeRows();
  const N = 15;
  for (const g of RENDER_GAMES as GameId[]) {
    const s = sampleModels(g, 'vi');
    let i = 0;
    const h = time(() => renderHand(variant(s.hand, i++) as HandModel), N);
    const t = time(() => renderTable(variant(s.table, i++) as TableModel), N);
    rows.push({ name: `render.hand.${g}`, value: round(h.wall), unit: 'ms' });
    rows.push({ name: `render.table.${g}`, value: round(t.wall), unit: 'ms' });
    rows.push({ name: `render.hand.${g}.cpu`, value: round(h.cpu), unit: 'ms' });
    rows.push({ name: `render.table.${g}.cpu`, value: round(t.cpu), unit: 'ms' });
  }
  // Through the pool: the main thread only posts tasks and receives buffers. The loop delay is
  // measured with a 1 ms timer; on a loaded host it includes OS scheduling, so the same probe is
  // also run with the main thread idle (baseline) for comparison.
  await warmPool();
  // Every request is a different view (varied sizes, see test/render/varied.ts), so the pool's
  // image cache never answers and every image is drawn and encoded.
  let next = 0;
  const jobs = (): Promise<Buffer>[] =>
    Array.from({ length: 36 }, () => {
      const r = variedRequest(next++);
      return renderAsync(r.kind, r.model as never);
    });
  await Promise.all(jobs()); // warm-up: workers have painted their sprites, code is compiled
  let n = 0;
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  const pooled = await loopDelay(async () => {
    const js = jobs();
    n = js.length;
    await Promise.all(js);
  });
  const wall = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  const idle = await loopDelay(() => new Promise((r) => setTimeout(r, Math.max(200, wall))));
  rows.push({ name: 'render.pool.max-event-loop-block', value: round(pooled), unit: 'ms' });
  rows.push({ name: 'render.idle.max-event-loop-delay (baseline)', value: round(idle), unit: 'ms' });
  // How busy the main thread's loop was while the pool rendered (the rest is idle waiting).
  rows.push({ name: 'render.pool.main-loop-utilization', value: round(elu.utilization * 100), unit: '%' });
  rows.push({ name: 'render.pool.images-per-second', value: round((n * 1000) / wall), unit: 'img/s' });
  await closePool();
  return rows;
}

/** Longest event-loop stall while `work` runs, from a 1 ms timer and the loop-delay histogram. */
async function loopDelay(work: () => Promise<unknown>): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  let maxGap = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last - 1);
    last = now;
  }, 1);
  h.enable();
  await work();
  h.disable();
  clearInterval(tick);
  return Math.max(maxGap, h.max / 1e6 - 1);
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

// `node --import tsx bench/render.ts` prints the rows.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run()) console.log(`${r.name.padEnd(40)} ${String(r.value).padStart(8)} ${r.unit}`);
}
