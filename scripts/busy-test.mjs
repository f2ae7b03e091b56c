#!/usr/bin/env node
// The project's tests on a busy machine (issue 35): two CPU-bound busy loops run beside an npm script, as other jobs
// do on a shared CI machine, and are ended when it ends, however it ends. A test whose verdict depends on the
// machine's speed shows up here first.
//
//   node scripts/busy-test.mjs                      # npm run test:unit beside two busy loops
//   node scripts/busy-test.mjs test:integration     # another npm script (npm test: `test`)
//   BUSY_LOOPS=3 node scripts/busy-test.mjs         # more loops
//
// It prints the load before and after, the script's wall time, and exits with the script's exit code.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

const script = process.argv[2] ?? 'test:unit';
const count = Number(process.env.BUSY_LOOPS ?? 2);
if (!Number.isInteger(count) || count < 0) {
  console.error(`busy-test: BUSY_LOOPS must be a whole number, got "${process.env.BUSY_LOOPS}"`);
  process.exit(2);
}

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} on ${cpus().length} cores`;

// Each loop spins one core at 100 % until it is killed; none does any I/O.
const loops = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const endLoops = () => {
  for (const loop of loops) if (loop.exitCode === null && loop.signalCode === null) loop.kill('SIGKILL');
};
// Whatever ends this script ends the loops: a normal end, an error, Ctrl-C or a SIGTERM from CI (which is passed on to
// the npm script, whose exit then ends this one).
process.on('exit', endLoops);

console.log(`busy-test: ${count} busy loop(s) started (pids ${loops.map((l) => l.pid).join(', ')}); ${load()}`);
console.log(`busy-test: npm run ${script}`);
const started = performance.now();
// A process group of its own, so that a signal reaches every process under npm (npm does not pass a SIGTERM on to
// the script it runs).
const child = spawn('npm', ['run', script], { stdio: 'inherit', detached: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    endLoops();
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group has ended already.
    }
  });
child.on('exit', (code, signal) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const loadAfter = load();
  endLoops();
  const result = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
  console.log(`busy-test: npm run ${script} ${result} in ${seconds} s beside ${count} busy loop(s); ${loadAfter}`);
  process.exit(code ?? 1);
});
