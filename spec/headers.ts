import { ACCEPT_FIX_VALUES, PSU_CONTEXTS, PSU_HTTP_METHODS } from './enums.js';
import { NEAR_MISS_PSU_CONTEXTS, NEAR_MISS_PSU_HTTP_METHODS } from './near-misses.js';
import type { RequirementId } from './requirements/ids.generated.js';
import { ANOTHER_KEY_TYPE, ANOTHER_RSA_DIGEST, DIGEST_CLASS, HS2019 } from './matrix/labels.js';

/** Header groups of interface.md › Endpoints › Header groups. */
export type HeaderGroup = 'N' | 'S' | 'T' | 'P' | 'I' | 'X';

/**
 * - `yes`: interface.md marks it required for the operation.
 * - `no`: optional.
 * - `conditional`: required in a situation the note names (Digest with a body, PSU-Corporate-ID for corporate users).
 * - `unknown`: interface.md names the header for the operation but says which are required is "not shown".
 */
export type Presence = 'yes' | 'no' | 'conditional' | 'unknown';

export type HeaderFormat =
  | { kind: 'string' }
  | { kind: 'uuid' }
  | { kind: 'ip' }
  | { kind: 'uri' }
  /** A closed list, with `nearMisses`: values outside it a client could plausibly send for one of them. */
  | { kind: 'enum'; values: readonly string[]; nearMisses?: readonly string[] };

export interface HeaderSpec {
  name: string;
  group: HeaderGroup;
  presence: Presence;
  format: HeaderFormat;
  note?: string;
  /**
   * The rule a request breaks by leaving the header out where its operation requires it: presence `yes`, or
   * `conditional` where the rule names the operation (Digest where a body is carried, PSU-ID where X-PSU-IDENTITY is
   * not sent).
   */
  requiredRule?: RequirementId;
  /**
   * The rule that requires the header on every request, whatever an operation's presence says (Authentication 1:
   * every request is signed; Authentication 3: the certificate comes with it), where the rule names the operation.
   */
  everyRequestRule?: RequirementId;
  /** The rule a value outside the header's format breaks (a UUID, a closed list); open lists name none. */
  formatRule?: RequirementId;
}

const str = { kind: 'string' } as const;

/** Each header as its group defines it; an operation may narrow presence (see headersFor). */
export const HEADER_GROUPS: Record<HeaderGroup, readonly HeaderSpec[]> = {
  N: ['Accept', 'Accept-Charset', 'Accept-Encoding', 'Accept-Language', 'Host'].map((name) => ({
    name,
    group: 'N' as const,
    presence: 'no' as const,
    format: str,
  })),
  S: [
    {
      name: 'X-Request-ID',
      group: 'S',
      presence: 'yes',
      format: str,
      note: 'identifier of the call, unique per call',
      requiredRule: 'Headers.X-Request-ID.required',
    },
    {
      name: 'Digest',
      group: 'S',
      presence: 'conditional',
      format: str,
      note: 'required on operations that carry a body',
      requiredRule: 'Headers.Digest.requiredWithBody',
    },
    {
      name: 'TPP-Signature-Certificate',
      group: 'S',
      presence: 'yes',
      format: str,
      requiredRule: 'Headers.TPP-Signature-Certificate.required',
      everyRequestRule: 'Auth.certificate.required',
    },
    {
      name: 'Signature',
      group: 'S',
      presence: 'yes',
      format: str,
      requiredRule: 'Headers.Signature.required',
      everyRequestRule: 'Auth.signature.required',
    },
  ],
  T: [
    {
      name: 'TPP-Session-ID',
      group: 'T',
      presence: 'yes',
      format: str,
      requiredRule: 'Headers.TPP-Session-ID.required',
    },
    {
      name: 'TPP-Redirect-URI',
      group: 'T',
      presence: 'yes',
      format: { kind: 'uri' },
      requiredRule: 'Headers.TPP-Redirect-URI.required',
    },
    {
      name: 'TPP-Redirect-Preferred',
      group: 'T',
      presence: 'no',
      // Other spellings of a boolean; TRUE and False are left out: one reading of "false" takes any letter case.
      format: { kind: 'enum', values: ['true', 'false'], nearMisses: ['yes', 'no', '1', '0'] },
      formatRule: 'Headers.TPP-Redirect-Preferred.boolean',
    },
  ],
  P: [
    {
      name: 'PSU-ID',
      group: 'P',
      presence: 'conditional',
      format: { kind: 'uuid' },
      formatRule: 'Headers.PSU-ID.uuid',
      note: 'required unless the PSU is identified by X-PSU-IDENTITY (Authentication 4)',
      requiredRule: 'Headers.PSU-ID.required',
    },
    {
      name: 'PSU-Corporate-ID',
      group: 'P',
      presence: 'conditional',
      format: str,
      note: 'required for corporate users (Authentication 4, Errors rule 1)',
    },
    {
      name: 'PSU-IP-Address',
      group: 'P',
      presence: 'yes',
      format: { kind: 'ip' },
      requiredRule: 'Headers.PSU-IP-Address.required',
      formatRule: 'Headers.PSU-IP-Address.ip',
    },
    ...[
      'PSU-IP-Port',
      'PSU-User-Agent',
      'PSU-Accept',
      'PSU-Accept-Charset',
      'PSU-Accept-Encoding',
      'PSU-Accept-Language',
    ].map((name) => ({
      name,
      group: 'P' as const,
      presence: 'no' as const,
      format: str,
    })),
    {
      name: 'PSU-HTTP-Method',
      group: 'P',
      presence: 'no',
      format: { kind: 'enum', values: PSU_HTTP_METHODS, nearMisses: NEAR_MISS_PSU_HTTP_METHODS },
      formatRule: 'Headers.PSU-HTTP-Method.enum',
    },
    {
      name: 'PSU-Device-ID',
      group: 'P',
      presence: 'no',
      format: { kind: 'uuid' },
      formatRule: 'Headers.PSU-Device-ID.uuid',
    },
    { name: 'PSU-Geo-Location', group: 'P', presence: 'no', format: str },
  ],
  I: [
    {
      name: 'X-PSU-IDENTITY',
      group: 'I',
      presence: 'no',
      format: str,
      note: 'Norwegian national identity or D-number; a secret: masked in reports',
    },
    { name: 'X-PSU-AuthMethod-Preferred', group: 'I', presence: 'no', format: str },
    {
      name: 'PSU-Context',
      group: 'I',
      presence: 'no',
      format: { kind: 'enum', values: PSU_CONTEXTS, nearMisses: NEAR_MISS_PSU_CONTEXTS },
      formatRule: 'Headers.PSU-Context.enum',
      note: 'required for single-SCA payment initiation',
    },
    { name: 'TPP-Brand-Logging-Information', group: 'I', presence: 'no', format: str },
  ],
  // Optional in its group; the operations that require it say so (presence overrides). Not a closed list: Versioning
  // 4 names further values without giving them, so a value outside the table breaks no format rule.
  X: [
    {
      name: 'x-accept-fix',
      group: 'X',
      presence: 'no',
      // Near misses of the named values: judged only as unknown values (ignored or a 4xx, never a 5xx).
      format: {
        kind: 'enum',
        values: ACCEPT_FIX_VALUES,
        nearMisses: ['amount_as_string', 'AMOUNT-AS-STRING', 'longer-names', 'amount-as-strings'],
      },
      requiredRule: 'Headers.x-accept-fix.required',
    },
  ],
};

/** How an operation takes its headers: which groups, which headers it leaves out, which it narrows. */
export interface HeaderSelection {
  groups: HeaderGroup[];
  without?: string[];
  /** Presence overrides for this operation (e.g. x-accept-fix required, Digest required). */
  presence?: Record<string, Presence>;
  /** Headers this operation takes beyond its groups (e.g. Content-Type on sandbox operations). */
  extra?: HeaderSpec[];
  /** interface.md leaves required-ness open ("which of them are required: not shown"). */
  presenceUnknown?: boolean;
}

export function headersFor(selection: HeaderSelection): HeaderSpec[] {
  const without = new Set((selection.without ?? []).map((n) => n.toLowerCase()));
  const specs = selection.groups.flatMap((g) => HEADER_GROUPS[g]).concat(selection.extra ?? []);
  return specs
    .filter((h) => !without.has(h.name.toLowerCase()))
    .map((h) => {
      const override = selection.presence?.[h.name];
      const presence = override ?? (selection.presenceUnknown && h.presence !== 'no' ? 'unknown' : h.presence);
      return { ...h, presence };
    });
}

/**
 * Group S, Digest: "base64 SHA-256 or SHA-512 hash of the body (RFC 3230, RFC 5843)". The tokens are RFC 5843's;
 * RFC 3230 §4.1.1 makes them case-insensitive, so sha-256 is SHA-256.
 */
export const DIGEST_ALGORITHMS = ['SHA-256', 'SHA-512'] as const;

/**
 * Digest algorithm tokens interface.md does not name, in any letter case: the other SHA-2 lengths, RFC 3230's own
 * SHA (SHA-1), MD5 and UNIXsum, and the two named tokens without their dash (RFC 5843 defines no SHA256). A request
 * whose Digest names only these is refused even when the value is the right hash for the token.
 */
export const NEAR_MISS_DIGEST_ALGORITHMS = ['SHA-384', 'SHA-224', 'SHA', 'MD5', 'UNIXsum', 'SHA256', 'SHA512'] as const;

/** The near misses by class (spec/requirements/authentication.ts DIGEST_CLASS): other hashes, named ones misspelt. */
export const DIGEST_NEAR_MISS_CLASSES: Readonly<Record<string, readonly string[]>> = {
  [DIGEST_CLASS.otherAlgorithm]: ['SHA-384', 'SHA-224', 'SHA', 'MD5', 'UNIXsum'],
  [DIGEST_CLASS.withoutDash]: ['SHA256', 'SHA512'],
};

/** Authentication 1: "algorithm names the algorithm of the signing certificate; rsa-sha256 is expected." */
export const SIGNATURE_ALGORITHM = 'rsa-sha256';

/**
 * Signature `algorithm` names other than rsa-sha256, each over a valid RSA-SHA256 signature, with the rule a bank
 * breaks by accepting it: draft-cavage-10's names of other key types cannot be the algorithm of an RSA signing
 * certificate (MUST); the other RSA names and later drafts' hs2019 ("derive it from the key") are refused because
 * rsa-sha256 is what interface.md expects (SHOULD: it says "expected", and a bank deriving RSA-SHA256 from the key
 * still verifies the right signature).
 */
export const NEAR_MISS_SIGNATURE_ALGORITHMS: readonly { name: string; requirementId: RequirementId; cls: string }[] = [
  { name: 'hmac-sha256', requirementId: 'Auth.signature.algorithm', cls: ANOTHER_KEY_TYPE },
  { name: 'ecdsa-sha256', requirementId: 'Auth.signature.algorithm', cls: ANOTHER_KEY_TYPE },
  { name: 'rsa-sha512', requirementId: 'Auth.signature.algorithmExpected', cls: ANOTHER_RSA_DIGEST },
  { name: 'rsa-sha1', requirementId: 'Auth.signature.algorithmExpected', cls: ANOTHER_RSA_DIGEST },
  { name: 'hs2019', requirementId: 'Auth.signature.algorithmExpected', cls: HS2019 },
];

/** Headers the Signature must cover when they are present (Authentication 1). */
export const SIGNED_HEADERS = [
  'date',
  'digest',
  'x-request-id',
  'psu-id',
  'psu-corporate-id',
  'tpp-redirect-uri',
] as const;
