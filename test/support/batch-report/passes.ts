/** A member of test-entries.test.ts's batch: its test passes. */
import { test } from 'node:test';

test('a test that passes', () => {});
