/**
 * Temporary directories for tests (`hq-*` under the OS temp dir) that do not outlive the test:
 * removed when the test `t` given ends (its `after` hook), else when the test process exits
 * (node --test runs each file in its own process). A full run made ~13,000 of them before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What `tempDir` needs of a test: node:test's TestContext (or a describe's `after`-like hook holder). */
export interface AfterHook {
  after(fn: () => void): void;
}

const live = new Set<string>();
let hooked = false;

/** Removes `dir` (and everything in it) now; a directory already gone is fine. */
export function removeTempDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    live.delete(dir);
  } catch {
    // A child process killed but not yet gone may still write there: left to the exit sweep, not a test failure.
  }
}

/** A fresh directory `<os temp>/<prefix>XXXXXX`, removed when `t` ends (if given) or at the latest when the process exits. */
export function tempDir(prefix: string, t?: AfterHook): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  live.add(dir);
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const d of [...live]) removeTempDir(d);
    });
  }
  t?.after(() => removeTempDir(dir));
  return dir;
}

/** A database path `<fresh temp dir>/<name>`, the directory removed as `tempDir`'s. */
export function tempDb(prefix: string, t?: AfterHook, name = 'hq.db'): string {
  return join(tempDir(prefix, t), name);
}
