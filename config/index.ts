import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';
import { UserError } from '../core/index.js';
import type { HttpOptions } from '../client/index.js';
import { SCA_DRIVERS, type ScaDriverName } from '../client/sca/index.js';
import type { SigningConfig } from '../signing/index.js';
import { OPERATIONS, type OperationId } from '../spec/index.js';
import { nearMisses, type NearMiss } from './near-miss.js';
import { VARIABLES, pathVariable } from './variables.js';

export { VARIABLES, pathVariable } from './variables.js';
export type { NearMiss } from './near-miss.js';

/** embedded: the reference bank the run starts itself; sandbox and production: the bank at BASE_URL. */
export const PROFILES = ['embedded', 'sandbox', 'production'] as const;
export type ProfileName = (typeof PROFILES)[number];

export interface Config {
  /** BASE_URL when it is set to a usable URL (without trailing slashes). */
  baseUrl?: string;
  /** BASE_URL is set but blank: in CI, `BASE_URL: ${{ secrets.X }}` whose secret is missing. */
  baseUrlEmpty: boolean;
  /** PROFILE when set; unset, the target decides (config/target.ts). */
  profile?: ProfileName;
  /**
   * Names the env file sets that are no variable of ours but resemble one (BASEURL): typos, judged by config/target.ts.
   */
  nearMisses: NearMiss[];
  seed: number;
  numRuns: number;
  paths: Partial<Record<OperationId, string>>;
  /** The client's options (client/types.ts): the library defines them, configuration fills them in. */
  http: HttpOptions;
  /** The signer's options (signing/types.ts). */
  signing: SigningConfig;
  /** The private test PSU: every test that does not change how the bank sees its PSU. */
  psu: { id: string; ipAddress: string; identity?: string };
  /** The corporate test PSU, a different person from `psu` (a bank may remember who is corporate). */
  corporatePsu: { id: string; corporateId: string; identity?: string };
  tpp: { redirectUri: string; sessionId?: string };
  /** Who plays the PSU behind scaRedirect (client/sca); no driver: embedded or manual, by target. */
  sca: { driver?: ScaDriverName; approveUrl?: string; denyUrl?: string };
  /** Another TPP's signing certificate and key (the other-TPP rules); unset: one generated from the test CA. */
  secondTpp: { certificatePath?: string; keyPath?: string };
  /** HTTP_CONCURRENCY was not set: the runner may choose for a target that is not a real bank (runner/run.ts). */
  concurrencyDefaulted?: true;
}

const KNOWN = new Map(VARIABLES.map((v) => [v.name, v]));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readEnvFile(path: string, required: boolean): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (!required && (err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UserError(`cannot read env file ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    // dotenv's own name characters, so that a misspelt PSU-ID reaches the near-miss check and is named there.
    if (t && !t.startsWith('#') && !/^(export\s+)?[\w.-]+\s*=/.test(t))
      throw new UserError(`${path}:${i + 1}: not a NAME=value line`);
  });
  return parse(text);
}

/**
 * The one typed configuration of a run: `.env` (if present), overridden by the environment, validated
 * up front. Every error names the variable and the bad value (masked when it is a secret).
 */
export function loadConfig(
  options: { env?: Record<string, string | undefined>; envFile?: string | false } = {},
): Config {
  const envFile = options.envFile === false ? undefined : (options.envFile ?? '.env');
  const fromFile = envFile === undefined ? {} : readEnvFile(envFile, options.envFile !== undefined);
  const env = { ...fromFile, ...(options.env ?? process.env) };
  const raw = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : KNOWN.get(name)?.default;
  };
  const shown = (name: string, value: string) => (KNOWN.get(name)?.secret ? '***' : value);
  const fail = (name: string, what: string, value: string): never => {
    throw new UserError(`${name} must be ${what}, got "${shown(name, value)}"`);
  };
  const int = (name: string, min: number): number | undefined => {
    const value = raw(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < min) fail(name, `an integer ≥ ${min}`, value);
    return Number(value);
  };
  const must = (n: number | undefined): number => n as number;
  const oneOf = <T extends string>(name: string, values: readonly T[]): T => {
    const value = raw(name) as string;
    if (!values.includes(value as T)) fail(name, `one of ${values.join(', ')}`, value);
    return value as T;
  };
  const bool = (name: string): boolean => oneOf(name, ['true', 'false']) === 'true';
  const url = (name: string): string | undefined => {
    const value = raw(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail(name, 'an http or https URL', value);
    } catch {
      fail(name, 'an http or https URL', value);
    }
    return value.replace(/\/+$/, '');
  };
  const optional = (name: string) => raw(name);

  const uuid = (name: string): string => {
    const value = raw(name) as string;
    if (!UUID.test(value)) fail(name, 'a UUID', value);
    return value;
  };
  const nationalId = (name: string): string | undefined => {
    const value = optional(name);
    if (value !== undefined && !/^\d{11}$/.test(value)) fail(name, 'an 11-digit national identity or D-number', value);
    return value;
  };
  const psuId = uuid('PSU_ID');
  const identity = nationalId('PSU_IDENTITY');
  // Separate private and corporate test PSUs, as real sandboxes provide them: a bank that remembers a PSU as
  // corporate would otherwise refuse every later request of the private one.
  const corporatePsuId = uuid('CORPORATE_PSU_ID');
  if (corporatePsuId.toLowerCase() === psuId.toLowerCase())
    throw new UserError('CORPORATE_PSU_ID must name another PSU than PSU_ID');
  const corporateIdentity = nationalId('CORPORATE_PSU_IDENTITY');
  if (corporateIdentity !== undefined && corporateIdentity === identity)
    throw new UserError('CORPORATE_PSU_IDENTITY must name another PSU than PSU_IDENTITY');

  const paths: Partial<Record<OperationId, string>> = {};
  for (const op of OPERATIONS.filter((o) => o.pathAssumed)) {
    const value = raw(pathVariable(op.id)) as string;
    if (!value.startsWith('/')) fail(pathVariable(op.id), 'a path starting with /', value);
    const params = (value.match(/\{[^}]+\}/g) ?? []).sort().join();
    if (
      params !==
      op.pathParams
        .map((p) => `{${p}}`)
        .sort()
        .join()
    )
      fail(
        pathVariable(op.id),
        `a path with the parameters ${op.pathParams.map((p) => `{${p}}`).join(', ') || '(none)'}`,
        value,
      );
    if (value !== op.path) paths[op.id] = value;
  }

  const mtlsCert = optional('MTLS_CERT_PATH');
  const mtlsKey = optional('MTLS_KEY_PATH');
  if (Boolean(mtlsCert) !== Boolean(mtlsKey))
    throw new UserError('MTLS_CERT_PATH and MTLS_KEY_PATH must be set together');
  const rps = int('HTTP_REQUESTS_PER_SECOND', 1);
  const proxy = url('HTTP_PROXY');
  const baseUrl = url('BASE_URL');
  const sessionId = optional('TPP_SESSION_ID');

  const signingCert = optional('SIGNING_CERT_PATH');
  const signingKey = optional('SIGNING_KEY_PATH');
  if (Boolean(signingCert) !== Boolean(signingKey))
    throw new UserError('SIGNING_CERT_PATH and SIGNING_KEY_PATH must be set together');
  const p12 = optional('SIGNING_P12_PATH');
  const p12Passphrase = optional('SIGNING_P12_PASSPHRASE');
  const caPath = optional('MTLS_CA_PATH');
  const mtlsPassphrase = optional('MTLS_KEY_PASSPHRASE');

  const profile = raw('PROFILE') === undefined ? undefined : oneOf('PROFILE', PROFILES);
  const scaDriver = raw('SCA_DRIVER') === undefined ? undefined : oneOf('SCA_DRIVER', SCA_DRIVERS);
  const approveUrl = optional('SCA_APPROVE_URL');
  const denyUrl = optional('SCA_DENY_URL');
  if (scaDriver === 'http' && (!approveUrl || !denyUrl))
    throw new UserError('SCA_DRIVER=http needs SCA_APPROVE_URL and SCA_DENY_URL (docs/journeys.md)');
  const secondCert = optional('SECOND_TPP_CERT_PATH');
  const secondKey = optional('SECOND_TPP_KEY_PATH');
  if (Boolean(secondCert) !== Boolean(secondKey))
    throw new UserError('SECOND_TPP_CERT_PATH and SECOND_TPP_KEY_PATH must be set together');

  return {
    ...(baseUrl ? { baseUrl } : {}),
    baseUrlEmpty: env.BASE_URL !== undefined && env.BASE_URL.trim() === '',
    ...(profile ? { profile } : {}),
    // Only the env file is ours: the environment holds many variables of other programs.
    nearMisses: envFile === undefined ? [] : nearMisses(Object.keys(fromFile), [...KNOWN.keys()], envFile),
    ...(env.HTTP_CONCURRENCY?.trim() ? {} : { concurrencyDefaulted: true as const }),
    seed: must(int('SEED', 0)),
    numRuns: must(int('NUM_RUNS', 1)),
    paths,
    http: {
      connectTimeoutMs: must(int('HTTP_CONNECT_TIMEOUT_MS', 1)),
      headersTimeoutMs: must(int('HTTP_HEADERS_TIMEOUT_MS', 1)),
      bodyTimeoutMs: must(int('HTTP_BODY_TIMEOUT_MS', 1)),
      maxResponseBytes: must(int('HTTP_MAX_RESPONSE_BYTES', 1)),
      ...(rps ? { requestsPerSecond: rps } : {}),
      concurrency: must(int('HTTP_CONCURRENCY', 1)),
      retryBudgetMs: must(int('HTTP_RETRY_BUDGET_MS', 0)),
      ...(proxy ? { proxyUrl: proxy } : {}),
      ...(mtlsCert && mtlsKey
        ? {
            mtls: {
              certPath: mtlsCert,
              keyPath: mtlsKey,
              ...(caPath ? { caPath } : {}),
              ...(mtlsPassphrase ? { passphrase: mtlsPassphrase } : {}),
            },
          }
        : {}),
    },
    signing: {
      ...(signingCert && signingKey ? { certificatePath: signingCert, keyPath: signingKey } : {}),
      ...(p12 ? { p12Path: p12 } : {}),
      ...(p12Passphrase ? { p12Passphrase } : {}),
      cacheDir: raw('SIGNING_KEY_CACHE_DIR') as string,
      keyId: {
        serialCase: oneOf('KEYID_SERIAL_CASE', ['upper', 'lower'] as const),
        leadingZeros: bool('KEYID_LEADING_ZEROS'),
        dnStyle: oneOf('KEYID_DN_STYLE', ['platform', 'rfc2253'] as const),
      },
      digestAlgorithm: oneOf('DIGEST_ALGORITHM', ['SHA-256', 'SHA-512'] as const),
      requestTarget: bool('SIGN_REQUEST_TARGET'),
    },
    psu: {
      id: psuId,
      ipAddress: raw('PSU_IP_ADDRESS') as string,
      ...(identity ? { identity } : {}),
    },
    corporatePsu: {
      id: corporatePsuId,
      corporateId: raw('PSU_CORPORATE_ID') as string,
      ...(corporateIdentity ? { identity: corporateIdentity } : {}),
    },
    tpp: { redirectUri: raw('TPP_REDIRECT_URI') as string, ...(sessionId ? { sessionId } : {}) },
    sca: {
      ...(scaDriver ? { driver: scaDriver } : {}),
      ...(approveUrl ? { approveUrl } : {}),
      ...(denyUrl ? { denyUrl } : {}),
    },
    secondTpp: secondCert && secondKey ? { certificatePath: secondCert, keyPath: secondKey } : {},
  };
}

/** Masks all but the last two digits of a national identity number. */
export { maskNationalId } from '../core/index.js';
