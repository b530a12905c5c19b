/** A member of test-entries.test.ts's batch: its module throws as it loads. */
throw new Error('cannot load on purpose');
