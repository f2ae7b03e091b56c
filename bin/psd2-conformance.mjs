#!/usr/bin/env -S node --
// `node --` before this file: Node 20 reads a `--env-file` anywhere on its command line as its own flag (and exits 9
// when the file is missing), even after the script's name; after `--` an old `--env-file` reaches the CLI, which
// names its new spelling, `--config-file` (cli/command.ts).

// `psd2-conformance requirements | head` closes the pipe early: that is not an error.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

// tsx: the CLI is written in TypeScript. It runs compiled to JavaScript (compiled-tree.mjs says how and why), else
// through tsx's loader, after the packages the command needs are imported natively (native-first.mjs says why). The
// build leaves this part out, to "end tsx".
const { compiledTree, compiledUrl, suiteWorkerRecord } = await import('./compiled-tree.mjs');
const tree = await compiledTree();
const args = process.argv.slice(2);
const command = args.find((arg) => !arg.startsWith('-'));
// Help is the commands' declarations only: none of the work's packages or processes (1.5 s for `run --help` with them).
const help = command === 'help' || args.includes('--help') || args.includes('-h');
if (tree) {
  // A stack trace names the TypeScript file and line the compiled module came from; the suites' workers run from
  // the same tree (vitest.conformance.config.ts).
  process.setSourceMapsEnabled(true);
  process.env.PSD2_CONFORMANCE_TREE = tree;
  // A run's suite worker starts now, beside the CLI's own start (runner/run/prewarm.ts says why).
  if (command === 'run' && !help)
    (await import(compiledUrl(tree, 'runner/run/prewarm.ts'))).prewarmSuiteWorker(suiteWorkerRecord());
} else {
  delete process.env.PSD2_CONFORMANCE_TREE;
  const { COMMON_PACKAGES, registerTsxAfter } = await import('./native-first.mjs');
  /** The commands that drive vitest or the reference bank, and what they import beside the common packages. */
  const HEAVY = {
    run: ['vitest/node', 'fastify', 'yaml', 'fast-xml-parser', 'log-update', 'allure-js-commons'],
    mutation: ['vitest/node', 'fastify', 'log-update'],
    serve: ['fastify'],
    proxy: ['fastify', 'fast-xml-parser', 'allure-js-commons'],
  };
  const heavy = help ? undefined : HEAVY[command];
  await registerTsxAfter(['@commander-js/extra-typings', 'dotenv', ...(heavy ? [...COMMON_PACKAGES, ...heavy] : [])]);
}
const cli = tree ? await import(compiledUrl(tree, 'cli/main.ts')) : undefined;
// end tsx
const { main } = cli ?? (await import('../cli/main.ts'));
process.exitCode = await main(process.argv.slice(2));
