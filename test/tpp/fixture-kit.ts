import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSignatureHeader,
  createCertificateAuthority,
  identityFrom,
  issueTppCertificate,
  parseSignatureHeader,
  signRequest,
  type SignOptions,
  type SigningIdentity,
  type SubjectFields,
} from '../../signing/index.js';
import type { HeaderLine } from '../../tpp/index.js';

/** Helpers that write the verify fixtures (make-fixtures.ts): a fixed identity, the project's signer, three writers. */

export const FIXTURES = fileURLToPath(new URL('../fixtures/verify/', import.meta.url));
/** Every fixture is recorded at this time; tests judge Date against it. */
export const RECORDED_AT = new Date('2026-11-20T10:00:00Z');
export const ORIGIN = 'https://bank.example';

export interface Wire {
  method: string;
  url: string;
  headers: HeaderLine[];
  body?: Buffer;
}

/**
 * A CA and a TPP certificate written once under test/fixtures/verify/ and read from there afterwards, so that
 * the fixtures stay byte-identical when they are made again. `prefix` names the pair (`tpp`, `nordic-tpp`).
 */
export function fixedIdentity(prefix: string, ca: SubjectFields, serialHex: string): SigningIdentity {
  const keyFile = join(FIXTURES, `${prefix}-key.pem`);
  const certFile = join(FIXTURES, `${prefix}-certificate.pem`);
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    const validity = { notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2036-01-01T00:00:00Z') };
    const authority = createCertificateAuthority({ subject: ca, ...validity });
    const issued = issueTppCertificate(authority, { serialHex, ...validity });
    writeFileSync(keyFile, issued.privateKeyPem);
    writeFileSync(certFile, issued.certificatePem);
  }
  return identityFrom(new X509Certificate(readFileSync(certFile)), createPrivateKey(readFileSync(keyFile, 'utf8')));
}

/** A UUID-shaped id derived from a name: the same fixture gets the same X-Request-ID every time. */
export function idFor(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SignedSpec {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  identity: SigningIdentity;
  sign?: SignOptions;
  at?: Date;
}

/** Signed by the project's signer at RECORDED_AT (or `at`), with an X-Request-ID derived from the fixture's name. */
export function signed(spec: SignedSpec): Wire {
  const body = typeof spec.body === 'string' ? Buffer.from(spec.body, 'utf8') : spec.body;
  const headers = signRequest(
    { method: spec.method, target: spec.path, headers: spec.headers, ...(body ? { body } : {}) },
    spec.identity,
    { now: () => spec.at ?? RECORDED_AT, requestId: () => idFor(spec.name), ...spec.sign },
  );
  return {
    method: spec.method,
    url: `${ORIGIN}${spec.path}`,
    headers: Object.entries(headers),
    ...(body ? { body } : {}),
  };
}

export const header = (wire: Wire, name: string): string | undefined =>
  wire.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

/** The wire with one header's value replaced (or removed when value is undefined), keeping its place. */
export function withHeader(wire: Wire, name: string, value: string | undefined): Wire {
  const headers = wire.headers.flatMap(([n, v]): HeaderLine[] =>
    n.toLowerCase() !== name.toLowerCase() ? [[n, v]] : value === undefined ? [] : [[n, value]],
  );
  return { ...wire, headers };
}

/** Replaces the signature with one over `text`, made with the identity's key: a client that signed another string. */
export function resign(wire: Wire, identity: SigningIdentity, text: string): Wire {
  const params = parseSignatureHeader(header(wire, 'signature') as string);
  const signature = sign('sha256', Buffer.from(text, 'utf8'), identity.privateKey).toString('base64');
  const value = buildSignatureHeader({
    keyId: params.keyId,
    algorithm: params.algorithm ?? 'rsa-sha256',
    headers: params.headers ?? ['date'],
    signature,
  });
  return withHeader(wire, 'Signature', value);
}

/** The Signature's parameters rewritten, the signature itself kept. */
export function rewriteSignature(
  wire: Wire,
  change: (p: { keyId: string; algorithm: string; headers: string[]; signature: string }) => {
    keyId: string;
    algorithm: string;
    headers: string[];
    signature: string;
  },
): Wire {
  const p = parseSignatureHeader(header(wire, 'signature') as string);
  const next = change({
    keyId: p.keyId,
    algorithm: p.algorithm ?? '',
    headers: p.headers ?? [],
    signature: p.signature,
  });
  return withHeader(wire, 'Signature', buildSignatureHeader(next));
}

const target = (url: string) => url.slice(ORIGIN.length);

/** Raw HTTP/1.1, with Content-Length for a body; `lineEnd` CRLF as on the wire, or LF as people save it. */
export function toHttp(wire: Wire, lineEnd = '\r\n'): Buffer {
  const head = [
    `${wire.method} ${target(wire.url)} HTTP/1.1`,
    'Host: bank.example',
    ...wire.headers.map(([n, v]) => `${n}: ${v}`),
    ...(wire.body ? [`Content-Length: ${wire.body.length}`] : []),
  ];
  return Buffer.concat([
    Buffer.from(`${head.join(lineEnd)}${lineEnd}${lineEnd}`, 'utf8'),
    wire.body ?? Buffer.alloc(0),
  ]);
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** A curl command over several lines (`\` continues them), the body inline with --data-binary or as given. */
export function toCurl(wire: Wire, data?: string): string {
  const parts = [
    `curl -X ${wire.method} ${quote(wire.url)}`,
    ...wire.headers.map(([n, v]) => `-H ${quote(`${n}: ${v}`)}`),
  ];
  if (data) parts.push(data);
  else if (wire.body) parts.push(`--data-binary ${quote(wire.body.toString('utf8'))}`);
  return `${parts.join(' \\\n  ')}\n`;
}

/** A HAR 1.2 document with one entry per request, each started at RECORDED_AT. */
export function toHar(wires: Wire[], at = RECORDED_AT): string {
  const entries = wires.map((w) => ({
    startedDateTime: at.toISOString(),
    time: 12,
    request: {
      method: w.method,
      url: w.url,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Host', value: 'bank.example' }, ...w.headers.map(([name, value]) => ({ name, value }))],
      queryString: [...new URL(w.url).searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: w.body?.length ?? 0,
      ...(w.body ? { postData: { mimeType: 'application/json', text: w.body.toString('utf8') } } : {}),
    },
    response: {
      status: 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 12, receive: 0 },
  }));
  const creator = { name: 'psd2-conformance make-fixtures', version: '1' };
  return `${JSON.stringify({ log: { version: '1.2', creator, entries } }, null, 2)}\n`;
}

export function write(name: string, content: string | Buffer): void {
  writeFileSync(join(FIXTURES, name), content);
}
