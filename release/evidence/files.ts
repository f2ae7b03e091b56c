/** The files of a reports folder and their sha256, as the evidence manifest lists them and `evidence verify` checks. */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface FileHash {
  /** Relative to the reports folder, with `/` between folders. */
  path: string;
  sha256: string;
  bytes: number;
}

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** Every file under `dir` (not following links), relative, sorted; folders named in `skip` (relative) left out. */
export function listFiles(dir: string, skip: readonly string[] = [], prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (skip.includes(path)) return [];
      if (entry.isDirectory()) return listFiles(dir, skip, path);
      return entry.isFile() ? [path] : [];
    })
    .sort();
}

/**
 * The sha256 and size of every file of a reports folder but those under `skip`, each read through one small buffer:
 * the single-file HTML report is megabytes, and the run's process is to stay small (issue 25).
 */
export function hashFiles(dir: string, skip: readonly string[] = []): FileHash[] {
  const chunk = Buffer.alloc(1 << 16);
  return listFiles(dir, skip).map((path) => {
    const hash = createHash('sha256');
    const fd = openSync(join(dir, path), 'r');
    let bytes = 0;
    try {
      for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
        hash.update(chunk.subarray(0, read));
        bytes += read;
      }
    } finally {
      closeSync(fd);
    }
    return { path, sha256: hash.digest('hex'), bytes };
  });
}
