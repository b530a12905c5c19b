/**
 * What the render pool reports about itself, without canvas (src/ops/metrics.ts reads it without
 * loading the renderer): the renders given up on by their caller while a worker was drawing them
 * (pool.ts `run`), and the logger its warnings go to.
 *
 * A render past its time (`RENDER_TIMEOUT_MS`) is given up on by its caller, but its worker is never
 * stopped mid-image (that takes the process down, see pool.ts `run`): it draws on, and a render that
 * truly hangs keeps its worker busy for ever. Such renders are counted here (the
 * `hoiquan_render_stuck_tasks` gauge) until their worker is done with them, and one still drawn at
 * twice the render timeout is logged once.
 */

/** The part of a pino logger the render pool uses (a pino `Logger` or `child` fits). */
export interface RenderLog {
  warn(fields: Record<string, unknown>, msg: string): void;
}

/** No logger given (tests, scripts): one line on stderr. */
const consoleLog: RenderLog = {
  warn: (fields, msg) => console.warn(`render: ${msg} ${JSON.stringify(fields)}`),
};

let log: RenderLog = consoleLog;

/** Where the render pool's warnings go (src/bot/main.ts passes its pino logger); null: stderr again. */
export function setRenderLog(l: RenderLog | null): void {
  log = l ?? consoleLog;
}

/** The render pool's logger (`setRenderLog`). */
export function renderLog(): RenderLog {
  return log;
}

/**
 * `RenderTask.drawing` (worker.ts): the caller gave up on the task before a worker started it (the
 * worker sets 1 as it starts one; whichever of the two comes first wins, pool.ts `run`).
 */
export const GIVEN_UP = 2;

let stuck = 0;

/** Renders given up on by their caller that a worker is still drawing, in every pool of this process. */
export function stuckRenders(): number {
  return stuck;
}

/** pool.ts: one render more (+1) or less (−1) given up on while being drawn. */
export function countStuck(delta: 1 | -1): void {
  stuck += delta;
}
