import { describe } from 'vitest';
import { checkAccepted, checkRejected, expectedStatusCheck, type ObservedExchange } from '../checks/index.js';
import type { CheckResult } from '../checks/index.js';
import { getHeader, setHeader } from '../core/index.js';
import {
  TAMPERINGS,
  buildSignatureHeader,
  digestHeader,
  headersToSign,
  norwegianTestIdentity,
  parseSignatureHeader,
  type Tampering,
} from '../signing/index.js';
import {
  DIGEST_NEAR_MISS_CLASSES,
  NEAR_MISS_SIGNATURE_ALGORITHMS,
  RFC2047,
  SIGNED_HEADERS,
  classesOf,
  validSignatureWithout,
  type ExpectedRejection,
  type OperationId,
  type RequirementId,
} from '../spec/index.js';
import { SPECIFIED_OPERATIONS, refusedRequest, validRequest } from './operation-requests.js';
import { pickBySeed } from './support/cells.js';
import { conformanceTest } from './support/conformance-test.js';
import { runContext } from './support/context.js';
import { baseHeaders, operation } from './support/request.js';
import { openSession, type CallOptions, type Session, type Signed } from './support/session.js';

/**
 * interface.md › Authentication and Group S, on every operation interface.md specifies (each verifies its own
 * requests: a bank can get it right on NCBCT creation and skip it on a read): every class of spoiled signature, of
 * signed-header list, of algorithm label and of Digest the catalogue derives for the operation (spec/matrix), one
 * request each; the valid forms (SHA-512, lower-case tokens, RFC 2047 words) one request each too.
 */

type Change = Omit<CallOptions, 'body' | 'query' | 'params'>;

/** A request of `op` the bank must refuse for the change alone (on data the file's refusals share). */
const refusedOn = async (op: OperationId, s: Session, change: Change) =>
  s.call(op, { ...(await refusedRequest(op, s)), ...change });
/** A valid request of `op`, with a change the bank must accept. */
const acceptedOn = async (op: OperationId, s: Session, change: Change) =>
  s.call(op, { ...(await validRequest(op, s)), ...change });

/** Berlin Group: signature and certificate problems are 401 (SHOULD; interface.md shows no status). */
const UNAUTHORISED: ExpectedRejection = { status: [401], codes: [], exactness: 'SHOULD' };
const unauthorised = (exchange: ObservedExchange): CheckResult[] =>
  expectedStatusCheck.run({ exchange, requirementId: 'Auth.rejection.401', expected: UNAUTHORISED });

/** Whether the catalogue gives the rule a class of this label on the operation. */
const hasClass = (id: RequirementId, op: OperationId, label: string): boolean =>
  classesOf(id, op).some((c) => c.label === label);

/** A signed request whose Signature names another algorithm (the Signature is ASCII here: no RFC 2047 word). */
function labelled(signed: Signed, algorithm: string): Signed {
  const params = parseSignatureHeader(getHeader(signed.headers, 'signature') ?? '');
  const headers = { ...signed.headers };
  setHeader(headers, 'Signature', buildSignatureHeader({ ...params, headers: params.headers ?? ['date'], algorithm }));
  return { ...signed, headers };
}

/** The rule a tampering breaks: its own, or (a clock skew no rule of interface.md covers) the 401 convention. */
const ruleOf = (t: Tampering): RequirementId => t.requirementId ?? 'Auth.rejection.401';

/** The tamperings that are a class of their rule on `op` (the catalogue's, spec/requirements/authentication.ts). */
const tamperingsOn = (op: OperationId): Tampering[] => TAMPERINGS.filter((t) => hasClass(ruleOf(t), op, t.name));

describe('signature', () => {
  conformanceTest(
    {
      requirementIds: ['Auth.signature.valid', 'Auth.signature.keyId.form', 'Auth.signature.algorithm'],
      operation: 'ncbct.create',
      title: 'a request signed as interface.md says is accepted',
    },
    async ({ s, judge }) => {
      const exchange = await acceptedOn('ncbct.create', s, {});
      judge(exchange, checkAccepted(exchange, operation('ncbct.create'), 'Auth.signature.valid'));
    },
  );
});

for (const op of SPECIFIED_OPERATIONS)
  describe(`signature: ${op}`, () => {
    for (const tampering of tamperingsOn(op)) {
      const id = ruleOf(tampering);
      conformanceTest(
        {
          requirementIds: [id, 'Auth.rejection.401'],
          operation: op,
          title: `${op}: tampered request (${tampering.name}) is rejected`,
          cells: [{ requirementId: id, label: tampering.name }],
        },
        async ({ s, judge }) => {
          // Another CA's identity, cached on disk (generating one takes seconds of CPU): the Norwegian-issuer TPP's.
          const others = await norwegianTestIdentity({ cacheDir: s.ctx.config.signing.cacheDir });
          const exchange = await refusedOn(op, s, { afterSign: (signed) => tampering.apply(signed, others) });
          // 401 is the convention for signature and certificate problems; a missing header is a 400 (Headers.*).
          const convention = id.startsWith('Auth.') ? unauthorised(exchange) : [];
          judge(exchange, [...checkRejected(exchange, id), ...convention]);
        },
      );
    }

    // A validly computed signature whose `headers` leave one out: a tampering spoils the signature too, so only this
    // proves the bank insists on the list rather than merely on a signature that verifies.
    for (const left of SIGNED_HEADERS.filter((h) => hasClass('Auth.signature.headers', op, validSignatureWithout(h))))
      conformanceTest(
        {
          requirementIds: ['Auth.signature.headers', 'Auth.rejection.401'],
          operation: op,
          title: `${op}: a valid signature over headers without ${left} is rejected`,
          cells: [{ requirementId: 'Auth.signature.headers', label: validSignatureWithout(left) }],
        },
        async ({ s, judge }) => {
          const request = await refusedRequest(op, s);
          // The list the signer would choose for the headers the request carries, without the one left out.
          const carried = { ...baseHeaders(s.ctx, op, request.body !== undefined), Date: '-' };
          const signedHeaders = headersToSign(
            request.body === undefined ? carried : { ...carried, Digest: '-' },
          ).filter((h) => h !== left);
          const exchange = await s.call(op, { ...request, sign: { signedHeaders } });
          judge(exchange, [...checkRejected(exchange, 'Auth.signature.headers'), ...unauthorised(exchange)]);
        },
      );

    // Authentication 1: "algorithm names the algorithm of the signing certificate; rsa-sha256 is expected". The
    // signature stays a valid RSA-SHA256 one (algorithm is not in the signing string): only its label is wrong. One
    // request per class; the seed picks the name within it.
    const algorithmClasses = [...new Set(NEAR_MISS_SIGNATURE_ALGORITHMS.map((a) => a.cls))];
    for (const cls of algorithmClasses) {
      const names = NEAR_MISS_SIGNATURE_ALGORITHMS.filter((a) => a.cls === cls);
      const { requirementId } = names[0] as (typeof names)[number];
      conformanceTest(
        {
          requirementIds: [requirementId, 'Auth.rejection.401'],
          operation: op,
          title: `${op}: a valid RSA-SHA256 signature labelled ${cls} is rejected`,
          cells: [{ requirementId, label: cls }],
        },
        async ({ s, judge }) => {
          const { name } = pickBySeed(names, s.ctx.seed);
          const exchange = await refusedOn(op, s, { afterSign: (signed) => labelled(signed, name) });
          judge(exchange, [...checkRejected(exchange, requirementId), ...unauthorised(exchange)]);
        },
      );
    }

    if (operation(op).requestBody !== undefined) digestTests(op);
    rfc2047Tests(op);
  });

/** Group S's Digest on an operation with a body: SHA-512 and the tokens in lower case taken, other algorithms not. */
function digestTests(op: OperationId): void {
  // Each near miss carries the value that is right for its own algorithm, signed like any Digest, so the algorithm is
  // the only thing wrong with the request.
  const digestedBy = async (s: Session, algorithm: string, refused: boolean) => {
    const request = await (refused ? refusedRequest(op, s) : validRequest(op, s));
    return s.call(op, { ...request, headers: { Digest: digestHeader(JSON.stringify(request.body), algorithm) } });
  };
  conformanceTest(
    {
      requirementIds: 'Auth.digest.sha512',
      operation: op,
      title: `${op}: a SHA-512 Digest is accepted`,
      cells: [{ requirementId: 'Auth.digest.sha512', label: 'a SHA-512 Digest' }],
    },
    async ({ s, judge }) => {
      const exchange = await acceptedOn(op, s, { sign: { digestAlgorithm: 'SHA-512' } });
      judge(exchange, checkAccepted(exchange, operation(op), 'Auth.digest.sha512'));
    },
  );
  // RFC 3230 §4.1.1 makes the tokens case-insensitive.
  for (const algorithm of ['sha-256', 'sha-512'])
    conformanceTest(
      {
        requirementIds: 'Auth.digest.algorithmCase',
        operation: op,
        title: `${op}: a Digest written ${algorithm}=<base64> (lower case) is accepted`,
        cells: [{ requirementId: 'Auth.digest.algorithmCase', label: `${algorithm}=<base64> in lower case` }],
      },
      async ({ s, judge }) => {
        const exchange = await digestedBy(s, algorithm, false);
        judge(exchange, checkAccepted(exchange, operation(op), 'Auth.digest.algorithmCase'));
      },
    );
  for (const [cls, algorithms] of Object.entries(DIGEST_NEAR_MISS_CLASSES))
    conformanceTest(
      {
        requirementIds: 'Auth.digest.algorithm',
        operation: op,
        title: `${op}: a Digest of ${cls} is rejected (only SHA-256 and SHA-512 are named)`,
        cells: [{ requirementId: 'Auth.digest.algorithm', label: cls }],
      },
      async ({ s, judge }) => {
        const exchange = await digestedBy(s, pickBySeed(algorithms, s.ctx.seed), true);
        judge(exchange, checkRejected(exchange, 'Auth.digest.algorithm'));
      },
    );
}

/**
 * Authentication 2 on the operation: the platform's form (the whole Signature as one encoded word), and a Signature
 * whose keyId is not ASCII (signed by a certificate whose issuer DN has æ, ø and å, signing/certificates.ts
 * NORWEGIAN_CA_SUBJECT) in both readings signing/sign.ts describes: the whole value as one word (MUST) and each
 * non-ASCII value as words, RFC 2047's own reading (SHOULD). A bank that trusts only the configured certificate cannot
 * take a generated one: then those two are not testable.
 */
function rfc2047Tests(op: OperationId): void {
  const ownCertificate = runContext().config.signing.certificatePath || runContext().config.signing.p12Path;
  const nonAsciiSkip = ownCertificate
    ? 'needs a certificate whose issuer DN is not ASCII; the bank knows only the configured one'
    : false;
  // The Norwegian issuer's TPP is another TPP to the bank: it signs with a session of its own, on data it made itself
  // (a bank keeps one TPP's baskets from another).
  const signedByNorwegianIssuer = async (s: Session, signatureEncoding: 'when-needed' | 'per-value') => {
    const identity = await norwegianTestIdentity({ cacheDir: s.ctx.config.signing.cacheDir });
    const norwegian = await openSession(identity);
    return norwegian.call(op, { ...(await validRequest(op, norwegian, { own: true })), sign: { signatureEncoding } });
  };
  const cell = (label: string) => [{ requirementId: 'Auth.signature.rfc2047' as const, label }];
  conformanceTest(
    {
      requirementIds: 'Auth.signature.rfc2047',
      operation: op,
      title: `${op}: a Signature sent as one RFC 2047 encoded word (the platform form) is accepted`,
      cells: cell(RFC2047.whole),
    },
    async ({ s, judge }) => {
      const exchange = await acceptedOn(op, s, { sign: { signatureEncoding: 'always' } });
      judge(exchange, checkAccepted(exchange, operation(op), 'Auth.signature.rfc2047'));
    },
  );
  conformanceTest(
    {
      requirementIds: 'Auth.signature.rfc2047',
      operation: op,
      title:
        `${op}: a Signature whose keyId names an issuer with æ, ø and å, sent whole as one UTF-8 ` +
        'encoded word longer than 75 characters, is accepted',
      skip: nonAsciiSkip,
      cells: cell(RFC2047.nonAsciiWhole),
    },
    async ({ s, judge }) => {
      const exchange = await signedByNorwegianIssuer(s, 'when-needed');
      judge(exchange, checkAccepted(exchange, operation(op), 'Auth.signature.rfc2047'));
    },
  );
  conformanceTest(
    {
      requirementIds: 'Auth.signature.rfc2047',
      operation: op,
      title:
        `${op}: a Signature whose keyId names an issuer with æ, ø and å, with only that value as RFC 2047 ` +
        'words, is accepted',
      skip: nonAsciiSkip,
      level: 'SHOULD',
      cells: cell(RFC2047.nonAsciiPerValue),
    },
    async ({ s, judge }) => {
      const exchange = await signedByNorwegianIssuer(s, 'per-value');
      const atShould = (r: CheckResult): CheckResult =>
        r.requirementId === 'Auth.signature.rfc2047' ? { ...r, level: 'SHOULD' } : r;
      judge(exchange, checkAccepted(exchange, operation(op), 'Auth.signature.rfc2047').map(atShould));
    },
  );
}
