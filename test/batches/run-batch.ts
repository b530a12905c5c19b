/**
 * Runs one batch of test files in this process (config.ts): imports them in order, each inside a
 * suite named for its file, so a failure's report names the file (a test's own `location` names the
 * batch entry under tsx). A file that cannot be loaded fails its suite.
 */
import { describe } from 'node:test';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { batchMembers, ROOT } from './config.js';

export async function runBatch(entry: string): Promise<void> {
  const m = /^(.+)-(\d+)\.batch\.ts$/.exec(basename(entry));
  if (!m) throw new Error(`not a batch entry: ${entry}`);
  await runFiles(batchMembers(m[1]!, Number(m[2])));
}

/** Runs `files` (paths from the root) in order, each in its suite. */
export async function runFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    // The file's tests, hooks and suites, registered as its module runs, belong to this suite.
    await describe(file, async () => {
      await import(pathToFileURL(join(ROOT, file)).href);
    });
  }
}
