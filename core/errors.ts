import { readFileSync } from 'node:fs';
/**
 * An error the user can fix (bad configuration, missing file, unreachable target).
 * The CLI prints its message as one line, without a stack trace, and exits with `exitCode`.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = 2,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/**
 * The text of a file a person named (an option's value, a targets file's entry); one that cannot be read is one
 * line, `<what> <file> cannot be read (ENOENT)`, never a stack trace.
 */
export function readNamedFile(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`${what} ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
