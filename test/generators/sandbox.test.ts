import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidCase, sandboxCardAccount, sandboxEngagement } from '../../generators/index.js';
import { validate } from '../../schemas/index.js';
import { ENGAGEMENT_ROLES, isValidNorwegianBban, requirement } from '../../spec/index.js';

const INT32_MAX = 2147483647;

describe('sandbox bodies (interface.md › Resources › Sandbox engagement, Sandbox card account)', () => {
  it(
    'engagements: roles from the list without repeats, REGISTER with VIEW often ' +
      '(Sandbox.engagement.consentNeedsRegisterAndView), limits at 0 and the int32 maximum',
    () => {
      const bodies = fc.sample(sandboxEngagement(), { numRuns: 500, seed: 31 });
      for (const e of bodies) {
        const roles = e.roles as string[];
        expect(roles.length).toBeGreaterThan(0);
        expect(new Set(roles).size).toBe(roles.length);
        for (const role of roles) expect(ENGAGEMENT_ROLES).toContain(role);
        expect((e.account as { iban: string }).iban).toMatch(/^NO[0-9]{13}$/);
      }
      const consent = bodies.filter((e) => ['REGISTER', 'VIEW'].every((r) => (e.roles as string[]).includes(r))).length;
      expect(consent / bodies.length).toBeGreaterThan(0.3);
      const limits = bodies.flatMap((e) => [e.registerLimit, e.approvalLimit]);
      expect(limits).toContain(0);
      expect(limits).toContain(INT32_MAX);
    },
  );

  it('engagement parts given are used as given', () => {
    for (const e of fc.sample(sandboxEngagement({ customer: '12345678', iban: 'NO9386011117947' }), {
      numRuns: 20,
      seed: 32,
    })) {
      expect(e.customer).toBe('12345678');
      expect(e.account).toEqual({ iban: 'NO9386011117947' });
    }
  });

  it(
    'card accounts: one currency throughout, a MOD11-valid account ' +
      'number, one or two balances of both types over the sample',
    () => {
      const bodies = fc.sample(sandboxCardAccount({ customerNumber: '87654321' }), { numRuns: 300, seed: 33 });
      const types = new Set<string>();
      for (const c of bodies) {
        expect(c.customerNumber).toBe('87654321');
        const currency = c.currency;
        expect((c.creditLimit as { currency: string }).currency).toBe(currency);
        const balances = c.balances as { balanceAmount: { currency: string }; balanceType: string }[];
        expect(balances.length).toBeGreaterThanOrEqual(1);
        expect(balances.length).toBeLessThanOrEqual(2);
        for (const b of balances) {
          expect(b.balanceAmount.currency).toBe(currency);
          types.add(b.balanceType);
        }
        expect(isValidNorwegianBban(c.accountNumber as string)).toBe(true);
        expect(validate('SandboxCardAccountRequest', c)).toEqual([]);
      }
      expect([...types].sort()).toEqual(['closingBooked', 'expected']);
    },
  );

  it.each([
    [
      'engagement',
      'Sandbox.engagement.limits.int32',
      (b: Record<string, unknown>) =>
        [b.registerLimit, b.approvalLimit].some(
          (n) => !Number.isInteger(n) || (n as number) > INT32_MAX || (n as number) < -INT32_MAX - 1,
        ),
    ],
    [
      'engagement',
      'Sandbox.engagement.roles.enum',
      (b: Record<string, unknown>) =>
        (b.roles as string[]).some((r) => !(ENGAGEMENT_ROLES as readonly string[]).includes(r)),
    ],
    [
      'card-account',
      'Sandbox.cardAccount.status.enum',
      (b: Record<string, unknown>) => !['enabled', 'deleted', 'blocked'].includes(b.status as string),
    ],
    [
      'card-account',
      'Sandbox.cardAccount.maskedPan.required',
      (b: Record<string, unknown>) => typeof b.maskedPan !== 'string',
    ],
  ] as const)('invalidCase(%s, %s) breaks that rule in every case', (kind, id, breaks) => {
    for (const c of fc.sample(invalidCase(kind, id), { numRuns: 50, seed: 34 })) {
      expect(c.requirementId).toBe(id);
      expect(breaks(c.body)).toBe(true);
      expect(c.expected).toEqual(requirement(id).expected);
    }
  });

  it('a fixed seed gives identical sandbox bodies; another seed gives others', () => {
    for (const kind of ['engagement', 'card-account'] as const) {
      const a = JSON.stringify(fc.sample(invalidCase(kind), { numRuns: 30, seed: 7 }));
      expect(JSON.stringify(fc.sample(invalidCase(kind), { numRuns: 30, seed: 7 }))).toBe(a);
      expect(JSON.stringify(fc.sample(invalidCase(kind), { numRuns: 30, seed: 8 }))).not.toBe(a);
    }
  });
});
