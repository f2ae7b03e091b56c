import { readFileSync } from 'node:fs';
import type { RunEnd } from '../../run-model/index.js';

/**
 * Who waits for the run's exit code, and how a signal sent to it reaches the run. `npm run conformance` execs node:
 * npm's SIGINT and SIGTERM reach the run itself. But `npx psd2-conformance run` (and an npm script, or a CI step,
 * that does not exec) starts the CLI through `sh -c`, and Debian's and Ubuntu's sh (dash) passes neither on: npm
 * forwards SIGTERM to the shell, which dies of it at once (npm then exits 143 while the run goes on), and SIGINT,
 * which dash keeps until its child ends (the run finished CONFORMANT, then npm exited 130). The run watches the
 * processes between it and its caller, so that the exit code its reports give is the one the caller sees.
 *
 * Linux only (it reads /proc), where dash is sh; elsewhere `sh -c` with one command execs it, and the run watches its
 * parent alone.
 */

/** A process as /proc shows it: its parent, which signals it catches, and how often it has slept of its own accord. */
export interface ProcessView {
  ppid: number;
  /** The command name (`sh`, `dash`, `node`, `npm exec …`). */
  comm: string;
  /** The signals it has handlers for (SigCgt), by number. */
  caught: Set<number>;
  /** voluntary_ctxt_switches: a process waiting for its child sleeps again each time a signal wakes it. */
  wakeups: number;
}

export type ProcReader = (pid: number) => ProcessView | undefined;

const SIGINT = 2;
const SIGCHLD = 17;

/** The signal numbers of a SigCgt mask (hexadecimal, bit n-1 for signal n). */
export function signalsOf(mask: string): Set<number> {
  const bits = BigInt(`0x${mask.trim() || '0'}`);
  const out = new Set<number>();
  for (let n = 1; n <= 64; n++) if ((bits >> BigInt(n - 1)) & 1n) out.add(n);
  return out;
}

/** A process from the text of its /proc/PID/stat and /proc/PID/status. */
export function parseProc(stat: string, status: string): ProcessView {
  // `pid (comm) state ppid …`: the name may hold spaces and parentheses, so the fields start after the last `)`.
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const field = (name: string) => new RegExp(`^${name}:\\s*(\\S+)`, 'm').exec(status)?.[1] ?? '';
  return { ppid, comm, caught: signalsOf(field('SigCgt')), wakeups: Number(field('voluntary_ctxt_switches')) };
}

/** /proc/PID of this machine; undefined where there is no /proc or the process is gone. */
export const readProc: ProcReader = (pid) => {
  try {
    return parseProc(readFileSync(`/proc/${pid}/stat`, 'utf8'), readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * A parent that keeps a SIGINT while it waits for the run: a shell (as `sh -c` starts the CLI) whose only handlers
 * are for SIGINT and SIGCHLD, as dash's are. Such a process wakes only for those two, and SIGCHLD only when the run
 * itself stops, continues or ends: any other wakeup is a SIGINT it holds. An interactive shell catches more (SIGWINCH,
 * a resized terminal) and is not taken for one.
 */
export const holdsSigint = (p: ProcessView): boolean =>
  /^(?:sh|dash|ash|bash|ksh|mksh|zsh|busybox)$/.test(p.comm) &&
  p.caught.has(SIGINT) &&
  [...p.caught].every((n) => n === SIGINT || n === SIGCHLD);

/** The run's parent as first seen, and, when it is such a shell, the shell and who started it. */
export interface Launcher {
  parent: number;
  shell?: { pid: number; launcher: number; wakeups: number };
}

export function launcherOf(ppid: number, read: ProcReader = readProc): Launcher {
  const parent = read(ppid);
  return parent && holdsSigint(parent)
    ? { parent: ppid, shell: { pid: ppid, launcher: parent.ppid, wakeups: parent.wakeups } }
    : { parent: ppid };
}

const VIA_SHELL = 'the shell that started it (sh -c, as npx starts the CLI)';

/**
 * How the run must end now, seen from its launcher, or undefined while all is as it was:
 * - its parent is gone: a shell that holds SIGINT was killed by a signal it does not catch, taken as SIGTERM (what
 *   npm passes on to it, and then exits 143 of); any other parent ended (SIGHUP, as a closed terminal);
 * - the shell's own parent (npm) ended without it (a SIGHUP npm does not pass on): SIGHUP;
 * - the shell woke while it waits: it holds a SIGINT (sent to npm, which passed it on, or to the shell), and will die
 *   of it once the run ends, so the run ends now, INCOMPLETE, as that SIGINT's 130.
 */
export function launcherEnd(launcher: Launcher, ppid: number, read: ProcReader = readProc): RunEnd | undefined {
  if (ppid !== launcher.parent)
    return launcher.shell
      ? { kind: 'interrupted', signal: 'SIGTERM', because: `${VIA_SHELL} was ended by a signal it does not pass on` }
      : { kind: 'interrupted', signal: 'SIGHUP', because: 'the process that started it ended' };
  const { shell } = launcher;
  const now = shell && read(shell.pid);
  if (!shell || !now) return undefined;
  if (shell.launcher > 1 && now.ppid !== shell.launcher)
    return { kind: 'interrupted', signal: 'SIGHUP', because: `the process that started ${VIA_SHELL} ended` };
  if (now.wakeups > shell.wakeups)
    return {
      kind: 'interrupted',
      signal: 'SIGINT',
      because: `sent to ${VIA_SHELL}, which holds it until the run ends`,
    };
  return undefined;
}

/** The same launcher, its shell's wakeups counted from now (after the run itself stopped and continued). */
export function rebased(launcher: Launcher, read: ProcReader = readProc): Launcher {
  const now = launcher.shell && read(launcher.shell.pid);
  return launcher.shell && now ? { ...launcher, shell: { ...launcher.shell, wakeups: now.wakeups } } : launcher;
}
