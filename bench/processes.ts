import { readFileSync, readdirSync } from 'node:fs';

/** One process of a run's tree at its peak: what it was, and its largest resident set. */
export interface ProcessPeak {
  pid: number;
  /** The command, shortened: `node … psd2-conformance.mjs run`, `esbuild --service …`. */
  command: string;
  peakRssMb: number;
  /** The most threads seen: vitest's `threads` pool runs its workers inside the main process. */
  threads: number;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** pid → parent pid of every process visible in /proc (Linux); empty elsewhere. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return map;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    // The command name sits in parentheses and may hold spaces: the fields after the last ')' are positional.
    const after = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (after?.[1]) map.set(Number(name), Number(after[1]));
  }
  return map;
}

function descendants(root: number): number[] {
  const byParent = parents();
  const found = [root];
  for (let i = 0; i < found.length; i++)
    for (const [pid, ppid] of byParent) if (ppid === found[i] && !found.includes(pid)) found.push(pid);
  return found;
}

const field = (status: string, name: string): number =>
  Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1]);

function commandOf(pid: number): string {
  const args = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
  const short = args.map((a) => (a.includes('/') ? (a.split('/').at(-1) ?? a) : a)).slice(0, 4);
  return short.join(' ').slice(0, 60) || String(pid);
}

/**
 * Samples a process and everything it starts, every `everyMs`: the kernel's high-water mark of each one's
 * resident set (VmHWM, a true peak even between samples) and its thread count. Linux only; elsewhere it finds
 * nothing and the probe's maxRSS (bench/run.ts) stands alone.
 */
export function sampleTree(root: number, everyMs = 100): { stop(): ProcessPeak[] } {
  const peaks = new Map<number, ProcessPeak>();
  const look = () => {
    for (const pid of descendants(root)) {
      const status = read(`/proc/${pid}/status`);
      if (!status) continue;
      const hwm = field(status, 'VmHWM') / 1024;
      const known = peaks.get(pid);
      peaks.set(pid, {
        pid,
        command: known?.command ?? commandOf(pid),
        peakRssMb: Math.max(known?.peakRssMb ?? 0, Number.isFinite(hwm) ? hwm : 0),
        threads: Math.max(field(status, 'Threads') || 0, known?.threads ?? 0),
      });
    }
  };
  look();
  const timer = setInterval(look, everyMs);
  return {
    stop() {
      clearInterval(timer);
      // A process that ended before its first look shows no resident set: there is nothing to say of it.
      return [...peaks.values()].filter((p) => p.peakRssMb > 0.5).sort((a, b) => a.pid - b.pid);
    },
  };
}
