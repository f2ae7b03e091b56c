import { resolve } from 'node:path';
import { UserError, outputFolderProblem } from '../core/index.js';

/**
 * Stops a run before any test when the reports it was asked for cannot be written (the folder is a file, not
 * writable, or under /proc): a run whose verdict is lost must not go green. One line, exit 2, in bounded time
 * (Node's recursive mkdir loops forever under /proc), and no folder left behind: the writers make it.
 */
export async function ensureWritable(dir: string, option: string): Promise<void> {
  const problem = outputFolderProblem(dir);
  if (problem) throw new UserError(`cannot write the reports to ${resolve(dir)} (${option}): ${problem}`);
  await Promise.resolve();
}
