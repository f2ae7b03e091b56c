import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  holdsSigint,
  launcherEnd,
  launcherOf,
  parseProc,
  readProc,
  rebased,
  signalsOf,
  type ProcessView,
} from '../../runner/run/launcher.js';

/** dash as npm's `sh -c` leaves it while it waits: it catches SIGINT (2) and SIGCHLD (17), nothing else. */
const DASH: ProcessView = { ppid: 40, comm: 'sh', caught: new Set([2, 17]), wakeups: 2 };

/** A reader of a made-up process table. */
const table =
  (processes: Record<number, ProcessView>) =>
  (pid: number): ProcessView | undefined =>
    processes[pid];

describe('the launcher of a run (runner/run/launcher.ts)', () => {
  it('reads /proc: the parent after a name with spaces and parentheses, the handlers, the wakeups', () => {
    const view = parseProc(
      '123 (npm exec (x) y) S 77 123 123 0 -1 4194560 …',
      'Name:\tnpm\nSigCgt:\t0000000000010002\nvoluntary_ctxt_switches:\t5\nnonvoluntary_ctxt_switches:\t1\n',
    );
    expect(view).toEqual({ ppid: 77, comm: 'npm exec (x) y', caught: new Set([2, 17]), wakeups: 5 });
    expect([...signalsOf('0000000000004a02')].sort((a, b) => a - b)).toEqual([2, 10, 12, 15]);
  });

  it('takes dash waiting for its child for a shell that holds SIGINT; not an interactive bash, nor node', () => {
    expect(holdsSigint(DASH)).toBe(true);
    // An interactive bash also catches SIGWINCH (28), which wakes it when the terminal is resized.
    expect(holdsSigint({ ...DASH, comm: 'bash', caught: new Set([2, 17, 28, 15, 1]) })).toBe(false);
    expect(holdsSigint({ ...DASH, comm: 'node', caught: new Set([2, 17]) })).toBe(false);
  });

  it('a shell that woke while it waits holds a SIGINT; one gone was killed: SIGTERM; its npm gone: SIGHUP', () => {
    const launcher = launcherOf(50, table({ 50: DASH }));
    expect(launcher).toEqual({ parent: 50, shell: { pid: 50, launcher: 40, wakeups: 2 } });
    expect(launcherEnd(launcher, 50, table({ 50: DASH }))).toBeUndefined();
    expect(launcherEnd(launcher, 50, table({ 50: { ...DASH, wakeups: 3 } }))).toEqual({
      kind: 'interrupted',
      signal: 'SIGINT',
      because: 'sent to the shell that started it (sh -c, as npx starts the CLI), which holds it until the run ends',
    });
    // After the run itself stopped and continued, the shell's wakeup for that is counted in.
    expect(
      launcherEnd(
        rebased(launcher, table({ 50: { ...DASH, wakeups: 3 } })),
        50,
        table({ 50: { ...DASH, wakeups: 3 } }),
      ),
    ).toBeUndefined();
    expect(launcherEnd(launcher, 1, table({}))).toMatchObject({ signal: 'SIGTERM' });
    expect(launcherEnd(launcher, 50, table({ 50: { ...DASH, ppid: 1 } }))).toMatchObject({ signal: 'SIGHUP' });
  });

  it('a parent that is no such shell is watched for going away only: SIGHUP', () => {
    const node = { ...DASH, comm: 'node', caught: new Set([2, 15, 17]) };
    const launcher = launcherOf(60, table({ 60: node }));
    expect(launcher).toEqual({ parent: 60 });
    expect(launcherEnd(launcher, 60, table({ 60: { ...node, wakeups: 99 } }))).toBeUndefined();
    expect(launcherEnd(launcher, 1, table({}))).toEqual({
      kind: 'interrupted',
      signal: 'SIGHUP',
      because: 'the process that started it ended',
    });
  });

  it.runIf(process.platform === 'linux')(
    'this machine’s sh waiting for a child: it holds SIGINT, and a SIGINT sent to it shows as a wakeup',
    async () => {
      const shell = spawn('sh', ['-c', 'sleep 30; true'], { stdio: 'ignore' });
      try {
        // Until sh has forked sleep and waits for it (it catches SIGINT from then on): a bounded wait, by event.
        let before: ProcessView | undefined;
        for (let i = 0; i < 200 && !(before && holdsSigint(before)); i++) {
          await new Promise((r) => setTimeout(r, 25));
          before = readProc(shell.pid as number);
        }
        expect(before && holdsSigint(before), JSON.stringify(before)).toBe(true);
        const launcher = launcherOf(shell.pid as number);
        shell.kill('SIGINT');
        let end;
        for (let i = 0; i < 200 && !end; i++) {
          await new Promise((r) => setTimeout(r, 25));
          end = launcherEnd(launcher, shell.pid as number);
        }
        expect(end).toMatchObject({ kind: 'interrupted', signal: 'SIGINT' });
      } finally {
        shell.kill('SIGKILL');
      }
    },
  );
});
