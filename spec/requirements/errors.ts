import { PAYMENT_CREATION, ALL_OPERATIONS, rule } from './build.js';

const E = 'Errors';

export const ERROR_RULES = [
  rule('Errors.body.shape', 'MUST', E, 'Error responses carry the Error body: id, system (strings), status (number), code (string), message (string).', ALL_OPERATIONS, 'response'),
  rule('Errors.body.berlinGroup', 'SHOULD', 'platform-notes.md › Berlin Group conventions', 'An error body in Berlin Group form {tppMessages: [...]} is accepted in place of the Error body; the report says which was seen.', ALL_OPERATIONS, 'response'),
  rule('Errors.body.statusMatches', 'SHOULD', E, 'The Error body status equals the HTTP status.', ALL_OPERATIONS, 'response'),
  rule('Errors.code.inList', 'MUST', E, 'An error code is one of the codes interface.md lists (TppMessage codes, REFERENCE_MIX_INVALID).', ALL_OPERATIONS, 'response'),
  rule('Errors.serverError.systemError', 'MUST', E, 'A 500 carries code SYSTEM_ERROR (message may be omitted).', ALL_OPERATIONS, 'response'),
  rule('Errors.bulk.formatError400', 'MUST', `${E}; Endpoints › 5`, 'A malformed bulk payment gives 400 FORMAT_ERROR.', ['bulk.create'], 'behaviour', {
    expected: { status: [400], codes: ['FORMAT_ERROR'], exactness: 'MUST' },
  }),
  rule('Errors.invalidRequest.never2xx', 'MUST', E, 'A request that breaks a MUST rule of interface.md is never answered 2xx.', ALL_OPERATIONS, 'behaviour'),
  rule('Errors.clientError.never5xx', 'SHOULD', `${E} (rules 1 and 4 generalised)`, 'No client input yields a 5xx: client errors are 4xx.', ALL_OPERATIONS, 'behaviour'),
  rule(
    'Errors.corporateWithoutCorporateId.400',
    'MUST',
    `${E} rule 1; Authentication 4`,
    'A corporate-user request (PSU-Context CORPORATE) without PSU-Corporate-ID gives 400, not 500.',
    PAYMENT_CREATION,
    'header',
    { expected: { status: [400], codes: [], exactness: 'MUST' } },
  ),
  rule('Errors.kid.400', 'MUST', `${E} rule 2; Versioning 1.7.0`, 'KID errors give 400 (KID_INVALID or KID_MISSING), not 401.', ['bulk.create'], 'body', {
    expected: { status: [400], codes: ['KID_INVALID', 'KID_MISSING'], exactness: 'MUST' },
  }),
  rule('Errors.insufficientFunds.notServerError', 'MUST', `${E} rule 4`, 'Insufficient funds gives a proper error response (4xx, e.g. PAYMENT_FAILED), not 500.', PAYMENT_CREATION, 'behaviour', {
    expected: { status: [400, 403, 409, 422], codes: ['PAYMENT_FAILED'], exactness: 'SHOULD' },
  }),
  rule(
    'Errors.unknownResource.404',
    'SHOULD',
    'platform-notes.md › Berlin Group conventions',
    'An unknown id in the path gives 404 RESOURCE_UNKNOWN.',
    ['payment.status', 'sandbox.engagement.get', 'sandbox.transactions.list', 'basket.startAuthorisation', 'sandbox.engagement.create'],
    'behaviour',
    { expected: { status: [404], codes: ['RESOURCE_UNKNOWN'], exactness: 'SHOULD' } },
  ),
  rule('Errors.invalidJson.400', 'SHOULD', 'Errors (FORMAT_ERROR); Berlin Group convention', 'A body that is not JSON gives 400 FORMAT_ERROR.', PAYMENT_CREATION, 'body', {
    expected: { status: [400], codes: ['FORMAT_ERROR'], exactness: 'SHOULD' },
  }),
];
