/**
 * The Dockerfile deletes packages after `npm prune` that only compile, type or run the sources
 * (typescript, @types, tsx, esbuild…). The image runs dist/ only: no runtime code may import them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

function removed(): string[] {
  const docker = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const rm = /npm prune --omit=dev[^\n]*?rm -rf ([^\n&]+)/.exec(docker);
  assert.ok(rm, 'the build stage deletes packages after npm prune');
  return rm[1]!
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/^node_modules\//, ''));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('the packages the image deletes are never imported by the code it runs', () => {
  const gone = removed();
  assert.ok(gone.includes('typescript') && gone.includes('tsx'), gone.join(' '));
  const files = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'commands'))];
  const hits: string[] = [];
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    // a value import (not `import type`), a dynamic import or a require of a deleted package or scope
    const re = /(?:^|\n)\s*import\s+(?!type\b)[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'|require\(\s*'([^']+)'/g;
    for (const m of text.matchAll(re)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (gone.some((p) => spec === p || spec.startsWith(`${p}/`))) hits.push(`${f}: ${spec}`);
    }
  }
  assert.deepEqual(hits, []);
  // the image starts the built launcher, not the tsx script
  assert.match(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'), /CMD \["node", "dist\/src\/ops\/launch\.js"\]/);
});
