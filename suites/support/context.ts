import { inject } from 'vitest';
import type { RunContext } from '../../run-model/index.js';

export type { Profile, RunContext } from '../../run-model/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    run: RunContext;
  }
}

/** The run's context, as the runner provided it to every suite file. */
export const runContext = (): RunContext => inject('run');
