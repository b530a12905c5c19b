/**
 * A pool worker (render or AI pool) that fails between tasks: an uncaught exception shortly after it
 * starts, with no task of its own (as a worker that cannot load a module, or a stray timer's throw).
 */
setTimeout(() => {
  throw new Error('idle worker failure');
}, 100);

export default function answer(): string {
  return 'ok';
}
