import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stat } from 'node:fs';
import { Slices } from '../../src/bot/slices.js';

describe('time slices of the event loop (src/bot/slices.ts)', () => {
  it('runs parts while the turn has budget, then lets the loop run its timers before the rest, in order', async () => {
    // From an I/O callback, as the bot's parts start (a read of the gateway's socket): the loop's
    // check phase (setImmediate) then comes before its timers. Started from the check phase itself
    // (node:test runs a suite's tests from setImmediate), a timer 1 ms due could run first.
    await new Promise((r) => stat('.', r));
    let clock = 0;
    const s = new Slices(5, () => clock);
    const order: string[] = [];
    const part = async (name: string, cost: number) => {
      await s.slice();
      order.push(name);
      clock += cost; // the part's synchronous work
    };
    // A burst: five parts ask at once, before any has run (a burst of clicks in one read of the socket).
    const all = ['a', 'b', 'c', 'd', 'e'].map((n) => part(n, 3));
    // A timer that is due now must not wait behind the whole burst.
    setTimeout(() => order.push('timer'), 0);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['a', 'b'], 'this turn: a (3 ms), b (6 ms: past the 5 ms budget, the rest wait)');
    await Promise.all(all);
    assert.deepEqual(order, ['a', 'b', 'timer', 'c', 'd', 'e'], 'the timer first, then the rest, first come first served');
    assert.equal(s.queued, 0);
  });

  it('defers nothing while the turns are short', async () => {
    let clock = 0;
    const s = new Slices(5, () => clock);
    for (let i = 0; i < 20; i++) {
      let done = false;
      void s.slice().then(() => (done = true));
      await new Promise<void>((r) => queueMicrotask(r));
      await Promise.resolve();
      assert.ok(done, `part ${i} ran in its own turn`);
      clock += 1;
      await new Promise((r) => setImmediate(r)); // the next turn
    }
  });
});
