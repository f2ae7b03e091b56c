import { createRequire } from 'node:module';
import { createInstance, getHttpOperationsFromSpec, type IHttpRequest } from '@stoplight/prism-http';
import { describe, expect, it } from 'vitest';
import { PATH_EXAMPLES, REQUEST_EXAMPLES } from '../../schemas/openapi/examples.js';
import type { OperationId } from '../../spec/index.js';
import { WITH_BODY, fileText, loadDoc, operations, parametersOf, type Doc, type Version } from './openapi-docs.js';

/**
 * The documents as Dredd 14 and Prism 5 read them, offline: Dredd through dredd-transactions (the parser and
 * compiler Dredd runs before it sends anything), Prism through @stoplight/prism-http (its document loader and its
 * request validator, in mock mode: nothing listens, nothing is sent).
 */

interface DreddAnnotation {
  type: 'error' | 'warning';
  message: string;
}
interface DreddTransaction {
  name: string;
  origin: { resourceName: string; actionName: string };
  request: { method: string; uri: string; body: string };
  response: { status: string };
}
interface DreddTransactions {
  parse(source: string, done: (error: Error | null, result: { mediaType: string; apiElements: unknown }) => void): void;
  compile(
    mediaType: string,
    apiElements: unknown,
    filename: string,
  ): { transactions: DreddTransaction[]; annotations: DreddAnnotation[] };
}
const dredd = createRequire(import.meta.url)('dredd-transactions') as DreddTransactions;

function dreddCompile(version: Version) {
  return new Promise<ReturnType<DreddTransactions['compile']>>((resolve, reject) =>
    dredd.parse(fileText(version), (error, { mediaType, apiElements }) =>
      error ? reject(error) : resolve(dredd.compile(mediaType, apiElements, `schemas/${version}`)),
    ),
  );
}

/**
 * What Dredd's parser (@apielements/openapi3-parser 0.16) warns about and why none of it matters: keywords it
 * does not read (it still reads type, enum, properties, items and required), its unanchored "Accept" rule, which
 * catches Accept-Language, PSU-Accept and x-accept-fix, and, in 3.1, the version and 3.1 keywords themselves.
 */
const UNSUPPORTED_KEYS =
  'format anyOf allOf not minimum maximum maxLength minLength pattern minItems deprecated if then contains';
const KNOWN_WARNINGS = [
  new RegExp(`^'Schema Object' contains unsupported key '(${UNSUPPORTED_KEYS.split(' ').join('|')})'`),
  /^'Schema Object' contains invalid key '(additionalProperties|x-requirements|x-berlin-group-codes|const)'$/,
  /^'Parameter Object' 'name' in location 'header' should not be 'Accept', 'Content-Type' or 'Authorization'$/,
  /^'Operation Object' contains unsupported key 'tags'/,
  /^'Request Body Object' contains unsupported key 'required'/,
  /^'Responses Object' response status code ranges are unsupported$/,
  /^Version '3\.1\.0' is not fully supported$/,
  /^'OpenAPI Object' contains unsupported key 'jsonSchemaDialect'$/,
];

describe("Dredd's parser (dredd-transactions 10, as in Dredd 14)", () => {
  it.each(['3.0', '3.1'] as Version[])(
    'compiles %s with no error and a transaction for every operation',
    async (version) => {
      const doc = loadDoc(version);
      const { transactions, annotations } = await dreddCompile(version);
      expect(annotations.filter((a) => a.type === 'error')).toEqual([]);
      const unknown = annotations.filter((a) => !KNOWN_WARNINGS.some((known) => known.test(a.message)));
      expect(unknown.map((a) => a.message)).toEqual([]);

      for (const { path, method, op } of operations(doc)) {
        const mine = transactions.filter((t) => t.origin.resourceName === path && t.origin.actionName === op.summary);
        expect(mine.length, op.operationId).toBeGreaterThan(0);
        for (const t of mine) {
          expect(t.request.method, op.operationId).toBe(method.toUpperCase());
          expect(t.request.uri, op.operationId).not.toMatch(/[{}]/);
          const example = REQUEST_EXAMPLES[op.operationId as OperationId];
          if (example !== undefined) expect(JSON.parse(t.request.body), op.operationId).toEqual(example);
        }
      }
    },
  );

  it('sends the path parameters percent-encoded and makes no transaction of a default response', async () => {
    const { transactions } = await dreddCompile('3.0');
    const status = transactions.filter((t) => t.origin.actionName === 'Read the status of a payment');
    expect(status.map((t) => [t.request.uri, t.response.status])).toEqual([
      [
        '/v1/payments/norwegian-cross-border-credit-transfers/enc%21%21H6fD9HS7Y7peXJh1HqC34RFgGfF992bjRx5n%3D%3D' +
          '/status',
        '200',
      ],
    ]);
    const names = transactions.map((t) => t.name);
    expect(names.length).toBe(new Set(names).size);
  });
});

type PrismOperation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];

/** A logger that says nothing: Prism logs every validation step. */
const silent: unknown = new Proxy({}, { get: (_, key) => (key === 'child' ? () => silent : () => undefined) });
const prism = createInstance(
  {
    mock: { dynamic: false },
    checkSecurity: false,
    validateRequest: true,
    validateResponse: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  },
  { logger: silent as never },
);

/** Values for the headers the document requires (the signature headers are only shaped here: Prism cannot verify). */
const HEADER_VALUES: Record<string, string> = {
  'X-Request-ID': '0b6a2c1e-0000-4000-8000-000000000001',
  Digest: 'SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
  'TPP-Signature-Certificate': 'MIIBszCCAVmgAwIBAgIU',
  Signature: 'keyId="SN=1A,CA=CN=Test CA",algorithm="rsa-sha256",headers="date digest x-request-id",signature="AA=="',
  'TPP-Session-ID': '0b6a2c1e-0000-4000-8000-000000000002',
  'TPP-Redirect-URI': 'https://tpp.example/callback',
  'PSU-IP-Address': '192.0.2.10',
  'x-accept-fix': 'amount-as-string',
};

function requestFor(doc: Doc, path: string, method: string, operationId: string, body?: unknown): IHttpRequest {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`no ${method} ${path}`);
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  for (const p of parametersOf(doc, op).filter((q) => q.in === 'header' && q.required)) {
    const value = HEADER_VALUES[p.name];
    if (value === undefined) throw new Error(`${operationId}: no test value for required header ${p.name}`);
    headers[p.name.toLowerCase()] = value;
  }
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(PATH_EXAMPLES[name] ?? ''));
  return {
    method: method as IHttpRequest['method'],
    url: { path: url },
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

async function inputProblems(operations: PrismOperation[], request: IHttpRequest): Promise<string[]> {
  const result = await prism.request(request, operations)();
  if (result._tag === 'Left') throw result.left;
  return result.right.validations.input.map((v) => `${(v.path ?? []).join('.')}: ${v.message}`);
}

describe("Prism's loader and request validator (@stoplight/prism-http 5)", () => {
  it.each(['3.1', '3.0'] as Version[])('loads %s with every request body described as JSON', async (version) => {
    const doc = loadDoc(version);
    const loaded = await getHttpOperationsFromSpec(structuredClone(doc));
    expect(loaded.map((o) => o.iid).sort()).toEqual(
      operations(doc)
        .map(({ op }) => op.operationId)
        .sort(),
    );
    for (const o of loaded) {
      const shown = WITH_BODY.includes(String(o.iid));
      const contents = o.request?.body?.contents ?? [];
      expect(
        contents.map((c) => c.mediaType),
        String(o.iid),
      ).toEqual(shown ? ['application/json'] : []);
      if (shown) expect(contents[0]?.schema?.type, String(o.iid)).toMatch(/^(object|array)$/);
    }
  });

  it.each(['3.1', '3.0'] as Version[])(
    'accepts each operation’s example request from %s, with the headers the document requires',
    async (version) => {
      const doc = loadDoc(version);
      const loaded = await getHttpOperationsFromSpec(structuredClone(doc));
      for (const { path, method, op } of operations(doc)) {
        const body = REQUEST_EXAMPLES[op.operationId as OperationId];
        const request = requestFor(doc, path, method, op.operationId, body);
        expect(await inputProblems(loaded, request), op.operationId).toEqual([]);
      }
    },
  );

  it('refuses set-up and payment requests that break the described bodies or leave out a required header', async () => {
    const doc = loadDoc('3.1');
    const loaded = await getHttpOperationsFromSpec(structuredClone(doc));
    const customer = requestFor(doc, '/v1/sandbox/customers', 'post', 'sandbox.customer.create', { type: 'bogus' });
    expect(await inputProblems(loaded, customer)).toEqual([
      'body.type: Request body property type must be equal to one of the allowed values: private, corporate',
    ]);
    const ncbctPath = '/v1/payments/norwegian-cross-border-credit-transfers';
    const long = { ...(REQUEST_EXAMPLES['ncbct.create'] as object), creditorName: 'x'.repeat(71) };
    expect(await inputProblems(loaded, requestFor(doc, ncbctPath, 'post', 'ncbct.create', long))).toEqual([
      'body.creditorName: Request body property creditorName must NOT have more than 70 characters',
    ]);
    const unsigned = requestFor(doc, ncbctPath, 'post', 'ncbct.create', REQUEST_EXAMPLES['ncbct.create']);
    delete unsigned.headers?.['x-request-id'];
    expect((await inputProblems(loaded, unsigned)).join('\n')).toContain('x-request-id');
    const country = { ...(REQUEST_EXAMPLES['sct.create'] as object), creditorAddress: { country: 'NOR' } };
    const sct = requestFor(doc, '/v1/payments/sepa-credit-transfers', 'post', 'sct.create', country);
    expect((await inputProblems(loaded, sct)).join('\n')).toContain('body.creditorAddress.country');
  });
});
