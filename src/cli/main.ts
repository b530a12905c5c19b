/** `npm run cli -- <command>`: the process entry of the CLI (the commands are in run.ts). */
import { runCli } from './run.js';

// process.exitCode, never process.exit(): exiting at once cuts stdout when it is a pipe (only the
// first 64 KiB reach the reader); setting the code lets Node drain stdout before the process ends.
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
