/**
 * An AI pool worker (src/table/ai-pool.ts) whose AI runs out of memory on every request: it keeps
 * what it allocates until the worker's heap limit stops it (ERR_WORKER_OUT_OF_MEMORY). Plain
 * JavaScript: nothing to compile under a small heap.
 */
export default function grow() {
  const kept = [];
  for (;;) kept.push(new Array(100_000).fill(kept.length));
}
