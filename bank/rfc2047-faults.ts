import { headerValue, type HeaderRecord } from '../core/index.js';
import { containsEncodedWord, decodeRfc2047 } from '../signing/index.js';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';

const ANY_CHARSET = /=\?[^?\s]+\?([BbQq])\?/g;

/**
 * The Signature header as a bank that mishandles RFC 2047 (interface.md › Authentication 2) sees it.
 * refuse-rfc2047 answers any encoded Signature with 401. misread-rfc2047-charset decodes every encoded word as
 * ISO-8859-1 whatever charset it names: ASCII comes out the same, but a UTF-8 keyId (æ, ø, å in the issuer DN)
 * no longer names the certificate, so only a signature with non-ASCII content shows the fault.
 */
export function signatureAsSeen(headers: HeaderRecord, faults: Faults): HeaderRecord {
  const value = headerValue(headers, 'signature');
  if (value === undefined || !containsEncodedWord(value)) return headers;
  if (faults.has('refuse-rfc2047'))
    throw new Rejection(401, 'FORMAT_ERROR', 'signature-malformed: RFC 2047 encoded words are not supported');
  if (faults.has('misread-rfc2047-charset'))
    return { ...headers, signature: decodeRfc2047(value.replace(ANY_CHARSET, '=?iso-8859-1?$1?')) };
  return headers;
}
