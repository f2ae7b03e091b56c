import { describe, expect, it } from 'vitest';
import { isTeardownNoise } from '../../runner/run/teardown-noise.js';

describe('vitest teardown noise under native imports', () => {
  it('is only the pending ensureModuleGraphEntry message of a worker closing, not any other error', () => {
    const message = '[vitest-worker]: Closing rpc while "ensureModuleGraphEntry" was pending';
    expect(isTeardownNoise({ name: 'EnvironmentTeardownError', message })).toBe(true);
    expect(isTeardownNoise({ name: 'Error', message })).toBe(false);
    expect(
      isTeardownNoise({
        name: 'EnvironmentTeardownError',
        message: '[vitest-worker]: Closing rpc while "onTaskUpdate" was pending',
      }),
    ).toBe(false);
    expect(isTeardownNoise({ name: 'EnvironmentTeardownError' })).toBe(false);
  });
});
