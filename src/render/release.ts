/**
 * Free a large pixel copy at once instead of at V8's next collection (issue #17, memory and CPU).
 *
 * `canvas.toBuffer('raw')` copies the whole cairo surface (up to 1200 × 960 × 4 = 4.6 MB) into a
 * fresh ArrayBuffer for every image the encoder reads. V8 frees such a buffer only when a GC finds
 * it dead, so a render worker under load piled up ~400 MB of them as "external memory", ran a full
 * Mark-Compact every ~0.5 s to get it back, and paid fresh page faults for every new copy: 2.4 ms
 * per 4.6 MB copy, against 0.2 ms when the same memory is handed back and reused at once.
 *
 * `ArrayBuffer.prototype.transfer(0)` (ES2024) detaches the buffer and drops its backing store now.
 * Node ≥ 21 has it; Node 20's V8 (11.3) has it behind `--harmony-rab-gsab-transfer`, and a harmony
 * builtin set by flag at run time appears only in contexts created after, so we take the function
 * from a fresh `vm` context and call it on our buffer (builtins accept any realm's ArrayBuffer).
 * Without either, `release` does nothing and V8 frees the buffer later, as before.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Transfer = (this: ArrayBuffer, length?: number) => ArrayBuffer;

function loadTransfer(): Transfer | null {
  const own = (ArrayBuffer.prototype as { transfer?: Transfer }).transfer;
  if (typeof own === 'function') return own;
  try {
    setFlagsFromString('--harmony-rab-gsab-transfer');
    const fresh = runInNewContext('ArrayBuffer.prototype.transfer') as unknown;
    return typeof fresh === 'function' ? (fresh as Transfer) : null;
  } catch {
    return null;
  }
}

const transfer = loadTransfer();

/** Whether `release` really frees memory now (false: it is a no-op on this runtime). */
export const canRelease = transfer !== null;

/**
 * Drop `view`'s whole backing store now. The caller must own the buffer and every view of it: any
 * view of it is empty afterwards. Only for buffers not shared with Node's pool (large ones).
 */
export function release(view: ArrayBufferView): void {
  if (!transfer || view.buffer instanceof SharedArrayBuffer) return;
  transfer.call(view.buffer as ArrayBuffer, 0);
}
