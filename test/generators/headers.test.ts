import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SIGNER_HEADERS,
  headerBreakers,
  headerSet,
  invalidHeaders,
  missingHeaderCases,
  headerValueCases,
  UUID_MEMBERS,
  UUID_NEAR_MISSES,
} from '../../generators/index.js';
import { ACCEPT_FIX_VALUES, OPERATIONS, requirement } from '../../spec/index.js';
import { headerViolations } from './oracles.js';

const ALL = OPERATIONS.map((o) => o.id);
const SPECIFIED = OPERATIONS.filter((o) => o.standing === 'specified').map((o) => o.id);
/** A header field value as RFC 9110 allows it, restricted to visible ASCII and inner spaces. */
const FIELD_VALUE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

describe('header sets (interface.md › Endpoints › Header groups)', () => {
  it.each(ALL)('every %s header set has each required header, valid values and no signing header', (op) => {
    const taken = new Set([...OPERATIONS.find((o) => o.id === op)!.headers.map((h) => h.name), 'Content-Type']);
    fc.assert(
      fc.property(headerSet(op), (headers) => {
        expect(headerViolations(op, headers)).toEqual([]);
        for (const [name, value] of Object.entries(headers)) {
          expect(taken.has(name), name).toBe(true);
          expect(value, name).toMatch(FIELD_VALUE);
        }
        for (const name of SIGNER_HEADERS) expect(headers).not.toHaveProperty(name);
        if (headers['TPP-Redirect-URI']) expect(new URL(headers['TPP-Redirect-URI']).protocol).toBe('https:');
        if (headers['x-accept-fix']) expect(ACCEPT_FIX_VALUES).toContain(headers['x-accept-fix']);
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it(
    'Headers.optional.accepted: on NCBCT every optional header is sometimes ' +
      'sent and sometimes not; CORPORATE comes with PSU-Corporate-ID',
    () => {
      const sets = fc.sample(headerSet('ncbct.create'), { numRuns: 400, seed: 12 });
      const optional = OPERATIONS.find((o) => o.id === 'ncbct.create')!.headers.filter(
        (h) => h.presence === 'no' && !['Host', 'X-PSU-IDENTITY'].includes(h.name),
      );
      expect(optional.length).toBeGreaterThan(15);
      for (const h of optional) {
        const sent = sets.filter((s) => h.name in s).length;
        expect(sent, h.name).toBeGreaterThan(0);
        expect(sent, h.name).toBeLessThan(sets.length);
      }
      const corporate = sets.filter((s) => s['PSU-Context'] === 'CORPORATE');
      expect(corporate.length).toBeGreaterThan(0);
      for (const s of corporate) expect(typeof s['PSU-Corporate-ID']).toBe('string');
      expect(sets.some((s) => s['PSU-IP-Address']?.includes(':'))).toBe(true); // IPv6 too
      expect(new Set(sets.map((s) => s['X-Request-ID'])).size).toBe(sets.length);
    },
  );

  it('fixed values are sent as given', () => {
    for (const h of fc.sample(
      headerSet('sct.create', {
        fixed: { 'PSU-ID': '5b3ab8e8-0fd5-43d2-946e-d75958b172e7', 'TPP-Redirect-URI': 'https://tpp.no/cb' },
      }),
      { numRuns: 20, seed: 13 },
    )) {
      expect(h['PSU-ID']).toBe('5b3ab8e8-0fd5-43d2-946e-d75958b172e7');
      expect(h['TPP-Redirect-URI']).toBe('https://tpp.no/cb');
    }
  });

  it.each(SPECIFIED)('every invalid %s header set breaks its labelled rule and no other MUST rule', (op) => {
    fc.assert(
      fc.property(invalidHeaders(op), (c) => {
        const ids = headerViolations(op, c.headers);
        expect(ids, c.label).toContain(c.requirementId);
        expect(
          ids.filter((id) => id !== c.requirementId && requirement(id).level === 'MUST'),
          c.label,
        ).toEqual([]);
        expect(c.operation).toBe(op);
        expect(c.expected).toEqual(requirement(c.requirementId).expected);
        expect(c.omitted === undefined).toBe(c.pointer.slice(1) in c.headers);
      }),
      { numRuns: 300, seed: 14 },
    );
  });

  it.each(
    SPECIFIED.flatMap((op) =>
      [...new Set(headerBreakers(op).map((b) => b.requirementId))].map((id) => [op, id] as const),
    ),
  )('%s: invalidHeaders(op, %s) breaks exactly that rule', (op, id) => {
    for (const c of fc.sample(invalidHeaders(op, id), { numRuns: 15, seed: 15 })) {
      expect(c.requirementId).toBe(id);
      expect(headerViolations(op, c.headers).filter((v) => v === id || requirement(v).level === 'MUST')).toEqual([id]);
    }
  });

  it(
    'the cases interface.md names: PSU-ID not a UUID, PSU-IP-Address not an IP, PSU-HTTP-Method outside its ' +
      'enum, PSU-Context outside PRIVATE/CORPORATE, x-accept-fix missing, CORPORATE without PSU-Corporate-ID',
    () => {
      const ids = headerBreakers('ncbct.create').map((b) => b.requirementId);
      for (const id of [
        'Headers.PSU-ID.uuid',
        'Headers.PSU-IP-Address.ip',
        'Headers.PSU-HTTP-Method.enum',
        'Headers.PSU-Context.enum',
        'Headers.x-accept-fix.required',
        'Errors.corporateWithoutCorporateId.400',
        'Headers.X-Request-ID.required',
        'Headers.PSU-ID.required',
      ]) {
        expect(ids).toContain(id);
      }
      // x-accept-fix is optional on bulk (Headers.x-accept-fix.optionalOnBulk): no case may drop it there.
      expect(headerBreakers('bulk.create').map((b) => b.requirementId)).not.toContain('Headers.x-accept-fix.required');
      const [c] = fc.sample(invalidHeaders('ncbct.create', 'Errors.corporateWithoutCorporateId.400'), {
        numRuns: 1,
        seed: 16,
      });
      expect(c?.headers['PSU-Context']).toBe('CORPORATE');
      expect(c?.omitted).toBe('PSU-Corporate-ID');
      expect(c?.expected).toEqual({ status: [400], codes: [], exactness: 'MUST' });
    },
  );

  it('an unknown rule for an operation is a clear error', () => {
    expect(() => invalidHeaders('sandbox.transactions.list', 'Headers.PSU-ID.uuid')).toThrow(
      'no invalid sandbox.transactions.list header generator breaks Headers.PSU-ID.uuid',
    );
  });
});

describe('missing-header cases: each header a group requires, left out on each operation that takes it', () => {
  const byOperation = (op: string) =>
    missingHeaderCases()
      .filter((c) => c.operation === op)
      .map((c) => `${c.header} ${c.requirementId}`);
  const S = ['X-Request-ID', 'TPP-Signature-Certificate', 'Signature'];
  const rules = (names: string[]) =>
    names.map((n) => `${n} Headers.${n === 'Digest' ? 'Digest.requiredWithBody' : `${n}.required`}`);
  const T_P = ['TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-ID', 'PSU-IP-Address'];

  it('every specified operation, with the headers interface.md › Endpoints names for it, in table order', () => {
    // Operation 1: group S without Digest, T, P, x-accept-fix.
    expect(byOperation('basket.startAuthorisation')).toEqual(rules([...S, ...T_P, 'x-accept-fix']));
    // Operation 2: "which of them are required: not shown"; Authentication 1 and 3 still require a signature.
    expect(byOperation('basket.get')).toEqual([
      'TPP-Signature-Certificate Auth.certificate.required',
      'Signature Auth.signature.required',
    ]);
    // Operations 3 and 4: S with Digest, T, P, I, x-accept-fix; 5: x-accept-fix optional.
    const withDigest = ['X-Request-ID', 'Digest', 'TPP-Signature-Certificate', 'Signature'];
    expect(byOperation('ncbct.create')).toEqual(rules([...withDigest, ...T_P, 'x-accept-fix']));
    expect(byOperation('sct.create')).toEqual(rules([...withDigest, ...T_P, 'x-accept-fix']));
    expect(byOperation('bulk.create')).toEqual(rules([...withDigest, ...T_P]));
    // Operations 6 and 8 carry a body; 7 takes 6's headers but has no body to digest; 9 names no Digest.
    expect(byOperation('sandbox.engagement.create')).toEqual(rules(withDigest));
    expect(byOperation('sandbox.cardAccount.create')).toEqual(rules(withDigest));
    expect(byOperation('sandbox.engagement.get')).toEqual(rules(S));
    expect(byOperation('sandbox.transactions.list')).toEqual(rules(S));
    // Named and platform operations: their headers are assumed, so nothing is judged on them.
    expect(new Set(missingHeaderCases().map((c) => c.operation))).toEqual(new Set(SPECIFIED));
  });

  it('each case names a rule of the catalogue that names its operation', () => {
    for (const c of missingHeaderCases())
      expect(requirement(c.requirementId).operations, `${c.operation} ${c.header}`).toContain(c.operation);
  });
});

describe('closed lists and UUID formats of header values, members and near misses', () => {
  /** RFC 4122 §3's string form, hex in any case (the oracle: not the bank's or the generator's own pattern). */
  const RFC_4122 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const summary = (op: 'ncbct.create' | 'basket.startAuthorisation' | 'sandbox.engagement.create') =>
    headerValueCases(op, { seed: 7, membersElsewhere: ['PSU-Context'] }).map(
      (c) => `${c.header} ${c.member ? '+' : '-'} ${c.header.endsWith('ID') ? c.label : c.value}`,
    );

  it('on NCBCT: every listed value and every near miss of each list, and the UUID forms, in table order', () => {
    const uuid = (header: string, members: boolean) => [
      ...(members ? UUID_MEMBERS.map((m) => `${header} + ${m.label}`) : []),
      ...UUID_NEAR_MISSES.map((m) => `${header} - ${m.label}`),
    ];
    expect(summary('ncbct.create')).toEqual([
      ...['true', 'false'].map((v) => `TPP-Redirect-Preferred + ${v}`),
      ...['yes', 'no', '1', '0'].map((v) => `TPP-Redirect-Preferred - ${v}`),
      // PSU-ID names the configured PSU: a member would be another PSU, so only near misses.
      ...uuid('PSU-ID', false),
      ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((v) => `PSU-HTTP-Method + ${v}`),
      ...['HEAD', 'OPTIONS', 'TRACE', 'CONNECT'].map((v) => `PSU-HTTP-Method - ${v}`),
      ...uuid('PSU-Device-ID', true),
      ...['BUSINESS', 'PERSONAL', 'RETAIL'].map((v) => `PSU-Context - ${v}`),
    ]);
  });

  it('only where the rule names the operation: no PSU-Context on the basket start, nothing on the sandbox', () => {
    expect(summary('basket.startAuthorisation').some((c) => c.startsWith('PSU-Context'))).toBe(false);
    expect(summary('basket.startAuthorisation').some((c) => c.startsWith('PSU-Device-ID'))).toBe(true);
    expect(summary('sandbox.engagement.create')).toEqual([]);
  });

  it('UUID members are UUIDs and near misses are not, by RFC 4122, for any drawn UUID', () => {
    for (const seed of [1, 2, 3]) {
      const cases = headerValueCases('ncbct.create', { seed }).filter((c) => c.header === 'PSU-Device-ID');
      expect(cases).toHaveLength(UUID_MEMBERS.length + UUID_NEAR_MISSES.length);
      for (const c of cases) expect(RFC_4122.test(c.value), `${c.label}: ${c.value}`).toBe(c.member);
    }
    // The same seed draws the same values; another seed others (the test names show them).
    expect(headerValueCases('ncbct.create', { seed: 5 })).toEqual(headerValueCases('ncbct.create', { seed: 5 }));
    expect(headerValueCases('ncbct.create', { seed: 5 })).not.toEqual(headerValueCases('ncbct.create', { seed: 6 }));
  });
});
