/** Runs one batch of test files in this process (config.ts): imports them in order; a file that cannot be loaded is a failed test. */
import { test } from 'node:test';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { batchMembers, ROOT } from './config.js';

export async function runBatch(entry: string): Promise<void> {
  const m = /^(.+)-(\d+)\.batch\.ts$/.exec(basename(entry));
  if (!m) throw new Error(`not a batch entry: ${entry}`);
  for (const file of batchMembers(m[1]!, Number(m[2]))) {
    try {
      await import(pathToFileURL(join(ROOT, file)).href);
    } catch (e) {
      test(`${file} loads`, () => {
        throw e;
      });
    }
  }
}
