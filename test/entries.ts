/** Prints what `npm test` gives `node --test`: the test batches and every other test file (test/batches/config.ts). */
import { entries } from './batches/config.js';

process.stdout.write(entries().join('\n') + '\n');
