import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../spec/index.js';
import { SPECIFIED_OPERATIONS, hasValidRequest } from '../../suites/operation-requests.js';

describe('a valid request of every specified operation (suites/operation-requests.ts)', () => {
  it('exists for each of the nine operations interface.md specifies, so each gets its header cases', () => {
    expect(SPECIFIED_OPERATIONS).toHaveLength(9);
    expect(SPECIFIED_OPERATIONS).toEqual(OPERATIONS.filter((o) => o.standing === 'specified').map((o) => o.id));
    expect(SPECIFIED_OPERATIONS.filter((op) => !hasValidRequest(op))).toEqual([]);
    expect(hasValidRequest('sandbox.initialize')).toBe(false);
  });
});
