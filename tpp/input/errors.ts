/** Input that cannot be read as requests: the CLI prints its message as one line and exits 2. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}
