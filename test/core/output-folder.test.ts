import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputFolderProblem } from '../../core/index.js';
import { hangGuard } from '../support/bounds.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'psd2-out-'));

describe('outputFolderProblem: can this folder hold the files asked of it?', () => {
  it('a folder that exists, or can be made, can: and nothing is left behind', () => {
    const dir = fresh();
    expect(outputFolderProblem(dir)).toBeUndefined();
    expect(outputFolderProblem(join(dir, 'a', 'b', 'c'))).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a file in the way cannot', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'file'), '');
    expect(outputFolderProblem(join(dir, 'file'))).toBe('a file is in the way of the folder (EEXIST)');
    expect(outputFolderProblem(join(dir, 'file', 'x', 'y'))).toBe(
      `a file is in the way of the folder (ENOTDIR: ${dir}/file is a file)`,
    );
  });

  it("/proc cannot, answered at once (Node's recursive mkdir loops forever there)", () => {
    const started = performance.now();
    expect(outputFolderProblem('/proc/x')).toBe('this file system takes no new folders there (ENOENT)');
    expect(outputFolderProblem('/proc/x/y/z')).toBe('this file system takes no new folders there (ENOENT)');
    expect(performance.now() - started).toBeLessThan(hangGuard(1000));
    expect(outputFolderProblem('/sys/x')).toBe('not writable (EPERM)');
  });

  it.runIf(process.getuid?.() !== 0)('a folder without write permission cannot', () => {
    const dir = fresh();
    mkdirSync(join(dir, 'locked'));
    chmodSync(join(dir, 'locked'), 0o500);
    expect(outputFolderProblem(join(dir, 'locked'))).toBe('not writable (EACCES)');
    expect(existsSync(join(dir, 'locked', 'x'))).toBe(false);
  });
});
