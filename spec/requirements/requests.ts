import { OPERATIONS, type OperationId } from '../operations.js';
import { formatError, rule } from './build.js';

/**
 * Rules of a TPP's own request that no test of a bank can observe: a conformant bank may enforce them or let them
 * pass, so the suites cannot judge a bank by them. `psd2-conformance verify` (tpp/) judges requests by them.
 */
const REQUEST_SIDE =
  "a rule of the TPP's request, which a conformant bank may enforce or let pass: psd2-conformance verify judges requests by it, the suites cannot judge a bank by it";

const specified = OPERATIONS.filter((o) => o.standing === 'specified');
const WITH_BODY: OperationId[] = specified.filter((o) => o.requestBody).map((o) => o.id);
const SIGNED: OperationId[] = OPERATIONS.map((o) => o.id).filter((id) => id !== 'sandbox.initialize');

export const REQUEST_RULES = [
  rule('Body.json', 'MUST', 'What the service does ("Bodies are JSON")', 'A request body is JSON.', WITH_BODY, 'body', {
    expected: formatError(),
    notTestable:
      'the TPP\'s side of "Bodies are JSON": the suites judge the bank\'s answer to a body that is not JSON (Errors.invalidJson.400, Errors.bulk.formatError400); psd2-conformance verify judges requests by it',
  }),
  rule(
    'Headers.sentOnce',
    'SHOULD',
    'Endpoints › Header groups (each header is one string; RFC 7230 §3.2.2)',
    'Each header of the interface is sent at most once: a repeated header reaches the bank as its values joined with ", ".',
    specified.map((o) => o.id),
    'header',
    { notTestable: REQUEST_SIDE },
  ),
  rule(
    'Auth.date.window',
    'SHOULD',
    'Authentication 1 (Date is signed; a clock-skew window is not shown, the reference bank allows 300 s)',
    "Date is an HTTP-date within the bank's clock-skew window of the time the request is sent.",
    SIGNED,
    'signature',
    { notTestable: REQUEST_SIDE },
  ),
  rule(
    'Auth.signature.keyId.platformForm',
    'SHOULD',
    'platform-notes.md › Signatures as the platform builds them',
    "keyId writes the serial in upper-case hexadecimal without leading zeros and the issuer DN as CN=…,O=…,OU=…,L=…,S=…,C=… without spaces, as the platform's own signing helper does.",
    SIGNED,
    'signature',
    { notTestable: REQUEST_SIDE },
  ),
];
