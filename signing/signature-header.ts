/** The Signature header of draft-cavage-10 §4.1: `keyId="…",algorithm="…",headers="…",signature="…"`. */
export interface SignatureParams {
  keyId: string;
  algorithm?: string;
  /** Lower-cased; undefined when the header has no `headers` parameter (then only `date` is signed). */
  headers?: string[];
  signature: string;
  /** Parameters this draft does not define, kept for the caller to judge. */
  extra: Record<string, string>;
}

export class SignatureHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureHeaderError';
  }
}

const quote = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

export function buildSignatureHeader(params: {
  keyId: string;
  algorithm: string;
  headers: readonly string[];
  signature: string;
}): string {
  return [
    `keyId=${quote(params.keyId)}`,
    `algorithm=${quote(params.algorithm)}`,
    `headers=${quote(params.headers.map((h) => h.toLowerCase()).join(' '))}`,
    `signature=${quote(params.signature)}`,
  ].join(',');
}

const KNOWN: Record<string, 'keyId' | 'algorithm' | 'headers' | 'signature'> = {
  keyid: 'keyId',
  algorithm: 'algorithm',
  headers: 'headers',
  signature: 'signature',
};

/**
 * Parses a Signature header value. Quoted values may hold commas and `=` (the CA DN in keyId), and
 * backslash escapes (RFC 7230 quoted-pair). Throws SignatureHeaderError for anything malformed: an
 * unquoted or unterminated value, a repeated parameter, a missing keyId or signature, a signature that
 * is not base64, an empty headers list.
 */
export function parseSignatureHeader(value: string): SignatureParams {
  // Tolerated: the Authorization-style scheme prefix `Signature keyId=…`.
  const text = value.trim().replace(/^Signature\s+(?=[A-Za-z]+\s*=)/, '');
  const raw = new Map<string, string>();
  let i = 0;
  const fail = (why: string): never => {
    throw new SignatureHeaderError(`Signature header is malformed: ${why}`);
  };
  const skipSpace = () => {
    while (i < text.length && /[ \t]/.test(text[i] as string)) i++;
  };
  while (i < text.length) {
    skipSpace();
    const name = /^[A-Za-z0-9_-]+/.exec(text.slice(i))?.[0];
    if (!name) fail(`expected a parameter name at position ${i}`);
    i += (name as string).length;
    skipSpace();
    if (text[i] !== '=') fail(`expected "=" after ${name}`);
    i++;
    skipSpace();
    if (text[i] !== '"') fail(`the value of ${name} is not a quoted string`);
    i++;
    let v = '';
    for (;;) {
      if (i >= text.length) fail(`the value of ${name} has no closing quote`);
      const ch = text[i] as string;
      if (ch === '\\') {
        if (i + 1 >= text.length) fail(`the value of ${name} ends in a backslash`);
        v += text[i + 1];
        i += 2;
      } else if (ch === '"') {
        i++;
        break;
      } else {
        v += ch;
        i++;
      }
    }
    const lower = (name as string).toLowerCase();
    if (raw.has(lower)) fail(`${name} appears twice`);
    raw.set(lower, v);
    skipSpace();
    if (i < text.length) {
      if (text[i] !== ',') fail(`expected "," after the value of ${name}`);
      i++;
      skipSpace();
      if (i >= text.length) fail('a trailing comma');
    }
  }
  const keyId = raw.get('keyid');
  const signature = raw.get('signature');
  if (!keyId) fail('keyId is missing or empty');
  if (!signature) fail('signature is missing or empty');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature as string) || (signature as string).length % 4 !== 0)
    fail('signature is not base64');
  const headersText = raw.get('headers');
  let headers: string[] | undefined;
  if (headersText !== undefined) {
    headers = headersText
      .trim()
      .split(/\s+/)
      .filter((h) => h !== '')
      .map((h) => h.toLowerCase());
    if (headers.length === 0) fail('headers is empty');
  }
  const extra: Record<string, string> = {};
  for (const [k, v] of raw) if (!KNOWN[k]) extra[k] = v;
  const algorithm = raw.get('algorithm');
  return {
    keyId: keyId as string,
    signature: signature as string,
    extra,
    ...(algorithm !== undefined ? { algorithm } : {}),
    ...(headers ? { headers } : {}),
  };
}
