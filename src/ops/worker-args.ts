/**
 * The `execArgv` of a worker thread (the render, AI and duel pools), and its module: under tsx the
 * worker is the `.ts` file beside the caller, compiled the `.js` one.
 *
 * A worker inherits its parent's Node options by default, `--import tsx` included, so nothing is
 * given unless tsx is missing (the caller runs as `.ts` under another loader): then the parent's
 * options and `--import tsx`. Copying `process.execArgv` always, as the pools did, broke every worker
 * under Node 24's test runner: its test processes list every option with its default value there
 * (`--node-snapshot`, `--secure-heap=0`…), which `new Worker` refuses (ERR_WORKER_INVALID_EXEC_ARGV).
 */
import { fileURLToPath } from 'node:url';

const TSX = /(^|[/\\=])tsx([/\\]|$)/;

export function workerThread(callerUrl: string, name: string): { filename: string; execArgv?: string[] } {
  const isTs = callerUrl.endsWith('.ts');
  const filename = fileURLToPath(new URL(`./${name}${isTs ? '.ts' : '.js'}`, callerUrl));
  return isTs && !process.execArgv.some((a) => TSX.test(a))
    ? { filename, execArgv: [...process.execArgv, '--import', 'tsx'] }
    : { filename };
}
