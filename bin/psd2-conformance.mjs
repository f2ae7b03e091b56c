#!/usr/bin/env -S node --
// `node --` before this file: Node 20 reads a `--env-file` anywhere on its command line as its own flag (and exits 9
// when the file is missing), even after the script's name; after `--` an old `--env-file` reaches the CLI, which
// names its new spelling, `--config-file` (cli/command.ts).
// The CLI is written in TypeScript; tsx's loader runs it without a build step.
import { register } from 'tsx/esm/api';

// `psd2-conformance requirements | head` closes the pipe early: that is not an error.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
