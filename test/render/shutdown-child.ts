/**
 * A bot process's shutdown, scaled down (test/unit/render-shutdown-budget.test.ts): a SQLite file, a
 * render pool with an image hung in its worker, and a bot whose drain never ends, closed on SIGTERM
 * (src/bot/main.ts `closeAll`). Arguments: the database file, the budget in ms, and `budget` (through
 * `closeInOrder`) or `each` (each step awaited in turn, as closeAll did before).
 * Prints `ready` once the image hangs, `database closed` once it is.
 */
import { createCanvas } from 'canvas';
import Database from 'better-sqlite3';
import { createRenderPool, setRenderLog, setRenderTestHold } from '../../src/render/pool.js';
import { closeInOrder, type CloseStep } from '../../src/ops/sharding.js';
import { sampleModels } from './samples.js';
import { blockUntilStarted, gate, untilIdle, waitFor } from './pool-helpers.js';
import type { RenderTask } from '../../src/render/worker.js';
import { stuckRenders } from '../../src/render/watch.js';

createCanvas(1, 1);
const [file, budget, how] = process.argv.slice(2);
const db = new Database(file!);
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE IF NOT EXISTS t (x)');
db.prepare('INSERT INTO t VALUES (1)').run();

setRenderLog({ warn: () => undefined });
const pool = createRenderPool({ threads: 1, timeoutMs: 300 });
await untilIdle(pool, 1); // its worker up and idle: the image below is handed to it at once
const hang = sampleModels('phom', 'vi').hand;
let hung: RenderTask | undefined;
setRenderTestHold((task) => {
  if (task.model !== hang) return undefined;
  hung = task;
  return gate();
});
void pool.render('hand', hang).catch(() => undefined);
blockUntilStarted(hung); // handed to the idle worker: given up on while drawn, however loaded the machine
// (given up on at 300 ms by this thread's timer, late on a loaded machine: the test waits for `ready`)
if (!(await waitFor(() => stuckRenders() === 1, 30_000))) throw new Error('the image did not hang');

const steps: CloseStep[] = [
  // The bot's drain: a click waiting for ever (STOP_GRACE_MS, then a gateway close that may take 30 s).
  { name: 'bot', close: () => new Promise(() => undefined) },
  { name: 'render pool', close: () => pool.close(), keepMs: 300 },
  {
    name: 'database',
    close: () => {
      db.close();
      console.log('database closed');
    },
    keepMs: 50,
  },
];
process.once('SIGTERM', () => {
  void (async () => {
    if (how === 'each') for (const s of steps) await s.close();
    else await closeInOrder(steps, Number(budget), { late: (name, ms) => console.log(`late ${name} ${ms}`) });
    process.exit(0);
  })();
});
console.log('ready');
setInterval(() => undefined, 60_000);
