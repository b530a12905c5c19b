/** `npm run cli -- <command>`: the process entry of the CLI (the commands are in run.ts). */
import { runCli } from './run.js';

// A reader that quits early (`npm run cli -- score … | head`, `less` closed) closes the pipe: the
// next write fails with EPIPE, which Node reports as an unhandled 'error' event with a stack trace.
// Nothing more can reach that reader: the error is dropped (later writes to the closed stream are
// no-ops) and the command ends as it would have, with its own exit code.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });

// process.exitCode, never process.exit(): exiting at once cuts stdout when it is a pipe (only the
// first 64 KiB reach the reader); setting the code lets Node drain stdout before the process ends.
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
