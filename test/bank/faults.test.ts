import { describe, expect, it } from 'vitest';
import { FAULTS, startBank } from '../../bank/index.js';
import { hasRequirement } from '../../spec/index.js';

describe('reference bank fault catalogue', () => {
  it('holds at least 40 faults with unique ids, each breaking requirements of the catalogue', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
    for (const fault of FAULTS) {
      expect(fault.breaks.length, fault.id).toBeGreaterThan(0);
      expect(fault.breaks.filter((id) => !hasRequirement(id)), fault.id).toEqual([]);
    }
  });

  it('refuses an unknown fault id instead of running clean', async () => {
    await expect(startBank({ faults: ['no-such-fault'] })).rejects.toThrow('unknown fault(s): no-such-fault');
  });

  it('answers an unknown path with 404 RESOURCE_UNKNOWN in the interface Error body, and an unsigned request with 401', async () => {
    const bank = await startBank();
    try {
      const missing = await fetch(`${bank.url}/v1/nothing-here`);
      expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([404, 'RESOURCE_UNKNOWN']);
      const unsigned = await fetch(`${bank.url}/v1/sandbox/accounts/x/transactions`, { headers: { 'X-Request-ID': 'r' } });
      const body = (await unsigned.json()) as Record<string, unknown>;
      expect(unsigned.status).toBe(401);
      expect(Object.keys(body).sort()).toEqual(['code', 'id', 'message', 'status', 'system']);
    } finally {
      await bank.close();
    }
  });
});
