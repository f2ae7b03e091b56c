import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';
import { UserError } from '../core/index.js';
import type { HttpOptions } from '../client/index.js';
import type { ScaDriverName } from '../client/sca/types.js';
import type { SigningConfig } from '../signing/index.js';
import { defaultKeyCacheDir } from '../signing/key-cache.js';
import { OPERATIONS, type OperationId } from '../spec/index.js';
import { nearMisses, type NearMiss } from './near-miss.js';
import { validatedValues } from './schema.js';
import { VARIABLES, pathVariable } from './variables.js';

export { VARIABLES, pathVariable } from './variables.js';
export { SEED_MAX, SEED_RANGE_WHY } from './seed.js';
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
  /** MAX_REQUESTS: a request budget for the run (run-model/budget.ts); unset, every test runs. */
  maxRequests?: number;
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
 * The one typed configuration of a run: `.env` (if present), overridden by the environment, validated up front
 * against the VARIABLES table's schema (config/schema.ts). Every error names the variable and the bad value (masked
 * when it is a secret).
 */
export function loadConfig(
  options: { env?: Record<string, string | undefined>; envFile?: string | false } = {},
): Config {
  const envFile = options.envFile === false ? undefined : (options.envFile ?? '.env');
  const fromFile = envFile === undefined ? {} : readEnvFile(envFile, options.envFile !== undefined);
  const env = { ...fromFile, ...(options.env ?? process.env) };
  const values = validatedValues(env);
  const text = (name: string) => values[name] as string | undefined;
  const number = (name: string) => values[name] as number;
  const withoutSlash = (name: string) => text(name)?.replace(/\/+$/, '');

  const psuId = text('PSU_ID') as string;
  const identity = text('PSU_IDENTITY');
  // Separate private and corporate test PSUs, as real sandboxes provide them: a bank that remembers a PSU as
  // corporate would otherwise refuse every later request of the private one.
  const corporatePsuId = text('CORPORATE_PSU_ID') as string;
  if (corporatePsuId.toLowerCase() === psuId.toLowerCase())
    throw new UserError('CORPORATE_PSU_ID must name another PSU than PSU_ID');
  const corporateIdentity = text('CORPORATE_PSU_IDENTITY');
  if (corporateIdentity !== undefined && corporateIdentity === identity)
    throw new UserError('CORPORATE_PSU_IDENTITY must name another PSU than PSU_IDENTITY');

  const paths: Partial<Record<OperationId, string>> = {};
  for (const op of OPERATIONS.filter((o) => o.pathAssumed)) {
    const value = text(pathVariable(op.id)) as string;
    // The parameters are a set, which a pattern does not say well: checked here, after the schema.
    const params = (value.match(/\{[^}]+\}/g) ?? []).sort().join();
    const wanted = op.pathParams.map((p) => `{${p}}`);
    if (params !== [...wanted].sort().join())
      throw new UserError(
        `${pathVariable(op.id)} must be a path with the parameters ${wanted.join(', ') || '(none)'}, got "${value}"`,
      );
    if (value !== op.path) paths[op.id] = value;
  }

  const mtlsCert = text('MTLS_CERT_PATH');
  const mtlsKey = text('MTLS_KEY_PATH');
  const rps = values.HTTP_REQUESTS_PER_SECOND as number | undefined;
  const proxy = withoutSlash('HTTP_PROXY');
  const baseUrl = withoutSlash('BASE_URL');
  const sessionId = text('TPP_SESSION_ID');
  const signingCert = text('SIGNING_CERT_PATH');
  const signingKey = text('SIGNING_KEY_PATH');
  const p12 = text('SIGNING_P12_PATH');
  const p12Passphrase = text('SIGNING_P12_PASSPHRASE');
  const caPath = text('MTLS_CA_PATH');
  const mtlsPassphrase = text('MTLS_KEY_PASSPHRASE');
  const profile = text('PROFILE') as ProfileName | undefined;
  const scaDriver = text('SCA_DRIVER') as ScaDriverName | undefined;
  const approveUrl = text('SCA_APPROVE_URL');
  const denyUrl = text('SCA_DENY_URL');
  if (scaDriver === 'http' && (!approveUrl || !denyUrl))
    throw new UserError('SCA_DRIVER=http needs SCA_APPROVE_URL and SCA_DENY_URL (docs/journeys.md)');
  const secondCert = text('SECOND_TPP_CERT_PATH');
  const secondKey = text('SECOND_TPP_KEY_PATH');

  return {
    ...(baseUrl ? { baseUrl } : {}),
    baseUrlEmpty: env.BASE_URL !== undefined && env.BASE_URL.trim() === '',
    ...(profile ? { profile } : {}),
    // Only the env file is ours: the environment holds many variables of other programs.
    nearMisses: envFile === undefined ? [] : nearMisses(Object.keys(fromFile), [...KNOWN.keys()], envFile),
    ...(env.HTTP_CONCURRENCY?.trim() ? {} : { concurrencyDefaulted: true as const }),
    seed: number('SEED'),
    numRuns: number('NUM_RUNS'),
    ...(values.MAX_REQUESTS !== undefined ? { maxRequests: values.MAX_REQUESTS as number } : {}),
    paths,
    http: {
      connectTimeoutMs: number('HTTP_CONNECT_TIMEOUT_MS'),
      headersTimeoutMs: number('HTTP_HEADERS_TIMEOUT_MS'),
      bodyTimeoutMs: number('HTTP_BODY_TIMEOUT_MS'),
      maxResponseBytes: number('HTTP_MAX_RESPONSE_BYTES'),
      ...(rps ? { requestsPerSecond: rps } : {}),
      concurrency: number('HTTP_CONCURRENCY'),
      retryBudgetMs: number('HTTP_RETRY_BUDGET_MS'),
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
      cacheDir: text('SIGNING_KEY_CACHE_DIR') ?? defaultKeyCacheDir(),
      keyId: {
        serialCase: text('KEYID_SERIAL_CASE') as 'upper' | 'lower',
        leadingZeros: text('KEYID_LEADING_ZEROS') === 'true',
        dnStyle: text('KEYID_DN_STYLE') as 'platform' | 'rfc2253',
      },
      digestAlgorithm: text('DIGEST_ALGORITHM') as 'SHA-256' | 'SHA-512',
      requestTarget: text('SIGN_REQUEST_TARGET') === 'true',
    },
    psu: { id: psuId, ipAddress: text('PSU_IP_ADDRESS') as string, ...(identity ? { identity } : {}) },
    corporatePsu: {
      id: corporatePsuId,
      corporateId: text('PSU_CORPORATE_ID') as string,
      ...(corporateIdentity ? { identity: corporateIdentity } : {}),
    },
    tpp: { redirectUri: text('TPP_REDIRECT_URI') as string, ...(sessionId ? { sessionId } : {}) },
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
