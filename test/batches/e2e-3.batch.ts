import { runBatch } from './run-batch.js';

await runBatch(import.meta.filename);
