/** An AI pool worker (src/table/ai-pool.ts) whose Chắn AI hangs (a loop); every other game's AI answers as the real worker's. */
import decide from '../../src/table/ai-worker.js';

export default function hangOnChan(task: Parameters<typeof decide>[0]): ReturnType<typeof decide> {
  if (task.game === 'chan')
    for (;;) {
      // busy: an AI stuck in a loop on this state
    }
  return decide(task);
}
