import { basename } from 'node:path';

/**
 * One name for a test in our outcomes and in Allure's results and history: its file and its names (describe
 * blocks, then title). allure-vitest writes `<project>:<path relative to the cwd>#<names joined by spaces>`; the
 * project and the path depend on where the run started, the file name and the names do not.
 */
export const outcomeKey = (o: { file: string; name: string }): string =>
  `${basename(o.file)}#${o.name.split(' > ').join(' ')}`;

export function allureKey(fullName: string): string {
  const hash = fullName.indexOf('#');
  if (hash < 0) return fullName;
  const path = fullName.slice(0, hash);
  return `${basename(path.slice(path.lastIndexOf(':') + 1))}#${fullName.slice(hash + 1)}`;
}

/** A test's suite file as reports name it (`suites/payments.suite.ts`), wherever the run's checkout was. */
export function suiteFileOf(file: string): string {
  const at = file.lastIndexOf('/suites/');
  return at >= 0 ? file.slice(at + 1) : file;
}
