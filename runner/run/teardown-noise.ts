/**
 * The suites run on Node's own imports (vitest.conformance.config.ts, `experimental.viteModuleRunner: false`), and
 * vitest 4.1's resolve hook then tells the run's process of each import it sees, without waiting for the answer. A
 * worker that ends while such a message is in flight (after collecting, or after its last file) rejects it with
 * `EnvironmentTeardownError: Closing rpc while "ensureModuleGraphEntry" was pending`, an unhandled rejection vitest
 * reports as the run's error. It concerns vitest's module graph, which no run reads, and no test: it is not a worker
 * that failed, and a run or a listing that saw only this is whole.
 */
export function isTeardownNoise(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return (
    name === 'EnvironmentTeardownError' &&
    typeof message === 'string' &&
    message.includes('"ensureModuleGraphEntry" was pending')
  );
}

/** An unhandled error's message, whatever vitest serialised it as (an object without a prototype: no toString). */
export const errorMessage = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
