/** The files of a reports folder and their sha256, as the evidence manifest lists them and `evidence verify` checks. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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

/** The sha256 and size of every file of a reports folder but those under `skip`. */
export function hashFiles(dir: string, skip: readonly string[] = []): FileHash[] {
  return listFiles(dir, skip).map((path) => {
    const bytes = readFileSync(join(dir, path));
    return { path, sha256: sha256(bytes), bytes: bytes.length };
  });
}
