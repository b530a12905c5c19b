/**
 * `npm run bench`: speed and memory targets are checked here, not in timed tests.
 * Runs each game's benchmark module (self-play, win checks, scoring) and the render benchmark,
 * prints a table, and writes the numbers as JSON to stdout's last line.
 * `npm run bench -- phom render` runs only those modules.
 */
import { performance } from 'node:perf_hooks';

type Row = { name: string; value: number; unit: string };
const MODULES = ['phom', 'chan', 'vn-mahjong', 'classic-mahjong', 'render', 'ai', 'load', 'restart'] as const;

/** Runs the modules named in `only` (all but load and restart when none is named) and prints their table and JSON. */
async function bench(only: readonly string[]): Promise<void> {
  const rows: (Row & { module: string })[] = [];
  for (const m of MODULES) {
    if ((only.length || ['load', 'restart'].includes(m)) && !only.includes(m)) continue; // load/restart: only when named
    const t0 = performance.now();
    const mod = (await import(`./${m}.js`)) as { run(): Row[] | Promise<Row[]> };
    const out = await mod.run();
    for (const r of out) rows.push({ module: m, ...r });
    console.error(`${m}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const w = Math.max(...rows.map((r) => r.name.length + r.module.length + 3));
  for (const r of rows)
    console.log(`${`${r.module} · ${r.name}`.padEnd(w)}  ${String(Math.round(r.value * 100) / 100).padStart(12)} ${r.unit}`);
  const mem = process.memoryUsage();
  console.log(`${'process · peak rss'.padEnd(w)}  ${String(Math.round(mem.rss / 1048576)).padStart(12)} MiB`);
  console.log(JSON.stringify({ rows, rssMiB: Math.round(mem.rss / 1048576) }));
}

// The benchmarks named; `--name value` options are the modules' own (load's `--tables 10`).
const only = process.argv.slice(2).filter((a, k, all) => !a.startsWith('--') && !all[k - 1]?.startsWith('--'));
// A name that is no module (a typo) ran nothing and exited 0: refused in one line, exit 2, as the CLI
// refuses an unknown command.
const unknown = only.filter((m) => !(MODULES as readonly string[]).includes(m));
if (unknown.length) {
  console.error(
    `error: unknown benchmark${unknown.length > 1 ? 's' : ''} ${unknown.map((m) => `"${m}"`).join(', ')}; benchmarks: ${MODULES.join(', ')}`,
  );
  process.exitCode = 2;
} else await bench(only);
