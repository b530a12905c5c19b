/** Folders the CLI writes into (`render --out`, `backup --out`). */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `dir` and its missing parents one level at a time: mkdirSync's recursive mode never
 * returns under /proc (Node 20), where a plain mkdir fails at once with ENOENT.
 */
export function ensureDir(dir: string): void {
  const missing: string[] = [];
  let d = resolve(dir);
  while (!existsSync(d) && dirname(d) !== d) {
    missing.unshift(d);
    d = dirname(d);
  }
  if (!statSync(d).isDirectory()) throw new Error(`${d} is not a directory`);
  for (const m of missing) mkdirSync(m);
}
