/**
 * The wall-clock bounds of the project's tests (docs/development.md › Tests on a busy machine). A bound only stops a
 * test that hangs; it never judges how fast something is (that is a benchmark's business: bench/, `npm run bench`).
 *
 * A machine shared with other work runs the tests several times slower than a quiet one: `npm test` on a 2-core CI
 * machine at load 6 to 23 took 45 minutes. Every bound is therefore what the guarded step was given on a quiet machine
 * times SLOWDOWN, so that it still fits at a quarter of that speed. A test that would pass late is not a failure; a
 * test that hangs is, a few minutes later than before.
 */
export const SLOWDOWN = 4;

/** The bound for a step that had `quietMs` on a quiet machine: it holds at a quarter of that machine's speed. */
export const hangGuard = (quietMs: number): number => quietMs * SLOWDOWN;
