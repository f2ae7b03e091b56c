import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UserError } from '../core/index.js';

const REASONS: Record<string, string> = {
  EEXIST: 'a file is in the way of the folder',
  ENOTDIR: 'a file is in the way of the folder',
  EACCES: 'not writable',
  EPERM: 'not writable',
  EROFS: 'on a read-only file system',
};

/**
 * Stops a run before any test when the reports it was asked for cannot be written (the folder is a file, or not
 * writable): a run whose verdict is lost must not go green. One line, exit 2.
 */
export async function ensureWritable(dir: string, option: string): Promise<void> {
  const probe = join(dir, `.psd2-conformance-write-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    const reason = code ? `${REASONS[code] ?? 'failed'} (${code})` : message;
    throw new UserError(`cannot write the reports to ${resolve(dir)} (${option}): ${reason}`);
  }
}
