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
