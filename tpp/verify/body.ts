import { isUtf8 } from 'node:buffer';
import { validate } from '../../schemas/index.js';
import type { OperationSpec } from '../../spec/index.js';
import { finding } from './finding.js';
import type { Finding } from '../types.js';

export interface BodyVerdict {
  findings: Finding[];
  /** The parsed body, when it is JSON (the Digest's likely causes re-serialise it). */
  json?: { value: unknown };
  notes: string[];
}

/** Why a body is not JSON, in the words of the usual mistakes. */
function notJsonCause(text: string, bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return 'the body starts with a UTF-8 byte order mark (EF BB BF)';
  if (/^[\w.%-]+=[^&]*(&[\w.%-]+=[^&]*)*$/.test(text.trim()))
    return 'the body is form-encoded (name=value&…), as curl -d sends key=value pairs, not JSON';
  if (/^\s*\{\s*'/.test(text) || /:\s*'[^']*'/.test(text))
    return 'strings are in single quotes; JSON needs double quotes';
  if (/,\s*[}\]]/.test(text)) return 'a trailing comma before } or ]';
  if (!isUtf8(bytes)) return 'the bytes are not UTF-8 (JSON text is UTF-8, RFC 8259 §8.1)';
  return undefined;
}

function parseError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * The body against the operation's schema and code validators (schemas/), each violation by its requirement id.
 * A body that is not JSON breaks Body.json, the TPP's side of FORMAT_ERROR.
 */
export function judgeBody(
  body: Uint8Array,
  op: OperationSpec | undefined,
  contentType: string | undefined,
): BodyVerdict {
  const notes: string[] = [];
  const text = Buffer.from(body).toString('utf8');
  let json: { value: unknown } | undefined;
  try {
    if (body.length > 0) json = { value: JSON.parse(text) };
  } catch {
    json = undefined;
  }
  if (body.length > 0 && contentType !== undefined && !/json/i.test(contentType))
    notes.push(
      `Content-Type is ` +
        `"${contentType}"${/x-www-form-urlencoded/i.test(contentType) ? " (curl -d's default)" : ''}: ` +
        `the body is JSON, send Content-Type: application/json`,
    );
  if (!op?.requestBody) {
    if (body.length > 0 && op) notes.push(`${op.id} takes no body in interface.md; it was not judged`);
    return { findings: [], notes, ...(json ? { json } : {}) };
  }
  if (body.length === 0)
    return { findings: [finding('Body.json', `${op.id} takes a JSON body (${op.requestBody}); none was sent`)], notes };
  if (!json)
    return {
      findings: [finding('Body.json', `the body is not JSON: ${parseError(text)}`, notJsonCause(text, body))],
      notes,
    };
  const findings = validate(op.requestBody, json.value).map((v) =>
    finding(v.requirementId, `${v.pointer || '/'} ${v.message}`),
  );
  return { findings, json, notes };
}
