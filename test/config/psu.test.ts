import { describe, expect, it } from 'vitest';
import { UserError } from '../../core/index.js';
import { loadConfig } from '../../config/index.js';

const load = (env: Record<string, string>) => loadConfig({ env, envFile: false });

/** Issue 13, identity isolation: a private and a corporate test PSU, as real sandboxes provide them. */
describe('test PSUs', () => {
  it('defaults: two different PSUs, the corporate one with a PSU-Corporate-ID for the embedded bank', () => {
    const c = load({});
    expect(c.psu).toEqual({ id: '2d3e4f50-0000-4000-8000-000000000001', ipAddress: '192.0.2.10' });
    expect(c.corporatePsu).toEqual({ id: '2d3e4f50-0000-4000-8000-000000000002', corporateId: 'corp-1' });
  });

  it('reads CORPORATE_PSU_ID, PSU_CORPORATE_ID and CORPORATE_PSU_IDENTITY', () => {
    const c = load({
      PSU_IDENTITY: '01017012345',
      CORPORATE_PSU_ID: '6f1d7a8e-1111-4222-8333-944455556666',
      PSU_CORPORATE_ID: '987654321',
      CORPORATE_PSU_IDENTITY: '02028012345',
    });
    expect(c.psu.identity).toBe('01017012345');
    expect(c.corporatePsu).toEqual({
      id: '6f1d7a8e-1111-4222-8333-944455556666',
      corporateId: '987654321',
      identity: '02028012345',
    });
  });

  it.each([
    ['CORPORATE_PSU_ID', 'corp', 'CORPORATE_PSU_ID must be a UUID, got "corp"'],
    [
      'CORPORATE_PSU_IDENTITY',
      '12',
      'CORPORATE_PSU_IDENTITY must be an 11-digit national identity or D-number, got "***"',
    ],
  ])('%s=%s is refused with one line, a secret masked', (name, value, message) => {
    expect(() => load({ [name]: value })).toThrow(new UserError(message));
  });

  it('the corporate PSU must be another PSU than the private one', () => {
    expect(() => load({ CORPORATE_PSU_ID: '2D3E4F50-0000-4000-8000-000000000001' })).toThrow(
      new UserError('CORPORATE_PSU_ID must name another PSU than PSU_ID'),
    );
    expect(() => load({ PSU_IDENTITY: '01017012345', CORPORATE_PSU_IDENTITY: '01017012345' })).toThrow(
      new UserError('CORPORATE_PSU_IDENTITY must name another PSU than PSU_IDENTITY'),
    );
  });
});
