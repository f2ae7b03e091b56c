import { resolve } from 'node:path';
import { ForksPoolWorker, type PoolOptions, type PoolRunnerInitializer, type Vitest } from 'vitest/node';
import { takePrewarmed } from './prewarm.js';

export const PREWARMED_POOL = 'prewarmed-forks';

/** vitest's forks worker, except that it takes over the worker the bin prewarmed when that is the same process. */
class PrewarmedForksWorker extends ForksPoolWorker {
  override name = PREWARMED_POOL;

  constructor(options: PoolOptions) {
    super(options);
    const child = takePrewarmed({
      entry: resolve(options.distPath, 'workers/forks.js'),
      execArgv: options.execArgv,
      env: options.env,
    });
    // ForksPoolWorker forks only when it has no process yet (`this._fork ||= fork(…)`).
    if (child) (this as unknown as { _fork: unknown })._fork = child;
  }
}

/** The run's pool (runner/run/prewarm.ts says why): vitest's forks, with the first worker already started. */
export const prewarmedForks: PoolRunnerInitializer = {
  name: PREWARMED_POOL,
  createPoolWorker: (options) => new PrewarmedForksWorker(options),
};

/**
 * Makes `vitest` run its suites in the prewarmed pool. Set on the resolved configuration, because vitest 4.1 keeps
 * the config file's `pool: 'forks'` over a pool object given to createVitest inline.
 */
export function usePrewarmed(vitest: Vitest): void {
  for (const config of [vitest.config, ...vitest.projects.map((p) => p.config)])
    Object.assign(config, { pool: PREWARMED_POOL, poolRunner: prewarmedForks });
}
