/**
 * Piscina worker: renders one image per task. Loaded as `worker.ts` under tsx (the pool passes
 * `--import tsx` to the worker when it is not inherited) or as `worker.js` when compiled.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { move } from 'piscina';
import { registerFonts } from './fonts.js';
import { renderKind } from './index.js';
import type { RenderKind, RenderRequestMap } from './model.js';

registerFonts();

// Lower this thread's scheduling priority (Linux: a thread is a task with its own id), so on a
// busy 2-core host the bot's main thread always wins the CPU and its event loop stays responsive.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
} catch {
  // not Linux, or not permitted: run at normal priority
}

export interface RenderTask<K extends RenderKind = RenderKind> {
  kind: K;
  model: RenderRequestMap[K];
}

export default function render(task: RenderTask): Uint8Array {
  const buf = renderKind(task.kind, task.model);
  // Copy into a plain ArrayBuffer we own, then transfer it (no second copy across threads).
  const ab = new ArrayBuffer(buf.byteLength);
  const out = new Uint8Array(ab);
  out.set(buf);
  return move(out) as Uint8Array;
}
