import { existsSync, mkdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const REASONS: Record<string, string> = {
  EEXIST: 'a file is in the way of the folder',
  ENOTDIR: 'a file is in the way of the folder',
  EACCES: 'not writable',
  EPERM: 'not writable',
  EROFS: 'on a read-only file system',
  // /proc and /sys answer a new folder with ENOENT although its parent exists.
  ENOENT: 'this file system takes no new folders there',
  ENOSPC: 'the disk is full',
};

/**
 * Why a folder cannot hold the files asked of it, or undefined when it can: found in bounded time and without
 * leaving anything behind, so that a configuration error writes no folder. The folder itself, or the first
 * missing folder on the way to it, is made and removed again, and a file is written and removed where the folder
 * exists. Never `mkdir -p`: Node's recursive mkdir loops forever under /proc (`--reports /proc/x` spun at 86 % CPU).
 */
export function outputFolderProblem(dir: string): string | undefined {
  let existing = resolve(dir);
  let missing: string | undefined;
  // One step a path component: as many steps as the path is deep.
  while (!existsSync(existing) && dirname(existing) !== existing) {
    missing = basename(existing);
    existing = dirname(existing);
  }
  try {
    // The folder itself a file is what mkdir calls EEXIST; a file on the way to it, ENOTDIR (named: it is elsewhere).
    if (!statSync(existing).isDirectory())
      return missing === undefined
        ? `${REASONS.EEXIST} (EEXIST)`
        : `${REASONS.ENOTDIR} (ENOTDIR: ${existing} is a file)`;
    if (missing !== undefined) {
      const first = join(existing, missing);
      mkdirSync(first);
      rmdirSync(first);
      return undefined;
    }
    const probe = join(existing, `.psd2-conformance-write-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return undefined;
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    return code ? `${REASONS[code] ?? 'failed'} (${code})` : message;
  }
}
