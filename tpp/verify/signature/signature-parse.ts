import {
  containsEncodedWord,
  decodeRfc2047,
  isAscii,
  parseSignatureHeader,
  Rfc2047Error,
  SignatureHeaderError,
  type SignatureParams,
} from '../../../signing/index.js';
import { finding } from '../finding.js';
import type { Finding } from '../../types.js';

export interface ParsedSignature {
  params?: SignatureParams;
  findings: Finding[];
  notes: string[];
}

const WHOLE_WORD = /^=\?[^?\s]+\?[BbQq]\?/;

/** Rfc2047Error quotes the whole word: keep a message to one readable line. */
const shorten = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}…` : text);

/** Why an encoded word did not decode, in the words of the usual mistakes. */
function wordCause(err: Rfc2047Error, text: string): string {
  if (/bad base64/.test(err.message)) return 'the RFC 2047 word is not valid base64';
  if (/bad Q escape/.test(err.message)) return 'the RFC 2047 Q word has an = that is not followed by two hex digits';
  const charset = /charset "([^"]+)"/.exec(err.message)?.[1] ?? '';
  if (/^utf-?8$/i.test(charset))
    return /\?[Bb]\?/.test(text)
      ? 'the word says utf-8 but its bytes are not UTF-8 (ISO-8859-1 bytes labelled utf-8?)'
      : 'the word says utf-8 but its bytes are not UTF-8';
  return `the charset "${charset}" is not known: use utf-8 or iso-8859-1`;
}

function parseFailure(err: SignatureHeaderError, text: string): Finding {
  const id = /keyId is missing/.test(err.message) ? 'Auth.signature.keyId.form' : 'Auth.signature.valid';
  let cause: string | undefined;
  const signature = /signature="([^"]*)"/.exec(text)?.[1] ?? '';
  if (/signature is not base64/.test(err.message))
    cause = /[-_]/.test(signature)
      ? 'the signature is in the base64url alphabet (- and _); draft-cavage-10 uses base64'
      : /\s/.test(signature)
        ? 'the signature value holds spaces or line breaks'
        : undefined;
  else if (/not a quoted string/.test(err.message))
    cause = 'parameter values must be in double quotes: keyId="…",algorithm="…",headers="…",signature="…"';
  else if (/^[A-Za-z0-9+/]+={0,2}$/.test(text.trim()))
    cause =
      'the header carries only the signature value; draft-cavage-10 ' +
      'wants keyId="…",algorithm="…",headers="…",signature="…"';
  return finding(id, err.message, cause);
}

/** Encoded words inside a parameter value (the per-value form), decoded. */
function decodeValues(params: SignatureParams, findings: Finding[], notes: string[]): SignatureParams {
  const decode = (name: string, value: string): string => {
    if (!containsEncodedWord(value)) return value;
    try {
      const text = decodeRfc2047(value);
      notes.push(`the Signature's ${name} is an RFC 2047 encoded word (decoded: ${text})`);
      return text;
    } catch (err) {
      if (!(err instanceof Rfc2047Error)) throw err;
      findings.push(
        finding(
          'Auth.signature.rfc2047',
          `${name} is not valid RFC 2047: ${shorten(err.message)}`,
          wordCause(err, value),
        ),
      );
      return value;
    }
  };
  const keyId = decode('keyId', params.keyId);
  return { ...params, keyId };
}

/**
 * The Signature header as a bank reads it: the platform's whole-value RFC 2047 word (`=?utf-8?B?…?=`, longer than
 * 75 characters) and encoded words inside values decoded, then draft-cavage-10's parameters parsed. A value that
 * is not ASCII and not encoded breaks Authentication 2.
 */
export function parseSignature(raw: string): ParsedSignature {
  const findings: Finding[] = [];
  const notes: string[] = [];
  let text = raw.trim();
  if (!isAscii(text)) {
    const sample = [...new Set([...text].filter((ch) => !isAscii(ch)))].join('');
    findings.push(
      finding(
        'Auth.signature.rfc2047',
        `the Signature carries non-ASCII characters (${sample}) without RFC 2047 encoding`,
        'wrap the whole value as one encoded word, =?utf-8?B?<base64 of ' +
          'the value>?= (Authentication 2, the platform’s form)',
      ),
    );
  }
  if (WHOLE_WORD.test(text)) {
    if (!text.endsWith('?=')) {
      findings.push(
        finding(
          'Auth.signature.rfc2047',
          'the Signature starts as an RFC 2047 encoded word but does not end with ?=',
          'the encoded word is cut off or not closed with ?=',
        ),
      );
      return { findings, notes };
    }
    try {
      text = decodeRfc2047(text);
      notes.push('the Signature is sent as one RFC 2047 encoded word (the platform’s form)');
    } catch (err) {
      if (!(err instanceof Rfc2047Error)) throw err;
      findings.push(
        finding(
          'Auth.signature.rfc2047',
          `the Signature is not valid RFC 2047: ${shorten(err.message)}`,
          wordCause(err, text),
        ),
      );
      return { findings, notes };
    }
  }
  try {
    const params = decodeValues(parseSignatureHeader(text), findings, notes);
    return { params, findings, notes };
  } catch (err) {
    if (!(err instanceof SignatureHeaderError)) throw err;
    findings.push(parseFailure(err, text));
    return { findings, notes };
  }
}
