import { PAYMENT_CREATION, ALL_OPERATIONS } from './build.js';
import { invalidClass, observedClass } from '../matrix/types.js';
import { CLASS } from '../matrix/labels.js';
import type { Requirement } from './types.js';

/** Errors rule 1's situation, as one class: sent on every payment initiation. */
export const CORPORATE_WITHOUT_ID = 'a corporate PSU (PSU-Context CORPORATE) without PSU-Corporate-ID';

const ERRORS = 'Errors';

export const ERROR_RULES: Requirement[] = [
  {
    id: 'Errors.body.shape',
    level: 'MUST',
    section: ERRORS,
    statement:
      'Error responses carry the Error body: id, system (strings), status (number), code (string), ' +
      'message (string); a 401 may carry the Challenge body instead (Errors table: 401, no code).',
    operations: ALL_OPERATIONS,
    kind: 'response',
  },
  {
    id: 'Errors.body.berlinGroup',
    level: 'SHOULD',
    section: 'platform-notes.md › Berlin Group conventions',
    statement:
      'An error body in Berlin Group form {tppMessages: [...]} is accepted in ' +
      'place of the Error body; the report says which was seen.',
    operations: ALL_OPERATIONS,
    kind: 'response',
  },
  {
    id: 'Errors.body.statusMatches',
    level: 'SHOULD',
    section: ERRORS,
    statement: 'The Error body status equals the HTTP status.',
    operations: ALL_OPERATIONS,
    kind: 'response',
  },
  {
    id: 'Errors.code.inList',
    level: 'MUST',
    section: ERRORS,
    statement: 'An error code is one of the codes interface.md lists (TppMessage codes, REFERENCE_MIX_INVALID).',
    operations: ALL_OPERATIONS,
    kind: 'response',
  },
  {
    id: 'Errors.serverError.systemError',
    level: 'MUST',
    section: ERRORS,
    statement: 'A 500 carries code SYSTEM_ERROR (message may be omitted).',
    operations: ALL_OPERATIONS,
    kind: 'response',
  },
  {
    id: 'Errors.bulk.formatError400',
    level: 'MUST',
    section: `${ERRORS}; Endpoints › 5`,
    statement: 'A malformed bulk payment gives 400 FORMAT_ERROR.',
    operations: ['bulk.create'],
    kind: 'behaviour',
    classes: [observedClass(CLASS.everyAnswer)],
    expected: { status: [400], codes: ['FORMAT_ERROR'], exactness: 'MUST' },
  },
  {
    id: 'Errors.invalidRequest.never2xx',
    level: 'MUST',
    section: ERRORS,
    statement: 'A request that breaks a MUST rule of interface.md is never answered 2xx.',
    operations: ALL_OPERATIONS,
    kind: 'behaviour',
    classes: [observedClass(CLASS.everyAnswer)],
  },
  {
    id: 'Errors.clientError.never5xx',
    level: 'SHOULD',
    section: `${ERRORS} (rules 1 and 4 generalised)`,
    statement: 'No client input yields a 5xx: client errors are 4xx.',
    operations: ALL_OPERATIONS,
    kind: 'behaviour',
    classes: [observedClass(CLASS.everyAnswer)],
  },
  {
    id: 'Errors.corporateWithoutCorporateId.400',
    level: 'MUST',
    section: `${ERRORS} rule 1; Authentication 4`,
    statement: 'A corporate-user request (PSU-Context CORPORATE) without PSU-Corporate-ID gives 400, not 500.',
    operations: PAYMENT_CREATION,
    kind: 'header',
    classes: [invalidClass(CORPORATE_WITHOUT_ID)],
    expected: { status: [400], codes: [], exactness: 'MUST' },
  },
  {
    id: 'Errors.kid.400',
    level: 'MUST',
    section: `${ERRORS} rule 2; Versioning 5 (release 1.7.0)`,
    statement:
      'KID errors give 400, not 401 (interface.md names no code: any listed ' +
      'code conforms; KID_INVALID or KID_MISSING is the convention).',
    operations: ['bulk.create'],
    kind: 'body',
    classes: [invalidClass('a KID with a wrong check digit')],
    expected: { status: [400], codes: [], exactness: 'MUST' },
  },
  {
    id: 'Errors.insufficientFunds.notServerError',
    level: 'MUST',
    section: `${ERRORS} rule 4`,
    statement: 'Insufficient funds gives a proper error response (4xx, e.g. PAYMENT_FAILED), not 500.',
    operations: PAYMENT_CREATION,
    kind: 'behaviour',
    expected: { status: [400, 403, 409, 422], codes: ['PAYMENT_FAILED'], exactness: 'SHOULD' },
  },
  {
    id: 'Errors.unknownResource.404',
    level: 'SHOULD',
    section: 'platform-notes.md › Berlin Group conventions',
    statement: 'An unknown id in the path gives 404 RESOURCE_UNKNOWN.',
    operations: [
      'payment.status',
      'sandbox.engagement.get',
      'sandbox.transactions.list',
      'basket.startAuthorisation',
      'sandbox.engagement.create',
    ],
    kind: 'behaviour',
    expected: { status: [404], codes: ['RESOURCE_UNKNOWN'], exactness: 'SHOULD' },
  },
  {
    id: 'Errors.invalidJson.400',
    level: 'SHOULD',
    section: 'Errors (FORMAT_ERROR); platform-notes.md › Berlin Group conventions',
    statement: 'A body that is not JSON gives 400 FORMAT_ERROR.',
    operations: PAYMENT_CREATION,
    kind: 'body',
    classes: [invalidClass('a body that is not JSON')],
    expected: { status: [400], codes: ['FORMAT_ERROR'], exactness: 'SHOULD' },
  },
];
