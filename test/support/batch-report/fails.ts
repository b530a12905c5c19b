/** A member of test-entries.test.ts's batch: its test fails, its report must name this file. */
import { test } from 'node:test';

test('a test that fails', () => {
  throw new Error('failed on purpose');
});
