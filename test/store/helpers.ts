export { openStore, migrate, schemaVersion, replayLog } from '../../src/store/index.js';
export { MIGRATIONS as MIGRATIONS_FOR_TEST } from '../../src/store/migrations.js';
