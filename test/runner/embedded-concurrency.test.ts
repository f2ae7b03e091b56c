import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { withConcurrencyFor } from '../../runner/run/run.js';

const config = (env: Record<string, string>) => loadConfig({ env, envFile: false });

describe('requests in flight: HTTP_CONCURRENCY, and the embedded bank when it is unset', () => {
  it('unset: 4 against a real bank, 16 against the embedded reference bank', () => {
    expect(withConcurrencyFor('remote', config({})).http.concurrency).toBe(4);
    expect(withConcurrencyFor('embedded', config({})).http.concurrency).toBe(16);
  });

  it('set: what the user set, whatever the target (the embedded bank at 1 runs one request at a time)', () => {
    for (const kind of ['remote', 'embedded'] as const) {
      expect(withConcurrencyFor(kind, config({ HTTP_CONCURRENCY: '1' })).http.concurrency).toBe(1);
      expect(withConcurrencyFor(kind, config({ HTTP_CONCURRENCY: '4' })).http.concurrency).toBe(4);
    }
  });

  it('blank counts as unset, as for every variable', () => {
    expect(withConcurrencyFor('embedded', config({ HTTP_CONCURRENCY: ' ' })).http.concurrency).toBe(16);
  });
});
