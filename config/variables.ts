import { OPERATIONS, type OperationId } from '../spec/index.js';
import { SEED_MAX, SEED_RANGE_WHY } from './seed.js';
import { SCA_DRIVERS } from '../client/sca/types.js';

/**
 * What a value must be, as the JSON Schema config/schema.ts validates the environment with (ajv): a whole number in
 * a range, one of a closed list, or a string of a pattern whose `description` completes "NAME must be …".
 */
export type ValueSchema =
  | { type: 'integer'; minimum: number; maximum?: number; description?: string }
  | { enum: readonly string[] }
  | { type: 'string'; pattern: string; description: string };

/**
 * Every variable the project reads, with its default, meaning and the schema of its value (none: any text):
 * .env.example is checked against this list, and loadConfig validates the environment by it.
 */
export interface Variable {
  name: string;
  default?: string;
  secret?: boolean;
  meaning: string;
  schema?: ValueSchema;
}

/** The schemas the rows use: each reads as what it says (`integer(1)`: a whole number ≥ 1). */
const integer = (minimum: number, maximum?: number, description?: string): ValueSchema => ({
  type: 'integer',
  minimum,
  ...(maximum !== undefined ? { maximum } : {}),
  ...(description ? { description } : {}),
});
const oneOf = (...values: string[]): ValueSchema => ({ enum: values });
const text = (pattern: string, description: string): ValueSchema => ({ type: 'string', pattern, description });
const HTTP_URL = text('^https?://[^\\s/?#]+(?:[/?#]\\S*)?$', 'an http or https URL');
const UUID = text('^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', 'a UUID');
const NATIONAL_ID = text('^\\d{11}$', 'an 11-digit national identity or D-number');
const BOOLEAN = oneOf('true', 'false');

/** Variables that mean something only together (a certificate and its key): one without the other is refused. */
export const SET_TOGETHER: readonly (readonly [string, string])[] = [
  ['MTLS_CERT_PATH', 'MTLS_KEY_PATH'],
  ['SIGNING_CERT_PATH', 'SIGNING_KEY_PATH'],
  ['SECOND_TPP_CERT_PATH', 'SECOND_TPP_KEY_PATH'],
];

/** PATH_<OPERATION> for each operation whose path interface.md does not show, e.g. PATH_SCT_CREATE. */
export const pathVariable = (id: OperationId): string =>
  `PATH_${id
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replaceAll('.', '_')
    .toUpperCase()}`;

export const VARIABLES: Variable[] = [
  {
    name: 'BASE_URL',
    meaning:
      'The bank to judge (may carry a prefix such as /api-sandbox). Unset, with no PROFILE: the embedded ' +
      'reference bank. Set but empty: an error (a missing CI secret), unless the profile is embedded.',
    schema: HTTP_URL,
  },
  {
    name: 'PROFILE',
    meaning:
      'sandbox or production: judge the bank at BASE_URL, and fail (exit 2) when BASE_URL is not set; ' +
      'production never runs sandbox suites nor creates payments without --allow-payments. embedded: the ' +
      'reference bank, whatever BASE_URL says. Unset: sandbox when BASE_URL is set, else embedded. --profile ' +
      'overrides it.',
    schema: oneOf('embedded', 'sandbox', 'production'),
  },
  {
    name: 'SEED',
    default: '20261122',
    meaning: 'fast-check seed: the same seed sends the same requests.',
    schema: integer(0, SEED_MAX, SEED_RANGE_WHY),
  },
  {
    name: 'NUM_RUNS',
    default: '10',
    meaning:
      'Random runs of each property-based test over valid values (rule breakers send each of their cases once; ' +
      '--thorough adds random ones and multiplies these by 4).',
    schema: integer(1),
  },
  {
    name: 'MAX_REQUESTS',
    meaning:
      'Request budget of a run: the tests are chosen by measured detection value (detection.json) until the ' +
      'budget is spent; the others are left unjudged and named in the verdict. Unset: every test.',
    schema: integer(1),
  },
  { name: 'HTTP_CONNECT_TIMEOUT_MS', default: '5000', meaning: 'TCP/TLS connect timeout.', schema: integer(1) },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    default: '15000',
    meaning: 'Time allowed until response headers arrive.',
    schema: integer(1),
  },
  {
    name: 'HTTP_BODY_TIMEOUT_MS',
    default: '15000',
    meaning: 'Time allowed between body chunks.',
    schema: integer(1),
  },
  {
    name: 'HTTP_MAX_RESPONSE_BYTES',
    default: '5242880',
    meaning: 'Responses beyond this size are cut off and reported.',
    schema: integer(1),
  },
  {
    name: 'HTTP_REQUESTS_PER_SECOND',
    meaning: 'Request rate limit (sandboxes throttle); unset: no limit.',
    schema: integer(1),
  },
  {
    name: 'HTTP_CONCURRENCY',
    default: '4',
    meaning: 'Requests in flight at most (unset, against the embedded reference bank: 16).',
    schema: integer(1),
  },
  {
    name: 'HTTP_RETRY_BUDGET_MS',
    default: '10000',
    meaning: 'Total time a request may wait on 429 Retry-After.',
    schema: integer(0),
  },
  { name: 'HTTP_PROXY', meaning: 'HTTP proxy URL for the target.', schema: HTTP_URL },
  { name: 'MTLS_CERT_PATH', meaning: 'QWAC certificate (PEM) for mutual TLS.' },
  { name: 'MTLS_KEY_PATH', secret: true, meaning: 'Private key (PEM) of the QWAC certificate.' },
  { name: 'MTLS_CA_PATH', meaning: 'CA bundle (PEM) that the target certificate chains to.' },
  { name: 'MTLS_KEY_PASSPHRASE', secret: true, meaning: 'Passphrase of MTLS_KEY_PATH.' },
  { name: 'SIGNING_CERT_PATH', meaning: 'QSealC signing certificate (PEM). Unset: a generated test certificate.' },
  { name: 'SIGNING_KEY_PATH', secret: true, meaning: 'Private key (PEM) of SIGNING_CERT_PATH.' },
  {
    name: 'SIGNING_P12_PATH',
    secret: true,
    meaning: 'PKCS#12 file with the signing certificate and key (instead of the two PEM files).',
  },
  { name: 'SIGNING_P12_PASSPHRASE', secret: true, meaning: 'Passphrase of SIGNING_P12_PATH.' },
  {
    name: 'SIGNING_KEY_CACHE_DIR',
    meaning:
      "Where the generated test CA and certificate are cached. Unset: this user's cache folder " +
      '(~/.cache/psd2-conformance on Linux), never the project, where a private key could be committed.',
  },
  {
    name: 'KEYID_SERIAL_CASE',
    default: 'upper',
    meaning: 'keyId serial hex case: upper (platform) or lower.',
    schema: oneOf('upper', 'lower'),
  },
  {
    name: 'KEYID_LEADING_ZEROS',
    default: 'false',
    meaning: 'Keep leading zeros of the serial in keyId.',
    schema: BOOLEAN,
  },
  {
    name: 'KEYID_DN_STYLE',
    default: 'platform',
    meaning: 'keyId issuer DN: platform (CN=…,O=…,C=… without spaces) or rfc2253.',
    schema: oneOf('platform', 'rfc2253'),
  },
  { name: 'DIGEST_ALGORITHM', default: 'SHA-256', meaning: 'SHA-256 or SHA-512.', schema: oneOf('SHA-256', 'SHA-512') },
  {
    name: 'SIGN_REQUEST_TARGET',
    default: 'false',
    meaning: 'Add (request-target) to the signed headers.',
    schema: BOOLEAN,
  },
  {
    name: 'PSU_ID',
    default: '2d3e4f50-0000-4000-8000-000000000001',
    meaning: 'PSU-ID (UUID) of the private test PSU.',
    schema: UUID,
  },
  { name: 'PSU_IP_ADDRESS', default: '192.0.2.10', meaning: 'PSU-IP-Address to forward.' },
  {
    name: 'PSU_IDENTITY',
    secret: true,
    meaning: 'X-PSU-IDENTITY (national identity or D-number) of the private test PSU: masked everywhere.',
    schema: NATIONAL_ID,
  },
  {
    name: 'CORPORATE_PSU_ID',
    default: '2d3e4f50-0000-4000-8000-000000000002',
    meaning:
      'PSU-ID (UUID) of the corporate test PSU, not the private one: ' +
      'tests that make a PSU corporate use only this one.',
    schema: UUID,
  },
  {
    name: 'PSU_CORPORATE_ID',
    default: 'corp-1',
    meaning: 'PSU-Corporate-ID of the corporate test PSU (its corporation).',
  },
  {
    name: 'CORPORATE_PSU_IDENTITY',
    secret: true,
    meaning: 'X-PSU-IDENTITY of the corporate test PSU: masked everywhere.',
    schema: NATIONAL_ID,
  },
  { name: 'TPP_REDIRECT_URI', default: 'https://tpp.example/callback', meaning: 'TPP-Redirect-URI.' },
  { name: 'TPP_SESSION_ID', meaning: 'TPP-Session-ID; unset: a new UUID per request.' },
  {
    name: 'SCA_DRIVER',
    meaning:
      'Who plays the PSU behind scaRedirect (docs/journeys.md): embedded (the reference bank’s ?result=ok/fail), ' +
      'http (SCA_APPROVE_URL, SCA_DENY_URL) or manual (journeys that need SCA are not testable). Unset: embedded ' +
      'against the embedded reference bank, manual against BASE_URL.',
    schema: oneOf(...SCA_DRIVERS),
  },
  {
    name: 'SCA_APPROVE_URL',
    meaning:
      'SCA_DRIVER=http: how the PSU approves. A URL template where {scaRedirect} is the link the bank handed out ' +
      '({scaRedirect}?result=ok), or link:TEXT / form:TEXT, the link or form button to click on its page.',
  },
  { name: 'SCA_DENY_URL', meaning: 'SCA_DRIVER=http: how the PSU denies, in the form of SCA_APPROVE_URL.' },
  {
    name: 'SECOND_TPP_CERT_PATH',
    meaning:
      'Signing certificate (PEM) of a second TPP, for the other-TPP (security) rules. Unset: a generated one ' +
      'from the test CA.',
  },
  { name: 'SECOND_TPP_KEY_PATH', secret: true, meaning: 'Private key (PEM) of SECOND_TPP_CERT_PATH.' },
  ...OPERATIONS.filter((o) => o.pathAssumed).map((o) => ({
    name: pathVariable(o.id),
    default: o.path,
    meaning: `Path of ${o.summary} (not shown in interface.md).`,
    schema: text('^/', 'a path starting with /'),
  })),
];
