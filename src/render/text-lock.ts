/**
 * One thread at a time lays out or draws text, process-wide: every `measureText`, `fillText` and
 * `strokeText` of the renderers runs inside `withTextLock`. The render pool shares the main thread's
 * lock with its workers (pool.ts `newPiscina`, worker.ts).
 *
 * THREADS: the system cairo (Debian 12: 1.16) keeps at most 10 FreeType faces open per process
 * (`MAX_OPEN_FACES`, cairo-ft-font.c) and, to open another, closes one it reads as unused without
 * taking that font's lock (`_cairo_ft_unscaled_font_lock_face`): one thread can close the face
 * another is loading glyphs from. We register 22 font files and a decorated player name uses several,
 * so two render workers segfaulted the bot (2026-12-05: 2 runs of 17 drawing 300 varied images with
 * decorated names, 3 of 5 with the main thread drawing too; a synthetic case with 11 or more files in
 * use, every run). With this lock: none (test/render/text-lock.test.ts, README "Fonts and threads").
 * The rest of an image (shapes, sprites already drawn, the PNG encoding) still runs in parallel.
 * Not covered: a font released when a canvas is collected (its finalizer runs between tasks, outside
 * the lock); no crash was seen from it. Processes instead of threads would remove the question.
 */
import { isMainThread, threadId } from 'node:worker_threads';

/**
 * The main thread's lock (0 free, else the holder's thread id + 1), shared with the render workers; a
 * worker's, once given. The holder is named so that a render stuck behind a hung text call says who
 * has the lock (pool.ts, the log at twice its timeout): a thread hung in a text call holds up every
 * other thread's text.
 */
let lock: Int32Array | null = isMainThread ? new Int32Array(new SharedArrayBuffer(4)) : null;
/** Calls of `withTextLock` this thread is inside (a nested call holds the lock already). */
let depth = 0;

/** The main thread's lock, for the render workers it starts (pool.ts). */
export function textLock(): Int32Array {
  if (!lock) throw new Error('textLock() is for the main thread, which shares it with its render workers');
  return lock;
}

/** In a render worker (worker.ts): the lock its pool shares. */
export function useTextLock(shared: Int32Array): void {
  lock = shared;
}

/** The thread holding the text lock now (its id: 0 the main thread), or null when it is free. */
export function textLockHolder(): number | null {
  const v = lock ? Atomics.load(lock, 0) : 0;
  return v === 0 ? null : v - 1;
}

/** Runs `f` (a canvas text call) holding the process's text lock. */
export function withTextLock<T>(f: () => T): T {
  if (!lock || depth > 0) return f();
  for (;;) {
    const held = Atomics.compareExchange(lock, 0, 0, threadId + 1);
    if (held === 0) break;
    Atomics.wait(lock, 0, held);
  }
  depth++;
  try {
    return f();
  } finally {
    depth--;
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0, 1);
  }
}
