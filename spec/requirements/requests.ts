import { OPERATIONS, type OperationId } from '../operations.js';
import { formatError } from './build.js';
import type { Requirement } from './types.js';

/**
 * Rules of a TPP's own request that no test of a bank can observe: a conformant bank may enforce them or let them
 * pass, so the suites cannot judge a bank by them. `psd2-conformance verify` (tpp/) judges requests by them.
 */
const REQUEST_SIDE =
  "a rule of the TPP's request, which a conformant bank may enforce or let pass: " +
  'psd2-conformance verify judges requests by it, the suites cannot judge a bank by it';

const specified = OPERATIONS.filter((o) => o.standing === 'specified');
const WITH_BODY: OperationId[] = specified.filter((o) => o.requestBody).map((o) => o.id);
const SIGNED: OperationId[] = OPERATIONS.map((o) => o.id).filter((id) => id !== 'sandbox.initialize');

export const REQUEST_RULES: Requirement[] = [
  {
    id: 'Body.json',
    level: 'MUST',
    section: 'What the service does ("Bodies are JSON")',
    statement: 'A request body is JSON.',
    operations: WITH_BODY,
    kind: 'body',
    expected: formatError(),
    notTestable:
      'the TPP\'s side of "Bodies are JSON": the suites judge the bank\'s answer to a body that is not JSON ' +
      '(Errors.invalidJson.400, Errors.bulk.formatError400); psd2-conformance verify judges requests by it',
  },
  {
    id: 'Headers.sentOnce',
    level: 'SHOULD',
    section: 'Endpoints › Header groups (each header is one string; RFC 7230 §3.2.2)',
    statement:
      'Each header of the interface is sent at most once: a repeated ' +
      'header reaches the bank as its values joined with ", ".',
    operations: specified.map((o) => o.id),
    kind: 'header',
    notTestable: REQUEST_SIDE,
  },
  {
    id: 'Auth.date.window',
    level: 'SHOULD',
    section: 'Authentication 1 (Date is signed; a clock-skew window is not shown, the reference bank allows 300 s)',
    statement: "Date is an HTTP-date within the bank's clock-skew window of the time the request is sent.",
    operations: SIGNED,
    kind: 'signature',
    notTestable: REQUEST_SIDE,
  },
  {
    id: 'Auth.signature.keyId.platformForm',
    level: 'SHOULD',
    section: 'platform-notes.md › Signatures as the platform builds them',
    statement:
      'keyId writes the serial in upper-case hexadecimal without leading zeros and the issuer DN as ' +
      "CN=…,O=…,OU=…,L=…,S=…,C=… without spaces, as the platform's own signing helper does.",
    operations: SIGNED,
    kind: 'signature',
    notTestable: REQUEST_SIDE,
  },
];
