/**
 * How the process tests start one of the project's programs (the bot, the launcher, the CLI) in a
 * process of its own: compiled, from `dist/` (as the Docker image and `npm run start:built` run it),
 * when the build there is at least as new as every source file it is made from; else from the
 * TypeScript sources under tsx (as `npm start` runs it). `.ci/run` builds before it tests, so CI
 * starts the compiled programs; a checkout edited since its last build starts the sources. Either
 * way the same code runs. Measured 2026-12-06: a bot process logs in after 1.6 s compiled against
 * 3.7 s under tsx (module loading through tsx's hooks), which the process tests paid at every start
 * and restart (the crash test alone restarts the bot 20 times).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
/** What `tsconfig.build.json` compiles (its `include`, without the tests). */
const SOURCES = ['src', 'commands'];

let fresh: boolean | undefined;

/**
 * Whether `dist/` holds a build of every source file no older than the file (mtimes), nor than the
 * compiler settings it was built with (`tsconfig.json`, which `tsconfig.build.json` extends).
 */
export function builtIsFresh(): boolean {
  fresh ??= buildIsFreshAt(ROOT);
  return fresh;
}

/** `builtIsFresh` for the project at `root` (uncached). */
export function buildIsFreshAt(root: string): boolean {
  const settings = Math.max(...['tsconfig.json', 'tsconfig.build.json'].map((f) => statSync(join(root, f)).mtimeMs));
  const walk = (dir: string): boolean => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!walk(path)) return false;
        continue;
      }
      if (!e.name.endsWith('.ts') || e.name.endsWith('.d.ts') || e.name.endsWith('.test.ts')) continue;
      const out = join(root, 'dist', relative(root, path).replace(/\.ts$/, '.js'));
      try {
        if (statSync(out).mtimeMs < Math.max(statSync(path).mtimeMs, settings)) return false;
      } catch {
        return false;
      }
    }
    return true;
  };
  return SOURCES.every((d) => walk(join(root, d)));
}

/**
 * The node arguments that run `entry` (a source path from the project's root, `src/bot/main.ts`):
 * its compiled file when the build is fresh, else the source under tsx. Run with `cwd` the root.
 */
export function programArgs(entry: string): string[] {
  const file = built(entry);
  return builtIsFresh() ? [file] : ['--import', 'tsx', entry];
}

/** The file that runs `entry` (absolute): its compiled file when the build is fresh, else the source (run under tsx). */
export function programFile(entry: string): string {
  const file = built(entry);
  return join(ROOT, builtIsFresh() ? file : entry);
}

function built(entry: string): string {
  if (!/^(src|commands)\/.+\.ts$/.test(entry)) throw new Error(`not a program's source: ${entry}`);
  return join('dist', entry.replace(/\.ts$/, '.js'));
}
