import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunReport } from '../run-model/index.js';
import type { Reporter } from './registry.js';

/**
 * Writes each file whole or not at all (a temporary file renamed over it): a run stopped while it writes never
 * leaves a half-written junit.xml or summary.json behind.
 */
export function writeWhole(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** The reporters' files of a report, written now and synchronously (also from a signal handler's deadline). */
export function writeFilesNow(report: RunReport, reporters: readonly Reporter[], out: string): string[] {
  mkdirSync(out, { recursive: true });
  const written: string[] = [];
  for (const reporter of reporters)
    for (const [file, text] of Object.entries(reporter.files?.(report) ?? {})) {
      // A file in a folder of its own (html/index.html) may be the first thing written there.
      mkdirSync(dirname(join(out, file)), { recursive: true });
      writeWhole(join(out, file), text);
      written.push(file);
    }
  return written;
}

/**
 * Every reporter's part of a finished report: the files first (quick, and what a stopped run must leave), then what
 * takes time, unless the run is being stopped.
 */
export async function writeReport(
  report: RunReport,
  reporters: readonly Reporter[],
  options: { out: string; signal: AbortSignal },
): Promise<void> {
  writeFilesNow(report, reporters, options.out);
  for (const reporter of reporters) if (reporter.finish && !options.signal.aborted) await reporter.finish(report);
}
