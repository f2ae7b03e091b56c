import { describe, expect, it } from 'vitest';
import { operation } from '../../suites/support/request.js';
import { SIGNED_OPERATIONS, applicableTamperings, tamperingsFor } from '../../suites/support/tamperings.js';

/** Authentication 1 on every operation interface.md specifies, within the default run's request budget. */
describe('tamperings per signed operation', () => {
  it('are the nine operations interface.md specifies', () => {
    expect(SIGNED_OPERATIONS.map((o) => o.id)).toHaveLength(9);
  });

  it('by default: the body changed after signing where there is a body, else the signature flipped', () => {
    expect(tamperingsFor(operation('sct.create'), false).map((t) => t.name)).toEqual(['body changed after signing']);
    expect(tamperingsFor(operation('basket.get'), false).map((t) => t.name)).toEqual(['signature bytes flipped']);
    expect(tamperingsFor(operation('basket.startAuthorisation'), false).map((t) => t.name)).toEqual([
      'signature bytes flipped',
    ]);
  });

  it('with --thorough: all that apply; none about a body on a GET, nor about psu-id where PSU-ID is not taken', () => {
    const names = (id: Parameters<typeof operation>[0]) => applicableTamperings(operation(id)).map((t) => t.name);
    expect(names('sandbox.transactions.list')).not.toContain('body changed after signing');
    expect(names('sandbox.transactions.list')).not.toContain('psu-id left out of the signed headers');
    expect(names('sct.create')).toContain('psu-id left out of the signed headers');
    expect(names('sct.create')).toContain('Digest of another body');
    expect(tamperingsFor(operation('sct.create'), true).length).toBeGreaterThan(10);
  });
});
