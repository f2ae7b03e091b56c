import { describe, expect, it } from 'vitest';
import { missingFrom } from '../../checks/compare.js';

/** Sandbox.engagement.roundTrip and Sandbox.cardAccount.response.shape compare what was sent with what came back. */
describe('missingFrom', () => {
  const engagement = {
    customer: '1234567',
    account: { iban: 'NO9386011117947' },
    roles: ['REGISTER', 'VIEW'],
    registerLimit: 100000,
  };

  it('extra members and another array order are conformant', () => {
    const got = {
      ...engagement,
      id: 'e1',
      account: { iban: 'NO9386011117947', currency: 'NOK' },
      roles: ['VIEW', 'REGISTER'],
    };
    expect(missingFrom(engagement, got)).toEqual([]);
  });

  it('names each member that is missing or different', () => {
    expect(missingFrom(engagement, { ...engagement, roles: ['VIEW'], registerLimit: '100000' })).toEqual([
      '/roles/0',
      '/registerLimit',
    ]);
    expect(
      missingFrom(engagement, { customer: '1234567', roles: ['REGISTER', 'VIEW'], registerLimit: 100000 }),
    ).toEqual(['/account']);
    expect(missingFrom(engagement, undefined)).toEqual(['/']);
  });

  it('an element of an array matches one returned element only once', () => {
    expect(missingFrom([{ a: 1 }, { a: 1 }], [{ a: 1, b: 2 }])).toEqual(['/1']);
  });
});
