import fc from 'fast-check';
import { describe } from 'vitest';
import { checkAccepted, checkRejected } from '../checks/index.js';
import type { Exchange } from '../client/index.js';
import { REMOVE, headerBreakers, headerValueCases, missingHeaderCases } from '../generators/index.js';
import { headersToSign } from '../signing/index.js';
import { CLASS, CORPORATE_WITHOUT_ID, requirement, type OperationId, type RequirementId } from '../spec/index.js';
import { SPECIFIED_OPERATIONS, refusedRequest, validRequest } from './operation-requests.js';
import { bulkBody, ncbctBody, sctBody } from './support/bodies.js';
import { cellsOf, pickBySeed } from './support/cells.js';
import { conformanceTest } from './support/conformance-test.js';
import { runContext } from './support/context.js';
import { corporateDebtor, corporatePsuHeaders, unregisteredAccount } from './support/fixtures.js';
import { baseHeaders, operation } from './support/request.js';
import type { Session } from './support/session.js';

/**
 * interface.md › Endpoints › Header groups and Authentication 4, on every operation interface.md specifies: each
 * required header left out, each class of malformed value the header's format has (spec/matrix: a UUID of the wrong
 * length, a near miss of a closed list …), one request each; the valid kinds of each optional header's format sent
 * together, a request per kind a header has; the corporate and X-PSU-IDENTITY cases on every payment initiation.
 */

const PAYMENTS: OperationId[] = ['ncbct.create', 'sct.create', 'bulk.create'];

/** The kinds of valid value a test sends, for its title. */
const kindsOf = (cases: readonly { header: string; cls: string }[]): string =>
  cases.map((c) => `${c.header}: ${c.cls}`).join('; ');

/**
 * A request of `op` without `header`: removed after signing (the signer would otherwise supply X-Request-ID and
 * Digest itself), and left out of the signed list, so the only thing wrong is its absence, not a signature over a
 * header that is not there. The list is the one the signer would choose for the headers the request carries.
 */
async function sendWithout(s: Session, op: OperationId, header: string): Promise<Exchange> {
  const lower = header.toLowerCase();
  const request = await refusedRequest(op, s);
  const carried = { ...baseHeaders(s.ctx, op, request.body !== undefined), Date: '-' };
  const signedHeaders = headersToSign(request.body === undefined ? carried : { ...carried, Digest: '-' }).filter(
    (h) => h !== lower,
  );
  return s.call(op, {
    ...request,
    sign: { signedHeaders },
    afterSign: (signed) => ({
      ...signed,
      headers: Object.fromEntries(Object.entries(signed.headers).filter(([k]) => k.toLowerCase() !== lower)),
    }),
  });
}

/** The every-request rule a header's absence breaks too (Authentication 1 and 3: Signature and its certificate). */
const alsoBroken = (op: OperationId, header: string): RequirementId | undefined => {
  const rule = operation(op).headers.find((h) => h.name === header)?.everyRequestRule;
  return rule && requirement(rule).operations.includes(op) ? rule : undefined;
};

describe('headers', () => {
  // Every header each specified operation requires, left out (generators/headers.ts missingHeaderCases): derived from
  // the header groups each operation names, so a new operation or header gets its cases without an edit here.
  // x-accept-fix left out is a column of the x-accept-fix matrix (accept-fix-matrix.suite.ts).
  for (const { operation: op, header, requirementId } of missingHeaderCases().filter(
    (c) => c.header !== 'x-accept-fix',
  )) {
    const every = alsoBroken(op, header);
    conformanceTest(
      {
        requirementIds: requirementId,
        operation: op,
        title: `${op}: a request without ${header} is rejected with a 4xx`,
        cells: [requirementId, ...(every && every !== requirementId ? [every] : [])].map((id) => ({
          requirementId: id,
          label: CLASS.absent,
        })),
      },
      async ({ s, judge }) => {
        const exchange = await sendWithout(s, op, header);
        judge(exchange, checkRejected(exchange, requirementId));
      },
    );
  }

  // Each class of malformed value of each header rule of each operation (generators/headers.ts headerBreakers), the
  // value within its class drawn from the run's seed: a UUID of the wrong length, a near miss of a closed list …
  for (const op of SPECIFIED_OPERATIONS)
    for (const breaker of headerBreakers(op).filter(
      (b) => b.requirementId.startsWith('Headers.') && !b.prepare && b.cls !== CLASS.absent,
    )) {
      const name = breaker.at.slice(1);
      conformanceTest(
        {
          requirementIds: breaker.requirementId,
          operation: op,
          title: `${op}: ${name}: ${breaker.cls} is rejected with a 4xx`,
          cells: cellsOf([breaker]),
        },
        async ({ s, judge }) => {
          const [value] = fc.sample(breaker.value, { numRuns: 1, seed: s.ctx.seed });
          if (value === REMOVE) throw new Error(`${breaker.label}: a malformed value, not a removal`);
          const exchange = await s.call(op, { ...(await refusedRequest(op, s)), headers: { [name]: String(value) } });
          judge(exchange, checkRejected(exchange, breaker.requirementId));
        },
      );
    }

  // The valid kinds of each optional header of a format (a UUID in upper case or of another version, a member of a
  // closed list): valid classes share requests, one header of each per request; a refused request is sent again one
  // header at a time, to find the value the bank refuses. PSU-Context's members have the corporate tests below.
  for (const op of SPECIFIED_OPERATIONS) {
    // One value of each class of each header, the seed choosing among a list's members.
    const all = headerValueCases(op, { seed: runContext().seed, membersElsewhere: ['PSU-Context'] });
    const kinds = [...new Set(all.filter((c) => c.member).map((c) => `${c.header}\n${c.cls}`))];
    const members = kinds.map((kind) =>
      pickBySeed(
        all.filter((c) => `${c.header}\n${c.cls}` === kind),
        runContext().seed,
      ),
    );
    if (members.length === 0) continue;
    const requests: (typeof members)[] = [];
    for (const c of members) {
      const free = requests.find((r) => r.every((other) => other.header !== c.header));
      if (free) free.push(c);
      else requests.push([c]);
    }
    conformanceTest(
      {
        requirementIds: ['Headers.optional.accepted', ...new Set(members.map((c) => c.requirementId))],
        operation: op,
        title: `${op}: optional headers with each kind of valid value (${kindsOf(members)}) are accepted`,
        cells: cellsOf(members),
      },
      async ({ s, judge }) => {
        for (const together of requests) {
          const headers = Object.fromEntries(together.map((c) => [c.header, c.value]));
          const exchange = await s.call(op, { ...(await validRequest(op, s)), headers });
          const results = checkAccepted(exchange, operation(op), 'Headers.optional.accepted');
          if (results.every((r) => r.ok)) {
            judge(exchange, results);
            continue;
          }
          for (const c of together) {
            const alone = await s.call(op, { ...(await validRequest(op, s)), headers: { [c.header]: c.value } });
            judge(alone, checkAccepted(alone, operation(op), c.requirementId));
          }
        }
      },
    );
  }

  // Errors rule 1 and Authentication 4: "corporate users also send PSU-Corporate-ID (omitting it for a corporate
  // user gives 400)". Who is a corporate user is the bank's knowledge, and interface.md does not say how it
  // decides: from PSU-Context per request, by remembering a PSU once seen as corporate, or from the owner of the
  // debtor account. So the request comes from the corporate test PSU (never the private one, whom a remembering
  // bank would refuse from then on), says PSU-Context CORPORATE, and pays from a corporate sandbox customer's
  // account. The production profile makes no sandbox data: there the debtor is an account number the bank need
  // not know, since the request must be refused for its missing header whatever it pays from.
  for (const op of PAYMENTS) {
    const corporateBody = async (s: Session, remittance: string) => {
      const debtor = s.ctx.profile === 'production' ? unregisteredAccount(s) : await corporateDebtor(s);
      if (op === 'ncbct.create') return ncbctBody(debtor, '43.00', `${remittance} ${s.ctx.runTag}`);
      return op === 'sct.create' ? sctBody(debtor, '43.00') : bulkBody(debtor, unregisteredAccount(s));
    };
    conformanceTest(
      {
        requirementIds: 'Errors.corporateWithoutCorporateId.400',
        operation: op,
        title: `${op}: a corporate PSU (PSU-Context CORPORATE) without PSU-Corporate-ID gives 400, not 500`,
        cells: [{ requirementId: 'Errors.corporateWithoutCorporateId.400', label: CORPORATE_WITHOUT_ID }],
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, {
          body: await corporateBody(s, 'corp'),
          query: { allowLogicalDuplicate: true },
          headers: corporatePsuHeaders(s, false),
        });
        judge(exchange, checkRejected(exchange, 'Errors.corporateWithoutCorporateId.400'));
      },
    );
    conformanceTest(
      {
        requirementIds: ['Headers.PSU-Context.singleSca', 'Headers.optional.accepted'],
        operation: op,
        title:
          `${op}: the corporate PSU with PSU-Context CORPORATE and its PSU-Corporate-ID, paying from a corporate ` +
          'account, is accepted',
        cells: [{ requirementId: 'Headers.PSU-Context.enum', label: CLASS.listedMember }],
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, {
          body: await corporateBody(s, 'corp ok'),
          query: { allowLogicalDuplicate: true },
          headers: corporatePsuHeaders(s),
        });
        judge(exchange, checkAccepted(exchange, operation(op), 'Headers.PSU-Context.singleSca'));
      },
    );
    conformanceTest(
      {
        requirementIds: 'Headers.X-PSU-IDENTITY.alternative',
        operation: op,
        title: `${op}: a PSU identified by X-PSU-IDENTITY instead of PSU-ID is accepted`,
      },
      async ({ s, judge }) => {
        const exchange = await s.call(op, {
          ...(await validRequest(op, s)),
          headers: { 'PSU-ID': undefined, 'X-PSU-IDENTITY': s.ctx.config.psu.identity ?? '01017012345' },
        });
        judge(exchange, checkAccepted(exchange, operation(op), 'Headers.X-PSU-IDENTITY.alternative'));
      },
    );
  }
});
