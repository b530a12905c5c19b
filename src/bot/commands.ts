/** Loads every command module from commands/ (skipping files that lack `data` or `execute`). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from './command-types.js';

export const COMMANDS_DIR = join(import.meta.dirname, '..', '..', 'commands');

export async function loadCommands(dir = COMMANDS_DIR): Promise<Map<string, Command>> {
  const out = new Map<string, Command>();
  const files = readdirSync(dir)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as Partial<Command>;
    if (mod.data && typeof mod.execute === 'function') out.set(mod.data.name, mod as Command);
  }
  return out;
}
