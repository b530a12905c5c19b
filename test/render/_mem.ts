import { poolRss } from './pool-memory.js';
const r = await poolRss(500, {}, 800);
console.log(JSON.stringify(r), 'growth', (r.endMiB - r.startMiB).toFixed(1));
