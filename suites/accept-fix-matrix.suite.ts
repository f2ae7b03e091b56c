import { describe } from 'vitest';
import { amountAsStringCheck, checkAccepted, checkRejected } from '../checks/index.js';
import { missingHeaderCases } from '../generators/index.js';
import {
  ACCEPT_FIX_VALUES,
  CLASS,
  OPERATIONS,
  requirement,
  type OperationId,
  type RequirementId,
} from '../spec/index.js';
import { validRequest } from './operation-requests.js';
import { fixAcceptance } from './support/accept-fix.js';
import { conformanceTest } from './support/conformance-test.js';
import { operation } from './support/request.js';

/**
 * The x-accept-fix matrix (`run --accept-fix-matrix`, issue 24): every operation that takes the header, once without
 * it and once per value interface.md announces (Versioning 3), each a valid request otherwise. Without the header an
 * operation that requires it refuses (4xx); where it is optional (bulk) the answer is the default's. With
 * amount-as-string the request is accepted (MUST); with another named value it is accepted at SHOULD only, as those
 * changes are about account data and "on basket start and SCT the value is amount-as-string". An accepted answer's
 * amounts are strings with the currency's decimals: amount-as-string is the default since 1.7.6, so no value turns
 * it off. The report's matrix section (release/accept-fix-matrix.ts) compares
 * the answers cell by cell: status, error code, shape (with `run --accept-fix-matrix`). Every run sends it: its cells
 * are the test plan's for Versioning.acceptFix.known, Headers.x-accept-fix.required and .optionalOnBulk (spec/matrix).
 */

/**
 * The operations whose headers include x-accept-fix and whose answers the amount-as-string rule binds, from spec/
 * (basket start, NCBCT, SCT, bulk; basket details repeat the header names, but no rule says what it changes there).
 */
export const ACCEPT_FIX_OPERATIONS: OperationId[] = OPERATIONS.filter(
  (o) =>
    o.standing === 'specified' &&
    o.headers.some((h) => h.name === 'x-accept-fix') &&
    requirement('Versioning.acceptFix.amountAsString').operations.includes(o.id),
).map((o) => o.id);

/** The rule a request without x-accept-fix breaks on `op`, when the header is required there. */
const requiredBy = (op: OperationId): RequirementId | undefined =>
  missingHeaderCases().find((c) => c.operation === op && c.header === 'x-accept-fix')?.requirementId;

/** The matrix test's title: the release lens reads the cell back from it. */
export const matrixTitle = (op: OperationId, value: string | undefined) =>
  `x-accept-fix matrix: ${op} ${value === undefined ? 'without x-accept-fix' : `with x-accept-fix: ${value}`}`;

describe('x-accept-fix matrix', () => {
  for (const op of ACCEPT_FIX_OPERATIONS)
    for (const value of [undefined, ...ACCEPT_FIX_VALUES]) {
      const required = value === undefined ? requiredBy(op) : undefined;
      // Without the header: refused where it is required, the default's answer where it is optional (bulk).
      const rules: RequirementId[] = required
        ? [required]
        : value === undefined
          ? ['Headers.x-accept-fix.optionalOnBulk', 'Versioning.acceptFix.amountAsString']
          : ['Versioning.acceptFix.known', 'Versioning.acceptFix.amountAsString'];
      conformanceTest(
        {
          requirementIds: rules,
          operation: op,
          title: matrixTitle(op, value),
          cells: required
            ? [{ requirementId: required, label: CLASS.absent }]
            : value === undefined
              ? []
              : [{ requirementId: 'Versioning.acceptFix.known', label: `x-accept-fix: ${value}` }],
        },
        async ({ s, judge }) => {
          const exchange = await s.call(op, { ...(await validRequest(op, s)), headers: { 'x-accept-fix': value } });
          judge(
            exchange,
            required
              ? checkRejected(exchange, required)
              : [
                  ...checkAccepted(exchange, operation(op), rules[0] as RequirementId).map(fixAcceptance(value)),
                  ...amountAsStringCheck.run({ exchange }),
                ],
          );
        },
      );
    }
});
