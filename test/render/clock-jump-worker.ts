/**
 * The render worker (worker.ts) on a host whose wall clock stepped 60 s forward just after the main
 * thread submitted its tasks (an NTP step, a VM resumed): `Date.now()` here reads 60 s ahead of the
 * main thread's. Used by clock-jump.test.ts as the pool's `workerFile`.
 */
const real = Date.now;
Date.now = () => real() + 60_000;
export { default } from '../../src/render/worker.js';
