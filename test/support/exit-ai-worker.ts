/** An AI pool worker (src/table/ai-pool.ts) whose thread dies on every request, as one out of memory does. */
export default function die(): never {
  process.exit(1);
}
