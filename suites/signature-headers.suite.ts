import fc from 'fast-check';
import { describe } from 'vitest';
import { checkAccepted, checkRejected, expectedStatusCheck, type ObservedExchange } from '../checks/index.js';
import type { Exchange } from '../client/index.js';
import { REMOVE, headerBreakers, headerValueCases, missingHeaderCases } from '../generators/index.js';
import {
  TAMPERINGS,
  type Tampering,
  buildSignatureHeader,
  digestHeader,
  headersToSign,
  parseSignatureHeader,
} from '../signing/index.js';
import { getHeader, setHeader } from '../core/index.js';
import {
  DIGEST_ALGORITHMS,
  NEAR_MISS_DIGEST_ALGORITHMS,
  NEAR_MISS_SIGNATURE_ALGORITHMS,
  SIGNED_HEADERS,
  type ExpectedRejection,
  type OperationId,
  type RequirementId,
} from '../spec/index.js';
import { bulkBody, ncbctBody } from './support/bodies.js';
import { validRequest } from './operation-requests.js';
import { corporateDebtor, corporatePsuHeaders, sharedDebtor, unregisteredAccount } from './support/fixtures.js';
import { baseHeaders, operation } from './support/request.js';
import { conformanceTest } from './support/conformance-test.js';
import type { CallOptions, Session, Signed } from './support/session.js';
// For the RFC 2047 tests signed by a certificate whose issuer DN is not ASCII.
import type { CheckResult } from '../checks/index.js';
import { norwegianTestIdentity, signOptionsFrom, signRequest } from '../signing/index.js';
import { runContext } from './support/context.js';
import { SIGNED_OPERATIONS, tamperingsFor } from './support/tamperings.js';
import { pathFor } from './support/request.js';

/**
 * interface.md › Authentication and Endpoints › Header groups, judged in full on NCBCT creation (it takes every
 * group); every other operation gets its missing headers and a tampered request of its own.
 */

const SUBJECT: OperationId = 'ncbct.create';
/** The payment initiations: each takes groups S, T and P, so each is judged on its malformed headers. */
const PAYMENTS: OperationId[] = ['ncbct.create', 'sct.create', 'bulk.create'];
/** A valid request of `op` (suites/operation-requests.ts) with the changes under test. */
const callOn = async (op: OperationId, s: Session, options: Omit<CallOptions, 'body' | 'query' | 'params'> = {}) =>
  s.call(op, { ...(await validRequest(op, s)), ...options });
const call = (s: Session, options: Omit<CallOptions, 'body' | 'query' | 'params'> = {}) => callOn(SUBJECT, s, options);

/** Berlin Group: signature and certificate problems are 401 (SHOULD; interface.md shows no status). */
const UNAUTHORISED: ExpectedRejection = { status: [401], codes: [], exactness: 'SHOULD' };
const unauthorised = (exchange: ObservedExchange): CheckResult[] =>
  expectedStatusCheck.run({ exchange, requirementId: 'Auth.rejection.401', expected: UNAUTHORISED });

/** A signed request whose Signature names another algorithm (the Signature is ASCII here: no RFC 2047 word). */
function labelled(signed: Signed, algorithm: string): Signed {
  const params = parseSignatureHeader(getHeader(signed.headers, 'signature') ?? '');
  const headers = { ...signed.headers };
  setHeader(headers, 'Signature', buildSignatureHeader({ ...params, headers: params.headers ?? ['date'], algorithm }));
  return { ...signed, headers };
}

describe('signature', () => {
  conformanceTest(
    {
      requirementIds: ['Auth.signature.valid', 'Auth.signature.keyId.form', 'Auth.signature.algorithm'],
      operation: SUBJECT,
      title: 'a request signed as interface.md says is accepted',
    },
    async ({ s, judge }) => {
      const exchange = await call(s);
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Auth.signature.valid'));
    },
  );

  /** `op` sent with `tampering` applied after signing is rejected (401 by convention where an Auth rule is broken). */
  const tamperedRequestTest = (op: OperationId, tampering: Tampering, title: string) => {
    // A tampering no rule of interface.md covers (clock skew) is judged at SHOULD level only.
    const id = tampering.requirementId ?? 'Auth.rejection.401';
    conformanceTest({ requirementIds: [id, 'Auth.rejection.401'], operation: op, title }, async ({ s, judge }) => {
      // Another CA's identity, cached on disk (generating one takes seconds of CPU): the Norwegian-issuer TPP's.
      const others = await norwegianTestIdentity({ cacheDir: s.ctx.config.signing.cacheDir });
      const exchange = await callOn(op, s, { afterSign: (signed) => tampering.apply(signed, others) });
      // 401 is the convention for signature and certificate problems; a missing header is a 400 (Headers.*).
      const convention = id.startsWith('Auth.') ? unauthorised(exchange) : [];
      judge(exchange, [...checkRejected(exchange, id), ...convention]);
    });
  };

  for (const tampering of TAMPERINGS)
    tamperedRequestTest(SUBJECT, tampering, `tampered request (${tampering.name}) is rejected`);

  // Every other signed operation checks for itself: a bank that verifies NCBCT's signature may skip SCT's.
  for (const op of SIGNED_OPERATIONS.filter((o) => o.id !== SUBJECT))
    for (const tampering of tamperingsFor(op, runContext().thorough === true))
      tamperedRequestTest(op.id, tampering, `${op.id}: tampered request (${tampering.name}) is rejected`);

  // A validly computed signature whose `headers` leave one out: the tampering above spoils the signature too,
  // so only this proves the bank insists on the list rather than merely on a signature that verifies.
  for (const left of SIGNED_HEADERS.filter((h) => h !== 'psu-corporate-id')) {
    conformanceTest(
      {
        requirementIds: ['Auth.signature.headers', 'Auth.rejection.401'],
        operation: SUBJECT,
        title: `a valid signature over headers without ${left} is rejected`,
      },
      async ({ s, judge }) => {
        const exchange = await call(s, {
          sign: { signedHeaders: SIGNED_HEADERS.filter((h) => h !== left && h !== 'psu-corporate-id') },
        });
        const convention = unauthorised(exchange);
        judge(exchange, [...checkRejected(exchange, 'Auth.signature.headers'), ...convention]);
      },
    );
  }

  // Authentication 1: "algorithm names the algorithm of the signing certificate; rsa-sha256 is expected". The
  // signature stays a valid RSA-SHA256 one (algorithm is not in the signing string): only its label is wrong.
  for (const { name, requirementId } of NEAR_MISS_SIGNATURE_ALGORITHMS)
    conformanceTest(
      {
        requirementIds: [requirementId, 'Auth.rejection.401'],
        operation: SUBJECT,
        title: `a valid RSA-SHA256 signature labelled algorithm="${name}" is rejected`,
      },
      async ({ s, judge }) => {
        const exchange = await call(s, { afterSign: (signed) => labelled(signed, name) });
        judge(exchange, [...checkRejected(exchange, requirementId), ...unauthorised(exchange)]);
      },
    );

  conformanceTest(
    { requirementIds: 'Auth.digest.sha512', operation: SUBJECT, title: 'a SHA-512 Digest is accepted' },
    async ({ s, judge }) => {
      const exchange = await call(s, { sign: { digestAlgorithm: 'SHA-512' } });
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Auth.digest.sha512'));
    },
  );

  // Group S: "base64 SHA-256 or SHA-512 hash of the body (RFC 3230, RFC 5843)", a closed list of two whose tokens
  // RFC 3230 §4.1.1 makes case-insensitive. Each near miss carries the value that is right for its own algorithm,
  // signed like any Digest, so the algorithm is the only thing wrong with the request.
  const digestedBy = async (s: Session, algorithm: string) => {
    const request = await validRequest(SUBJECT, s);
    return s.call(SUBJECT, { ...request, headers: { Digest: digestHeader(JSON.stringify(request.body), algorithm) } });
  };
  for (const algorithm of DIGEST_ALGORITHMS.map((a) => a.toLowerCase()))
    conformanceTest(
      {
        requirementIds: 'Auth.digest.algorithmCase',
        operation: SUBJECT,
        title: `a Digest written ${algorithm}=<base64> (lower case) is accepted`,
      },
      async ({ s, judge }) => {
        const exchange = await digestedBy(s, algorithm);
        judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Auth.digest.algorithmCase'));
      },
    );
  for (const algorithm of NEAR_MISS_DIGEST_ALGORITHMS)
    conformanceTest(
      {
        requirementIds: 'Auth.digest.algorithm',
        operation: SUBJECT,
        title: `a Digest of ${algorithm}, right for that algorithm, is rejected (only SHA-256 and SHA-512 are named)`,
      },
      async ({ s, judge }) => {
        const exchange = await digestedBy(s, algorithm);
        judge(exchange, checkRejected(exchange, 'Auth.digest.algorithm'));
      },
    );

  conformanceTest(
    {
      requirementIds: 'Auth.signature.rfc2047',
      operation: SUBJECT,
      title: 'a Signature sent as one RFC 2047 encoded word (the platform form) is accepted',
    },
    async ({ s, judge }) => {
      const exchange = await call(s, { sign: { signatureEncoding: 'always' } });
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Auth.signature.rfc2047'));
    },
  );

  // Signed by a certificate whose issuer DN has æ, ø and å (signing/certificates.ts NORWEGIAN_CA_SUBJECT), so keyId
  // is not ASCII and Authentication 2 applies for real. signing/sign.ts says how we read its two forms: the whole
  // value as one word is what it describes (MUST); each non-ASCII value as words is RFC 2047's own reading (SHOULD).
  // A bank that trusts only the configured certificate cannot take a generated one: then these are not testable.
  const ownCertificate = runContext().config.signing.certificatePath || runContext().config.signing.p12Path;
  const nonAsciiSkip = ownCertificate
    ? 'needs a certificate whose issuer DN is not ASCII; the bank knows only the configured one'
    : false;
  const signedByNorwegianIssuer = async (s: Session, signatureEncoding: 'when-needed' | 'per-value') => {
    const identity = await norwegianTestIdentity({ cacheDir: s.ctx.config.signing.cacheDir });
    const target = pathFor(s.ctx, SUBJECT, {}, { allowLogicalDuplicate: true });
    // Signed again over what the session signed (same Date, X-Request-ID, Digest), by the Norwegian issuer's TPP.
    return call(s, {
      afterSign: (signed) => ({
        ...signed,
        headers: signRequest(
          {
            method: operation(SUBJECT).method,
            target,
            headers: signed.headers,
            ...(signed.body ? { body: signed.body } : {}),
          },
          identity,
          { ...signOptionsFrom(s.ctx.config.signing), signatureEncoding },
        ),
      }),
    });
  };
  conformanceTest(
    {
      requirementIds: 'Auth.signature.rfc2047',
      operation: SUBJECT,
      title:
        'a Signature whose keyId names an issuer with æ, ø and å, sent whole as one UTF-8 ' +
        'encoded word longer than 75 characters, is accepted',
      skip: nonAsciiSkip,
    },
    async ({ s, judge }) => {
      const exchange = await signedByNorwegianIssuer(s, 'when-needed');
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Auth.signature.rfc2047'));
    },
  );
  conformanceTest(
    {
      requirementIds: 'Auth.signature.rfc2047',
      operation: SUBJECT,
      title:
        'a Signature whose keyId names an issuer with æ, ø and å, with only that value as ' +
        'RFC 2047 encoded words, is accepted',
      skip: nonAsciiSkip,
      level: 'SHOULD',
    },
    async ({ s, judge }) => {
      const exchange = await signedByNorwegianIssuer(s, 'per-value');
      const atShould = (r: CheckResult): CheckResult =>
        r.requirementId === 'Auth.signature.rfc2047' ? { ...r, level: 'SHOULD' } : r;
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Auth.signature.rfc2047').map(atShould));
    },
  );
});

/**
 * One malformed value per header rule of the subject, taken from the header generators (generators/headers.ts)
 * with the run's seed: the same seed sends the same values, another seed others (the test names show them).
 * Missing headers and the corporate case have their own tests below; Accept is judged with negotiation.
 */
const malformed = (op: OperationId): [RequirementId, string, string][] =>
  headerBreakers(op)
    .filter((b) => b.requirementId.startsWith('Headers.') && !b.prepare)
    .flatMap((b, i) => {
      const [value] = fc.sample(b.value, { numRuns: 1, seed: runContext().seed + i });
      return value === REMOVE
        ? []
        : [[b.requirementId, b.at.slice(1), String(value)] as [RequirementId, string, string]];
    });

/**
 * A request of `op` without `header`: removed after signing (the signer would otherwise supply X-Request-ID and
 * Digest itself), and left out of the signed list, so the only thing wrong is its absence, not a signature over a
 * header that is not there. The list is the one the signer would choose for the headers the request carries.
 */
async function sendWithout(s: Session, op: OperationId, header: string): Promise<Exchange> {
  const lower = header.toLowerCase();
  const request = await validRequest(op, s);
  const carried = { ...baseHeaders(s.ctx, op, request.body !== undefined), Date: '-' };
  const signedHeaders = headersToSign(request.body === undefined ? carried : { ...carried, Digest: '-' }).filter(
    (h) => h !== lower,
  );
  return s.call(op, {
    ...request,
    sign: { signedHeaders },
    afterSign: (signed) => ({
      ...signed,
      headers: Object.fromEntries(Object.entries(signed.headers).filter(([k]) => k.toLowerCase() !== lower)),
    }),
  });
}

describe('headers', () => {
  // Every header each specified operation requires, left out (generators/headers.ts missingHeaderCases): derived from
  // the header groups each operation names, so a new operation or header gets its cases without an edit here.
  for (const { operation: op, header, requirementId } of missingHeaderCases())
    conformanceTest(
      {
        requirementIds: requirementId,
        operation: op,
        title: `${op}: a request without ${header} is rejected with a 4xx`,
      },
      async ({ s, judge }) => {
        const exchange = await sendWithout(s, op, header);
        judge(exchange, checkRejected(exchange, requirementId));
      },
    );

  // Each closed list of header values and each UUID header, every member and every near miss (spec/headers.ts
  // formats; generators/headers.ts headerValueCases). PSU-Context's members have the corporate tests below.
  for (const c of headerValueCases(SUBJECT, { seed: runContext().seed, membersElsewhere: ['PSU-Context'] }))
    conformanceTest(
      {
        requirementIds: c.member ? ['Headers.optional.accepted', c.requirementId] : c.requirementId,
        operation: SUBJECT,
        title: `${c.header}: ${JSON.stringify(c.value)} (${c.label}) is ${c.member ? 'accepted' : 'rejected, 4xx'}`,
      },
      async ({ s, judge }) => {
        const exchange = await call(s, { headers: { [c.header]: c.value } });
        judge(
          exchange,
          c.member
            ? checkAccepted(exchange, operation(SUBJECT), 'Headers.optional.accepted')
            : checkRejected(exchange, c.requirementId),
        );
      },
    );

  // One malformed value per header rule on the other payment initiations, and on the subject where no list above
  // judges the rule already.
  const listed = new Set(headerValueCases(SUBJECT, { seed: runContext().seed }).map((c) => c.requirementId));
  for (const op of PAYMENTS)
    for (const [id, name, value] of malformed(op).filter(([id]) => op !== SUBJECT || !listed.has(id))) {
      conformanceTest(
        { requirementIds: id, operation: op, title: `${op}: ${name}: ${JSON.stringify(value)} is rejected with a 4xx` },
        async ({ s, judge }) => {
          const exchange = await callOn(op, s, { headers: { [name]: value } });
          judge(exchange, checkRejected(exchange, id));
        },
      );
    }

  // Errors rule 1 and Authentication 4: "corporate users also send PSU-Corporate-ID (omitting it for a corporate
  // user gives 400)". Who is a corporate user is the bank's knowledge, and interface.md does not say how it
  // decides: from PSU-Context per request, by remembering a PSU once seen as corporate, or from the owner of the
  // debtor account. So the request comes from the corporate test PSU (never the private one, whom a remembering
  // bank would refuse from then on), says PSU-Context CORPORATE, and pays from a corporate sandbox customer's
  // account. The production profile makes no sandbox data: there the debtor is an account number the bank need
  // not know, since the request must be refused for its missing header whatever it pays from.
  conformanceTest(
    {
      requirementIds: 'Errors.corporateWithoutCorporateId.400',
      operation: SUBJECT,
      title: 'a corporate PSU (PSU-Context CORPORATE) without PSU-Corporate-ID gives 400, not 500',
    },
    async ({ s, judge }) => {
      const debtor = s.ctx.profile === 'production' ? unregisteredAccount(s) : await corporateDebtor(s);
      const exchange = await s.call(SUBJECT, {
        body: ncbctBody(debtor, '43.00', `corp ${s.ctx.runTag}`),
        query: { allowLogicalDuplicate: true },
        headers: corporatePsuHeaders(s, false),
      });
      judge(exchange, checkRejected(exchange, 'Errors.corporateWithoutCorporateId.400'));
    },
  );

  conformanceTest(
    {
      requirementIds: 'Headers.X-PSU-IDENTITY.alternative',
      operation: SUBJECT,
      title: 'a PSU identified by X-PSU-IDENTITY instead of PSU-ID is accepted',
    },
    async ({ s, judge }) => {
      const exchange = await call(s, {
        headers: { 'PSU-ID': undefined, 'X-PSU-IDENTITY': s.ctx.config.psu.identity ?? '01017012345' },
      });
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Headers.X-PSU-IDENTITY.alternative'));
    },
  );

  // The private PSU sends every optional header but PSU-Corporate-ID: sending that one would make it a corporate
  // user in the eyes of a bank that remembers, and the corporate PSU sends it in the test below.
  conformanceTest(
    {
      requirementIds: ['Headers.optional.accepted', 'Headers.PSU-Context.singleSca'],
      operation: SUBJECT,
      title: 'every optional header, sent with a valid value, is accepted',
    },
    async ({ s, judge }) => {
      const exchange = await call(s, {
        headers: {
          'TPP-Redirect-Preferred': 'false',
          'PSU-IP-Port': '443',
          'PSU-User-Agent': 'Mozilla/5.0',
          'PSU-Accept': 'application/json',
          'PSU-Accept-Charset': 'utf-8',
          'PSU-Accept-Encoding': 'gzip',
          'PSU-Accept-Language': 'nb-NO',
          'PSU-HTTP-Method': 'POST',
          'PSU-Device-ID': '5b3ab8e8-0fd5-43d2-946e-d75958b172e7',
          'PSU-Geo-Location': 'GEO:59.9139;10.7522',
          'X-PSU-AuthMethod-Preferred': 'BANKID',
          'PSU-Context': 'PRIVATE',
          'TPP-Brand-Logging-Information': 'Brand',
        },
      });
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Headers.optional.accepted'));
    },
  );

  conformanceTest(
    {
      requirementIds: ['Headers.PSU-Context.singleSca', 'Headers.optional.accepted'],
      operation: SUBJECT,
      title:
        'the corporate PSU with PSU-Context CORPORATE and its PSU-Corporate-ID, paying ' +
        'from a corporate account, is accepted',
    },
    async ({ s, judge }) => {
      const exchange = await s.call(SUBJECT, {
        body: ncbctBody(await corporateDebtor(s), '44.00', `corp ok ${s.ctx.runTag}`),
        query: { allowLogicalDuplicate: true },
        headers: corporatePsuHeaders(s),
      });
      judge(exchange, checkAccepted(exchange, operation(SUBJECT), 'Headers.PSU-Context.singleSca'));
    },
  );

  conformanceTest(
    {
      requirementIds: 'Headers.x-accept-fix.optionalOnBulk',
      operation: 'bulk.create',
      title: 'a bulk payment without x-accept-fix is accepted',
    },
    async ({ s, judge }) => {
      const exchange = await s.call('bulk.create', {
        body: bulkBody(await sharedDebtor(s), unregisteredAccount(s)),
        query: { allowLogicalDuplicate: true },
        headers: { 'x-accept-fix': undefined },
      });
      judge(exchange, checkAccepted(exchange, operation('bulk.create'), 'Headers.x-accept-fix.optionalOnBulk'));
    },
  );
});
