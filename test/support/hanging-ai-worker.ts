/** An AI pool worker (src/table/ai-pool.ts) that never answers: it spins until the pool stops it. */
export default function hang(): never {
  for (;;) {
    // busy: a worker stuck in an AI that loops
  }
}
